*** Settings ***
Documentation       As a developer reviewing what an agent did,
...                 I want `agents plan diff` to show what one decision changed, or how the
...                 files differ between two points, coloured and paged on a terminal as git
...                 does, and plain when piped,
...                 so that I can read an agent's work as I read my own commits.
...
...                 The greeting plan's decisions: 2 is step 1, whose option `lowercase`
...                 writes greeting.txt (3, `hello`), copies it to greeting.bak (4), fails its
...                 check (5) and is reverted (6); option `titlecase` writes `Hello` (7) and
...                 passes (8). 9 is step 2, which edits README.md (10); 11 the goal.

Resource            resources/agents.resource
Library             resources/TerminalLibrary.py

Test Setup          Run The Greeting Plan
Test Teardown       Remove Temporary Repository


*** Variables ***
${ESC}              \x1b
${BOLD}             \x1b[1m
${RED}              \x1b[31m
${GREEN}            \x1b[32m
${CYAN}             \x1b[36m
${RESET}            \x1b[m
${PAGER}            ${CURDIR}/resources/record_pager


*** Test Cases ***
A Decision's Own Changes: Before It To After It
    ${result}    Run Agents    plan    diff    3
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    diff --git a/greeting.txt b/greeting.txt
    ...    new file mode 100644    +hello
    Should Not Contain    ${result.stdout}    greeting.bak    written by decision 4, not 3
    Should Not Contain    ${result.stdout}    README.md
    ${result}    Run Agents    plan    diff    4
    Stdout Should Contain    ${result}    diff --git a/greeting.bak b/greeting.bak
    Should Not Contain    ${result.stdout}    a/greeting.txt    written by decision 3, not 4
    Should Not Contain    ${result.stdout}    ${ESC}    piped output has no colour codes

A Step's Changes Are Those Its Actions Left: A Reverted Option Shows Nothing
    ${result}    Run Agents    plan    diff    2
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    diff --git a/greeting.txt b/greeting.txt    +Hello
    Should Not Contain    ${result.stdout}    greeting.bak
    Should Not Contain    ${result.stdout}    +hello
    Should Not Contain    ${result.stdout}    README.md    step 2's change, not step 1's

A Decision That Changed No File Says So On Stderr
    ${result}    Run Agents    plan    diff    1
    Exit Code Should Be    ${result}    0
    Stdout Should Be Empty    ${result}
    Stderr Should Contain    ${result}
    ...    no file differs from before decision 1 to after decision 1

Two Decisions: The Files Before One To The Files Before The Other
    ${result}    Run Agents    plan    diff    2    10
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    +++ b/greeting.txt    +Hello
    Should Not Contain    ${result.stdout}    README.md    decision 10's own edit comes after it
    ${result}    Run Agents    plan    diff    2    11
    Stdout Should Contain    ${result}    +++ b/greeting.txt    +++ b/README.md    +\# demo, it says Hello

One Decision Against The Working Tree With --worktree
    Write Repository File    mine.txt    my own edit\n
    ${result}    Run Agents    plan    diff    10    --worktree
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    +++ b/README.md    +++ b/mine.txt    +my own edit
    ${result}    Run Agents    plan    diff    10
    Should Not Contain    ${result.stdout}    mine.txt    made after the run, not by decision 10
    ${result}    Run Agents    plan    diff    10    11    --worktree
    Exit Code Should Be    ${result}    2
    Stderr Should Contain    ${result}    compare 10 with 11 or with the working tree, not both

--stat And --name-only As Git Prints Them
    ${result}    Run Agents    plan    diff    2    11    --stat
    Exit Code Should Be    ${result}    0
    Should Match Regexp    ${result.stdout}    (?m)^ README\\.md\\s+\\| 2 \\+-$
    Should Match Regexp    ${result.stdout}    (?m)^ greeting\\.txt \\| 1 \\+$
    Stdout Should Contain    ${result}    2 files changed, 2 insertions(+), 1 deletion(-)
    Should Not Contain    ${result.stdout}    diff --git
    ${result}    Run Agents    plan    diff    2    11    --name-only
    Exit Code Should Be    ${result}    0
    Should Be Equal    ${result.stdout}    README.md\ngreeting.txt
    ${result}    Run Agents    plan    diff    2    --stat    --name-only
    Exit Code Should Be    ${result}    2
    Stderr Should Contain    ${result}    choose --stat or --name-only, not both

--json Names Both Ends, Each File With Its Status And Lines, And The Patch
    Write Repository File    README.md    replaced by hand\n
    ${result}    Run Agents    plan    diff    5    --worktree    --json
    Exit Code Should Be    ${result}    0
    ${document}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${document}[from][at]    before
    Should Be Equal    ${document}[from][decision]    5
    Should Not Be Empty    ${document}[from][checkpoint]
    Should Be Equal    ${document}[to]    ${{ {"at": "worktree", "decision": None, "checkpoint": None} }}
    Length Should Be    ${document}[files]    3
    Should Be Equal    ${document}[files][0]
    ...    ${{ {"path": "README.md", "status": "modified", "added": 1, "removed": 1} }}
    Should Be Equal    ${document}[files][1]
    ...    ${{ {"path": "greeting.bak", "status": "deleted", "added": 0, "removed": 1} }}
    Should Be Equal    ${document}[files][2]
    ...    ${{ {"path": "greeting.txt", "status": "modified", "added": 1, "removed": 1} }}
    Should Contain    ${document}[patch]    +replaced by hand
    ${result}    Run Agents    plan    diff    7    --json
    ${document}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${document}[to][at]    after
    Should Be Equal    ${document}[files][0][status]    added
    Should End With    ${document}[patch]    +Hello\n

On A Terminal The Diff Is Coloured And Paged, With LESS=FRX
    ${result}    Run Agents On A Terminal    plan    diff    2    11
    ...    cwd=${REPO}    ceiling=${WORK}    PAGER=${PAGER} env    PAGED=${WORK}/paged
    Exit Code Should Be    ${result}    0
    ${paged}    Get File    ${WORK}/paged
    Should Start With    ${paged}    pager env\nLESS=FRX\n
    Should Contain    ${paged}    ${BOLD}diff --git a/README.md b/README.md${RESET}
    Should Contain    ${paged}    ${CYAN}@@ -1 +1 @@${RESET}
    Should Contain    ${paged}    ${RED}-\# demo${RESET}
    Should Contain    ${paged}    ${GREEN}+Hello${RESET}
    Should Not Contain    ${result.stdout}    diff --git    the pager had it all
    ${result}    Run Agents On A Terminal    plan    diff    2    11    --stat
    ...    cwd=${REPO}    ceiling=${WORK}    PAGER=${PAGER} env    PAGED=${WORK}/paged
    ...    LESS=R
    ${paged}    Get File    ${WORK}/paged
    Should Start With    ${paged}    pager env\nLESS=R\n    the user's own LESS is kept
    Should Contain    ${paged}    | 2 ${GREEN}+${RESET}${RED}-${RESET}

The Pager Is GIT_PAGER, Then core.pager, Then PAGER
    Git    config    core.pager    ${PAGER} core
    ${result}    Run Agents On A Terminal    plan    diff    3
    ...    cwd=${REPO}    ceiling=${WORK}    PAGER=${PAGER} env    PAGED=${WORK}/paged
    Exit Code Should Be    ${result}    0
    ${paged}    Get File    ${WORK}/paged
    Should Start With    ${paged}    pager core\n
    ${result}    Run Agents On A Terminal    plan    diff    3
    ...    cwd=${REPO}    ceiling=${WORK}    GIT_PAGER=${PAGER} git    PAGER=${PAGER} env
    ...    PAGED=${WORK}/paged
    ${paged}    Get File    ${WORK}/paged
    Should Start With    ${paged}    pager git\n
    Remove File    ${WORK}/paged
    ${result}    Run Agents On A Terminal    plan    diff    3
    ...    cwd=${REPO}    ceiling=${WORK}    GIT_PAGER=cat    PAGED=${WORK}/paged
    Exit Code Should Be    ${result}    0
    Should Contain    ${result.stdout}    ${GREEN}+hello${RESET}    `cat` is no pager
    File Should Not Exist    ${WORK}/paged

--no-pager, NO_COLOR, A Dumb Terminal And A Pipe Turn Each Off
    ${result}    Run Agents On A Terminal    plan    diff    3    --no-pager
    ...    cwd=${REPO}    ceiling=${WORK}    PAGER=${PAGER} env    PAGED=${WORK}/paged
    Exit Code Should Be    ${result}    0
    Should Contain    ${result.stdout}    ${GREEN}+hello${RESET}
    File Should Not Exist    ${WORK}/paged
    ${result}    Run Agents On A Terminal    plan    diff    3    --no-pager
    ...    cwd=${REPO}    ceiling=${WORK}    NO_COLOR=1
    Should Contain    ${result.stdout}    \n+hello\n
    Should Not Contain    ${result.stdout}    ${ESC}
    ${result}    Run Agents On A Terminal    plan    diff    3    --no-pager
    ...    cwd=${REPO}    ceiling=${WORK}    TERM=dumb
    Should Contain    ${result.stdout}    \n+hello\n
    Should Not Contain    ${result.stdout}    ${ESC}    a dumb terminal shows no colour
    ${result}    Run Process    agents    plan    diff    3    cwd=${REPO}
    ...    env:PAGER=${PAGER} env    env:PAGED=${WORK}/paged
    ...    env:GIT_CEILING_DIRECTORIES=${WORK}
    Exit Code Should Be    ${result}    0
    Should Contain    ${result.stdout}    +hello
    Should Not Contain    ${result.stdout}    ${ESC}
    File Should Not Exist    ${WORK}/paged

A Pager That Quits Early Or Cannot Be Found Is No Error
    Write Repository File    big.txt    ${{ "a line of a big file\\n" * 50000 }}
    ${result}    Run Agents On A Terminal    plan    diff    1    --worktree
    ...    cwd=${REPO}    ceiling=${WORK}    PAGER=true
    Exit Code Should Be    ${result}    0
    Should Be Empty    ${result.stdout}
    ${result}    Run Agents On A Terminal    plan    diff    3
    ...    cwd=${REPO}    ceiling=${WORK}    PAGER=no-such-pager-here
    Exit Code Should Be    ${result}    0
    Should Contain    ${result.stdout}    no-such-pager-here: not found
    Should Contain    ${result.stdout}    +hello    shown without a pager, as git does

A Step That Did Not Finish Shows Its Changes Up To Its Last Finished Decision
    [Setup]    Create Temporary Repository
    [Teardown]    Stop The Run And Remove The Repository
    ${step}    Interrupt A Step Of    write_then_wait.yaml
    ${result}    Run Agents    plan    diff    ${step}
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    +++ b/part.txt    +half
    Stderr Should Contain    ${result}    decision ${step} did not finish: its changes up to
    ${result}    Run Agents    plan    diff    ${step}    --json
    ${document}    Parse JSON Document    ${result.stdout}
    Should Not Be Equal    ${document}[to][decision]    ${step}
    Should Contain    ${document}[note]    did not finish

A Decision That Did Not Finish And Took No Checkpoint After It Says So
    [Setup]    Create Temporary Repository
    [Teardown]    Stop The Run And Remove The Repository
    ${step}    Interrupt A Step Of    wait.yaml
    ${result}    Run Agents    plan    diff    ${step}
    Exit Code Should Be    ${result}    2
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}
    ...    decision ${step} did not finish: no checkpoint was taken after it
    ...    shows what changed since
    Should Match Regexp    ${result.stderr}    `agents plan diff [0-9a-f]+:${step} --worktree`


*** Keywords ***
Run The Greeting Plan
    Create Temporary Repository
    ${result}    Run Plan    ${PLANS}/greeting.yaml
    Exit Code Should Be    ${result}    0

Interrupt A Step Of
    [Documentation]    Run the plan `${file}` (under plans/diff/), Ctrl-C it once its step waits.
    ...    Returns the step's decision id.
    [Arguments]    ${file}
    ${plan}    Write Plan From Template    ${PLANS}/diff/${file}    WAITING=${WORK}/waiting
    Start Process    agents    plan    run    --script    ${plan}    cwd=${REPO}
    ...    alias=run    stdin=${EMPTY}    stdout=${WORK}/run.stdout    stderr=${WORK}/run.stderr
    ...    env:GIT_CEILING_DIRECTORIES=${WORK}
    Wait Until Created    ${WORK}/waiting    timeout=30s
    Send Signal To Process    SIGINT    handle=run
    ${result}    Wait For Process    run    timeout=60s    on_timeout=kill
    Exit Code Should Be    ${result}    130
    ${document}    Plan Tree Document
    ${steps}    Evaluate    [d["id"] for d in $document["decisions"] if d["kind"] == "step"]
    RETURN    ${steps}[0]

Stop The Run And Remove The Repository
    Run Keyword And Ignore Error    Terminate Process    run    kill=True
    Remove Temporary Repository
