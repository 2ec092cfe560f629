*** Settings ***
Documentation       As a developer whose agent takes thousands of decisions,
...                 I want `run`, `correct` and `tree` to work whatever the length of a plan,
...                 so that a long plan is never lost to a crash after its work is recorded.
...
...                 ${STEPS} steps of one `write` each make ${DECISIONS} decisions, over the
...                 ~900 at which a recursion once per main-line decision made `run` and
...                 `correct` exit 70 and `plan tree --json` fail. The run and the correction
...                 near the top (which re-executes it all) take half a minute to a minute each
...                 on two cores, so they get minutes, not the usual 60 s.

Resource            resources/agents.resource

Test Setup          Create Temporary Repository
Test Teardown       Remove Temporary Repository


*** Variables ***
${STEPS}        ${500}
# A strategy, then per step a step and its action, and a sub-task before every five steps.
${DECISIONS}    ${1101}
${MINUTES}      10 min


*** Test Cases ***
A Plan Of Over A Thousand Decisions Runs, Is Corrected Near Its Bottom And Its Top, Shows Its Tree
    [Tags]    scale
    ${plan}    Write Plan Of One Write Per Step    ${WORK}/long.yaml    ${STEPS}
    ${result}    Run Plan    ${plan}    --quiet    timeout=${MINUTES}
    Exit Code Should Be    ${result}    0
    ${ran}    Long Tree Should Be Shown    nested=2
    ${taken}    Decisions Of    ${ran}
    Length Should Be    ${taken}    ${DECISIONS}
    ${bottom}    Step Decision    ${ran}    ${STEPS - 1}
    ${result}    Correct Within Minutes    ${bottom}[id]    near the bottom
    Exit Code Should Be    ${result}    0
    ${top}    Step Decision    ${ran}    2
    ${result}    Correct Within Minutes    ${top}[id]    near the top
    Exit Code Should Be    ${result}    0
    # Each fork at the level of what it replaced: c1's inside c2's original path.
    ${corrected}    Long Tree Should Be Shown
    ...    ⑂ original path — superseded by correction c2
    ...    ⑂ original path — superseded by correction c1
    ...    ⑂ corrected path (correction c1) — superseded by correction c2
    ...    ⑂ corrected path (correction c2) — live
    ...    nested=4
    ${live}    Evaluate
    ...    [d["step"] for d in $corrected["decisions"] if d["kind"] == "step" and d["status"] == "active"]
    Should Be Equal    ${live}    ${{ list(range(1, $STEPS + 1)) }}
    ...    msg=the live path should do each step once, in order    values=False
    ${left}    Evaluate
    ...    [d["id"] for d in $corrected["decisions"] if ${top}[seq] <= d["seq"] <= ${taken}[-1][seq] and d["status"] == "active"]
    Should Be Empty    ${left}    the correction near the top left decisions of the run active
    File Should Hold Bytes    ${REPO}/f${STEPS}.txt    ${STEPS}\n


*** Keywords ***
Long Tree Should Be Shown
    [Documentation]    `plan tree` exits 0 and shows the last step's write and these texts,
    ...    its deepest line `${nested}` levels in; `plan tree --json` exits 0 with a flat
    ...    document that hangs together. Returns the document.
    [Arguments]    @{texts}    ${nested}
    ${result}    Run Agents    plan    tree
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    action · write f${STEPS}.txt — wrote f${STEPS}.txt    @{texts}
    ${deepest}    Evaluate
    ...    max((len(line) - len(line.lstrip("│├└─ "))) // 4 for line in $result.stdout.splitlines())
    Should Be Equal As Integers    ${deepest}    ${nested}
    ...    msg=the tree nests ${deepest} levels deep, expected ${nested}    values=False
    ${document}    Plan Tree Document
    Decision Tree Should Hang Together    ${document}
    RETURN    ${document}

Correct Within Minutes
    [Documentation]    `agents plan correct --mode=revert` to `${decision}` with no terminal, as in CI.
    [Arguments]    ${decision}    ${guidance}
    ${result}    Run Agents    plan    correct    --mode\=revert    --decision    ${decision}
    ...    --guidance    ${guidance}    --quiet    stdin=${EMPTY}    timeout=${MINUTES}
    RETURN    ${result}
