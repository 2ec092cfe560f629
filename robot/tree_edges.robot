*** Settings ***
Documentation       As a developer whose plan's commands leave odd things in my working tree
...                 (a link where a folder was, a FIFO, a `.GIT` folder, a path longer than
...                 the system's limit), I want every run, correction and undo to finish
...                 without reading or writing through a link, without waiting on a FIFO,
...                 and without losing a file silently, so that what the agent leaves behind
...                 never costs me a host file or my own work (issue 25, attack findings 6, 9,
...                 10, 11, 12).
...
...                 Each test runs the real `agents` command on a real temporary git repository
...                 with a scripted plan from `plans/tree_edges/`.

Resource            resources/agents.resource

Test Setup          Create Temporary Repository
Test Teardown       Remove Temporary Repository
Test Tags           issue-25


*** Variables ***
${HERE}             ${PLANS}/tree_edges


*** Test Cases ***
A Correction Never Saves A Host File Through A Link A Command Made
    [Documentation]    Step 2's command replaces the ignored build/ by a link to a folder
    ...    outside the tree. A correction back to step 2 (before the link) saves the link,
    ...    not the host file it leads to: no object of the repository holds the host's
    ...    bytes, the host file keeps them, and undo and the correction's redo bring back
    ...    the link and the agent's own file, never the host's.
    Write Repository File    .gitignore    build/\n
    Commit All    ignore build
    Write File Bytes    ${WORK}/host/shadow    root:HOST-SECRET\n    0600
    ${plan}    Write Plan From Template    ${HERE}/link_parent.yaml    WORK=${WORK}
    ${result}    Run Plan    ${plan}    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    ${link_step}    Step Decision    ${document}    2
    ${result}    Run Agents    plan    correct    --mode\=revert    --decision    ${link_step}[id]
    ...    --guidance    g    --yes    --no-execute    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    File Should Hold Bytes    ${REPO}/build/shadow    the agent's build\n
    Host Bytes Should Not Be In The Repository    ${WORK}/host/shadow
    ${result}    Run Agents    plan    undo    --yes    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${link}    Evaluate    os.readlink(r"${REPO}/build")    modules=os
    Should Be Equal    ${link}    ${WORK}/host
    File Should Hold Bytes    ${WORK}/host/shadow    root:HOST-SECRET\n    0600
    Host Bytes Should Not Be In The Repository    ${WORK}/host/shadow

A Write Onto A FIFO A Command Made Is Refused At Once
    [Documentation]    `write: p` where `mkfifo p` made a FIFO: the action fails at once,
    ...    naming it; the step's second option runs, and nothing waits on the FIFO.
    ${result}    Run Plan    ${HERE}/write_fifo.yaml    --json    stdin=${EMPTY}    timeout=60s
    Exit Code Should Be    ${result}    0
    ${document}    Parse JSON Document    ${result.stdout}
    ${write}    Decision By Id    ${document}    4
    Should Be Equal    ${write}[outcome]    refused: p is a FIFO (named pipe), not a regular file
    File Should Hold Bytes    ${REPO}/result.txt    second option\n

Undo Of A Command That Made A Nested Repository Holding A FIFO Does Not Wait On It
    [Documentation]    Undo moves the nested repository whole into its safety record: its
    ...    files are saved, the FIFO (no bytes to keep) is never opened. (Before: `git
    ...    hash-object` opened it and waited for ever.)
    ${result}    Run Plan    ${HERE}/nested_fifo.yaml    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${result}    Run Agents    plan    undo    --yes    stdin=${EMPTY}    timeout=60s
    Exit Code Should Be    ${result}    0
    Path Should Not Exist    ${REPO}/n

A Correction Over An Ignored FIFO A Command Made Does Not Wait On It
    [Documentation]    The command swapped the ignored app.log for a FIFO: the correction
    ...    saves what stands there before putting the log back, without opening the FIFO.
    Write Repository File    .gitignore    *.log\n
    Commit All    ignore logs
    Write Repository File    app.log    started\n
    Sleep    2.1s    # older than a clock tick: the look before the command reads it
    ${result}    Run Plan    ${HERE}/ignored_fifo.yaml    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    ${swap}    Step Decision    ${document}    1
    ${result}    Run Agents    plan    correct    --mode\=revert    --decision    ${swap}[id]
    ...    --guidance    g    --yes    --no-execute    stdin=${EMPTY}    timeout=60s
    Exit Code Should Be    ${result}    0
    File Should Hold Bytes    ${REPO}/app.log    started\n

Undo Removes The FIFOs And Sockets A Command Made, And Keeps The User's
    [Documentation]    No checkpoint holds a FIFO or a socket (git skips them): the walk
    ...    around the command finds those it made, and undo removes them as it removes the
    ...    files it made, in an ignored folder too, without opening one (it would wait for
    ...    a writer); the user's FIFO from before stays. (Before: they stayed after undo.)
    Write Repository File    .gitignore    build/\n
    Commit All    ignore build
    Evaluate    os.mkfifo(r"${REPO}/mine.fifo")    modules=os
    ${result}    Run Plan    ${HERE}/fifo_socket.yaml    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${kind}    Evaluate    stat.S_ISSOCK(os.lstat(r"${REPO}/made.sock").st_mode)    modules=os,stat
    Should Be True    ${kind}
    ${result}    Run Agents    plan    undo    --yes    stdin=${EMPTY}    timeout=60s
    Exit Code Should Be    ${result}    0
    FOR    ${made}    IN    made.fifo    made.sock    d/q    build/q    made.txt
        Path Should Not Exist    ${REPO}/${made}
    END
    ${kind}    Evaluate    stat.S_ISFIFO(os.lstat(r"${REPO}/mine.fifo").st_mode)    modules=os,stat
    Should Be True    ${kind}

A File A Command Replaced By A FIFO Or A Socket Is Named, And Comes Back
    [Documentation]    `rm f g && mkfifo f` and a socket bound at `g`, both committed
    ...    files: the checkpoint after the command cannot hold either, so it leaves them out
    ...    and the outcome names them; the run goes on (before: `git add` failed and the run
    ...    was left interrupted, exit 3). A correction and undo put the files back, never
    ...    opening the FIFO.
    Write Repository File    f    f\n
    Write Repository File    g    g\n
    Commit All    two files
    ${result}    Run Plan    ${HERE}/fifo_over_file.yaml    --json    stdin=${EMPTY}
    ...    timeout=60s
    Exit Code Should Be    ${result}    0
    ${document}    Parse JSON Document    ${result.stdout}
    ${swap}    Decision By Id    ${document}    3
    Should Be Equal    ${swap}[outcome]    exit 0; not saved: f (a FIFO), g (a Unix socket)
    ${result}    Run Agents    plan    correct    --mode\=revert    --decision    3
    ...    --guidance    g    --yes    --no-execute    stdin=${EMPTY}    timeout=60s
    Exit Code Should Be    ${result}    0
    File Should Hold Bytes    ${REPO}/f    f\n
    File Should Hold Bytes    ${REPO}/g    g\n
    Path Should Not Exist    ${REPO}/other.txt
    ${result}    Run Agents    plan    undo    --yes    stdin=${EMPTY}    timeout=60s
    Exit Code Should Be    ${result}    0
    File Should Hold Bytes    ${REPO}/other.txt    other\n
    ${result}    Run Agents    plan    undo    --yes    stdin=${EMPTY}    timeout=60s
    Exit Code Should Be    ${result}    0
    File Should Hold Bytes    ${REPO}/f    f\n
    File Should Hold Bytes    ${REPO}/g    g\n

Paths Git Refuses Are Left Out, Named Once, And Never Wedge The Run Or Undo
    [Documentation]    `d/.GIT/x` and `e/git~1/y` cannot be in a git tree. The run goes on
    ...    (it stopped with exit 3 before), the command's outcome names them, the next
    ...    command's does not again, and undo brings back the rest and leaves them as they are.
    ${result}    Run Plan    ${HERE}/dot_git_paths.yaml    --json    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${document}    Parse JSON Document    ${result.stdout}
    ${made}    Decision By Id    ${document}    3
    Should Be Equal    ${made}[outcome]
    ...    exit 0; left out of checkpoints (names git refuses): d/.GIT, e/git~1
    ${again}    Decision By Id    ${document}    5
    Should Be Equal    ${again}[outcome]    exit 0
    ${result}    Run Agents    plan    undo    --yes    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    Path Should Not Exist    ${REPO}/made.txt
    File Should Hold Bytes    ${REPO}/d/.GIT/x    x\n
    File Should Hold Bytes    ${REPO}/e/git~1/y    y\n

A Write Through A Name Git Refuses Is Refused
    [Documentation]    `git~1` is `.git`'s NTFS short name: no checkpoint could hold the file.
    ${result}    Run Plan    ${HERE}/write_git_short_name.yaml    stdin=${EMPTY}
    Exit Code Should Be    ${result}    2
    Stderr Should Contain    ${result}    has a name git takes for .git

Files At Paths Too Long For Git Are Named Before And After A Command
    [Documentation]    21 folders of 200 bytes: git cannot open the file at the bottom, so
    ...    no checkpoint holds it. Before the command runs, stderr names it as beyond undo,
    ...    and the command's outcome says it is in no checkpoint.
    Make Deep File    ${REPO}    21    200
    ${result}    Run Plan    ${HERE}/remove_long.yaml    --json    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    Should Contain    ${result.stderr}    in no checkpoint (paths over 4095 bytes, which git cannot open): 00
    Should Contain    ${result.stderr}    undo cannot bring back what it changes
    ${document}    Parse JSON Document    ${result.stdout}
    ${removed}    Decision By Id    ${document}    3
    Should Start With    ${removed}[outcome]
    ...    exit 0; in no checkpoint (paths over 4095 bytes, which git cannot open): 00


*** Keywords ***
Make Deep File
    [Documentation]    `count` nested folders of names `length` bytes long under `root`,
    ...    with a file at the bottom (made relative to each folder: the path is too long
    ...    for one system call).
    [Arguments]    ${root}    ${count}    ${length}
    ${script}    Catenate    SEPARATOR=\n
    ...    import os, sys
    ...    fd = os.open(sys.argv[1], os.O_RDONLY)
    ...    for i in range(int(sys.argv[2])):
    ...    ${SPACE * 4}name = str(i).zfill(2) + "x" * (int(sys.argv[3]) - 2)
    ...    ${SPACE * 4}os.mkdir(name, dir_fd=fd)
    ...    ${SPACE * 4}fd = os.open(name, os.O_RDONLY, dir_fd=fd)
    ...    out = os.open("deep.txt", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
    ...    os.write(out, b"deep\\n")
    ${result}    Run Process    python3    -c    ${script}    ${root}    ${count}    ${length}
    Should Be Equal As Integers    ${result.rc}    0    ${result.stderr}

Host Bytes Should Not Be In The Repository
    [Arguments]    ${path}
    ${blob}    Git    hash-object    --no-filters    ${path}
    ${result}    Run Process    git    cat-file    -e    ${blob}    cwd=${REPO}
    Should Not Be Equal As Integers    ${result.rc}    0
    ...    the host file ${path} is an object of the repository (${blob})
