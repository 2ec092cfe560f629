*** Settings ***
Documentation       As a developer letting an agent work through a plan on my repository,
...                 I want it to plan in segments, plan locally inside a step that hits a dead
...                 end, stop when it goes round in circles or gets worse, respect its budgets,
...                 replan when the tree drifts, apply known fixes and split long plans,
...                 so that it neither repeats work nor runs away, and I can correct any of it.
...
...                 Every test runs the real `agents` command on a real temporary git
...                 repository with an offline plan file from `plans/loop/`, and reads the
...                 decisions it took from `agents plan tree --json`. Plan and decision ids
...                 always come from those JSON documents.

Resource            resources/agents.resource
Library             resources/LoopLibrary.py

Test Setup          Create Temporary Repository
Test Teardown       Remove Temporary Repository
Test Template       Plan File Should Be Refused


*** Variables ***
${LOOP}             ${CURDIR}/plans/loop
${LOOP_INVALID}     ${CURDIR}/plans/loop/invalid


*** Test Cases ***                                  FILE                                LINE    MESSAGE
Budget With Zero Actor Calls                        budget_zero_calls.yaml              3       budget.actor_calls: Input should be greater than or equal to 1
Budget With Negative Replans                        budget_negative_replans.yaml        3       budget.replans: Input should be greater than or equal to 0
Budget With Retries In Words                        budget_not_a_number.yaml            3       budget.retries_per_step: Input should be a valid integer
Budget With Half A Call                             budget_fraction.yaml                3       budget.actor_calls: Input should be a valid integer, got a number with a fractional part
Budget That Is Not A Mapping                        budget_not_a_mapping.yaml           2       budget: Input should be a valid dictionary
Unknown Key In The Budget                           budget_unknown_key.yaml             3       budget.calls: Extra inputs are not permitted
Unknown Key At The Top Level                        unknown_top_key.yaml                2       on_drfit: Extra inputs are not permitted
Unknown Value Of on_drift                           bad_on_drift.yaml                   2       on_drift: Input should be 'continue', 'modify' or 'regenerate'
Unknown Key In A Contingency                        unknown_contingency_key.yaml        5       contingencies[0].retry: Extra inputs are not permitted
Unknown Key In A Step Is Named On Its Own Line      unknown_step_key.yaml               8       steps[0].chek: Extra inputs are not permitted
Contingency With Neither Condition                  contingency_neither.yaml            3       contingencies[0]: a contingency needs exactly one of when_output, when_missing
Contingency With Both Conditions                    contingency_both.yaml               3       contingencies[0]: a contingency needs exactly one of when_output, when_missing
Contingency Output Pattern That Does Not Compile    contingency_bad_regex.yaml          3       contingencies[0]: when_output is not a regular expression
Both Steps And Phases                               steps_and_phases.yaml               1       (top level): a plan file has either steps or phases (not both, not neither)
Neither Steps Nor Phases                            neither_steps_nor_phases.yaml       1       (top level): a plan file has either steps or phases (not both, not neither)
Nothing But Replans                                 only_replan.yaml                    1       (top level): a plan file needs at least one step besides replan

A Replan Entry Ends A Segment And The Second Segment Repeats Nothing
    [Template]    NONE
    ${result}    Run Plan    ${LOOP}/two_segments.yaml
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    ${steps}    Decisions Of Kind    ${document}    step    status=any
    ${steps}    Summaries Of    ${steps}
    Should Be Equal    ${steps}    ${{ ["step 1: first", "step 2: second", "step 3: third"] }}
    ...    msg=one step decision per plan step, got ${steps}    values=False
    ${written}    Written Paths    ${document}
    Should Be Equal    ${written}    ${{ ["a.txt", "b.txt", "c.txt"] }}
    ${strategies}    Decisions Of Kind    ${document}    strategy
    ${strategies}    Summaries Of    ${strategies}
    Should Be Equal    ${strategies}    ${{ ["1 step: first; a replan follows"] }}
    # The actor was asked again with "first" done: the new segment names only what is left.
    ${replans}    Decisions Of Kind    ${document}    replan
    ${summaries}    Summaries Of    ${replans}
    Should Be Equal    ${summaries}    ${{ ["2 steps after 1 done: second, third"] }}
    ${replan}    Set Variable    ${replans}[0]
    Should Start With    ${replan}[rationale]    a replan step ended the segment
    ${first}    Step Decision    ${document}    1
    ${second}    Step Decision    ${document}    2
    Should Be True    ${first}[seq] < ${replan}[seq] < ${second}[seq]
    ...    the replan should come between step 1 and step 2
    ${show}    Plan Show Document
    Should Be Equal As Integers    ${show}[usage][replans]    1
    ${tree}    Run Agents    plan    tree
    Exit Code Should Be    ${tree}    0
    Stdout Should Contain    ${tree}
    ...    \#${replan}[id] \ replan · 2 steps after 1 done: second, third — plan updated
    ...    \#${second}[id]  step 2 · second — done (option 1)
    FOR    ${name}    IN    a    b    c
        ${content}    Get File    ${REPO}/${name}.txt
        Should Be Equal    ${content}    ${name}\n
    END

A Dead End Explores Every Alternative Before It Is Reverted, Then The Next Local Action Succeeds
    [Template]    NONE
    ${result}    Run Plan    ${LOOP}/dead_end.yaml
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    ${step}    Step Decision    ${document}    1
    Should Be Equal    ${step}[outcome]    done by local planning (4 local actions)
    ${local}    Local Decisions Should Be    ${document}    ${step}[id]
    ...    .1    local_action    explore: no progress, an option is left to explore
    ...    .2    local_action    explore: no progress, an option is left to explore
    ...    .3    local_action    revert: no progress and nothing left to explore: dead end
    ...    .4    revert    undone by restoring checkpoint
    ...    .5    local_action    success: goal reached
    ${summaries}    Evaluate    [d["summary"] for d in $local]
    ${expected}    Create List    local action set mode    local action set mode b
    ...    local action set mode c    revert local action set mode c    local action right config
    Lists Should Be Equal    ${summaries}    ${expected}
    # The revert puts the files back to what they were before the dead end.
    Should Be Equal    ${local}[3][checkpoint_after]    ${local}[2][checkpoint_before]
    Should Be True    ${local}[4][distance_after] > ${local}[4][distance_before]
    ${conf}    Get File    ${REPO}/conf.txt
    Should Be Equal    ${conf}    right\n
    File Should Exist    ${REPO}/enabled
    ${tree}    Run Agents    plan    tree
    Exit Code Should Be    ${tree}    0
    Stdout Should Contain    ${tree}
    ...    step 1 · configure — done by local planning (4 local actions)
    ...    \#${step}[id].3 \ local action · set mode c [distance 0 → 0] — revert: no progress
    ...    \#${step}[id].4 \ revert · local action set mode c — undone by restoring checkpoint
    ...    \#${step}[id].5 \ local action · right config [distance 0 → 10] — success: goal reached

A Toggle Is Undone By Its Own Revert Command
    [Template]    NONE
    ${result}    Run Plan    ${LOOP}/toggle.yaml
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    ${step}    Step Decision    ${document}    1
    ${local}    Local Decisions Should Be    ${document}    ${step}[id]
    ...    .1    local_action    revert: no progress and nothing left to explore: dead end
    ...    .2    revert    undone by its own revert command
    ...    .3    local_action    success: goal reached
    ${toggle}    Set Variable    ${local}[0]
    ${revert}    Set Variable    ${local}[1]
    Should Be Equal    ${toggle}[summary]    local action toggle
    Should Be Equal    ${toggle}[action][actions][0][revert]
    ...    if [ -f toggled ]; then rm toggled; else touch toggled; fi
    # Exactly this text: a reverter that left other files would add "(the files differ)".
    Should Be Equal    ${revert}[outcome]    undone by its own revert command
    Should Be Equal    ${revert}[rationale]    reverter: command
    # The command ran, no checkpoint was restored: a new checkpoint, with the same files.
    Should Not Be Equal    ${revert}[checkpoint_after]    ${toggle}[checkpoint_before]
    ${undone}    Files Of Checkpoint    ${revert}[checkpoint_after]
    ${before}    Files Of Checkpoint    ${toggle}[checkpoint_before]
    Should Be Equal    ${undone}    ${before}
    File Should Not Exist    ${REPO}/toggled
    File Should Exist    ${REPO}/feature.on
    ${tree}    Run Agents    plan    tree
    Exit Code Should Be    ${tree}    0
    Stdout Should Contain    ${tree}
    ...    \#${revert}[id] \ revert · local action toggle — undone by its own revert command

A Stuck Loop Is Cancelled: The Same State Three Times
    [Template]    NONE
    ${result}    Run Plan    ${LOOP}/stuck.yaml
    Exit Code Should Be    ${result}    1
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    local planning cancelled: stuck: the same state 3 times
    ${document}    Plan Tree Document
    Should Be Equal    ${document}[plan][status]    failed
    ${step}    Step Decision    ${document}    1
    Should Not Be True    ${step}[ok]
    ${local}    Local Decisions Should Be    ${document}    ${step}[id]
    ...    .1    local_action    revert: no progress and nothing left to explore: dead end
    ...    .2    revert    undone by restoring checkpoint
    ...    .3    local_action    cancel: stuck: the same state 3 times
    # Before and after each local action the files were the same: one state, seen 3 times.
    ${start}    Files Of Checkpoint    ${local}[0][checkpoint_before]
    ${after_first}    Files Of Checkpoint    ${local}[0][checkpoint_after]
    ${after_second}    Files Of Checkpoint    ${local}[2][checkpoint_after]
    Should Be Equal    ${after_first}    ${start}
    Should Be Equal    ${after_second}    ${start}
    ${summaries}    Evaluate    [d["summary"] for d in $local]
    Should Not Contain    ${summaries}    local action and again    cancelled, yet it went on
    ${tree}    Run Agents    plan    tree
    Exit Code Should Be    ${tree}    0
    Stdout Should Contain    ${tree}
    ...    \#${step}[id].3 \ local action · look once more [distance 0 → 0] — cancel: stuck: the same state 3 times

A Regression Is Cancelled: Three Falls In A Row
    [Template]    NONE
    ${result}    Run Plan    ${LOOP}/regression.yaml
    Exit Code Should Be    ${result}    1
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    local planning cancelled: regression 3 times in a row
    ${document}    Plan Tree Document
    Should Be Equal    ${document}[plan][status]    failed
    ${step}    Step Decision    ${document}    2
    Local Decisions Should Be    ${document}    ${step}[id]
    ...    .1    local_action    revert: no progress and nothing left to explore: dead end
    ...    .2    revert    undone by restoring checkpoint
    ...    .3    local_action    revert: no progress and nothing left to explore: dead end
    ...    .4    revert    undone by restoring checkpoint
    ...    .5    local_action    cancel: regression 3 times in a row
    ${actions}    Decisions Of Kind    ${document}    local_action
    ${names}    Evaluate    [d["summary"] for d in $actions]
    Should Be Equal    ${names}
    ...    ${{ ["local action drop a", "local action drop b", "local action drop both"] }}
    FOR    ${action}    IN    @{actions}
        Should Be True    ${action}[distance_after] < ${action}[distance_before]
        ...    ${action}[id] should make fewer progress checks pass: ${action}[distance_before] → ${action}[distance_after]
    END
    # Step 1's work is still there: the step went back to its checkpoint.
    ${a}    Get File    ${REPO}/a
    ${b}    Get File    ${REPO}/b
    Should Be Equal    ${a}${b}    ab
    ${tree}    Run Agents    plan    tree
    Exit Code Should Be    ${tree}    0
    Stdout Should Contain    ${tree}
    ...    \#${step}[id].5 \ local action · drop both [distance 6.7 → 0] — cancel: regression 3 times in a row

A Spent Budget Stops With Exit 4 And Resume Finishes Without Repeating Work
    [Template]    NONE
    ${result}    Run Plan    ${LOOP}/two_segments.yaml    --budget-calls    4    --json
    Exit Code Should Be    ${result}    4
    ${document}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${document}[plan][exhausted]    the actor call budget (4) is spent
    ${plan_id}    Set Variable    ${document}[plan][id]
    Stderr Should Contain    ${result}    `agents plan resume ${plan_id} --budget-calls N`
    ${show}    Plan Show Document    ${plan_id}
    Should Be Equal    ${show}[exhausted]    the actor call budget (4) is spent
    Should Be Equal    ${show}[status]    stopped
    File Should Not Exist    ${REPO}/c.txt
    ${a}    File Identity    ${REPO}/a.txt
    ${b}    File Identity    ${REPO}/b.txt
    ${result}    Run Agents    plan    resume    ${plan_id}    --budget-calls    50
    Exit Code Should Be    ${result}    0
    ${show}    Plan Show Document    ${plan_id}
    Should Be Equal    ${show}[status]    completed
    Should Be Equal    ${show}[exhausted]    ${None}
    # a.txt and b.txt were written once, before the budget ran out, and never again.
    ${a_after}    File Identity    ${REPO}/a.txt
    ${b_after}    File Identity    ${REPO}/b.txt
    Should Be Equal    ${a_after}    ${a}    a.txt was written again by the resume
    Should Be Equal    ${b_after}    ${b}    b.txt was written again by the resume
    ${c}    Get File    ${REPO}/c.txt
    Should Be Equal    ${c}    c\n
    ${document}    Plan Tree Document    ${plan_id}
    ${written}    Written Paths    ${document}
    Should Be Equal    ${written}    ${{ ["a.txt", "b.txt", "c.txt"] }}
    FOR    ${number}    IN    1    2
        ${decisions}    Step Decisions For Step    ${document}    ${number}
        ${outcomes}    Evaluate    [d["outcome"] for d in $decisions]
        Should Be Equal    ${outcomes}    ${{ ["done (option 1)"] }}
        ...    msg=step ${number} should have one step decision, it has ${outcomes}    values=False
    END
    ${third}    Step Decisions For Step    ${document}    3
    ${outcomes}    Evaluate    [d["outcome"] for d in $third]
    Should Be Equal    ${outcomes}
    ...    ${{ ["cut short: the actor call budget (4) is spent; `agents plan resume " + $plan_id + "` continues it", "done (option 1)"] }}
    # The stopped one was taken again: resume set it aside, off the live path.
    ${statuses}    Evaluate    [(d["ok"], d["status"]) for d in $third]
    Should Be Equal    ${statuses}    ${{ [(None, "interrupted"), (True, "active")] }}

A Budget Spent Inside A Step Is Resumed To What An Uninterrupted Run Leaves
    [Documentation]    The budget runs out during local planning, after a local action
    ...    appended to notes.txt. Resume redoes the step; it must not do that work twice.
    [Template]    NONE
    ${clean}    Run The Same Plan Uninterrupted In Another Repository
    ...    ${LOOP}/notes_inside_step.yaml
    ${result}    Run Plan    ${LOOP}/notes_inside_step.yaml    --budget-calls    6    --json
    Exit Code Should Be    ${result}    4
    ${document}    Parse JSON Document    ${result.stdout}
    ${plan_id}    Set Variable    ${document}[plan][id]
    ${local}    Decisions Of Kind    ${document}    local_action
    Should Not Be Empty    ${local}    the budget should run out inside local planning
    ${result}    Run Agents    plan    resume    ${plan_id}    --budget-calls    50
    Exit Code Should Be    ${result}    0
    ${notes}    Get File    ${REPO}/notes.txt
    Should Be Equal    ${notes}    noted\n    the resumed step took its local actions twice
    Working Tree Should Equal    ${REPO}    ${clean}

A Drift Of The Working Tree Makes The Actor Regenerate The Plan
    [Template]    NONE
    ${result}    Run Plan    ${LOOP}/drift.yaml
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    ${replans}    Decisions Of Kind    ${document}    replan
    ${summaries}    Summaries Of    ${replans}
    Should Be Equal    ${summaries}    ${{ ["1 step after 1 done: use it"] }}
    ${replan}    Set Variable    ${replans}[0]
    Should Start With    ${replan}[rationale]    drift: similarity
    Should Contain    ${replan}[rationale]    is below 0.7; the actor chose to regenerate the plan
    ${steps}    Step Numbers Of Step Decisions    ${document}    status=any
    Should Be Equal    ${steps}    ${{ [1, 2] }}
    ${show}    Plan Show Document
    Should Be Equal As Integers    ${show}[usage][replans]    1
    File Should Exist    ${REPO}/gen/6.txt
    File Should Exist    ${REPO}/use.txt
    ${tree}    Run Agents    plan    tree
    Exit Code Should Be    ${tree}    0
    Stdout Should Contain    ${tree}
    ...    \#${replan}[id] \ replan · 1 step after 1 done: use it — plan updated

A Contingency Fixes A Failure Without Local Planning
    [Template]    NONE
    ${result}    Run Plan    ${LOOP}/contingency.yaml
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    ${kinds}    Decision Kinds Of    ${document}
    List Should Not Contain Value    ${kinds}    local_action
    ${step}    Step Decision    ${document}    1
    Should Be Equal    ${step}[outcome]    done (create the config)
    Should Start With    ${step}[rationale]
    ...    contingency create the config: the failure's output matches 'no config'
    ${checks}    Decisions Of Kind    ${document}    verification
    ${outcomes}    Evaluate    [d["outcome"] for d in $checks]
    Should Be Equal    ${outcomes}    ${{ ["exit 1 (no config found)", "exit 0"] }}
    ${actions}    Decisions Of Kind    ${document}    action
    ${fixes}    Evaluate    [d["summary"] for d in $actions if d["option"] == "create the config"]
    Should Be Equal    ${fixes}    ${{ ["write config.ini", "write tool.sh"] }}
    ${config}    Get File    ${REPO}/config.ini
    Should Be Equal    ${config}    [main]\n
    File Should Not Exist    ${REPO}/local.txt
    ${tree}    Run Agents    plan    tree
    Exit Code Should Be    ${tree}    0
    Stdout Should Contain    ${tree}    step 1 · run the tool — done (create the config)
    Should Not Contain    ${tree.stdout}    local_action

Seven Steps Run As Two Sub-Tasks And Pass An Output Along
    [Template]    NONE
    ${result}    Run Plan    ${LOOP}/seven_steps.yaml
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    ${subtasks}    Decisions Of Kind    ${document}    subtask
    ${summaries}    Evaluate    [d["summary"] for d in $subtasks]
    Should Be Equal    ${summaries}
    ...    ${{ ["sub-task part 1 (steps 1-5)", "sub-task part 2 (steps 6-7)"] }}
    FOR    ${subtask}    IN    @{subtasks}
        Should Be Equal    ${subtask}[outcome]    done; outputs so far: version
    END
    FOR    ${number}    IN RANGE    1    8
        ${step}    Step Decision    ${document}    ${number}
        ${part}    Nearest Ancestor Of Kind    ${document}    ${step}[id]    subtask
        ${expected}    Set Variable If    ${number} <= 5    ${subtasks}[0][id]    ${subtasks}[1][id]
        Should Be Equal    ${part}[id]    ${expected}    step ${number} is in the wrong sub-task
    END
    ${notes}    Get File    ${REPO}/NOTES.md
    Should Be Equal    ${notes}    Release 1.2.3\n
    ${tag}    Get File    ${REPO}/TAG
    Should Be Equal    ${tag}    v1.2.3\n
    ${tree}    Run Agents    plan    tree
    Exit Code Should Be    ${tree}    0
    Stdout Should Contain    ${tree}
    ...    \#${subtasks}[0][id] \ sub-task · part 1 (steps 1-5) — done; outputs so far: version
    ...    \#${subtasks}[1][id] \ sub-task · part 2 (steps 6-7) — done; outputs so far: version

A Correction Goes Back To A Local Action And Then To A Replan
    [Template]    NONE
    ${result}    Run Plan    ${LOOP}/local_then_replan.yaml    --quiet
    Exit Code Should Be    ${result}    0
    ${before}    Plan Tree Document
    ${step}    Step Decision    ${before}    1
    ${local}    Local Decisions Should Be    ${before}    ${step}[id]
    ...    .1    local_action    explore: no progress, an option is left to explore
    ...    .2    local_action    success: goal reached
    ${target}    Set Variable    ${local}[1][id]
    ${result}    Correct    --mode\=revert    --decision    ${target}    --guidance    try again
    ...    --json
    Exit Code Should Be    ${result}    0
    ${corrected}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${corrected}[correction][target]    ${target}
    Should Be Equal    ${corrected}[plan][status]    completed
    ${first}    Set Variable    ${corrected}[correction][id]
    ${conf}    Get File    ${REPO}/conf.txt
    Should Be Equal    ${conf}    right\n
    ${after}    Plan Tree Document    ${before}[plan][id]
    ${old}    Decision By Id    ${after}    ${target}
    Should Be Equal    ${old}[status]    superseded
    Should Be Equal    ${old}[superseded_by]    ${first}
    ${replans}    Decisions Of Kind    ${after}    replan
    ${summaries}    Summaries Of    ${replans}
    Should Be Equal    ${summaries}    ${{ ["1 step after 1 done: finish"] }}
    ...    msg=one live replan after the first correction, got ${summaries}    values=False
    ${replan}    Set Variable    ${replans}[0]
    ${result}    Correct    --mode\=revert    --decision    ${replan}[id]    --guidance    again
    ...    --json
    Exit Code Should Be    ${result}    0
    ${corrected}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${corrected}[correction][target]    ${replan}[id]
    Should Be Equal    ${corrected}[plan][status]    completed
    ${second}    Set Variable    ${corrected}[correction][id]
    ${done}    Get File    ${REPO}/done.txt
    Should Be Equal    ${done}    done\n
    ${last}    Plan Tree Document    ${before}[plan][id]
    ${old}    Decision By Id    ${last}    ${replan}[id]
    Should Be Equal    ${old}[status]    superseded
    ${tree}    Run Agents    plan    tree
    Exit Code Should Be    ${tree}    0
    Stdout Should Contain    ${tree}
    ...    correction ${first} · try again — back to decision ${target}:
    ...    correction ${second} · again — back to decision ${replan}[id]:

A Correction To A Local Action Does Not Run Its Step A Second Time On The Live Path
    [Documentation]    A revert supersedes the target and what came after it and re-executes
    ...    only that part: the step decision above the local action stays live, so the
    ...    live path must still hold one decision per plan step.
    [Template]    NONE
    ${result}    Run Plan    ${LOOP}/local_then_replan.yaml    --quiet
    Exit Code Should Be    ${result}    0
    ${before}    Plan Tree Document
    ${step}    Step Decision    ${before}    1
    ${local}    Local Decisions Under    ${before}    ${step}[id]
    ${result}    Correct    --mode\=revert    --decision    ${local}[-1][id]    --guidance    again
    Exit Code Should Be    ${result}    0
    ${after}    Plan Tree Document    ${before}[plan][id]
    ${live}    Decisions Of Kind    ${after}    step
    ${live}    Evaluate    [(d["id"], d["summary"]) for d in $live]
    ${steps}    Evaluate    [summary for _, summary in $live]
    Should Be Equal    ${steps}    ${{ ["step 1: configure", "step 2: finish"] }}
    ...    msg=the live path should run each step once, it holds ${live}    values=False
    ${actions}    Decisions Of Kind    ${after}    action
    ${guesses}    Evaluate    [d["id"] for d in $actions if d["option"] == "guess"]
    Length Should Be    ${guesses}    1
    ...    msg=option guess, before the target, was run again: live decisions ${guesses}


*** Keywords ***
Plan File Should Be Refused
    [Documentation]    `agents plan run` on plans/loop/invalid/FILE exits 2 with one stderr line
    ...    naming the file and LINE, and MESSAGE; nothing is run or recorded.
    [Arguments]    ${file}    ${line}    ${message}
    ${tree}    Snapshot Working Tree    ${REPO}
    ${result}    Run Plan    ${LOOP_INVALID}/${file}
    Exit Code Should Be    ${result}    2
    Stderr Should Be One Line    ${result}
    Should Start With    ${result.stderr}    error: ${LOOP_INVALID}/${file}:${line}: ${message}
    Stdout Should Be Empty    ${result}
    Working Tree Should Match Snapshot    ${REPO}    ${tree}
    No Checkpoint Should Exist

Plan Show Document
    [Documentation]    `agents plan show [PLAN] --json`, parsed.
    [Arguments]    @{plan}
    ${result}    Run Agents    plan    show    @{plan}    --json
    Exit Code Should Be    ${result}    0
    ${document}    Parse JSON Document    ${result.stdout}
    RETURN    ${document}

Correct
    [Documentation]    `agents plan correct ...` with an empty stdin: no terminal, as in CI.
    [Arguments]    @{args}
    ${result}    Run Agents    plan    correct    @{args}    stdin=${EMPTY}
    RETURN    ${result}

Files Of Checkpoint
    [Documentation]    The git tree id of a checkpoint commit: equal ids, equal files.
    [Arguments]    ${checkpoint}
    ${tree}    Git    rev-parse    ${checkpoint}^{tree}
    RETURN    ${tree}

Run The Same Plan Uninterrupted In Another Repository
    [Documentation]    A copy of the fresh repository at `${WORK}/clean` runs the plan to the
    ...    end; returns the folder, to compare working trees with.
    [Arguments]    ${plan}
    Copy Directory    ${REPO}    ${WORK}/clean
    ${result}    Run Plan    ${plan}    cwd=${WORK}/clean
    Exit Code Should Be    ${result}    0
    RETURN    ${WORK}/clean
