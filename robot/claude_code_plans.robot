*** Settings ***
Documentation       As a developer who works with Claude Code,
...                 I want its plans undone, deleted, collected, drawn and shared like any other,
...                 and a plan pulled on another machine corrected there as where it ran,
...                 so that a session recorded on my laptop can be corrected by a CI runner.
...
...                 The real `agents` command runs the real Claude Code CLI headless against a
...                 local stand-in of the Messages API (streamed); clone B stands for another
...                 machine: its own clone of a bare remote, its own Claude Code config folder.

Resource            resources/claude_code.resource
Library             OperatingSystem
Library             resources/ForgedRecords.py

Test Setup          Create Repository With Stand In Claude Code
Test Teardown       Stop Stand In Claude Code And Remove Repository


*** Variables ***
${GUIDANCE}         Write three, not two.


*** Test Cases ***
A Plan Pulled In Another Clone Is Corrected There From The Session It Carries
    Create A Bare Remote And A Second Clone
    Record A Session Of Three Tool Calls
    ${plan}    Plan Shown
    ${result}    Run Agents With Claude Code    plan    push    ${REMOTE}
    Exit Code Should Be    ${result}    0
    # Clone B: another machine, whose Claude Code never saw the session.
    Set To Dictionary    ${CLAUDE_ENV}    CLAUDE_CONFIG_DIR=${WORK}/claude-config-b
    ${result}    Run Agents With Claude Code    plan    pull    origin    cwd=${B}
    Exit Code Should Be    ${result}    0
    Claude Code Will Call    Edit
    ...    {"file_path": "${B}/a.txt", "old_string": "one", "new_string": "three"}
    Claude Code Will Say    Fixed.
    ${result}    Run Agents With Claude Code    plan    correct    --mode\=revert    --decision    4
    ...    --guidance    ${GUIDANCE}    --yes    cwd=${B}
    Exit Code Should Be    ${result}    0
    # The fork's first request: the conversation up to before the call, then the guidance.
    Fork Should Continue Before Call    4    2    ${GUIDANCE}
    Should Be Equal    ${{ open("${B}/a.txt").read() }}    three\n
    Should Be Equal    ${{ open("${B}/c.txt").read() }}    c\n
    ${now}    Plan Shown    cwd=${B}
    Should Be Equal    ${now}[status]    completed
    Should Not Be Equal    ${now}[session]    ${plan}[session]
    # And back: A pulls B's correction, with the fork's session, and can correct it again.
    ${result}    Run Agents With Claude Code    plan    push    origin    cwd=${B}
    Exit Code Should Be    ${result}    0
    ${carried}    Git    ls-tree    -r    --name-only    refs/cleveragents/records/${plan}[id]
    ...    cwd=${REMOTE}
    Should Contain    ${carried}    carried/${plan}[session].jsonl
    Should Contain    ${carried}    carried/${now}[session].jsonl

A Pulled Plan's Resume Runs The Claude Code Found Here, Not The Program Its Records Name
    [Documentation]    The records' `actor.source` is rewritten on the remote to name a
    ...    program of clone B's: B's resume runs the Claude Code it finds, never that program.
    Create A Bare Remote And A Second Clone
    Claude Code Will Call    Write    {"file_path": "${REPO}/a.txt", "content": "one\\n"}
    Claude Code Will Call    Write    {"file_path": "${REPO}/c.txt", "content": "c\\n"}
    ${result}    Run Agents With Claude Code    plan    run    make the files    --actor
    ...    claude-code    --budget-calls    1
    Exit Code Should Be    ${result}    4
    ${plan}    Plan Shown
    ${result}    Run Agents With Claude Code    plan    push    ${REMOTE}
    Exit Code Should Be    ${result}    0
    Create File    ${B}/tools/run.sh    \#!/bin/sh\ntouch ${WORK}/CANARY\n
    Run Process    chmod    755    ${B}/tools/run.sh
    Set The Plan Record Field    ${REMOTE}    ${plan}[id]    actor.source    ${B}/tools/run.sh
    Set To Dictionary    ${CLAUDE_ENV}    CLAUDE_CONFIG_DIR=${WORK}/claude-config-b
    ${result}    Run Agents With Claude Code    plan    pull    origin    cwd=${B}
    Exit Code Should Be    ${result}    0
    Claude Code Will Call    Write    {"file_path": "${B}/c.txt", "content": "c\\n"}
    Claude Code Will Say    Done now.
    ${result}    Run Agents With Claude Code    plan    resume    --budget-calls    5    cwd=${B}
    File Should Not Exist    ${WORK}/CANARY    the resume ran the program the records named
    Exit Code Should Be    ${result}    0

A Session That Read An Ignored File Is Not Pushed Or Exported Unless Said So
    [Documentation]    The session file a Claude Code plan carries holds every tool result:
    ...    the model's `Read` of the ignored `.env` and its `cat .env` in Bash put the key in it
    ...    (attack 13, finding 2). Push and export refuse (exit 3), naming the file, and send
    ...    nothing; `--with-ignored-reads` sends it, and the other clone corrects the plan.
    Create File    ${REPO}/.gitignore    .env\n
    Git    add    .gitignore
    Git    commit    --quiet    -m    ignore
    Create A Bare Remote And A Second Clone
    Create File    ${REPO}/.env    AWS_SECRET_ACCESS_KEY\=wJalrXUtnFEMI-SECRET-123\n
    Create File    ${REPO}/keys.env    TOKEN_OF_THE_USER\=tok-98765-SECRET\n
    Append To File    ${REPO}/.gitignore    keys.env\n
    Claude Code Will Call    Read    {"file_path": "${REPO}/.env"}
    Claude Code Will Call    Bash    {"command": "cat keys.env", "description": "look"}
    Claude Code Will Call    Write    {"file_path": "${REPO}/a.txt", "content": "one\\n"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    read the keys    --actor
    ...    claude-code    --allow-command    cat *
    Exit Code Should Be    ${result}    0
    ${plan}    Plan Shown
    ${result}    Run Agents With Claude Code    plan    push    origin
    Exit Code Should Be    ${result}    3
    Should Contain    ${result.stderr}    hold what was read of .env and 1 more
    Should Contain    ${result.stderr}    --with-ignored-reads
    Should Contain    ${result.stderr}    keys.env
    ${sent}    Git    for-each-ref    refs/cleveragents/    cwd=${REMOTE}
    Should Be Empty    ${sent}    the refused push sent refs
    ${result}    Run Agents With Claude Code    plan    export    ${plan}[id]    ${WORK}/p.bundle
    Exit Code Should Be    ${result}    3
    File Should Not Exist    ${WORK}/p.bundle
    ${result}    Run Agents With Claude Code    plan    push    origin    --with-ignored-reads
    Exit Code Should Be    ${result}    0
    ${held}    Git    grep    -c    SECRET-123    refs/cleveragents/records/${plan}[id]
    ...    cwd=${REMOTE}
    Should Contain    ${held}    carried/${plan}[session].jsonl
    Set To Dictionary    ${CLAUDE_ENV}    CLAUDE_CONFIG_DIR=${WORK}/claude-config-b
    ${result}    Run Agents With Claude Code    plan    pull    origin    cwd=${B}
    Exit Code Should Be    ${result}    0
    Claude Code Will Call    Write    {"file_path": "${B}/a.txt", "content": "two\\n"}
    Claude Code Will Say    Fixed.
    ${result}    Run Agents With Claude Code    plan    correct    --mode\=revert    --decision    4
    ...    --guidance    ${GUIDANCE}    --yes    cwd=${B}
    Exit Code Should Be    ${result}    0
    Should Be Equal    ${{ open("${B}/a.txt").read() }}    two\n

Undo, Delete, Gc And The HTML Tree Work On A Claude Code Plan
    Record A Session Of Three Tool Calls
    ${plan}    Plan Shown
    # The shell agents gives Claude Code (`bash`, the same for every session) stays.
    ${left}    List Files In Directory    ${REPO}/.git/cleveragents/claude-code    settings-*
    Should Be Empty    ${left}    the run left its Claude Code settings behind
    ${left}    List Files In Directory    ${REPO}/.git/cleveragents/claude-code    prefix-*
    Should Be Empty    ${left}    the run left its shell prefix behind
    ${picture}    Run Agents    plan    tree    --format    html    --output    ${WORK}/tree.html
    Exit Code Should Be    ${picture}    0
    ${page}    Get File    ${WORK}/tree.html
    Should Contain    ${page}    Edit a.txt
    Should Contain    ${page}    First the greeting file.
    ${undone}    Run Agents    plan    undo    --yes
    Exit Code Should Be    ${undone}    0
    File Should Not Exist    ${REPO}/a.txt
    File Should Not Exist    ${REPO}/c.txt
    ${redone}    Run Agents    plan    undo    --yes
    Exit Code Should Be    ${redone}    0
    Should Be Equal    ${{ open("${REPO}/a.txt").read() }}    two\n
    ${tip}    Git    rev-parse    refs/cleveragents/plans/${plan}[id]
    ${result}    Run Agents    plan    delete    ${plan}[id]
    Exit Code Should Be    ${result}    0
    Should Be Equal    ${{ open("${REPO}/a.txt").read() }}    two\n
    ${result}    Run Agents    gc    --prune-now
    Exit Code Should Be    ${result}    0
    Should Contain    ${result.stdout}    dropped 1 plan: ${plan}[id] (deleted)
    Object Should Be Gone    ${tip}


*** Keywords ***
Record A Session Of Three Tool Calls
    [Documentation]    Decisions 2 to 4: two writes, then an edit (decision 4).
    Claude Code Will Call    Write    {"file_path": "${REPO}/a.txt", "content": "one\\n"}
    ...    text=First the greeting file.
    Claude Code Will Call    Write    {"file_path": "${REPO}/c.txt", "content": "c\\n"}
    Claude Code Will Call    Edit
    ...    {"file_path": "${REPO}/a.txt", "old_string": "one", "new_string": "two"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    make the files    --actor
    ...    claude-code
    Exit Code Should Be    ${result}    0

Create A Bare Remote And A Second Clone
    VAR    ${REMOTE}    ${WORK}/remote.git    scope=TEST
    VAR    ${B}    ${WORK}/b    scope=TEST
    Git    init    --quiet    --bare    --initial-branch\=main    ${REMOTE}    cwd=${WORK}
    Git    remote    add    origin    ${REMOTE}
    Git    push    --quiet    origin    main
    Git    clone    --quiet    ${REMOTE}    ${B}    cwd=${WORK}

Object Should Be Gone
    [Arguments]    ${object}
    ${result}    Run Process    git    cat-file    -e    ${object}    cwd=${REPO}
    Should Not Be Equal As Integers    ${result.rc}    0    ${object} is still in the repository
