*** Settings ***
Documentation       As a developer who runs Claude Code on a model that keeps a to-do list,
...                 I want its Task tools read as the plan's strategy and steps,
...                 so that `plan tree` shows what it set out to do and which step each call
...                 served.
...
...                 The real `agents` command runs the real Claude Code CLI headless against a
...                 local stand-in of the Messages API (streamed); a model named like
...                 `claude-sonnet-4-5` gets the Task tools in `-p` sessions.

Resource            resources/claude_code.resource

Test Setup          Create Repository With Stand In Claude Code
Test Teardown       Stop Stand In Claude Code And Remove Repository


*** Test Cases ***
Claude Code's Tasks Are The Plan's Strategy And Steps
    Claude Code Will Call    TaskCreate    {"subject": "add a", "description": "write a.txt"}
    Claude Code Will Call    TaskCreate    {"subject": "add b", "description": "write b.txt"}
    Claude Code Will Call    TaskUpdate    {"taskId": "2", "status": "in_progress"}
    Claude Code Will Call    Write    {"file_path": "${REPO}/b.txt", "content": "b\\n"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    make the files    --actor
    ...    claude-code    --model    claude-sonnet-4-5
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    To Do Decision Should Be    ${document}    2    strategy    1 step: add a    1
    To Do Decision Should Be    ${document}    3    strategy    2 steps: add a, add b    1
    To Do Decision Should Be    ${document}    4    action    step 2 in progress: add b    2
    ${write}    Decision By Id    ${document}    5
    Should Be Equal    ${write}[summary]    Write b.txt
    Should Be Equal    ${write}[step]    ${2}
    Should Not Be Equal    ${write}[checkpoint_before]    ${NONE}
    # The ids are Claude Code's own, from its answers to the calls.
    ${results}    Tool Results Claude Code Got
    Should Start With    ${results}[1]    "Task #2 created successfully: add b
    ${created}    Decision By Id    ${document}    3
    Should Be Equal    ${created}[action][task_id]    2

A Task Starting With Dashes Is Claude Code's Prompt, Never One Of Its Options
    [Documentation]    A plan's task may be a pulled plan's or pasted from an issue: as an
    ...    option, `--bare` would drop agents' hooks (the policy, the recording) and
    ...    `--plugin-url=...` would fetch and run a plugin.
    Claude Code Will Call    Write    {"file_path": "${REPO}/a.txt", "content": "a\\n"}
    Claude Code Will Say    Done.
    ${result}    Run Agents With Claude Code    plan    run    --actor    claude-code    --
    ...    --bare write a.txt
    Exit Code Should Be    ${result}    0
    ${messages}    Session Messages Sent    0
    Should Contain    ${{ json.dumps($messages) }}    "--bare write a.txt"
    ${document}    Plan Tree Document
    ${write}    Decision By Id    ${document}    2
    Should Be Equal    ${write}[summary]    Write a.txt


*** Keywords ***
To Do Decision Should Be
    [Documentation]    A call of the to-do list: read as the plan's steps, with no checkpoint
    ...    and nothing irreversible (it changes no file).
    [Arguments]    ${document}    ${id}    ${kind}    ${summary}    ${step}
    ${decision}    Decision By Id    ${document}    ${id}
    Should Be Equal    ${decision}[kind]    ${kind}
    Should Be Equal    ${decision}[summary]    ${summary}
    Should Be Equal    ${decision}[step]    ${{ int($step) }}
    Should Be Equal    ${decision}[checkpoint_before]    ${NONE}
    Should Not Contain    ${decision}[action]    irreversible
