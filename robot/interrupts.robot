*** Settings ***
Documentation       As a developer who stops `agents` with Ctrl-C, kills it with SIGTERM, closes its
...                 terminal (SIGHUP) or pipes its output into `head`,
...                 I want every way of stopping to leave things as a SIGKILL would, or better:
...                 a correction or undo rolled back whole, a run or resume kept, resumable and
...                 undoable, and an exit code of 130,
...                 so that stopping a command never strands my files where `undo` cannot reach.
...
...                 Every test runs the real `agents` command on a real temporary git repository,
...                 starts the command to stop as a process, waits for a marker file one of its
...                 steps writes (outside the repository), and sends the signal to its pid.
...                 To stop a command at a known point, `git` is found first in `${WORK}/bin`:
...                 `resources/held_git` runs the real git, but holds the git commands that
...                 `${WORK}/hold` names for 3 s while it exists, and fails those `${WORK}/fail`
...                 names. (A restore right after a checkpoint runs no git where its objects are
...                 loose: an undo is held where its objects are packed, a rollback in its scan.)

Resource            resources/agents.resource

Test Setup          Create Repository With A Held Git
Test Teardown       Kill Started Processes And Remove Temporary Repository


*** Variables ***
${FIVE_STEPS}       ${PLANS}/five_steps.yaml
${WRITE_WAIT_EDIT}    ${PLANS}/interrupts/write_wait_edit.yaml
${BLUE}             use the blue option
${SLOW}             use the slow option
${ROLLED_BACK}      files and plan state are as they were before it


*** Test Cases ***
Ctrl-C During A Correction Rolls It Back At Once
    A Stopped Correction Is Rolled Back At Once    SIGINT

SIGTERM During A Correction Rolls It Back At Once
    A Stopped Correction Is Rolled Back At Once    SIGTERM

A Closed Terminal During A Correction Rolls It Back At Once
    A Stopped Correction Is Rolled Back At Once    SIGHUP

Ctrl-C During A Run Keeps It Resumable And Undoable
    A Stopped Run Is Kept, Resumable And Undoable    SIGINT

SIGTERM During A Run Keeps It Resumable And Undoable
    A Stopped Run Is Kept, Resumable And Undoable    SIGTERM

A Closed Terminal During A Run Keeps It Resumable And Undoable
    A Stopped Run Is Kept, Resumable And Undoable    SIGHUP

SIGTERM During A Resume Keeps It Resumable, And Undo Takes The Resume Back
    ${plan}    Write Plan From Template    ${WRITE_WAIT_EDIT}    WAIT=${WAIT_TWICE}    GOAL_WAIT=true
    Start Agents    run    plan    run    --script    ${plan}
    Wait Until Created    ${WORK}/waiting-0    timeout=30s
    Send Signal To Process    SIGINT    handle=run
    ${result}    Wait For Stopped Agents    run
    Exit Code Should Be    ${result}    130
    ${stopped_run}    Snapshot Working Tree    ${REPO}
    ${live_before}    Live Decision Ids
    Start Agents    resume    plan    resume
    Wait Until Created    ${WORK}/waiting-1    timeout=30s
    Send Signal To Process    SIGTERM    handle=resume
    ${result}    Wait For Stopped Agents    resume
    Exit Code Should Be    ${result}    130
    ${ops}    Operations Settled Without Repair
    ${statuses}    Evaluate    [(op["kind"], op["status"]) for op in $ops]
    Should Be Equal    ${statuses}    ${{ [("run", "interrupted"), ("resume", "interrupted")] }}
    Stderr Should Contain    ${result}    interrupted (SIGTERM): plan    `agents plan undo 2`
    Plan Status Should Be    interrupted
    ${result}    Run Agents    plan    undo    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    undid operation 2 (resume
    Working Tree Should Match Snapshot    ${REPO}    ${stopped_run}
    ${live}    Live Decision Ids
    Should Be Equal    ${live}    ${live_before}    the undone resume left live decisions
    ${result}    Run Agents    plan    resume
    Exit Code Should Be    ${result}    0
    Working Tree Should Hold    README.md=\# edited\n    first.txt=1\n

Ctrl-C During A Run Leaves It Interrupted, And Resume Sets The Cut-Short Step Aside
    [Documentation]    Stopped in its second step: the plan says `interrupted`, every message
    ...    names `agents plan resume ID`; resume marks the step it cut short `interrupted`,
    ...    off the live path, and takes that step again: one live decision a step.
    ${plan}    Write Plan From Template    ${WRITE_WAIT_EDIT}    WAIT=${WAIT_ONCE}    GOAL_WAIT=true
    Start Agents    run    plan    run    --script    ${plan}
    Wait Until Created    ${WORK}/waiting-0    timeout=30s
    Send Signal To Process    SIGINT    handle=run
    ${stopped}    Wait For Stopped Agents    run
    Exit Code Should Be    ${stopped}    130
    ${plan_id}    Plan Id
    Stderr Should Contain    ${stopped}    interrupted (SIGINT): plan ${plan_id} stopped
    ...    `agents plan resume ${plan_id}`
    Plan Status Should Be    interrupted
    ${result}    Run Agents    plan    show
    Should Match Regexp    ${result.stdout}    status\\s+interrupted
    Should Match Regexp    ${result.stdout}    outcome\\s+interrupted \\(SIGINT\\)
    Should Match Regexp    ${result.stdout}    continue with\\s+agents plan resume ${plan_id}
    ${result}    Run Agents    plan    list
    Should Match Regexp    ${result.stdout}    ${plan_id}\\s+interrupted
    ${result}    Run Agents    plan    ops
    Stdout Should Contain    ${result}    `agents plan resume ${plan_id}` continues it
    ${cut}    Step Decisions    2
    Should Be Equal    ${cut}    ${{ [(None, "active")] }}    before resume: under way, live
    ${result}    Run Agents    plan    resume    ${plan_id}
    Exit Code Should Be    ${result}    0
    Plan Status Should Be    completed
    ${steps}    Step Decisions    2
    Should Be Equal    ${steps}    ${{ [(None, "interrupted"), (True, "active")] }}
    FOR    ${number}    IN    1    3
        ${steps}    Step Decisions    ${number}
        Should Be Equal    ${steps}    ${{ [(True, "active")] }}
    END
    Working Tree Should Hold    README.md=\# edited\n    first.txt=1\n

A Killed Run Reads As Interrupted At The Next Command, And Resume Finishes It
    [Documentation]    A SIGKILL leaves no time to say anything: the next command finds the
    ...    run's operation still marked running and its lock free, settles it, and says so.
    ${plan}    Write Plan From Template    ${WRITE_WAIT_EDIT}    WAIT=${WAIT_ONCE}    GOAL_WAIT=true
    Start Agents    run    plan    run    --script    ${plan}
    Wait Until Created    ${WORK}/waiting-0    timeout=30s
    Send Signal To Process    SIGKILL    handle=run
    ${killed}    Wait For Stopped Agents    run
    Should Be Equal As Integers    ${killed.rc}    -9
    ${said}    Get File    ${WORK}/run.stdout
    ${plan_id}    Evaluate    re.match(r"plan ([0-9a-f]+): ", $said).group(1)    modules=re
    ${result}    Run Agents    plan    show
    Exit Code Should Be    ${result}    0
    Stderr Should Contain    ${result}
    ...    note: operation 1 (run) was interrupted; `agents plan resume ${plan_id}` continues it
    Should Match Regexp    ${result.stdout}    status\\s+interrupted
    Should Match Regexp    ${result.stdout}    outcome\\s+interrupted: the command running it ended
    ${result}    Run Agents    plan    resume
    Exit Code Should Be    ${result}    0
    Plan Status Should Be    completed
    ${steps}    Step Decisions    2
    Should Be Equal    ${steps}    ${{ [(None, "interrupted"), (True, "active")] }}
    Working Tree Should Hold    README.md=\# edited\n    first.txt=1\n

Edits Made After A Correction Was Killed Come Back With Undo Of Its Settling
    [Documentation]    A SIGKILLed correction is put back whole by the next command, which
    ...    cannot tell the correction's changes from the user's made since the kill: the
    ...    settling is an operation of its own, and undoing it brings those edits back.
    ${before}    Run The Five Steps
    ${target}    Step Decision    ${before}    3
    Start A Slow Correction Of    ${target}[id]
    Send Signal To Process    SIGKILL    handle=correct
    ${killed}    Wait For Stopped Agents    correct
    Should Be Equal As Integers    ${killed.rc}    -9
    Write Repository File    mine.txt    made after the kill\n
    Write Repository File    README.md    \# my edit after the kill\n
    ${edited}    Snapshot Working Tree    ${REPO}
    ${result}    Run Agents    plan    show
    Exit Code Should Be    ${result}    0
    Stderr Should Contain    ${result}    note: operation 2 (correct) was interrupted; plan state and the files it wrote put back
    Stderr Should Contain    ${result}    `agents plan undo 3` brings them back
    ${result}    Run Agents    plan    undo    3    --yes    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    Working Tree Should Match Snapshot    ${REPO}    ${edited}

Settling A Killed Correction Puts Back Only What It Wrote, Never The Edits Made Since
    [Documentation]    The correction back to step 3 had deleted step 3 to 5's files, written
    ...    slow-started.txt and started a 20 s sleep when it was killed. The user then edits
    ...    slow-started.txt (the correction's), README.md (never touched by it) and writes
    ...    step4.txt (which it had deleted). The next command puts back only what the
    ...    correction wrote and is still as it wrote it (step3.txt, step5.txt), keeps the
    ...    rest as the user left it and names it; undoing the settling gives back the tree
    ...    as it was just before the settling.
    ${before}    Run The Five Steps
    ${target}    Step Decision    ${before}    3
    Start A Slow Correction Of    ${target}[id]
    Sleep    1s    the write's checkpoint is recorded before its command sleeps
    Send Signal To Process    SIGKILL    handle=correct
    ${killed}    Wait For Stopped Agents    correct
    Should Be Equal As Integers    ${killed.rc}    -9
    File Should Not Exist    ${REPO}/step3.txt
    Write Repository File    slow-started.txt    mine now\n
    Write Repository File    README.md    \# my edit after the kill\n
    Write Repository File    step4.txt    mine too\n
    ${edited}    Snapshot Working Tree    ${REPO}
    ${result}    Run Agents    plan    show
    Exit Code Should Be    ${result}    0
    Stderr Should Contain    ${result}    note: operation 2 (correct) was interrupted; plan state and the files it wrote put back
    Stderr Should Contain    ${result}    kept (your edits, or the action it was cut off in): README.md, slow-started.txt, step4.txt
    Working Tree Should Hold    README.md=\# my edit after the kill\n    slow-started.txt=mine now\n
    ...    step1.txt=one\n    step2.txt=two\n    step3.txt=red\n    step4.txt=mine too\n
    ...    step5.txt=red\n
    ${result}    Run Agents    plan    undo    3    --yes    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    Working Tree Should Match Snapshot    ${REPO}    ${edited}

Settling A Correction Killed Before It Wrote Anything Touches No File
    [Documentation]    A correction held once its operation is recorded, before its journal
    ...    names anything (at its second `--stdin` git command: the first is its preview's),
    ...    has written nothing: the next command touches no file, and names the user's
    ...    edits since as kept. (Found by the kill trials: an empty journal was an exit 70.)
    ${before}    Run The Five Steps
    ${target}    Step Decision    ${before}    3
    Create File    ${WORK}/hold    --stdin
    Start Agents    correct    plan    correct    --mode\=revert    --decision    ${target}[id]
    ...    --guidance    ${BLUE}
    Wait Until Created    ${WORK}/hold.reached    timeout=30s
    Remove File    ${WORK}/hold.reached
    Wait Until Created    ${WORK}/hold.reached    timeout=30s
    Send Signal To Process    SIGKILL    handle=correct
    ${killed}    Wait For Stopped Agents    correct
    Should Be Equal As Integers    ${killed.rc}    -9
    Remove File    ${WORK}/hold
    Write Repository File    step3.txt    mine now\n
    Write Repository File    README.md    \# my edit after the kill\n
    ${edited}    Snapshot Working Tree    ${REPO}
    ${result}    Run Agents    plan    show
    Exit Code Should Be    ${result}    0
    Stderr Should Contain    ${result}    note: operation 2 (correct) was interrupted
    ...    kept (your edits): README.md, step3.txt
    Working Tree Should Match Snapshot    ${REPO}    ${edited}

Settling A Correction Killed As Its Restore Begins Touches None Of The Edits Since
    [Documentation]    A correction held in its restore (at `check-ignore`, its spare rules),
    ...    once its journal names the restore's target but before it writes a file (the
    ...    restore writes in-process, with no `ls-tree` since): the next command puts back
    ...    nothing it did not write, and keeps the user's edits since.
    ${before}    Run The Five Steps
    ${target}    Step Decision    ${before}    3
    Create File    ${WORK}/hold    check-ignore
    Start Agents    correct    plan    correct    --mode\=revert    --decision    ${target}[id]
    ...    --guidance    ${BLUE}
    Wait Until Created    ${WORK}/hold.reached    timeout=30s
    Send Signal To Process    SIGKILL    handle=correct
    ${killed}    Wait For Stopped Agents    correct
    Should Be Equal As Integers    ${killed.rc}    -9
    Remove File    ${WORK}/hold
    Write Repository File    step3.txt    mine now\n
    Write Repository File    README.md    \# my edit after the kill\n
    ${edited}    Snapshot Working Tree    ${REPO}
    ${result}    Run Agents    plan    show
    Exit Code Should Be    ${result}    0
    Stderr Should Contain    ${result}    kept (your edits): README.md, step3.txt
    Working Tree Should Match Snapshot    ${REPO}    ${edited}

Ctrl-C During An Undo Rolls The Undo Back, And The Undo Can Be Done Again
    ${before}    Run The Five Steps
    ${target}    Step Decision    ${before}    3
    Write Repository File    mine.txt    my own edit\n
    ${result}    Run Agents    plan    correct    --mode\=revert    --decision    ${target}[id]
    ...    --guidance    ${BLUE}    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${corrected}    Snapshot Working Tree    ${REPO}
    # packed objects: the undo's restore asks git to compare the trees (`diff-index`)
    Git    repack    -a    -d    -q
    Create File    ${WORK}/hold    diff-index
    Start Agents    undo    plan    undo
    Wait Until Created    ${WORK}/hold.reached    timeout=30s
    Remove File    ${WORK}/hold
    Send Signal To Process    SIGINT    handle=undo
    ${result}    Wait For Stopped Agents    undo
    Exit Code Should Be    ${result}    130
    Working Tree Should Match Snapshot    ${REPO}    ${corrected}
    ${ops}    Operations Settled Without Repair
    Should Be Equal    ${ops}[-1][kind]    undo
    Should Be Equal    ${ops}[-1][status]    rolled_back
    Stderr Should Contain    ${result}    interrupted (SIGINT): operation 3 (undo) was rolled back
    ${result}    Run Agents    plan    undo    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    undid operation 2 (correct
    Stderr Should Contain    ${result}
    ...    note: operation 3 (undo) is newer, but was rolled back: nothing of it was left to undo
    Working Tree Should Hold    README.md=\# demo\n    mine.txt=my own edit\n    step1.txt=one\n
    ...    step2.txt=two\n    step3.txt=red\n    step4.txt=red\n    step5.txt=red\n

A Second Ctrl-C And A SIGTERM During The Rollback Do Not Cut It Short
    [Documentation]    This test once failed one run in four under load: a first signal that
    ...    landed in Python's at-fork hooks, as the slow option's command started, was lost.
    ${before}    Run The Five Steps
    ${target}    Step Decision    ${before}    3
    Write Repository File    mine.txt    my own edit\n
    ${files}    Snapshot Working Tree    ${REPO}
    Start A Slow Correction Of    ${target}[id]
    Create File    ${WORK}/hold    diff-index diff-files    # the rollback's scan
    Send Signal To Process    SIGINT    handle=correct
    # The rollback may first wait for the command the interrupt cut short; a loaded CI
    # machine under coverage has taken over 30 s to reach the held index write.
    Wait Until Created    ${WORK}/hold.reached    timeout=90s
    Send Signal To Process    SIGINT    handle=correct
    Send Signal To Process    SIGTERM    handle=correct
    Send Signal To Process    SIGHUP    handle=correct
    ${result}    Wait For Stopped Agents    correct    timeout=120s
    Exit Code Should Be    ${result}    130
    Working Tree Should Match Snapshot    ${REPO}    ${files}
    ${ops}    Operations Settled Without Repair
    Should Be Equal    ${ops}[-1][status]    rolled_back
    Stderr Should Contain    ${result}    operation 2 (correct) was rolled back

A Rollback That Fails Says So, And The Next Command Completes It
    ${before}    Run The Five Steps
    ${target}    Step Decision    ${before}    3
    Write Repository File    mine.txt    my own edit\n
    ${files}    Snapshot Working Tree    ${REPO}
    Start A Slow Correction Of    ${target}[id]
    Create File    ${WORK}/fail    diff-index diff-files    # the rollback's scan
    Send Signal To Process    SIGINT    handle=correct
    ${result}    Wait For Stopped Agents    correct
    Exit Code Should Be    ${result}    3
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}
    ...    interrupted, and putting operation 2 back failed: git diff-index failed
    ...    the next `agents` command in this repository tries again
    Remove File    ${WORK}/fail
    ${result}    Run Agents    plan    ops    --json
    Exit Code Should Be    ${result}    0
    Stderr Should Contain    ${result}    note: operation 2 (correct) was interrupted; files and plan
    Working Tree Should Match Snapshot    ${REPO}    ${files}
    ${ops}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${ops}[operations][1][status]    rolled_back
    # settled by this command: an operation of its own, which undo takes back
    Should Be Equal    ${ops}[operations][-1][kind]    repair

Undo While A Correction Runs Names It Instead Of Undoing An Older Operation
    ${before}    Run The Five Steps
    ${target}    Step Decision    ${before}    3
    Start A Slow Correction Of    ${target}[id]
    ${recorded}    Snapshot Working Tree    ${REPO}
    ${result}    Run Agents    plan    undo    stdin=${EMPTY}
    Exit Code Should Be    ${result}    3
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    the newest operation, 2 (`agents plan correct    is still running
    ${result}    Run Agents    plan    undo    2    stdin=${EMPTY}
    Exit Code Should Be    ${result}    3
    Stderr Should Contain    ${result}    operation 2 is still running
    Working Tree Should Match Snapshot    ${REPO}    ${recorded}

Resume After An Interrupt Past A Step's Edit Does Not Edit Again
    [Documentation]    Stopped while the goal is checked, after the step that edits README.md
    ...    is done: resume must not run that edit again on top (its text is gone).
    ${plan}    Write Plan From Template    ${WRITE_WAIT_EDIT}
    ...    WAIT=true    GOAL_WAIT=${WAIT_ONCE}
    Start Agents    run    plan    run    --script    ${plan}
    Wait Until Created    ${WORK}/waiting-0    timeout=30s
    Send Signal To Process    SIGINT    handle=run
    ${result}    Wait For Stopped Agents    run
    Exit Code Should Be    ${result}    130
    ${result}    Run Agents    plan    resume
    Exit Code Should Be    ${result}    0
    Plan Status Should Be    completed
    Working Tree Should Hold    README.md=\# edited\n    first.txt=1\n
    ${document}    Plan Tree Document
    ${decisions}    Decisions Of    ${document}
    ${edits}    Evaluate    [d["id"] for d in $decisions if d["summary"] == "edit README.md"]
    Length Should Be    ${edits}    1    the edit ran again: ${edits}

A Run Whose Output Pipe Closes Stops Resumable
    [Documentation]    `agents plan run ... | head -n 1`: the reader leaves after one line.
    ${plan}    Write Plan From Template    ${WRITE_WAIT_EDIT}    WAIT=sleep 1    GOAL_WAIT=true
    ${result}    Run Piped Into Head    plan    run    --script    ${plan}
    Exit Code Should Be    ${result}    130
    Stderr Should Contain    ${result}    interrupted (stdout closed): plan
    ...    continue it with `agents plan resume
    ${ops}    Operations Settled Without Repair
    Should Be Equal    ${ops}[-1][status]    interrupted
    ${result}    Run Agents    plan    resume
    Exit Code Should Be    ${result}    0
    Working Tree Should Hold    README.md=\# edited\n    first.txt=1\n

A Correction Whose Output Pipe Closes Is Rolled Back
    ${text}    Get File    ${FIVE_STEPS}
    ${text}    Replace String    ${text}    run: sleep 20    run: sleep 1
    Create File    ${WORK}/one_second.yaml    ${text}
    ${before}    Run The Five Steps    ${WORK}/one_second.yaml
    ${target}    Step Decision    ${before}    3
    Write Repository File    mine.txt    my own edit\n
    ${files}    Snapshot Working Tree    ${REPO}
    ${result}    Run Piped Into Head    plan    correct    --mode\=revert    --decision
    ...    ${target}[id]    --guidance    ${SLOW}
    Exit Code Should Be    ${result}    130
    Stderr Should Contain    ${result}    interrupted (stdout closed): operation 2 (correct)
    ...    ${ROLLED_BACK}
    Working Tree Should Match Snapshot    ${REPO}    ${files}
    ${ops}    Operations Settled Without Repair
    Should Be Equal    ${ops}[-1][status]    rolled_back

Ctrl-C As A Command Of The Plan Ends Is An Interrupt, Not An Internal Error
    [Documentation]    The command ends within the moment the interrupt waits for it (and is
    ...    reaped there): stopping its process group then finds none.
    ${plan}    Write Plan From Template    ${WRITE_WAIT_EDIT}
    ...    WAIT=touch ${WORK}/started; while [ ! -f ${WORK}/go ]; do sleep 0.01; done
    ...    GOAL_WAIT=true
    Start Agents    run    plan    run    --script    ${plan}
    Wait Until Created    ${WORK}/started    timeout=30s
    Send Signal To Process    SIGINT    handle=run
    Create File    ${WORK}/go
    ${result}    Wait For Stopped Agents    run
    Exit Code Should Be    ${result}    130
    Stderr Should Be One Line    ${result}
    ${ops}    Operations Settled Without Repair
    Should Be Equal    ${ops}[-1][status]    interrupted


A Restore Killed While Git Reads Its Entries Leaves No Entry Cut Short
    [Documentation]    An undo rewrites 1,500 files with long names. The private index is of
    ...    format 4 (`index.version`), which only git writes: its new entries (over 200 KB)
    ...    fill git's input pipe while git is held. Killed then, the command leaves git some
    ...    of them: whole ones only. One cut short would give git an entry for a shortened
    ...    path, which no later command removes while such a file exists.
    Git    config    index.version    4
    Write Many Files    ${REPO}/gen    1500    160
    Commit All    1,500 files
    ${result}    Run Plan    ${PLANS}/interrupts/rewrite_generated.yaml
    Exit Code Should Be    ${result}    0
    ${files}    Snapshot Working Tree    ${REPO}
    Create File    ${WORK}/rewritten.txt    rewritten\n
    Create File    ${WORK}/hold    --index-info
    Start Agents    undo    plan    undo
    Wait Until Created    ${WORK}/hold.reached    timeout=60s
    ${index}    Get Modified Time    ${REPO}/.git/cleveragents/worktree.index    epoch
    Sleep    1s    the undo fills git's input pipe, and waits
    Send Signal To Process    SIGKILL    handle=undo
    ${killed}    Wait For Stopped Agents    undo
    Should Be Equal As Integers    ${killed.rc}    -9
    # git, held 3 s, then takes what reached it and writes the index
    Wait Until Keyword Succeeds    30s    0.2s    Private Index Written Since    ${index}
    ${listed}    Private Index Entries    ${REPO}
    ${stray}    Evaluate
    ...    [p for p in $listed if p != "README.md" and not re.fullmatch(r"gen/[0-9]{5}-n+[.]txt", p)]
    ...    modules=re
    Should Be Empty    ${stray}    entries for paths cut short
    Length Should Be    ${listed}    1501
    # the kill came while git was given the entries: some of them reached it, not all
    ${rewritten}    Git    hash-object    ${WORK}/rewritten.txt
    ${kept}    Evaluate    list($listed.values()).count($rewritten.strip())
    Should Be True    0 < ${kept} < 1500    ${kept} of 1,500 files still as rewritten in the index
    ${result}    Run Agents    plan    ops    --json
    Exit Code Should Be    ${result}    0
    Working Tree Should Match Snapshot    ${REPO}    ${files}


*** Keywords ***
A Stopped Correction Is Rolled Back At Once
    [Documentation]    Stop a correction while its slow option runs; without any other command
    ...    the files are back, the operation rolled back; plain undo then says it passed
    ...    it and undoes the run before it, keeping the file the user made since.
    [Arguments]    ${signal}
    ${before}    Run The Five Steps
    ${target}    Step Decision    ${before}    3
    Write Repository File    mine.txt    my own edit\n
    ${files}    Snapshot Working Tree    ${REPO}
    Start A Slow Correction Of    ${target}[id]
    Send Signal To Process    ${signal}    handle=correct
    ${stopped}    Wait For Stopped Agents    correct
    Exit Code Should Be    ${stopped}    130
    Working Tree Should Match Snapshot    ${REPO}    ${files}
    ${ops}    Operations Settled Without Repair
    Should Be Equal    ${ops}[-1][kind]    correct
    Should Be Equal    ${ops}[-1][status]    rolled_back
    Stderr Should Be One Line    ${stopped}
    Stderr Should Contain    ${stopped}    interrupted (${signal}): operation 2 (correct) was rolled back
    ...    ${ROLLED_BACK} (`agents plan correct --mode=revert --decision ${target}[id]
    ...    ` runs it again)
    ${after}    Plan Tree Document
    ${again}    Decision By Id    ${after}    ${target}[id]
    Should Be Equal    ${again}[status]    active
    ${result}    Run Agents    plan    undo    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    undid operation 1 (run
    Stderr Should Contain    ${result}
    ...    note: operation 2 (correct) is newer, but was rolled back: nothing of it was left to undo
    # the undo takes back what the run did: the user's file, made after it, stays
    Working Tree Should Hold    README.md=\# demo\n    mine.txt=my own edit\n

A Stopped Run Is Kept, Resumable And Undoable
    [Documentation]    Stop a run in its second step: what it did stays, `undo` puts the files
    ...    back as before it, `undo` again brings the run back, and `resume` finishes it.
    [Arguments]    ${signal}
    Write Repository File    mine.txt    my own edit\n
    ${files}    Snapshot Working Tree    ${REPO}
    ${plan}    Write Plan From Template    ${WRITE_WAIT_EDIT}
    ...    WAIT=${WAIT_ONCE}    GOAL_WAIT=true
    Start Agents    run    plan    run    --script    ${plan}
    Wait Until Created    ${WORK}/waiting-0    timeout=30s
    Send Signal To Process    ${signal}    handle=run
    ${stopped}    Wait For Stopped Agents    run
    Exit Code Should Be    ${stopped}    130
    Working Tree Should Hold    README.md=\# demo\n    mine.txt=my own edit\n    first.txt=1\n
    ${ops}    Operations Settled Without Repair
    Should Be Equal    ${ops}[-1][kind]    run
    Should Be Equal    ${ops}[-1][status]    interrupted
    ${plan_id}    Plan Id
    Stderr Should Be One Line    ${stopped}
    Stderr Should Contain    ${stopped}    interrupted (${signal}): plan ${plan_id} stopped
    ...    `agents plan resume ${plan_id}`    `agents plan undo 1`
    Plan Status Should Be    interrupted
    ${result}    Run Agents    plan    undo    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    undid operation 1 (run
    Working Tree Should Match Snapshot    ${REPO}    ${files}
    ${result}    Run Agents    plan    undo    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    Working Tree Should Hold    README.md=\# demo\n    mine.txt=my own edit\n    first.txt=1\n
    ${result}    Run Agents    plan    resume
    Exit Code Should Be    ${result}    0
    Plan Status Should Be    completed
    Working Tree Should Hold    README.md=\# edited\n    mine.txt=my own edit\n    first.txt=1\n

Create Repository With A Held Git
    Create Temporary Repository
    Create Directory    ${WORK}/bin
    Copy File    ${CURDIR}/resources/held_git    ${WORK}/bin/git
    ${git}    Evaluate    shutil.which("git")    modules=shutil
    VAR    ${REAL_GIT}    ${git}    scope=TEST
    # The first time it runs, the command marks that it waits, then sleeps.
    VAR    ${WAIT_ONCE}    if [ ! -f ${WORK}/waited ]; then touch ${WORK}/waited ${WORK}/waiting-0; sleep 30; fi
    ...    scope=TEST
    # The first two times it runs, the command marks that it waits (waiting-0, waiting-1).
    VAR    ${WAIT_TWICE}    n=$(cat ${WORK}/runs 2>/dev/null || echo 0); echo $((n + 1)) > ${WORK}/runs; if [ $n -lt 2 ]; then touch ${WORK}/waiting-$n; sleep 30; fi
    ...    scope=TEST

Start Agents
    [Documentation]    Start `agents ARGS` in the repository as process `alias`, with no
    ...    terminal, git found first in `${WORK}/bin`.
    [Arguments]    ${alias}    @{args}
    Start Process    agents    @{args}    cwd=${REPO}    alias=${alias}    stdin=${EMPTY}
    ...    stdout=${WORK}/${alias}.stdout    stderr=${WORK}/${alias}.stderr
    ...    env:GIT_CEILING_DIRECTORIES=${WORK}    env:PATH=${WORK}/bin:%{PATH}
    ...    env:REAL_GIT=${REAL_GIT}    env:HOLD_GIT=${WORK}/hold
    ...    env:FAIL_GIT=${WORK}/fail    env:PYTHONFAULTHANDLER=1

Wait For Stopped Agents
    [Documentation]    Wait for process `alias` to end. One still running after `timeout` is
    ...    hung: SIGABRT makes Python's fault handler print where (in the failure), then it goes.
    [Arguments]    ${alias}    ${timeout}=60s
    ${result}    Wait For Process    ${alias}    timeout=${timeout}    on_timeout=continue
    IF    $result is None
        Send Signal To Process    SIGABRT    handle=${alias}
        ${result}    Wait For Process    ${alias}    timeout=10s    on_timeout=kill
        ${stack}    Get File    ${WORK}/${alias}.stderr
        Fail    agents (${alias}) still ran ${timeout} after the signal; where:\n${stack}
    END
    RETURN    ${result}

Run Piped Into Head
    [Documentation]    `agents ARGS | head -n 1`; the result's rc is agents' exit code.
    [Arguments]    @{args}
    ${result}    Run Process    bash    -c    "$0" "$@" | head -n 1 >/dev/null; exit \${PIPESTATUS[0]}
    ...    agents    @{args}    cwd=${REPO}    stdin=${EMPTY}    timeout=60s    on_timeout=kill
    ...    stderr=${WORK}/piped.stderr    env:GIT_CEILING_DIRECTORIES=${WORK}
    Log    agents ${args} | head -n 1 -> exit ${result.rc}\nstderr:\n${result.stderr}
    RETURN    ${result}

Private Index Written Since
    [Arguments]    ${then}
    ${now}    Get Modified Time    ${REPO}/.git/cleveragents/worktree.index    epoch
    Should Be True    ${now} > ${then}
    File Should Not Exist    ${REPO}/.git/cleveragents/worktree.index.lock

Start A Slow Correction Of
    [Documentation]    Start `agents plan correct` back to `${decision}` with guidance naming
    ...    the `slow` option (it writes slow-started.txt, then sleeps 20 s), as process
    ...    `correct`; returns once it sleeps.
    [Arguments]    ${decision}
    Start Agents    correct    plan    correct    --mode\=revert    --decision    ${decision}
    ...    --guidance    ${SLOW}
    Wait Until Created    ${REPO}/slow-started.txt    timeout=30s
    Process Should Be Running    correct

Run The Five Steps
    [Arguments]    ${file}=${FIVE_STEPS}
    ${result}    Run Plan    ${file}    --json
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    RETURN    ${document}

Operations Settled Without Repair
    [Documentation]    `agents plan ops --json`'s operations; the command that stopped settled
    ...    its own: nothing was left for this one to repair.
    ${result}    Run Agents    plan    ops    --json
    Exit Code Should Be    ${result}    0
    Should Not Contain    ${result.stderr}    note:    a later command had to repair
    ${ops}    Parse JSON Document    ${result.stdout}
    RETURN    ${ops}[operations]

Live Decision Ids
    ${document}    Plan Tree Document
    ${decisions}    Decisions Of    ${document}
    ${ids}    Evaluate    [d["id"] for d in $decisions if d["status"] == "active"]
    RETURN    ${ids}

Plan Id
    ${result}    Run Agents    plan    show    --json
    Exit Code Should Be    ${result}    0
    ${plan}    Parse JSON Document    ${result.stdout}
    RETURN    ${plan}[id]

Step Decisions
    [Documentation]    (ok, status) of each decision of step `number`, oldest first.
    [Arguments]    ${number}
    ${document}    Plan Tree Document
    ${decisions}    Decisions Of    ${document}
    ${steps}    Evaluate
    ...    [(d["ok"], d["status"]) for d in $decisions if d["kind"] == "step" and d["step"] == ${number}]
    RETURN    ${steps}

Plan Status Should Be
    [Arguments]    ${status}
    ${result}    Run Agents    plan    show    --json
    Exit Code Should Be    ${result}    0
    ${plan}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${plan}[status]    ${status}

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

Kill Started Processes And Remove Temporary Repository
    Terminate All Processes    kill=True
    Remove Temporary Repository
