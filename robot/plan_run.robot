*** Settings ***
Documentation       As a developer scripting an agent in CI,
...                 I want `agents plan run --script FILE` to follow my plan file on my repository,
...                 so that every decision is recorded with a checkpoint and failed options are undone.

Resource            resources/agents.resource

Test Setup          Create Temporary Repository
Test Teardown       Remove Temporary Repository


*** Test Cases ***
A Completed Plan Exits 0 And Prints Each Decision As It Is Taken
    ${result}    Run Plan    ${PLANS}/greeting.yaml
    Exit Code Should Be    ${result}    0
    Should Match Regexp    ${result.stdout}    ^plan [0-9a-f]{8}: Write a greeting and document it
    Stdout Should Contain    ${result}
    ...    ✓ #1 \ strategy · 2 steps: write the greeting, document it
    ...    ✓ #3 \ action · write greeting.txt — wrote greeting.txt
    ...    ✓ #6 \ revert · restore the checkpoint of 2 after option lowercase failed
    ...    completed: every goal check passed
    Should Be Empty    ${result.stderr}

A Plan File Given In Place Of The Task Runs, As The Help's Example Says It Would
    [Documentation]    The help's plan file prints literally (its `when: [title, capital]` keeps
    ...    its brackets), and a path that exists and ends in .yaml runs as a plan file, with no key.
    ${help}    Run Agents    plan    run    --help
    Exit Code Should Be    ${help}    0
    Stdout Should Contain    ${help}    when: [title, capital]
    Copy File    ${PLANS}/greeting.yaml    ${REPO}/plan.yaml
    Git    add    plan.yaml
    Git    commit    --quiet    --no-gpg-sign    -m    the plan file
    ${result}    Run Agents    plan    run    plan.yaml
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    completed: every goal check passed

The Tree Records One Decision Per Step And Per Action, Each With Its Checkpoints
    ${result}    Run Plan    ${PLANS}/greeting.yaml    --quiet
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    ${kinds}    Decision Kinds Of    ${document}
    # strategy; step 1: lowercase (2 actions, failed check), revert, titlecase (1 action,
    # check); step 2: 1 action; then the goal check.
    ${expected}    Create List    strategy    step    action    action    verification    revert
    ...    action    verification    step    action    verification
    Lists Should Be Equal    ${kinds}    ${expected}
    ${plan_id}    Set Variable    ${document}[plan][id]
    # Every checkpoint is a commit that the plan's ref keeps reachable (git gc keeps it).
    ${kept}    Git    rev-list    refs/cleveragents/plans/${plan_id}
    ${decisions}    Decisions Of    ${document}
    FOR    ${decision}    IN    @{decisions}
        Should Not Be Equal    ${decision}[checkpoint_before]    ${None}
        ...    decision ${decision}[id] has no checkpoint_before
        Should Not Be Equal    ${decision}[checkpoint_after]    ${None}
        ...    decision ${decision}[id] has no checkpoint_after
        Should Contain    ${kept}    ${decision}[checkpoint_before]
        Should Contain    ${kept}    ${decision}[checkpoint_after]
    END
    ${write}    Decision By Id    ${document}    3
    Should Be Equal    ${write}[parent_id]    2
    Should Be Equal    ${write}[action][type]    write
    Should Be Equal    ${write}[action][path]    greeting.txt
    ${copy}    Decision By Id    ${document}    4
    Should Be Equal    ${copy}[action][command]    cp greeting.txt greeting.bak

A Failed Option Is Undone And The Next Option Runs On The Step's Checkpoint
    ${expected}    Copy Of Working Tree
    Create File    ${expected}/greeting.txt    Hello\n
    Create File    ${expected}/README.md    \# demo, it says Hello\n
    ${result}    Run Plan    ${PLANS}/greeting.yaml    --quiet
    Exit Code Should Be    ${result}    0
    # greeting.bak, written by the failed option, must be gone: exactly the second option's tree.
    Working Tree Should Equal    ${REPO}    ${expected}
    ${document}    Plan Tree Document
    ${step}    Decision By Id    ${document}    2
    ${revert}    Decision By Id    ${document}    6
    Should Be Equal    ${revert}[kind]    revert
    Should Be Equal    ${revert}[checkpoint_after]    ${step}[checkpoint_before]
    Should Be Equal    ${step}[outcome]    done (titlecase)

Run With --json Prints One JSON Document With The Plan's Status
    ${result}    Run Plan    ${PLANS}/greeting.yaml    --json
    Exit Code Should Be    ${result}    0
    ${document}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${document}[plan][status]    completed
    Should Be Equal    ${document}[plan][task]    Write a greeting and document it
    Should Be Equal    ${document}[decisions][0][kind]    strategy
    Should Be Empty    ${result.stderr}

A Plan Where No Option Passes Exits 1 And Is Shown As Failed
    ${expected}    Copy Of Working Tree
    ${result}    Run Plan    ${PLANS}/never_builds.yaml
    Exit Code Should Be    ${result}    1
    Stderr Should Be One Line    ${result}
    Should Match Regexp    ${result.stderr}    error: plan [0-9a-f]{8} failed
    # Both options were undone: build.log of the first is gone.
    Working Tree Should Equal    ${REPO}    ${expected}
    ${show}    Run Agents    plan    show
    Exit Code Should Be    ${show}    0
    Should Match Regexp    ${show.stdout}    status\\s+failed

A Failed Plan Names The Failed Step And Its Check On Stderr
    ${result}    Run Plan    ${PLANS}/never_builds.yaml
    Exit Code Should Be    ${result}    1
    Stderr Should Contain    ${result}    compile the artefact    test -f artefact.bin

A Failed Plan With --json Still Prints One Document Saying Failed
    ${result}    Run Plan    ${PLANS}/never_builds.yaml    --json
    Exit Code Should Be    ${result}    1
    ${document}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${document}[plan][status]    failed

A Command Over Its Timeout Is Killed And Recorded As Timed Out
    [Documentation]    `sleep 60` with a timeout of 1 s: the whole run, its start-up and
    ...    checkpoints too, ends well before the sleep would (a loaded machine's start-up
    ...    takes seconds, so the bound is half the sleep, not a second above the timeout).
    ${started}    Evaluate    time.monotonic()    modules=time
    ${result}    Run Plan    ${PLANS}/slow_command.yaml    --json
    ${took}    Evaluate    time.monotonic() - ${started}    modules=time
    Exit Code Should Be    ${result}    0
    Should Be True    ${took} < 30    `sleep 60` with timeout 1 was not cut short: ${took}s
    ${document}    Parse JSON Document    ${result.stdout}
    ${slow}    Decision By Id    ${document}    3
    Should Be Equal    ${slow}[summary]    run sleep 60
    Should Not Be True    ${slow}[ok]
    Should Contain    ${slow}[outcome]    timed out after 1s
    ${revert}    Decision By Id    ${document}    4
    Should Be Equal    ${revert}[kind]    revert

Running From A Subdirectory Works On The Whole Repository
    Create Directory    ${REPO}/src/deep
    ${result}    Run Plan    ${PLANS}/notes.yaml    cwd=${REPO}/src/deep
    Exit Code Should Be    ${result}    0
    # Action paths and commands are relative to the top of the working tree.
    File Should Exist    ${REPO}/notes/todo.txt
    File Should Not Exist    ${REPO}/src/deep/notes/todo.txt
    ${where}    Get File    ${REPO}/where.txt
    Should Be Equal    ${where.strip()}    ${REPO}
    ${list}    Run Agents    plan    list    cwd=${REPO}/src/deep
    Exit Code Should Be    ${list}    0
    Stdout Should Contain    ${list}    completed    Add a notes file

Dash C Runs As If Started In That Directory
    ${result}    Run Agents    -C    ${REPO}    plan    run    --script    ${PLANS}/notes.yaml
    ...    cwd=${WORK}
    Exit Code Should Be    ${result}    0
    File Should Exist    ${REPO}/notes/todo.txt
    ${show}    Run Agents    -C    repo    plan    show    cwd=${WORK}
    Exit Code Should Be    ${show}    0
    Should Match Regexp    ${show.stdout}    status\\s+completed

A Plan Runs And Restores In A Repository Without Any Commit
    Remove Directory    ${REPO}/.git    recursive=True
    Git    init    --quiet
    ${expected}    Copy Of Working Tree
    Run Failing Option Then Second Option    echo changed > README.md && echo new > new.txt
    Create File    ${expected}/result.txt    ${SECOND_OPTION}
    Working Tree Should Equal    ${REPO}    ${expected}

Dash C Reads A Relative Plan File From That Directory, Like git -C
    [Documentation]    `-C DIR` is documented as "run as if started in this directory (like
    ...    git -C)": a relative --script is then relative to DIR, as git -C treats paths.
    Copy File    ${PLANS}/notes.yaml    ${REPO}/plans/notes.yaml
    ${result}    Run Agents    -C    repo    plan    run    --script    plans/notes.yaml
    ...    cwd=${WORK}
    Exit Code Should Be    ${result}    0
    File Should Exist    ${REPO}/notes/todo.txt

