*** Settings ***
Documentation       As a developer whose ignored files (.env, build output) and nested clones
...                 hold work no commit has,
...                 I want Claude Code's Write and Edit of them saved before they run, as our
...                 own actor's file actions are,
...                 so that `agents plan undo` gives me back every byte it replaced.
...
...                 The real `agents` command runs the real Claude Code CLI headless against a
...                 local stand-in of the Messages API (streamed).

Resource            resources/agents.resource
Library             resources/ClaudeCodeLibrary.py

Test Setup          Create Repository With Stand In Claude Code
Test Teardown       Stop Stand In Claude Code And Remove Repository


*** Test Cases ***
Claude Code's Writes Of Ignored And Nested Files Are Undone Byte For Byte
    Create File    ${REPO}/.gitignore    .env\nbuild/\n
    Git    add    .gitignore
    Git    commit    --quiet    -m    ignore
    Create File    ${REPO}/.env    SECRET=1\n
    Run Process    chmod    600    ${REPO}/.env
    Create File    ${REPO}/build/creds    BUILD-SECRET\n
    Create Directory    ${REPO}/vendor/lib
    Git    init    --quiet    --initial-branch\=main    cwd=${REPO}/vendor/lib
    Create File    ${REPO}/vendor/lib/lib.c    UNCOMMITTED LIB WORK\n
    Claude Code Will Call    Write    {"file_path": "${REPO}/.env", "content": "MODEL=overwrote\\n"}
    Claude Code Will Call    Edit
    ...    {"file_path": "${REPO}/build/creds", "old_string": "BUILD-SECRET", "new_string": "MODEL-EDIT"}
    Claude Code Will Call    Write    {"file_path": "${REPO}/vendor/lib/lib.c", "content": "model\\n"}
    Claude Code Will Call    Write    {"file_path": "${REPO}/build/new.txt", "content": "new\\n"}
    Claude Code Will Say    Done.
    ${result}    Run Agents With Claude Code    plan    run    tidy    --actor    claude-code
    Exit Code Should Be    ${result}    0
    Should Be Equal    ${{ open("${REPO}/.env").read() }}    MODEL=overwrote\n
    Should Be Equal    ${{ open("${REPO}/build/creds").read() }}    MODEL-EDIT\n
    Should Be Equal    ${{ open("${REPO}/vendor/lib/lib.c").read() }}    model\n
    ${undone}    Run Agents With Claude Code    plan    undo
    Exit Code Should Be    ${undone}    0
    Should Be Equal    ${{ open("${REPO}/.env").read() }}    SECRET=1\n
    Should Be Equal    ${{ oct(os.stat("${REPO}/.env").st_mode & 0o777) }}    0o600
    Should Be Equal    ${{ open("${REPO}/build/creds").read() }}    BUILD-SECRET\n
    Should Be Equal    ${{ open("${REPO}/vendor/lib/lib.c").read() }}    UNCOMMITTED LIB WORK\n
    File Should Not Exist    ${REPO}/build/new.txt
    # Undoing the undo gives the model's bytes again; a correction to the first call then
    # puts the user's back, as the saved files go with the decisions.
    ${redo}    Run Agents With Claude Code    plan    undo
    Exit Code Should Be    ${redo}    0
    Should Be Equal    ${{ open("${REPO}/.env").read() }}    MODEL=overwrote\n
    Claude Code Will Say    Nothing more.
    ${fixed}    Run Agents With Claude Code    plan    correct    --mode\=revert    --decision    2
    ...    --guidance    leave my files alone    --yes
    Exit Code Should Be    ${fixed}    0
    Should Be Equal    ${{ open("${REPO}/.env").read() }}    SECRET=1\n
    Should Be Equal    ${{ open("${REPO}/build/creds").read() }}    BUILD-SECRET\n
    Should Be Equal    ${{ open("${REPO}/vendor/lib/lib.c").read() }}    UNCOMMITTED LIB WORK\n
Claude Code's Write Through A Folder Link Of The Tree Saves The Ignored File Behind It
    [Documentation]    `conf` is a tracked link to the ignored `build`: Claude Code writes
    ...    `conf/creds`, which is `build/creds` on disk. The save before the call is of the
    ...    file the write replaces, so undo gives its bytes back. (Before: nothing was saved,
    ...    as `conf/creds` is no ignored path, and undo said it restored it.)
    Create File    ${REPO}/.gitignore    build/\n
    Create File    ${REPO}/build/creds    BUILD-SECRET\n
    Run Process    ln    -s    build    ${REPO}/conf
    Git    add    .gitignore    conf
    Git    commit    --quiet    -m    conf
    Claude Code Will Call    Write    {"file_path": "${REPO}/conf/creds", "content": "MODEL\\n"}
    Claude Code Will Say    Done.
    ${result}    Run Agents With Claude Code    plan    run    tidy    --actor    claude-code
    Exit Code Should Be    ${result}    0
    Should Be Equal    ${{ open("${REPO}/build/creds").read() }}    MODEL\n
    ${undone}    Run Agents With Claude Code    plan    undo
    Exit Code Should Be    ${undone}    0
    Should Be Equal    ${{ open("${REPO}/build/creds").read() }}    BUILD-SECRET\n
Claude Code's Bash And Write Into Empty Folders Of Mine Are Undone, Folders Kept
    [Documentation]    `logs/` (700) and `uploads/2024/` (in a 1777 `uploads/`) stand
    ...    empty: no checkpoint holds them. Undo of the run removes the files Claude Code's
    ...    Bash and Write put there, and only those: the folders stand, with their modes.
    ...    (Before: the restore removed each folder with the file, and its mode.)
    Create Directory    ${REPO}/logs
    Run Process    chmod    700    ${REPO}/logs
    Create Directory    ${REPO}/uploads/2024
    Run Process    chmod    1777    ${REPO}/uploads
    Claude Code Will Call    Bash    {"command": "echo y > logs/app", "description": "log"}
    Claude Code Will Call    Write    {"file_path": "${REPO}/uploads/2024/f", "content": "x\\n"}
    Claude Code Will Say    Done.
    ${result}    Run Agents With Claude Code    plan    run    tidy    --actor    claude-code
    ...    --allow-command    echo *
    Exit Code Should Be    ${result}    0
    File Should Exist    ${REPO}/logs/app
    File Should Exist    ${REPO}/uploads/2024/f
    ${undone}    Run Agents With Claude Code    plan    undo
    Exit Code Should Be    ${undone}    0
    File Should Not Exist    ${REPO}/logs/app
    File Should Not Exist    ${REPO}/uploads/2024/f
    Should Be Equal    ${{ oct(os.stat("${REPO}/logs").st_mode & 0o7777) }}    0o700
    Should Be Equal    ${{ oct(os.stat("${REPO}/uploads").st_mode & 0o7777) }}    0o1777
    Directory Should Exist    ${REPO}/uploads/2024

*** Keywords ***
Create Repository With Stand In Claude Code
    Create Temporary Repository
    ${env}    Start Stand In For Claude Code    ${WORK}
    VAR    &{CLAUDE_ENV}    &{env}    scope=TEST

Stop Stand In Claude Code And Remove Repository
    Stop Stand In For Claude Code
    Remove Temporary Repository

Run Agents With Claude Code
    [Documentation]    The real `agents` command, Claude Code pointed at the stand-in.
    [Arguments]    @{args}
    # A fork of the suite's fork server, as claude_code.resource's keyword runs it: a new
    # Python imported the SDK for each run (1.1-1.5 s of CPU under coverage).
    IF    ${AGENTS_FORKED}
        ${result}    Run Agents Forked    @{args}    cwd=${REPO}    stdin=${EMPTY}
        ...    stdout=${WORK}/agents.stdout    stderr=${WORK}/agents.stderr
        ...    timeout=120s    GIT_CEILING_DIRECTORIES=${WORK}    &{CLAUDE_ENV}
    ELSE
        ${result}    Run Process    agents    @{args}
        ...    cwd=${REPO}    stdin=${EMPTY}    timeout=120s    on_timeout=kill
        ...    stdout=${WORK}/agents.stdout    stderr=${WORK}/agents.stderr
        ...    env:GIT_CEILING_DIRECTORIES=${WORK}    &{{ {f"env:{k}": v for k, v in $CLAUDE_ENV.items()} }}
    END
    Log    agents ${args} -> exit ${result.rc}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}
    RETURN    ${result}
