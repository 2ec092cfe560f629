*** Settings ***
Documentation       As a developer whose Claude Code settings may turn its hooks off,
...                 I want `agents plan run --actor claude-code` to refuse to start a session
...                 that would run without our hooks, and a session whose tool calls our hook
...                 never saw to fail, not say "completed",
...                 so that no tool call runs without our policy, checkpoint and decision unseen.
...
...                 The real `agents` runs the real Claude Code CLI against a local stand-in of
...                 the Messages API. The managed settings are read from a folder of the test
...                 (CLEVERAGENTS_CLAUDE_CODE_MANAGED), not the machine's /etc/claude-code.

Resource            resources/claude_code.resource
Library             OperatingSystem

Test Setup          Create Repository With Stand In Claude Code And Managed Folder
Test Teardown       Stop Stand In Claude Code And Remove Repository


*** Test Cases ***
disableAllHooks In The Repository's Settings    .claude/settings.json    disableAllHooks
    [Template]    A Run Is Refused When A Settings File Turns The Hooks Off
disableAllHooks In The Local Settings    .claude/settings.local.json    disableAllHooks
    [Template]    A Run Is Refused When A Settings File Turns The Hooks Off
disableAllHooks In The User's Settings    ../claude-config/settings.json    disableAllHooks
    [Template]    A Run Is Refused When A Settings File Turns The Hooks Off
disableAllHooks In The Managed Settings    ../managed/managed-settings.json    disableAllHooks
    [Template]    A Run Is Refused When A Settings File Turns The Hooks Off
allowManagedHooksOnly In A Managed Drop In    ../managed/managed-settings.d/10-a.json    allowManagedHooksOnly
    [Template]    A Run Is Refused When A Settings File Turns The Hooks Off

Hooks Status Says When disableAllHooks Keeps The Installed Hooks From Running
    ${installed}    Run Agents With Claude Code    hooks    install    claude-code
    Exit Code Should Be    ${installed}    0
    Create File    ${REPO}/.claude/settings.json    {"disableAllHooks": true}
    ${status}    Run Agents With Claude Code    hooks    status
    Should Contain    ${status.stdout}
    ...    repository: installed, but disabled by disableAllHooks in ${REPO}/.claude/settings.json
    ${status}    Run Agents With Claude Code    hooks    status    --json
    ${found}    Evaluate    json.loads($status.stdout)["claude_code"][0]["disabled_by"]
    Should Be Equal    ${found}[key]    disableAllHooks

Tool Calls No Hook Saw Fail The Run, And Undo Puts The Files Back
    # A Claude Code whose settings come from a folder agents does not read: its hooks are off
    # in a way the check before the run cannot see; the calls it makes show in its output.
    Create File    ${WORK}/hidden-config/settings.json    {"disableAllHooks": true}
    ${real}    Claude Code Program    ${WORK}
    Create File    ${WORK}/bin/claude
    ...    \#!/bin/sh\nCLAUDE_CONFIG_DIR=${WORK}/hidden-config exec ${real} "$@"\n
    Run Process    chmod    +x    ${WORK}/bin/claude
    Set To Dictionary    ${CLAUDE_ENV}    CLEVERAGENTS_CLAUDE_CODE=${WORK}/bin/claude
    Create File    ${REPO}/notes.txt    mine\n
    Claude Code Will Call    Write    {"file_path": "${REPO}/notes.txt", "content": "theirs\\n"}
    Claude Code Will Call    Write    {"file_path": "${REPO}/b.txt", "content": "b\\n"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    write    --actor    claude-code
    Exit Code Should Be    ${result}    1
    Should Not Contain    ${result.stdout}    completed
    Should Contain    ${result.stdout}${result.stderr}    2 Claude Code tool calls ran unrecorded
    Should Be Equal    ${{ open("${REPO}/notes.txt").read() }}    theirs\n
    ${undone}    Run Agents With Claude Code    plan    undo
    Exit Code Should Be    ${undone}    0
    Should Be Equal    ${{ open("${REPO}/notes.txt").read() }}    mine\n
    File Should Not Exist    ${REPO}/b.txt

A Resume And A Correction Are Refused Too, Nothing Changed
    Claude Code Will Call    Write    {"file_path": "${REPO}/a.txt", "content": "one\\n"}
    Claude Code Will Call    Write    {"file_path": "${REPO}/b.txt", "content": "b\\n"}
    ${result}    Run Agents With Claude Code    plan    run    write    --actor    claude-code
    ...    --budget-calls    1
    Exit Code Should Be    ${result}    4
    Create File    ${REPO}/.claude/settings.local.json    {"disableAllHooks": true}
    ${turns}    Session Turns Sent
    ${tree}    Run Agents With Claude Code    plan    tree    --json
    ${result}    Run Agents With Claude Code    plan    resume
    Exit Code Should Be    ${result}    3
    Should Contain    ${result.stderr}    settings.local.json sets disableAllHooks
    ${result}    Run Agents With Claude Code    plan    correct    --mode\=revert    --decision    2
    ...    --guidance    write two    --yes
    Exit Code Should Be    ${result}    3
    Should Contain    ${result.stderr}    settings.local.json sets disableAllHooks
    Should Be Equal    ${{ open("${REPO}/a.txt").read() }}    one\n    nothing was restored
    ${after}    Session Turns Sent
    Should Be Equal    ${after}    ${turns}    Claude Code ran
    ${same}    Run Agents With Claude Code    plan    tree    --json
    Should Be Equal    ${same.stdout}    ${tree.stdout}

Installing In A Folder That Cannot Be Written Says Which, Exit 3
    Set To Dictionary    ${CLAUDE_ENV}    CLAUDE_CONFIG_DIR=/proc/cleveragents-no-such-folder
    ${result}    Run Agents With Claude Code    hooks    install    claude-code    --user
    Exit Code Should Be    ${result}    3
    Should Contain    ${result.stderr}    cannot write in /proc/cleveragents-no-such-folder
    Should Not Contain    ${result.stderr}    bug

Installing In A Read Only Folder Says Which, Exit 3
    # The user's config folder on a read-only mount (bwrap binds it so for this run only).
    Create Directory    ${WORK}/claude-config
    ${result}    Run Process    bwrap    --dev-bind    /    /
    ...    --ro-bind    ${WORK}/claude-config    ${WORK}/claude-config
    ...    agents    hooks    install    claude-code    --user
    ...    cwd=${REPO}    stdin=${EMPTY}    timeout=60s    on_timeout=kill
    ...    env:CLAUDE_CONFIG_DIR=${WORK}/claude-config    env:GIT_CEILING_DIRECTORIES=${WORK}
    Log    exit ${result.rc}\n${result.stdout}\n${result.stderr}
    Exit Code Should Be    ${result}    3
    Should Contain    ${result.stderr}    cannot write in ${WORK}/claude-config: Read-only file system
    Should Not Contain    ${result.stderr}    bug
    File Should Not Exist    ${WORK}/claude-config/settings.json


*** Keywords ***
Create Repository With Stand In Claude Code And Managed Folder
    Create Repository With Stand In Claude Code
    Set To Dictionary    ${CLAUDE_ENV}    CLEVERAGENTS_CLAUDE_CODE_MANAGED=${WORK}/managed

A Run Is Refused When A Settings File Turns The Hooks Off
    [Arguments]    ${file}    ${key}
    Create File    ${REPO}/${file}    {"${key}": true}
    Git    add    --all
    Git    commit    --quiet    --no-gpg-sign    --allow-empty    -m    settings
    Claude Code Will Call    Write    {"file_path": "${REPO}/a.txt", "content": "a\\n"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    write a    --actor    claude-code
    Exit Code Should Be    ${result}    3
    ${path}    Normalize Path    ${REPO}/${file}
    Should Contain    ${result.stderr}    ${path} sets ${key}
    Should Contain    ${result.stderr}    run the task without --actor claude-code
    File Should Not Exist    ${REPO}/a.txt
    ${turns}    Session Turns Sent
    Should Be Equal As Integers    ${turns}    0
    ${shown}    Run Agents With Claude Code    plan    list
    Should Not Contain    ${shown.stdout}    write a
