*** Settings ***
Documentation       As a developer who records my own Claude Code sessions,
...                 I want what a Bash call plants where git and Claude Code run things put
...                 back even when the call deletes what the recorder held, moves the
...                 session into another repository, or a repository's settings pretend
...                 to record in my install's place,
...                 so that no command of the session blinds the recording.
...
...                 The real Claude Code CLI runs as a user runs it (`claude -p`) against a
...                 local stand-in of the Messages API: only the installed hooks record it.

Resource            resources/agents.resource
Library             resources/ClaudeCodeLibrary.py
Library             resources/ConventionsLibrary.py
Library             OperatingSystem

Test Setup          Create Repository With Stand In Claude Code
Test Teardown       Stop Stand In Claude Code And Remove Repository


*** Variables ***
# A command that writes its second argument into the file its first names.
${WRITE}            python3 -c 'import sys; open(sys.argv[1], \\"w\\").write(sys.argv[2])'
# What the script run by Bash plants: a git hook and an MCP server (as a shell script's lines).
${PLANT}            printf 'touch canary' > .git/hooks/pre-commit\\nprintf '{}' > .mcp.json\\n

# What the script does to forget the look: the held file, and its copy in the object database.
${FORGET}           for f in .git/cleveragents/looks/*; do o=$(git hash-object $f); rm -f .git/objects/$(echo $o | cut -c1-2)/$(echo $o | cut -c3-); done\\nrm -rf .git/cleveragents/looks


*** Test Cases ***
A Bash Call That Deletes The Held Look Still Has Its Plants Put Back
    ${installed}    Run Agents    hooks    install    claude-code
    Exit Code Should Be    ${installed}    0
    Script Will Be Written    ${FORGET}\\n${PLANT}
    Claude Code Will Call    Bash    {"command": "sh x.sh", "description": "x"}
    Claude Code Will Call    Write    {"file_path": "${REPO}/b.txt", "content": "b\\n"}
    Claude Code Will Say    All done.
    ${session}    Run Claude Code By Hand    tidy up    Bash
    Exit Code Should Be    ${session}    0
    File Should Not Exist    ${REPO}/.git/hooks/pre-commit
    File Should Not Exist    ${REPO}/.mcp.json
    File Should Exist    ${REPO}/b.txt    the session went on
    ${document}    Plan Tree Document
    ${call}    Decision By Id    ${document}    3
    Should Contain    ${call}[outcome]    the look taken before the command was lost
    Should Contain    ${call}[outcome]    removed .git/hooks/pre-commit
    Should Contain    ${call}[outcome]    removed .mcp.json

A Failed Bash Call That Deleted Its Look Is Put Back At The Next Event, Git Config Too
    [Documentation]    No PostToolUse comes for a command that fails: the next call's event
    ...    puts it back, the git config as the decision recorded it before the command.
    ${installed}    Run Agents    hooks    install    claude-code
    Script Will Be Written
    ...    ${FORGET}\\ngit config core.fsmonitor 'touch fsm'\\n${PLANT}exit 3\\n
    Claude Code Will Call    Bash    {"command": "sh x.sh", "description": "x"}
    Claude Code Will Call    Write    {"file_path": "${REPO}/b.txt", "content": "b\\n"}
    Claude Code Will Say    All done.
    ${session}    Run Claude Code By Hand    tidy up    Bash
    Exit Code Should Be    ${session}    0
    File Should Not Exist    ${REPO}/.git/hooks/pre-commit
    ${config}    Run Process    git    config    core.fsmonitor    cwd=${REPO}
    Should Be Empty    ${config.stdout}    the command's fsmonitor stayed
    ${document}    Plan Tree Document
    ${call}    Decision By Id    ${document}    3
    Should Start With    ${call}[outcome]    no result
    Should Contain    ${call}[outcome]    the look taken before the command was lost
    Should Contain    ${call}[outcome]    put back git config core.fsmonitor: set by the command

A Bash Call That Makes The Git Config A Link Into The Tree Has The File Put Back
    [Documentation]    The next hook process finds the repository through the planted link:
    ...    it puts the regular file back as it was before the call (and names it) instead of
    ...    refusing to run, so the session goes on recorded and the user's git reads no
    ...    config of the tree.
    Config Link Is Put Back    ${EMPTY}    put back .git/config: replaced by a link by the command

A Config Link Planted By A Call That Deleted Its Look Is Made A File Again
    [Documentation]    The bytes before are lost with the look: the file holds what the link
    ...    named, less the settings that run programs (put back as the decision recorded).
    Config Link Is Put Back    ${FORGET}\\n
    ...    put back .git/config: a link into the working tree, made a file

A Held Look Rewritten By The Command Is Read From The Copy Its Decision Names
    [Documentation]    A look file the command rewrote (here: to say nothing was there)
    ...    is not the one recorded with the decision: the recorded copy is read instead.
    ${installed}    Run Agents    hooks    install    claude-code
    Script Will Be Written
    ...    for f in .git/cleveragents/looks/*.json; do printf '{}' > $f; done\\n${PLANT}
    Claude Code Will Call    Bash    {"command": "sh x.sh", "description": "x"}
    Claude Code Will Say    All done.
    ${session}    Run Claude Code By Hand    tidy up    Bash
    Exit Code Should Be    ${session}    0
    File Should Not Exist    ${REPO}/.git/hooks/pre-commit
    File Should Not Exist    ${REPO}/.mcp.json
    ${document}    Plan Tree Document
    ${call}    Decision By Id    ${document}    3
    Should Contain    ${call}[outcome]    removed .git/hooks/pre-commit: new, git would run it
    Should Not Contain    ${call}[outcome]    was lost

A Bash Call That Moves The Session Into A Nested Repository Is Settled Where It Began
    ${installed}    Run Agents    hooks    install    claude-code
    Script Will Be Written    mkdir -p sub\\ngit -C sub init -q\\n${PLANT}
    Claude Code Will Call    Bash    {"command": "sh x.sh && cd sub", "description": "x"}
    Claude Code Will Call    Write    {"file_path": "${REPO}/sub/c.txt", "content": "c\\n"}
    Claude Code Will Say    All done.
    ${session}    Run Claude Code By Hand    tidy up    Bash
    Exit Code Should Be    ${session}    0
    File Should Not Exist    ${REPO}/.git/hooks/pre-commit
    File Should Not Exist    ${REPO}/.mcp.json
    ${there}    Run Agents    plan    list    --json    cwd=${REPO}/sub
    Should Be Empty    ${{ json.loads($there.stdout)["plans"] }}    a plan was made in sub
    ${document}    Plan Tree Document
    ${call}    Decision By Id    ${document}    3
    Should Contain    ${call}[outcome]    removed .git/hooks/pre-commit
    ${later}    Decision By Id    ${document}    4
    Should Be Equal    ${later}[summary]    Write sub/c.txt
    Should Be Equal    ${document}[plan][status]    completed

A Session's Plan Is Looked For Only Where Our State Is, And Never Made Twice
    [Documentation]    Events come from a nested repository with no plan of the session:
    ...    where it started (here: no repository), a repository around it with no state
    ...    of ours, and one with state but another session's plan are passed over.
    Create Directory    ${REPO}/plain/inner
    Run Process    git    init    -q    ${REPO}/plain
    Run Process    git    init    -q    ${REPO}/plain/inner
    Hook Event    s1    ${REPO}
    Create File    ${WORK}/transcript.jsonl    not json\n{"cwd": "${WORK}"}\n
    Hook Event    s2    ${REPO}/plain/inner    ${WORK}/transcript.jsonl
    Create Directory    ${REPO}/docs
    Hook Event    s3    ${REPO}/docs    ${WORK}/nowhere.jsonl
    Create File    ${WORK}/short.jsonl    {}\n
    Hook Event    s4    ${REPO}/docs    ${WORK}/short.jsonl
    ${here}    Run Agents    plan    list    --json
    Length Should Be    ${{ json.loads($here.stdout)["plans"] }}    3
    ${inner}    Run Agents    plan    list    --json    cwd=${REPO}/plain/inner
    Length Should Be    ${{ json.loads($inner.stdout)["plans"] }}    1
    File Should Not Exist    ${REPO}/plain/.git/cleveragents/state.db
    # The first session's later event from there still goes to its plan here; and so
    # does one from another repository, found by where its transcript says it started.
    Hook Event    s1    ${REPO}/plain/inner
    ${inner}    Run Agents    plan    list    --json    cwd=${REPO}/plain/inner
    Length Should Be    ${{ json.loads($inner.stdout)["plans"] }}    1
    Run Process    git    init    -q    ${WORK}/elsewhere
    Hook Event    s2    ${WORK}/elsewhere
    Create File    ${WORK}/started.jsonl    {"cwd": "${REPO}"}\n
    Hook Event    s1    ${WORK}/elsewhere    ${WORK}/started.jsonl
    ${there}    Run Agents    plan    list    --json    cwd=${WORK}/elsewhere
    Length Should Be    ${{ json.loads($there.stdout)["plans"] }}    1

A Repository Hook Merely Naming Our Module Does Not Silence My User Install
    ${config}    Set Variable    ${CLAUDE_ENV}[CLAUDE_CONFIG_DIR]
    Create File    ${REPO}/.claude/settings.local.json
    ...    {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "true cleveragents.cli.hook_record"}]}]}}
    ${installed}    Run Agents With Claude Code    hooks    install    claude-code    --user
    Exit Code Should Be    ${installed}    0
    ${status}    Run Agents With Claude Code    hooks    status
    Should Contain    ${status.stdout}    user: records here: this repository's settings name our hook
    Claude Code Will Call    Write    {"file_path": "${REPO}/a.txt", "content": "one\\n"}
    Claude Code Will Say    All done.
    ${session}    Run Claude Code By Hand    make a
    Exit Code Should Be    ${session}    0
    ${document}    Plan Tree Document
    ${call}    Decision By Id    ${document}    2
    Should Be Equal    ${call}[summary]    Write a.txt
    # Installed in the repository as `hooks install` writes it: the user's stands aside.
    Remove File    ${REPO}/.claude/settings.local.json
    ${installed}    Run Agents With Claude Code    hooks    install    claude-code
    ${status}    Run Agents With Claude Code    hooks    status    --json
    ${found}    Evaluate    json.loads($status.stdout)["claude_code"][1]["here"]
    Should Start With    ${found}    stands aside here
    ${schema}    Run Agents    schema    hooks-status
    Document Should Match Schema    ${{ json.loads($status.stdout) }}    ${{ json.loads($schema.stdout) }}
    ${removed}    Run Agents With Claude Code    hooks    uninstall    claude-code    --user


*** Keywords ***
Hook Event
    [Documentation]    The installed hook gets a session's first prompt, from `cwd`.
    [Arguments]    ${session}    ${cwd}    ${transcript}=${NONE}
    ${event}    Evaluate
    ...    json.dumps({"session_id": $session, "hook_event_name": "UserPromptSubmit", "cwd": $cwd, "prompt": "p", "transcript_path": $transcript})
    ${result}    Run Process    python3    -m    cleveragents.cli.hook_record
    ...    cwd=${cwd}    stdin=${event}    env:GIT_CEILING_DIRECTORIES=${WORK}
    Should Be Equal As Integers    ${result.rc}    0
    Should Be Empty    ${result.stderr}

Config Link Is Put Back
    [Documentation]    A recorded session's Bash call (after `${first}`) copies the config
    ...    into the tree with an fsmonitor added and links `.git/config` to the copy.
    [Arguments]    ${first}    ${said}
    ${installed}    Run Agents    hooks    install    claude-code
    ${before}    Get Binary File    ${REPO}/.git/config
    Script Will Be Written
    ...    ${first}cp .git/config tools.cfg\\ngit config -f tools.cfg core.fsmonitor 'touch ../canary'\\nrm .git/config\\nln -s ../tools.cfg .git/config\\n
    Claude Code Will Call    Bash    {"command": "sh x.sh", "description": "x"}
    Claude Code Will Call    Write    {"file_path": "${REPO}/b.txt", "content": "b\\n"}
    Claude Code Will Say    All done.
    ${session}    Run Claude Code By Hand    tidy up    Bash
    Exit Code Should Be    ${session}    0
    ${link}    Evaluate    os.path.islink(r"${REPO}/.git/config")    modules=os
    Should Not Be True    ${link}    .git/config is left a link into the tree
    ${after}    Get Binary File    ${REPO}/.git/config
    Should Be Equal    ${after}    ${before}
    ${document}    Plan Tree Document
    ${call}    Decision By Id    ${document}    3
    Should Contain    ${call}[outcome]    ${said}
    ${wrote}    Decision By Id    ${document}    4
    Should Be Equal    ${wrote}[summary]    Write b.txt
    Run Process    git    status    cwd=${REPO}
    File Should Not Exist    ${WORK}/canary

Script Will Be Written
    [Documentation]    Claude Code's first call writes x.sh (its lines given as JSON text).
    [Arguments]    ${lines}
    Claude Code Will Call    Write    {"file_path": "${REPO}/x.sh", "content": "${lines}"}

Run Claude Code By Hand
    [Documentation]    The real Claude Code CLI as a user runs it in the repository.
    [Arguments]    ${prompt}    @{more}
    ${claude}    Claude Code Program    ${WORK}
    ${result}    Run Process    ${claude}    -p    ${prompt}    --permission-mode    acceptEdits
    ...    --allowedTools    Bash(echo:*)    Bash(touch:*)    @{more}
    ...    cwd=${REPO}    stdin=${EMPTY}    timeout=120s    on_timeout=kill
    ...    stdout=${WORK}/claude.stdout    stderr=${WORK}/claude.stderr
    ...    env:GIT_CEILING_DIRECTORIES=${WORK}    env:TMPDIR=${WORK}/tmp
    ...    &{{ {f"env:{k}": v for k, v in $CLAUDE_ENV.items()} }}
    Log    claude -> exit ${result.rc}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}
    RETURN    ${result}

Create Repository With Stand In Claude Code
    Create Temporary Repository
    ${env}    Start Stand In For Claude Code    ${WORK}
    VAR    &{CLAUDE_ENV}    &{env}    scope=TEST
    Create Directory    ${WORK}/tmp

Stop Stand In Claude Code And Remove Repository
    Stop Stand In For Claude Code
    Remove Temporary Repository

Run Agents With Claude Code
    [Arguments]    @{args}
    # A fork of the suite's fork server, as claude_code.resource's keyword runs it: a new
    # Python imported the SDK for each run (1.1-1.5 s of CPU under coverage).
    IF    ${AGENTS_FORKED}
        ${result}    Run Agents Forked    @{args}    cwd=${REPO}    stdin=${EMPTY}
        ...    stdout=${WORK}/agents.stdout    stderr=${WORK}/agents.stderr
        ...    timeout=120s    GIT_CEILING_DIRECTORIES=${WORK}
        ...    XDG_STATE_HOME=${WORK}/state    TMPDIR=${WORK}/tmp    &{CLAUDE_ENV}
    ELSE
        ${result}    Run Process    agents    @{args}
        ...    cwd=${REPO}    stdin=${EMPTY}    timeout=120s    on_timeout=kill
        ...    stdout=${WORK}/agents.stdout    stderr=${WORK}/agents.stderr
        ...    env:GIT_CEILING_DIRECTORIES=${WORK}    env:XDG_STATE_HOME=${WORK}/state
        ...    env:TMPDIR=${WORK}/tmp    &{{ {f"env:{k}": v for k, v in $CLAUDE_ENV.items()} }}
    END
    Log    agents ${args} -> exit ${result.rc}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}
    RETURN    ${result}
