*** Settings ***
Documentation       As a developer reading what my agent did, or a script picking a decision,
...                 I want `agents plan tree` to give every decision one line with one `#id`,
...                 its kind in words and a correction's fork where the paths part,
...                 so that I find the decision to correct at a glance or with one `grep`.
...
...                 Every test runs the five-step plan `plans/five_steps.yaml` with the real
...                 `agents` command on a real temporary git repository (steps 3 to 5 write
...                 `red`; guidance naming `blue` makes the scripted actor write `blue`).
...                 Expected ids come from `--json` documents; the text is read through a
...                 pipe, as a script reads it.

Resource            resources/agents.resource
Library             resources/TreeLines.py

Test Setup          Create Temporary Repository
Test Teardown       Remove Temporary Repository


*** Variables ***
${FIVE_STEPS}       ${PLANS}/five_steps.yaml
${BLUE}             use the blue option
${SUPERSEDED}       [superseded by correction c1]


*** Test Cases ***
Every Decision Has One Line With One Id, Not Its Step Number
    ${document}    Run The Five Steps
    ${result}    Run Agents    plan    tree
    Exit Code Should Be    ${result}    0
    ${ids}    Ids On Each Line    ${result.stdout}
    ${expected}    Evaluate    [[d["id"]] for d in $document["decisions"]]
    Should Be Equal    ${ids}    ${expected}
    ...    msg=each decision should have one line holding its id alone, in order    values=False
    ${step_3}    Step Decision    ${document}    3
    Stdout Should Have Line Containing    ${result}    ✓ \#${step_3}[id] \ step 3 · three — done (red)
    Should Not Contain    ${result.stdout}    step step

The Grep Recipe Finds The Id That Correct And Decision Take
    ${document}    Run The Five Steps
    ${write}    The Action Writing    ${document}    step4.txt
    ${found}    Run Shell    agents plan tree | grep 'write step4.txt' | grep -o '\#[0-9.]*'
    Should Be Equal    ${found.stdout}    \#${write}[id]
    ${result}    Run Agents    plan    decision    ${found.stdout}    --json
    Exit Code Should Be    ${result}    0
    ${shown}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${shown}[id]    ${write}[id]
    ${result}    Correct    --mode\=revert    --decision    ${found.stdout}    --guidance    ${BLUE}
    ...    --json
    Exit Code Should Be    ${result}    0
    ${corrected}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${corrected}[correction][target]    ${write}[id]
    # Both paths wrote step4.txt: the live one is the only one left with --active.
    ${after}    Plan Tree Document
    ${rewrite}    The Action Writing    ${after}    step4.txt    status=active
    ${found}    Run Shell    agents plan tree --active | grep 'write step4.txt' | grep -o '\#[0-9.]*'
    Should Be Equal    ${found.stdout}    \#${rewrite}[id]
    ${result}    Run Agents    plan    decision    ${after}[plan][id]:\#${rewrite}[id]    --json
    Exit Code Should Be    ${result}    0

A Correction Forks The Tree At The Level Of The Step It Replaced
    ${before}    Run The Five Steps
    ${step_3}    Step Decision    ${before}    3
    ${step_4}    Step Decision    ${before}    4
    ${step_5}    Step Decision    ${before}    5
    ${result}    Correct    --mode\=revert    --decision    ${step_4}[id]    --guidance    ${BLUE}
    Exit Code Should Be    ${result}    0
    ${after}    Plan Tree Document
    ${intervention}    Decision Of Kind    ${after}    user_intervention
    ${new_4}    Step Decision    ${after}    4    status=active
    ${new_5}    Step Decision    ${after}    5    status=active
    ${result}    Run Agents    plan    tree
    Exit Code Should Be    ${result}    0
    # (line, levels in): the fork's two labels are siblings of step 3, each path below its own.
    ${expected}    Create List
    ...    ${{ ("#" + $step_3["id"], 1) }}
    ...    ${{ ("⑂ original path — superseded by correction c1", 1) }}
    ...    ${{ ("#" + $step_4["id"], 2) }}
    ...    ${{ ("#" + $step_5["id"], 2) }}
    ...    ${{ ("⑂ corrected path (correction c1) — live", 1) }}
    ...    ${{ ("#" + $intervention["id"], 2) }}
    ...    ${{ ("#" + $new_4["id"], 2) }}
    ...    ${{ ("#" + $new_5["id"], 2) }}
    ${shown}    Lines And Levels    ${result.stdout}    @{expected}
    Should Be Equal    ${shown}    ${expected}
    ...    msg=the fork should part at step 4's level, in this order: ${expected}, got ${shown}
    ...    values=False
    FOR    ${decision}    IN    ${step_4}    ${step_5}
        Stdout Should Have Line Containing    ${result}    \#${decision}[id] \    ${SUPERSEDED}
    END
    Stdout Should Have Line Containing    ${result}    \#${intervention}[id] \ correction c1 · ${BLUE}
    ${live}    Line Holding    ${result.stdout}    \#${new_4}[id] \
    Should Not Contain    ${live}    superseded

Depth Shows The Main Line, Or The Main Line And The Actions
    ${before}    Run The Five Steps
    ${step_4}    Step Decision    ${before}    4
    ${result}    Correct    --mode\=revert    --decision    ${step_4}[id]    --guidance    ${BLUE}
    Exit Code Should Be    ${result}    0
    ${after}    Plan Tree Document
    ${main}    Evaluate
    ...    [[d["id"]] for d in $after["decisions"] if d["kind"] in ("strategy", "step", "user_intervention")]
    ${result}    Run Agents    plan    tree    --depth    0
    Exit Code Should Be    ${result}    0
    ${ids}    Ids On Each Line    ${result.stdout}
    Should Be Equal    ${ids}    ${main}    msg=--depth 0 should show the main line only
    Stdout Should Contain    ${result}    ⑂ original path    ⑂ corrected path
    ${result}    Run Agents    plan    tree    --depth    1
    Exit Code Should Be    ${result}    0
    ${ids}    Ids On Each Line    ${result.stdout}
    Length Should Be    ${ids}    ${{ len($after["decisions"]) }}
    ${result}    Run Agents    plan    tree    --depth    -1
    Exit Code Should Be    ${result}    2
    Stderr Should Be One Line    ${result}

Since Shows Only The Decisions From One On
    ${before}    Run The Five Steps
    ${step_4}    Step Decision    ${before}    4
    ${result}    Correct    --mode\=revert    --decision    ${step_4}[id]    --guidance    ${BLUE}
    Exit Code Should Be    ${result}    0
    ${after}    Plan Tree Document
    ${intervention}    Decision Of Kind    ${after}    user_intervention
    ${result}    Run Agents    plan    tree    --since    \#${intervention}[id]
    Exit Code Should Be    ${result}    0
    ${ids}    Ids On Each Line    ${result.stdout}
    ${expected}    Evaluate
    ...    [[d["id"]] for d in $after["decisions"] if d["seq"] >= ${intervention}[seq]]
    Should Be Equal    ${ids}    ${expected}
    Should Not Contain    ${result.stdout}    ⑂
    Should Not Contain    ${result.stdout}    [superseded
    ${result}    Run Agents    plan    tree    --since    99
    Exit Code Should Be    ${result}    2
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    has no decision '99'

Kinds Print As Words; JSON Keeps The Stored Kinds
    ${before}    Run The Five Steps
    ${step_4}    Step Decision    ${before}    4
    ${result}    Correct    --mode\=revert    --decision    ${step_4}[id]    --guidance    ${BLUE}
    Exit Code Should Be    ${result}    0
    ${result}    Run Agents    plan    tree
    Exit Code Should Be    ${result}    0
    Should Not Contain    ${result.stdout}    user_intervention
    Stdout Should Contain    ${result}    correction c1 · ${BLUE}    strategy ·    action ·
    ${after}    Plan Tree Document
    ${kinds}    Decision Kinds Of    ${after}
    List Should Contain Value    ${kinds}    user_intervention

Without Colour The Tree Says In Words What Is Superseded; Long Lines Stay Whole
    ${before}    Run The Five Steps
    ${step_4}    Step Decision    ${before}    4
    ${long}    Evaluate    "${BLUE}, " + "and keep every line whole " * 200
    ${result}    Correct    --mode\=revert    --decision    ${step_4}[id]    --guidance    ${long}
    Exit Code Should Be    ${result}    0
    ${after}    Plan Tree Document
    ${plain}    Run Shell    NO_COLOR\=1 agents plan tree | cat
    Should Not Contain    ${plain.stdout}    \x1b
    ${gone}    Evaluate    [d for d in $after["decisions"] if d["status"] == "superseded"]
    Should Not Be Empty    ${gone}
    FOR    ${decision}    IN    @{gone}
        Stdout Should Have Line Containing    ${plain}    \#${decision}[id] \    ${SUPERSEDED}
    END
    Stdout Should Have Line Containing    ${plain}    correction c1 · ${long.strip()}
    # On a terminal (forced here) superseded lines are dimmed as well; live ones are not.
    ${coloured}    Run Shell    FORCE_COLOR\=1 agents plan tree
    ${old}    Line Holding    ${coloured.stdout}    \#${step_4}[id]
    Should Match Regexp    ${old}    \\x1b\\[[0-9;]*\\b2\\b[0-9;]*m
    ${intervention}    Decision Of Kind    ${after}    user_intervention
    ${live}    Line Holding    ${coloured.stdout}    \#${intervention}[id]
    Should Not Match Regexp    ${live}    \\x1b\\[[0-9;]*\\b2\\b[0-9;]*m


*** Keywords ***
Run The Five Steps
    [Documentation]    Run the five-step plan; returns its `plan tree --json` document.
    ${result}    Run Plan    ${FIVE_STEPS}    --quiet
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    RETURN    ${document}

Correct
    [Documentation]    `agents plan correct ARGS` with no terminal, as in CI.
    [Arguments]    @{args}
    ${result}    Run Agents    plan    correct    @{args}    stdin=${EMPTY}
    RETURN    ${result}

Run Shell
    [Documentation]    `sh -c COMMAND` in the repository, as a user types a pipeline; exit 0.
    [Arguments]    ${command}
    ${result}    Run Process    sh    -c    ${command}    cwd=${REPO}
    ...    stdout=${WORK}/shell.stdout    stderr=${WORK}/shell.stderr
    ...    env:GIT_CEILING_DIRECTORIES=${WORK}
    Log    sh -c ${command} -> exit ${result.rc}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}
    Exit Code Should Be    ${result}    0
    RETURN    ${result}

The Action Writing
    [Documentation]    The one action decision writing `path` (with `status`, if given).
    [Arguments]    ${document}    ${path}    ${status}=any
    ${decisions}    Decisions Of    ${document}
    ${found}    Evaluate
    ...    [d for d in $decisions if d["kind"] == "action" and d["summary"] == "write ${path}" and "${status}" in ("any", d["status"])]
    Length Should Be    ${found}    1
    RETURN    ${found}[0]

Decision Of Kind
    [Documentation]    The one decision of `kind`.
    [Arguments]    ${document}    ${kind}
    ${decisions}    Decisions Of    ${document}
    ${found}    Evaluate    [d for d in $decisions if d["kind"] == "${kind}"]
    Length Should Be    ${found}    1
    RETURN    ${found}[0]
