*** Settings ***
Documentation       As a developer whose agent went wrong at one decision,
...                 I want `agents plan correct` to send it back there with a word of guidance,
...                 and `agents plan undo` to take that back,
...                 so that only what depended on that decision is redone and nothing of mine is lost.
...
...                 Every test runs the five-step plan `plans/five_steps.yaml` with the real
...                 `agents` command on a real temporary git repository: steps 3 to 5 write
...                 `red` first; guidance naming `blue` makes the scripted actor write `blue`.
...                 Plan and decision ids always come from `--json` documents. Commands run with
...                 an empty stdin (no terminal), as in CI, where a restore does not ask first.

Resource            resources/agents.resource

Test Setup          Create Temporary Repository
Test Teardown       Remove Temporary Repository


*** Variables ***
${FIVE_STEPS}       ${PLANS}/five_steps.yaml
${BLUE}             use the blue option
${ROLLED_BACK}      was interrupted; files and plan state put back as they were before it


*** Test Cases ***
Revert To Step 3 Redoes Steps 3 To 5 Only, With The Guidance, And Keeps Steps 1 And 2
    ${before}    Run The Five Steps
    ${target}    Step Decision    ${before}    3
    ${kept_ids}    Ids Of Decisions    ${before}    d["seq"] < ${target}[seq]
    ${step_1}    Step Decision    ${before}    1
    ${step_2}    Step Decision    ${before}    2
    List Should Contain Value    ${kept_ids}    ${step_1}[id]
    List Should Contain Value    ${kept_ids}    ${step_2}[id]
    ${kept}    Decision Records    ${before}    @{kept_ids}
    ${original_ids}    Ids Of Decisions    ${before}    d["seq"] >= ${target}[seq]
    ${result}    Correct
    ...    --mode\=revert    --decision    ${target}[id]    --guidance    ${BLUE}    --json
    Exit Code Should Be    ${result}    0
    ${document}    Parse JSON Document    ${result.stdout}
    Should Be Equal As Integers    ${document}[actor_calls]    4
    ...    msg=one strategy and steps 3, 4 and 5 should ask the actor    values=False
    Should Be Equal    ${document}[correction][id]    c1
    ${after}    Plan Tree Document    ${before}[plan][id]
    ${kept_after}    Decision Records    ${after}    @{kept_ids}
    Lists Should Be Equal    ${kept_after}    ${kept}
    ...    msg=the records of the decisions before step 3 changed    values=False
    FOR    ${id}    IN    @{original_ids}
        ${decision}    Decision By Id    ${after}    ${id}
        Should Be Equal    ${decision}[status]    superseded    decision ${id}
        Should Be Equal    ${decision}[superseded_by]    c1    decision ${id}
    END
    ${intervention}    The One Intervention    ${after}
    Should Contain    ${intervention}[summary]    ${BLUE}
    Should Be Equal    ${intervention}[parent_id]    ${target}[parent_id]
    ...    msg=the intervention should be a sibling of step 3's decision    values=False
    Should Be Equal    ${intervention}[status]    active
    ${decisions}    Decisions Of    ${after}
    ${new_steps}    Evaluate
    ...    [(d["step"], d["option"], d["status"], d["rationale"]) for d in $decisions if d["kind"] == "step" and d["seq"] > ${intervention}[seq]]
    ${redone}    Evaluate
    ...    [(step, "blue", "active", "the option the guidance asks for") for step in (3, 4, 5)]
    Should Be Equal    ${new_steps}    ${redone}
    Should Be Equal    ${after}[plan][status]    completed
    Working Tree Should Hold What The Blue Options Produce
    ${result}    Run Agents    plan    tree
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}
    ...    ⑂ original path — superseded by correction c1
    ...    ⑂ corrected path (correction c1) — live
    ...    \#${intervention}[id] \ correction c1 · ${BLUE}

A Hand Edit Goes With A Full Revert, Comes Back With Undo, And Undo Again Redoes
    ${before}    Run The Five Steps
    ${target}    Step Decision    ${before}    3
    Write Repository File    mine.txt    my own edit, never committed\n
    Write Repository File    README.md    \# edited by hand\n
    ${edited}    Snapshot Working Tree    ${REPO}
    ${result}    Correct    --mode\=revert    --decision    ${target}[id]    --guidance    ${BLUE}
    ...    --restore-scope\=full
    Exit Code Should Be    ${result}    0
    Working Tree Should Hold What The Blue Options Produce
    ${result}    Run Agents    plan    undo    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    undid operation
    Working Tree Should Match Snapshot    ${REPO}    ${edited}
    ${result}    Run Agents    plan    undo    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    Working Tree Should Hold What The Blue Options Produce
    ${after}    Plan Tree Document
    ${old_target}    Decision By Id    ${after}    ${target}[id]
    Should Be Equal    ${old_target}[status]    superseded
    ${result}    Run Agents    plan    ops    --json
    Exit Code Should Be    ${result}    0
    ${ops}    Parse JSON Document    ${result.stdout}
    ${ops}    Set Variable    ${ops}[operations]
    ${kinds}    Evaluate    [op["kind"] for op in $ops]
    Should Be Equal    ${kinds}    ${{ ["run", "correct", "undo", "undo"] }}
    Should Be Equal    ${ops}[2][undoes]    ${ops}[1][id]
    Should Be Equal    ${ops}[3][undoes]    ${ops}[2][id]

A Dry Run Lists What Would Change And Changes Nothing
    ${before}    Run The Five Steps
    ${target}    Step Decision    ${before}    3
    Write Repository File    mine.txt    my own edit\n
    ${recorded}    Record Everything
    ${result}    Correct    --mode\=revert    --decision    ${target}[id]    --dry-run
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    would supersede 6 decisions
    ${decisions}    Decisions Of    ${before}
    ${affected}    Evaluate    [d for d in $decisions if d["seq"] >= ${target}[seq]]
    FOR    ${decision}    IN    @{affected}
        Stdout Should Have A Decision Line    ${result}    ${decision}
    END
    FOR    ${path}    IN    mine.txt    step3.txt    step4.txt    step5.txt
        Stdout Should Have A Line    ${result}    ${path}
    END
    Stdout Should Contain    ${result}    kept (your edits, not touched): 1
    Should Not Contain    ${result.stdout}    step1.txt
    Everything Should Be As Recorded    ${recorded}
    ${result}    Correct    --mode\=revert    --decision    ${target}[id]    --dry-run    --json
    Exit Code Should Be    ${result}    0
    ${document}    Parse JSON Document    ${result.stdout}
    Should Be True    ${document}[dry_run]
    ${ids}    Evaluate    [d["id"] for d in $document["affected"]]
    ${expected_ids}    Evaluate    [d["id"] for d in $affected]
    Should Be Equal    ${ids}    ${expected_ids}
    Should Be Equal    ${document}[files_changed]    ${{ ["step3.txt", "step4.txt", "step5.txt"] }}
    Should Be Equal    ${document}[files][kept]    ${{ ["mine.txt"] }}
    Everything Should Be As Recorded    ${recorded}

Restoring Only The Files Puts Them Back Before Step 3, And Resume Completes The Plan
    ${before}    Run The Five Steps
    ${target}    Step Decision    ${before}    3
    ${result}    Correct    --mode\=revert    --decision    ${target}[id]
    ...    --restore    files    --no-execute
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    re-execute it with `agents plan resume 
    File Should Not Exist    ${REPO}/step3.txt
    Working Tree Should Hold    README.md=\# demo\n    step1.txt=one\n    step2.txt=two\n
    Plan Status Should Be    strategizing
    ${result}    Run Agents    plan    resume
    Exit Code Should Be    ${result}    0
    Plan Status Should Be    completed
    # Without guidance the corrected step takes an option the superseded branch did not use;
    # later steps choose as a new run would.
    Working Tree Should Hold    README.md=\# demo\n    step1.txt=one\n    step2.txt=two\n
    ...    step3.txt=blue\n    step4.txt=red\n    step5.txt=red\n

Restoring Only The Context Keeps The Files, And Resume Completes The Plan
    ${before}    Run The Five Steps
    ${target}    Step Decision    ${before}    3
    Write Repository File    kept.txt    mine\n
    ${files}    Snapshot Working Tree    ${REPO}
    ${result}    Correct    --mode\=revert    --decision    ${target}[id]
    ...    --restore    context    --no-execute    --json
    Exit Code Should Be    ${result}    0
    ${document}    Parse JSON Document    ${result.stdout}
    Working Tree Should Match Snapshot    ${REPO}    ${files}
    ${plan}    Plan Status Should Be    strategizing
    Should Be Equal    ${plan}[head_decision]    ${document}[correction][intervention]
    ${result}    Run Agents    plan    resume
    Exit Code Should Be    ${result}    0
    Plan Status Should Be    completed
    Working Tree Should Hold    README.md=\# demo\n    kept.txt=mine\n    step1.txt=one\n
    ...    step2.txt=two\n    step3.txt=blue\n    step4.txt=red\n    step5.txt=red\n

Append Keeps The Files And Adds The Guidance At The Head
    ${before}    Run The Five Steps
    ${files}    Snapshot Working Tree    ${REPO}
    ${result}    Correct    --mode\=append    --guidance    also keep the README    --json
    Exit Code Should Be    ${result}    0
    ${document}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${document}[correction][mode]    append
    Working Tree Should Match Snapshot    ${REPO}    ${files}
    ${after}    Plan Tree Document
    ${intervention}    The One Intervention    ${after}
    Should Contain    ${intervention}[summary]    also keep the README
    Should Be Equal    ${intervention}[status]    active
    # The run ended with step 5's action; the next decision hangs below the step, as steps chain.
    ${step_5}    Step Decision    ${before}    5
    ${head_action}    Decision By Id    ${before}    ${before}[plan][head_decision]
    Should Be Equal    ${head_action}[parent_id]    ${step_5}[id]
    Should Be Equal    ${intervention}[parent_id]    ${step_5}[id]
    ...    msg=the guidance should hang below the last step the run took    values=False
    ${later}    Ids Of Decisions    ${after}    d["seq"] > ${intervention}[seq]
    ${below}    Ids Of Decisions    ${after}    d["parent_id"] == "${intervention}[id]"
    Should Be Equal    ${later}    ${below}
    ...    msg=every decision after the guidance should hang below it    values=False
    ${head}    Decision By Id    ${after}    ${after}[plan][head_decision]
    Should Be True
    ...    $head["id"] == $intervention["id"] or $head["parent_id"] == $intervention["id"]
    ...    the plan's head ${head}[id] is not at the intervention ${intervention}[id]
    ${superseded}    Ids Of Decisions    ${after}    d["status"] != "active"
    Should Be Empty    ${superseded}

Bad Usage Is One Error Line, Exit 2, And Changes Nothing
    [Documentation]    One repository, run and corrected once, for every row: each row records
    ...    the working tree, every ref, git's state and the store just before its command.
    [Tags]    invalid-usage
    [Setup]    Create Corrected Repository
    [Template]    Bad Usage Is One Error Line And Changes Nothing
    # what                  exit    stderr has              the command
    unknown decision        2    has no decision '99'    plan    correct    --mode\=revert
    ...    --decision    99
    unknown plan            2    no plan matches '${NO_PLAN}'    plan    correct    --mode\=revert
    ...    --decision    ${LIVE}    --plan    ${NO_PLAN}
    revert, no decision     2    --mode=revert needs --decision    plan    correct
    ...    --mode\=revert    --guidance    x
    append with decision    2    takes --guidance and no --decision    plan    correct
    ...    --mode\=append    --decision    ${LIVE}    --guidance    x
    bad mode                2    'sideways'    plan    correct    --mode\=sideways    --decision
    ...    ${LIVE}
    undo unknown op         2    no operation 99    plan    undo    99
    superseded decision     2    is superseded    plan    correct    --mode\=revert    --decision
    ...    ${SUPERSEDED}    --guidance    x

While A Correction Runs Others Get Exit 3, And Once Killed It Is Rolled Back
    [Teardown]    Kill Started Processes And Remove Temporary Repository
    ${before}    Run The Five Steps
    ${target}    Step Decision    ${before}    3
    ${step_1}    Step Decision    ${before}    1
    Write Repository File    mine.txt    my own edit\n
    ${files}    Snapshot Working Tree    ${REPO}
    ${pid}    Start A Slow Correction Of    ${target}[id]
    ${result}    Correct    --mode\=revert    --decision    ${step_1}[id]    --guidance    x
    Locked By The Slow Correction    ${result}    ${pid}
    ${result}    Correct    --mode\=append    --guidance    x
    Locked By The Slow Correction    ${result}    ${pid}
    Terminate Process    slow    kill=True
    ${result}    Run Agents    plan    tree
    Exit Code Should Be    ${result}    0
    Stderr Should Contain    ${result}    note: operation    ${ROLLED_BACK}
    Working Tree Should Match Snapshot    ${REPO}    ${files}
    ${after}    Plan Tree Document
    ${again}    Decision By Id    ${after}    ${target}[id]
    Should Be Equal    ${again}[status]    active
    ${result}    Run Agents    plan    ops    --json
    ${ops}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${ops}[operations][-2][kind]    correct
    Should Be Equal    ${ops}[operations][-2][status]    rolled_back
    # the settling of the killed correction, an operation undo takes back
    Should Be Equal    ${ops}[operations][-1][kind]    repair
    ${result}    Correct    --mode\=revert    --decision    ${target}[id]    --guidance    ${BLUE}
    ...    --restore-scope\=full
    Exit Code Should Be    ${result}    0
    Working Tree Should Hold What The Blue Options Produce

Correcting The Decision Another Correction Is Redoing Gets Exit 3, Not "superseded"
    [Documentation]    The same command typed twice: the second must say that the plan is locked.
    ...    A running correction has already marked the decision superseded, but that is not
    ...    settled: killed, it is rolled back and the decision is live again.
    [Tags]    product-bug
    [Teardown]    Kill Started Processes And Remove Temporary Repository
    ${before}    Run The Five Steps
    ${target}    Step Decision    ${before}    3
    ${pid}    Start A Slow Correction Of    ${target}[id]
    ${result}    Correct    --mode\=revert    --decision    ${target}[id]    --guidance    ${BLUE}
    Locked By The Slow Correction    ${result}    ${pid}

A Killed Correction's Command Does Not Write Into The Rolled-Back Working Tree Later
    [Documentation]    The slow option here runs a command that writes running.txt, sleeps 4 s
    ...    and writes late.txt. Once the correction is killed while that command runs and is
    ...    rolled back, the working tree must stay as it was, not change again when the
    ...    command the killed correction started finishes. What the command wrote before the
    ...    kill cannot be told from an edit of the user's since: it is kept, and named.
    [Tags]    product-bug
    [Teardown]    Kill Started Processes And Remove Temporary Repository
    ${text}    Get File    ${FIVE_STEPS}
    ${text}    Replace String    ${text}    run: sleep 20
    ...    run: echo started > running.txt && sleep 4 && echo written after the kill > late.txt
    Create File    ${WORK}/late_write.yaml    ${text}
    ${before}    Run The Five Steps    ${WORK}/late_write.yaml
    ${target}    Step Decision    ${before}    3
    ${files}    Snapshot Working Tree    ${REPO}
    Start A Slow Correction Of    ${target}[id]    marker=running.txt
    Terminate Process    slow    kill=True
    ${result}    Run Agents    plan    tree
    Stderr Should Contain    ${result}
    ...    plan state and the files it wrote put back as they were before it
    ...    kept (your edits, or the action it was cut off in): running.txt
    Remove File    ${REPO}/running.txt
    Working Tree Should Match Snapshot    ${REPO}    ${files}
    Sleep    5s    the killed correction's command would have written late.txt by now
    Working Tree Should Match Snapshot    ${REPO}    ${files}

Diff Between Two Decisions And The Files One Decision Changed
    ${before}    Run The Five Steps
    ${step_3}    Step Decision    ${before}    3
    ${step_4}    Step Decision    ${before}    4
    ${result}    Run Agents    plan    diff    ${step_3}[id]    ${step_4}[id]
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    diff --git a/step3.txt b/step3.txt    +red
    Should Not Contain    ${result.stdout}    step4.txt
    ${result}    Run Agents    plan    decision    ${step_3}[id]
    Exit Code Should Be    ${result}    0
    Should Match Regexp    ${result.stdout}    (?m)^\\s*files changed\\s+step3\\.txt\\s*$
    ${result}    Correct    --mode\=revert    --decision    ${step_3}[id]    --guidance    ${BLUE}
    Exit Code Should Be    ${result}    0
    ${after}    Plan Tree Document
    ${new_step_4}    Step Decision    ${after}    4
    ${result}    Run Agents    plan    diff    ${step_4}[id]    ${new_step_4}[id]
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    diff --git a/step3.txt b/step3.txt    -red    +blue


*** Keywords ***
Run The Five Steps
    [Documentation]    Run the five-step plan; returns its `plan tree --json` document.
    [Arguments]    ${file}=${FIVE_STEPS}
    ${result}    Run Plan    ${file}    --json
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    Working Tree Should Hold    README.md=\# demo\n    step1.txt=one\n    step2.txt=two\n
    ...    step3.txt=red\n    step4.txt=red\n    step5.txt=red\n
    RETURN    ${document}

Correct
    [Documentation]    `agents plan correct ARGS` with no terminal, as in CI.
    [Arguments]    @{args}
    ${result}    Run Agents    plan    correct    @{args}    stdin=${EMPTY}
    RETURN    ${result}

Ids Of Decisions
    [Documentation]    The ids of the decisions `d` of a tree document for which `condition` holds.
    [Arguments]    ${document}    ${condition}
    ${decisions}    Decisions Of    ${document}
    ${ids}    Evaluate    [d["id"] for d in $decisions if ${condition}]
    RETURN    ${ids}

The One Intervention
    [Arguments]    ${document}
    ${decisions}    Decisions Of    ${document}
    ${found}    Evaluate    [d for d in $decisions if d["kind"] == "user_intervention"]
    Length Should Be    ${found}    1
    RETURN    ${found}[0]

Stdout Should Have A Line
    [Documentation]    A line of stdout is `text`, indented or not.
    [Arguments]    ${result}    ${text}
    ${escaped}    Regexp Escape    ${text}
    Should Match Regexp    ${result.stdout}    (?m)^\\s*${escaped}\\s*$

Stdout Should Have A Decision Line
    [Documentation]    A line of stdout names the decision as `plan tree` does: `#8  step 4 · four`.
    [Arguments]    ${result}    ${decision}
    ${tail}    Evaluate    $decision["summary"].split(": ")[-1]
    ${escaped}    Regexp Escape    ${tail}
    Should Match Regexp    ${result.stdout}    (?m)^\\s*\#${decision}[id]${SPACE}${SPACE}.* · ${escaped}$

Working Tree Should Hold
    [Documentation]    Exactly these files (`path=content`), byte for byte, and nothing else.
    [Arguments]    &{files}
    VAR    ${expected}    ${WORK}/expected-tree
    Remove Directory    ${expected}    recursive=True
    Create Directory    ${expected}
    FOR    ${path}    ${content}    IN    &{files}
        Create File    ${expected}/${path}    ${content}
    END
    Working Tree Should Equal    ${REPO}    ${expected}

Working Tree Should Hold What The Blue Options Produce
    Working Tree Should Hold    README.md=\# demo\n    step1.txt=one\n    step2.txt=two\n
    ...    step3.txt=blue\n    step4.txt=blue\n    step5.txt=blue\n

Plan Status Should Be
    [Documentation]    `agents plan show --json` has this status; returns the document.
    [Arguments]    ${status}
    ${result}    Run Agents    plan    show    --json
    Exit Code Should Be    ${result}    0
    ${plan}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${plan}[status]    ${status}
    RETURN    ${plan}

Record Everything
    [Documentation]    The working tree, every ref (checkpoint refs included), git's own
    ...    state and the store of `agents`, as they are now.
    ${tree}    Snapshot Working Tree    ${REPO}
    ${refs}    Git    for-each-ref
    ${git}    Snapshot Git State    ${REPO}
    ${store}    Store Dump    ${REPO}
    Should Contain    ${refs}    refs/cleveragents/
    RETURN    ${{ {"tree": $tree, "refs": $refs, "git": $git, "store": $store} }}

Everything Should Be As Recorded
    [Arguments]    ${recorded}
    Working Tree Should Match Snapshot    ${REPO}    ${recorded}[tree]
    ${refs}    Git    for-each-ref
    Should Be Equal    ${refs}    ${recorded}[refs]    the refs changed
    Git State Should Match Snapshot    ${REPO}    ${recorded}[git]
    ${store}    Store Dump    ${REPO}
    Should Be Equal    ${store}    ${recorded}[store]    the store changed

Create Corrected Repository
    [Documentation]    Setup of the invalid-usage tests: the five steps run and corrected
    ...    once; `${LIVE}` is step 1's decision, `${SUPERSEDED}` the original step 3's,
    ...    `${NO_PLAN}` a plan id prefix that matches no plan.
    Create Temporary Repository
    ${before}    Run The Five Steps
    ${target}    Step Decision    ${before}    3
    ${step_1}    Step Decision    ${before}    1
    ${result}    Correct    --mode\=revert    --decision    ${target}[id]    --guidance    ${BLUE}
    Exit Code Should Be    ${result}    0
    VAR    ${LIVE}    ${step_1}[id]    scope=TEST
    VAR    ${SUPERSEDED}    ${target}[id]    scope=TEST
    ${first}    Get Substring    ${before}[plan][id]    0    1
    VAR    ${NO_PLAN}    ${{ "0000" if $first != "0" else "1111" }}    scope=TEST

Bad Usage Is One Error Line And Changes Nothing
    [Documentation]    `agents ARGS` exits `code` with one `error:` line holding `message`.
    [Arguments]    ${what}    ${code}    ${message}    @{args}
    ${recorded}    Record Everything
    ${result}    Run Agents    @{args}    stdin=${EMPTY}
    Exit Code Should Be    ${result}    ${code}
    Stderr Should Be One Line    ${result}
    Should Start With    ${result.stderr}    error:
    Stderr Should Contain    ${result}    ${message}
    Everything Should Be As Recorded    ${recorded}

Start A Slow Correction Of
    [Documentation]    Start `agents plan correct` back to `${decision}` with guidance naming
    ...    the `slow` option (it writes slow-started.txt, then sleeps 20 s); returns its pid
    ...    once the file `marker` exists, while it holds the plan.
    [Arguments]    ${decision}    ${marker}=slow-started.txt
    Start Process    agents    plan    correct    --mode\=revert    --decision    ${decision}
    ...    --guidance    use the slow option    cwd=${REPO}    alias=slow    stdin=${EMPTY}
    ...    stdout=${WORK}/slow.stdout    stderr=${WORK}/slow.stderr
    ...    env:GIT_CEILING_DIRECTORIES=${WORK}
    Wait Until Created    ${REPO}/${marker}    timeout=30s
    Process Should Be Running    slow
    ${pid}    Get Process Id    slow
    RETURN    ${pid}

Locked By The Slow Correction
    [Arguments]    ${result}    ${pid}
    Exit Code Should Be    ${result}    3
    Stderr Should Be One Line    ${result}
    Should Start With    ${result.stderr}    error:
    Stderr Should Contain    ${result}    is locked by `agents plan correct    (pid ${pid},

Kill Started Processes And Remove Temporary Repository
    Terminate All Processes    kill=True
    Remove Temporary Repository
