*** Settings ***
Documentation       As a developer letting Claude run the commands I allow, as root in CI too,
...                 I want a command chained to an allowed one refused, naming the part, and an
...                 allowed one run in a sandbox that hides my key, my secrets and my sockets,
...                 keeps .git and the host read-only, and bounds memory, processes and files,
...                 so that `--allow-command` allows what it says and nothing more.
...
...                 The real `agents` command runs Claude's plan through the anthropic SDK
...                 against a local stand-in of the Messages API.

Resource            resources/agents.resource
Library             resources/ClaudeLibrary.py
Library             resources/SandboxLibrary.py

Test Setup          Create Repository With Stand In Claude
Test Teardown       Stop Stand In Claude And Remove Repository


*** Variables ***
@{VARIABLES SET}    ANTHROPIC_API_KEY    ANTHROPIC_BASE_URL    CLEVERAGENTS_MODEL_RETRIES
...                 AWS_SECRET_ACCESS_KEY    SSH_AUTH_SOCK    ANTHROPIC_AUTH_TOKEN    LC_SECRET    LC_TIME
...                 KEEP_ME    AGAIN_ME
...                 CLEVERAGENTS_SANDBOX_MEMORY_MB    CLEVERAGENTS_SANDBOX_PROCESSES
...                 CLEVERAGENTS_SANDBOX_FILE_MB    CLEVERAGENTS_SANDBOX_TMP_MB


*** Test Cases ***
A Command Chained To An Allowed One Is Refused And Named
    Claude Will Propose The Plan    run the tests
    Claude Will Run    python3 -m unittest -q; touch X
    Claude Will Give Up
    ${result}    Run Claude Plan    run the tests    --allow-command    python3 -m unittest*
    Exit Code Should Be    ${result}    1
    File Should Not Exist    ${REPO}/X
    ${document}    Plan Tree Document
    ${action}    Decision By Id    ${document}    3
    Should Be Equal    ${action}[outcome]
    ...    refused: `touch X` (in `python3 -m unittest -q; touch X`) matches no --allow-command pattern

An Allowed Command Runs In The Sandbox, Without The Key And Without Writing .git
    Claude Will Propose The Plan    look around
    Claude Will Run
    ...    tr '\\0' ' ' < /proc/$PPID/cmdline > parent.txt; cat /proc/$PPID/environ > parent.env; touch .git/evil 2> git.txt; cat git.txt
    ${result}    Run Claude Plan    look around
    ...    --allow-command    tr *    --allow-command    cat *    --allow-command    touch *
    Exit Code Should Be    ${result}    0
    ${parent}    Get File    ${REPO}/parent.txt
    Should Start With    ${parent}    ${BWRAP}    the command's parent is not bwrap: ${parent}
    ${environ}    Get Binary File    ${REPO}/parent.env
    ${key}    Test Key
    Should Not Contain    ${environ}    ${key.encode()}
    Should Contain    ${environ}    ${{ b"PATH=" }}
    File Should Not Exist    ${REPO}/.git/evil
    ${refused}    Get File    ${REPO}/git.txt
    Should Contain    ${refused}    Read-only file system

Git Works In The Sandbox Of A Linked Worktree
    [Documentation]    The sandbox shows the worktree's git directory and the common one.
    Git    worktree    add    --quiet    ${WORK}/linked
    Claude Will Propose The Plan    look around
    Claude Will Run    git log --format\=%s -1 > log.txt 2>&1
    ${result}    Run Agents    plan    run    look around    --allow-command    git log *
    ...    cwd=${WORK}/linked    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${said}    Get File    ${WORK}/linked/log.txt
    Should Be Equal    ${said}    initial commit\n

The Host's /proc/sys Stays Read-Only Even As Root
    [Documentation]    Only asks whether it could write: nothing is ever written to /proc/sys.
    Claude Will Propose The Plan    look around
    Claude Will Run
    ...    test -w /proc/sys/kernel/core_pattern && echo writable > proc.txt || echo read-only > proc.txt
    ${result}    Run Claude Plan    look around    --allow-command    *
    Exit Code Should Be    ${result}    0
    ${said}    Get File    ${REPO}/proc.txt
    Should Be Equal    ${said}    read-only\n

The Host's Secrets In /etc And /root Are Not There
    Claude Will Propose The Plan    look around
    Claude Will Run    cat /etc/shadow /etc/gshadow /root/.bash_history > secrets.txt 2>&1; grep -c :x: /etc/passwd > passwd.txt
    ${result}    Run Claude Plan    look around    --allow-command    *
    Exit Code Should Be    ${result}    0
    ${said}    Get File    ${REPO}/secrets.txt
    Should Not Contain    ${said}    root:
    Should Contain    ${said}    /etc/shadow: No such file or directory
    ${users}    Get File    ${REPO}/passwd.txt
    Should Be True    int($users) > 0    passwd is not there for programs that need it

Agents' Own Records In The Git Directory Are Hidden From A Command
    [Documentation]    A plan file's command ran on the host and printed a token; the store
    ...    keeps that output (and a browser plan's profile, its cookies). A later sandboxed
    ...    command sees agents' folder in .git empty, while git itself still works there.
    Create File    ${WORK}/host.yaml
    ...    task: deploy\nsteps: [{name: deploy, options: [{actions: [{run: echo HOST-DEPLOY-TOKEN-42}]}]}]\n
    ${result}    Run Agents    plan    run    --script    ${WORK}/host.yaml    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    Claude Will Propose The Plan    look around
    Claude Will Run
    ...    grep -rao 'HOST-DEPLOY-[A-Z]*-[0-9]*' .git > found.txt; ls -A .git/cleveragents > own.txt; git log --format\=%s -1 > log.txt 2>&1
    ${result}    Run Claude Plan    look around    --allow-command    *
    Exit Code Should Be    ${result}    0
    ${found}    Get File    ${REPO}/found.txt
    Should Be Empty    ${found}    a command read agents' records: ${found}
    ${own}    Get File    ${REPO}/own.txt
    Should Be Empty    ${own}
    ${said}    Get File    ${REPO}/log.txt
    Should Be Equal    ${said}    initial commit\n

Agents' Own Records Stay Hidden From A Command In A Linked Worktree
    [Documentation]    The main worktree's records (in the common git directory) and the
    ...    linked one's (in its own) are both hidden; git still works.
    Create File    ${WORK}/host.yaml
    ...    task: deploy\nsteps: [{name: deploy, options: [{actions: [{run: echo HOST-DEPLOY-TOKEN-42}]}]}]\n
    ${result}    Run Agents    plan    run    --script    ${WORK}/host.yaml    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    Git    worktree    add    --quiet    ${WORK}/linked
    Claude Will Propose The Plan    look around
    Claude Will Run
    ...    grep -rao 'HOST-DEPLOY-[A-Z]*-[0-9]*' ${REPO}/.git > found.txt; ls -A ${REPO}/.git/cleveragents ${REPO}/.git/worktrees/linked/cleveragents > own.txt; git log --format\=%s -1 > log.txt 2>&1
    ${result}    Run Agents    plan    run    look around    --allow-command    *
    ...    cwd=${WORK}/linked    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${found}    Get File    ${WORK}/linked/found.txt
    Should Be Empty    ${found}    a command read agents' records: ${found}
    ${own}    Get File    ${WORK}/linked/own.txt
    Should Not Contain    ${own}    state.db
    ${said}    Get File    ${WORK}/linked/log.txt
    Should Be Equal    ${said}    initial commit\n

No Unix Socket Of The Host Is Reachable
    [Documentation]    Not even one in the tree: a host service's in an ignored `run/`
    ...    (attack 11, finding 11; before: reached, as a socket needs no write to connect).
    [Setup]    Create Repository Outside Tmp With Stand In Claude
    ${name}    Evaluate    f"agents-robot-{os.getpid()}-{uuid.uuid4().hex[:8]}.sock"    modules=os,uuid
    Listen On Unix Socket    /run/${name}
    Listen On Unix Socket    ${WORK}/host.sock
    Create File    ${REPO}/.gitignore    run/\n
    Create Directory    ${REPO}/run
    Listen On Unix Socket    ${REPO}/run/service.sock
    Claude Will Propose The Plan    look around
    Claude Will Run
    ...    for s in /run/${name} ${WORK}/host.sock run/service.sock; do python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).connect(sys.argv[1])' $s 2> /dev/null && echo "reached $s" || echo "refused $s"; done > sockets.txt
    ${result}    Run Claude Plan    look around    --allow-command    *
    Exit Code Should Be    ${result}    0
    ${said}    Get File    ${REPO}/sockets.txt
    Should Be Equal    ${said}
    ...    refused /run/${name}\nrefused ${WORK}/host.sock\nrefused run/service.sock\n
    [Teardown]    Stop Listening And Remove Repository

The Host's Secret Variables Do Not Reach A Command
    Set Environment Variable    AWS_SECRET_ACCESS_KEY    aws-secret-canary
    Set Environment Variable    SSH_AUTH_SOCK    /run/ssh-agent-canary
    Set Environment Variable    ANTHROPIC_AUTH_TOKEN    auth-token-canary
    Set Environment Variable    LC_SECRET    lc-named-canary
    Set Environment Variable    LC_TIME    C
    Claude Will Propose The Plan    look around
    Claude Will Run    env > env.txt
    ${result}    Run Claude Plan    look around    --allow-command    env *
    Exit Code Should Be    ${result}    0
    ${env}    Get File    ${REPO}/env.txt
    Should Not Contain    ${env}    canary
    Should Contain    ${env}    LC_TIME=C\n
    Should Contain    ${env}    HOME=/tmp/home\n
    Should Contain    ${env}    PATH=

A Variable Named With --pass-env Reaches A Command, And The Plan Shows It
    Set Environment Variable    AWS_SECRET_ACCESS_KEY    aws-secret-canary
    Set Environment Variable    KEEP_ME    kept-value
    Claude Will Propose The Plan    look around
    Claude Will Run    env > env.txt
    ${result}    Run Claude Plan    look around    --allow-command    env *    --pass-env    KEEP_ME
    Exit Code Should Be    ${result}    0
    ${env}    Get File    ${REPO}/env.txt
    Should Contain    ${env}    KEEP_ME=kept-value\n
    Should Not Contain    ${env}    canary
    ${shown}    Run Agents    plan    show
    Should Match Regexp    ${shown.stdout}    pass env\\s+KEEP_ME

Resume Takes --pass-env Again, In Place Of What The Plan Kept
    Set Environment Variable    KEEP_ME    kept-value
    Set Environment Variable    AGAIN_ME    again-value
    Claude Will Propose The Plan    look around
    ${result}    Run Claude Plan    look around    --allow-command    env *
    ...    --pass-env    KEEP_ME    --budget-calls    1
    Exit Code Should Be    ${result}    4
    Claude Will Propose The Plan    look around
    Claude Will Run    env > env.txt
    ${result}    Run Agents    plan    resume    --budget-calls    5    --pass-env    AGAIN_ME
    ...    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${env}    Get File    ${REPO}/env.txt
    Should Contain    ${env}    AGAIN_ME=again-value\n
    Should Not Contain    ${env}    KEEP_ME
    ${shown}    Run Agents    plan    show
    Should Match Regexp    ${shown.stdout}    pass env\\s+AGAIN_ME\\s
    Should Not Contain    ${shown.stdout}    KEEP_ME

A Correction Takes --pass-env Again, In Place Of What The Plan Kept
    Set Environment Variable    KEEP_ME    kept-value
    Set Environment Variable    AGAIN_ME    again-value
    Claude Will Propose The Plan    look around
    Claude Will Run    env > env.txt
    ${result}    Run Claude Plan    look around    --allow-command    env *
    ...    --pass-env    KEEP_ME
    Exit Code Should Be    ${result}    0
    Claude Will Propose The Plan    look again
    Claude Will Run    env > env.txt
    ${result}    Run Agents    plan    correct    --mode\=append    --guidance    look again
    ...    --pass-env    AGAIN_ME    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${env}    Get File    ${REPO}/env.txt
    Should Contain    ${env}    AGAIN_ME=again-value\n
    Should Not Contain    ${env}    KEEP_ME

A Setuid Binary Or Setgid Folder A Command Makes Loses The Bit, And The Outcome Says So
    [Documentation]    As root the copy of a shell with bit 4755 would be a root shell for
    ...    any local user; a setgid folder too. The setgid folder and the setuid file the
    ...    tree held before (which the command does not touch) stay.
    Create Directory    ${REPO}/shared
    Evaluate    os.chmod(r"${REPO}/shared", 0o2775)    modules=os
    Create File    ${REPO}/tool    the user's own\n
    Evaluate    os.chmod(r"${REPO}/tool", 0o4755)    modules=os
    Claude Will Propose The Plan    build it
    Claude Will Run
    ...    cp /usr/bin/true rootsh && chmod 4755 rootsh && mkdir sg && chmod 2755 sg && touch notes && chmod 1644 notes
    ${result}    Run Claude Plan    build it    --allow-command    *
    Exit Code Should Be    ${result}    0
    ${bits}    Evaluate    [oct(os.lstat(r"${REPO}/" + p).st_mode & 0o7777) for p in ("rootsh", "sg", "shared", "notes", "tool")]
    ...    modules=os
    Should Be Equal    ${bits}    ${{ ["0o755", "0o755", "0o2775", "0o644", "0o4755"] }}
    ${document}    Plan Tree Document
    ${action}    Decision By Id    ${document}    3
    Should End With    ${action}[outcome]
    ...    exit 0; cleared setuid/setgid/sticky bits it set on notes, rootsh, sg

An Agents Run From A Venv In The Tree Cannot Have Its Site-Packages Written
    [Documentation]    A `.pth` there would run on the host in the next `agents` command.
    Append To File    ${REPO}/.gitignore    .venv/\n
    Commit All    ignore the environment
    ${site}    Make Agents Environment In    ${REPO}/.venv
    Claude Will Propose The Plan    look around
    Claude Will Run    (echo 'import os' > ${site}/evil.pth) 2> venv.txt; cat venv.txt
    Claude Will Give Up
    ${result}    Run Process    ${REPO}/.venv/bin/python    -P    -m    cleveragents    plan    run
    ...    look around    --allow-command    *    cwd=${REPO}    stdin=${EMPTY}
    ...    stdout=${WORK}/agents.stdout    stderr=${WORK}/agents.stderr    timeout=60s
    ...    on_timeout=kill    env:GIT_CEILING_DIRECTORIES=${WORK}
    Log    ${result.stdout}\n${result.stderr}
    File Should Not Exist    ${site}/evil.pth
    ${refused}    Get File    ${REPO}/venv.txt
    Should Contain    ${refused}    Read-only file system

Claude Code's Settings In The Tree Stay Read-Only
    [Documentation]    Their hooks are commands the user's next `claude` runs on the host.
    Create File    ${REPO}/.claude/settings.json    {}\n
    Commit All    share the settings
    Claude Will Propose The Plan    look around
    Claude Will Run
    ...    (echo '{"hooks": {}}' > .claude/settings.local.json) 2> claude.txt; (echo x >> .claude/settings.json) 2>> claude.txt; cat claude.txt
    ${result}    Run Claude Plan    look around    --allow-command    *
    Exit Code Should Be    ${result}    0
    File Should Not Exist    ${REPO}/.claude/settings.local.json
    ${settings}    Get File    ${REPO}/.claude/settings.json
    Should Be Equal    ${settings}    {}\n
    ${refused}    Get File    ${REPO}/claude.txt
    Should Contain X Times    ${refused}    Read-only file system    2

A Missing .claude Cannot Be Made While A Command Runs
    [Documentation]    No `.claude` yet: Claude Code, if the user runs it in the tree meanwhile,
    ...    applies a new `settings.json`'s `env` to itself at once (attack 20 #17). It stands as
    ...    an empty read-only folder for the command's time, and is gone after.
    Claude Will Propose The Plan    look around
    Claude Will Run
    ...    (mkdir -p .claude; echo '{"env": {}}' > .claude/settings.json) 2> claude.txt; cat claude.txt
    ${result}    Run Claude Plan    look around    --allow-command    *
    Exit Code Should Be    ${result}    0
    Path Should Not Exist    ${REPO}/.claude
    ${refused}    Get File    ${REPO}/claude.txt
    Should Contain    ${refused}    .claude/settings.json: Read-only file system

A Memory Hog Is Stopped, Its Outcome Naming The Limit
    [Documentation]    The hog asks for 2 GB it never touches: without a limit it costs nothing.
    Set Environment Variable    CLEVERAGENTS_SANDBOX_MEMORY_MB    256
    The Command Is Stopped By    python3 -c "x = [bytearray(50 << 20) for i in range(40)]"
    ...    the memory limit (256 MiB)

A Fork Bomb Is Bounded, Its Outcome Naming The Limit
    [Documentation]    Sixty sleeping children without a limit: nothing this machine minds.
    Set Environment Variable    CLEVERAGENTS_SANDBOX_PROCESSES    16
    The Command Is Stopped By
    ...    python3 -c "import os, time; [os.fork() or (time.sleep(2), os._exit(0)) for i in range(60)]"
    ...    the process limit (16)

A Huge File Write Is Stopped, Its Outcome Naming The Limit
    Set Environment Variable    CLEVERAGENTS_SANDBOX_FILE_MB    8
    The Command Is Stopped By    head -c 20000000 /dev/zero > big.bin    the file size limit (8 MiB)

Filling /tmp Is Stopped, Its Outcome Naming The Limit
    Set Environment Variable    CLEVERAGENTS_SANDBOX_TMP_MB    16
    The Command Is Stopped By    head -c 40000000 /dev/zero > /tmp/big    the /tmp size limit (16 MiB)

Endless Output Keeps The Memory Of Agents Bounded
    [Documentation]    400 MB of output: held whole, agents' peak would pass 400 MB.
    Claude Will Propose The Plan    look around
    Claude Will Run    head -c 400000000 /dev/zero
    ${code}    ${peak}    Run Agents Measuring Memory    ${REPO}    ${WORK}
    ...    plan    run    look around    --allow-command    head *
    Should Be Equal As Integers    ${code}    0
    Should Be True    ${peak} < 150 * 1024    agents' peak memory was ${peak} KiB

Reading A FIFO Is Refused Without Waiting
    Create Ignored Files List
    Make Fifo    ${REPO}/pipe
    Claude Will Propose The Plan    look around
    Claude Will Read    pipe
    Claude Will Run    true
    ${result}    Run Agents    plan    run    look around    --allow-command    true
    ...    stdin=${EMPTY}    timeout=30s
    Exit Code Should Be    ${result}    0
    ${told}    Tool Results Claude Got
    Should Be Equal    ${told}[0]    cannot read pipe: it is a FIFO (named pipe), not a regular file

Reading A 10 GB Sparse File Gives Its Head, Saying It Was Cut
    Create Ignored Files List
    Make Sparse File    ${REPO}/sparse.bin    ${10 * 1024 ** 3}
    Claude Will Propose The Plan    look around
    Claude Will Read    sparse.bin
    Claude Will Run    true
    ${code}    ${peak}    Run Agents Measuring Memory    ${REPO}    ${WORK}
    ...    plan    run    look around    --allow-command    true
    Should Be Equal As Integers    ${code}    0
    Should Be True    ${peak} < 150 * 1024    agents' peak memory was ${peak} KiB
    ${told}    Tool Results Claude Got
    Should End With    ${told}[0]
    ...    [agents: cut after 20000 characters; the file has 10737418240 bytes]


*** Keywords ***
Create Repository With Stand In Claude
    Create Temporary Repository
    Start Stand In Claude With Its Environment

Create Repository Outside Tmp With Stand In Claude
    ${work}    Make Work Directory Outside Tmp
    VAR    ${WORK}    ${work}    scope=TEST
    VAR    ${REPO}    ${work}/repo    scope=TEST
    Create Directory    ${REPO}
    Git    init    --quiet    --initial-branch\=main
    Create Ignored Files List
    Start Stand In Claude With Its Environment

Start Stand In Claude With Its Environment
    ${env}    Start Stand In Claude
    FOR    ${name}    ${value}    IN    &{env}
        Set Environment Variable    ${name}    ${value}
    END
    ${bwrap}    Evaluate    shutil.which("bwrap") or "bwrap"    modules=shutil
    VAR    ${BWRAP}    ${bwrap}    scope=TEST

Stop Stand In Claude And Remove Repository
    Stop Stand In Claude
    FOR    ${name}    IN    @{VARIABLES SET}
        Remove Environment Variable    ${name}
    END
    Remove Temporary Repository

Stop Listening And Remove Repository
    Stop Listening
    Stop Stand In Claude And Remove Repository

Create Ignored Files List
    [Documentation]    What the reading tests make is ignored: no checkpoint takes it.
    Create File    ${REPO}/.gitignore    pipe\nsparse.bin\n
    Commit All    ignore what the tests make to be read

The Command Is Stopped By
    [Documentation]    Claude runs `${command}`; its outcome names `${limit}` as what stopped it.
    [Arguments]    ${command}    ${limit}
    Claude Will Propose The Plan    run it
    Claude Will Run    ${command}
    Claude Will Give Up
    ${result}    Run Claude Plan    run it    --allow-command    *
    Exit Code Should Be    ${result}    1
    ${document}    Plan Tree Document
    ${action}    Decision By Id    ${document}    3
    Should Contain    ${action}[outcome]    ; stopped: ${limit}

Run Claude Plan
    [Documentation]    `agents plan run TASK [more]` with Claude: the stand-in answers.
    [Arguments]    ${task}    @{more}
    ${result}    Run Agents    plan    run    ${task}    @{more}    stdin=${EMPTY}
    RETURN    ${result}
