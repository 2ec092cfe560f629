*** Settings ***
Documentation       As a developer whose Claude Code session meets a failing service,
...                 I want the plan stopped resumable (exit 4), not failed,
...                 so that `agents plan resume` goes on in the same session once it is back.
...
...                 The real `agents` command runs the real Claude Code CLI headless against a
...                 local stand-in of the Messages API (streamed).

Resource            resources/claude_code.resource
Library             OperatingSystem

Test Setup          Create Repository With Stand In Claude Code
Test Teardown       Stop Stand In Claude Code And Remove Repository


*** Test Cases ***
A Service Answering 500 Stops The Plan Resumable, And Resume Goes On In The Session
    Claude Code Will Call    Write    {"file_path": "${REPO}/a.txt", "content": "one\\n"}
    Claude Code Will Get Error    500    api_error    the stand-in is down
    ${result}    Run Agents With Claude Code    plan    run    make the files    --actor
    ...    claude-code
    Exit Code Should Be    ${result}    4
    Should Contain    ${result.stderr}    agents plan resume
    ${plan}    Plan Shown
    Should Be Equal    ${plan}[status]    stopped
    Claude Code Will Call    Write    {"file_path": "${REPO}/c.txt", "content": "c\\n"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    resume
    Exit Code Should Be    ${result}    0
    Should Be Equal    ${{ open("${REPO}/a.txt").read() }}    one\n
    Should Be Equal    ${{ open("${REPO}/c.txt").read() }}    c\n
    ${now}    Plan Shown
    Should Be Equal    ${now}[status]    completed
    Should Be Equal    ${now}[session]    ${plan}[session]
    # The session went on: the resumed request holds the first call and its result.
    ${results}    Tool Results Claude Code Got
    Should Contain    ${results}[0]    a.txt

A Claude Code That Dies Without A Result Stops The Plan Resumable With Its Last Words
    [Documentation]    It died before it wrote a word of its session: resume starts it anew.
    ${real}    Claude Code Program    ${WORK}
    Create File    ${WORK}/bin/claude
    ...    \#!/bin/sh\n[ "$1" = --version ] && { echo "9.9.9 (Claude Code)"; exit 0; }\n[ -f ${WORK}/alive ] && exec ${real} "$@"\necho not json\necho "boom: no session" >&2\nexit 3\n
    Run Process    chmod    755    ${WORK}/bin/claude
    Set To Dictionary    ${CLAUDE_ENV}    CLEVERAGENTS_CLAUDE_CODE=${WORK}/bin/claude
    ${result}    Run Agents With Claude Code    plan    run    do it    --actor    claude-code
    Exit Code Should Be    ${result}    4
    Should Contain    ${result.stderr}    Claude Code exited 3 without a result: boom: no session
    Should Contain    ${result.stderr}    agents plan resume
    ${plan}    Plan Shown
    Should Be Equal    ${plan}[status]    stopped
    Create File    ${WORK}/alive
    Claude Code Will Call    Write    {"file_path": "${REPO}/a.txt", "content": "one\\n"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    resume
    Exit Code Should Be    ${result}    0
    Should Be Equal    ${{ open("${REPO}/a.txt").read() }}    one\n
    ${now}    Plan Shown
    Should Be Equal    ${now}[status]    completed
    Should Be Equal    ${now}[session]    ${plan}[session]

A Session A Hook Ended Stops The Plan Resumable, Naming Why
    [Documentation]    A hook answered `continue: false` (the user's own here; ours does so when
    ...    the run cannot answer in time): Claude Code ends with a "success" result whose
    ...    `terminal_reason` is `hook_stopped`. The plan is stopped, the hook's reason named,
    ...    not "completed" (attack 14 finding 12).
    Create Directory    ${WORK}/claude-config
    Create File    ${WORK}/stop.sh
    ...    \#!/bin/sh\ncat >/dev/null\necho '{"continue": false, "stopReason": "guard: stop here", "hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "guard: stop here"}}'\n
    Run Process    chmod    755    ${WORK}/stop.sh
    Create File    ${WORK}/claude-config/settings.json
    ...    {"hooks": {"PreToolUse": [{"matcher": "Write", "hooks": [{"type": "command", "command": "${WORK}/stop.sh"}]}]}}
    Claude Code Will Call    Write    {"file_path": "${REPO}/a.txt", "content": "one\\n"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    make the file    --actor    claude-code
    Exit Code Should Be    ${result}    4
    Should Contain    ${result.stderr}    a hook ended Claude Code's session
    Should Contain    ${result.stderr}    guard: stop here
    File Should Not Exist    ${REPO}/a.txt
    ${plan}    Plan Shown
    Should Be Equal    ${plan}[status]    stopped
