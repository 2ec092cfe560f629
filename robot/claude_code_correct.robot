*** Settings ***
Documentation       As a developer who works with Claude Code,
...                 I want to send it back to one of its tool calls with guidance,
...                 so that my files and its conversation go back to just before that call
...                 and it redoes only what came after, the original session left as it was.
...
...                 The real `agents` command runs the real Claude Code CLI headless against a
...                 local stand-in of the Messages API (streamed); skipped only when no Claude
...                 Code can be run (`pip install 'cleveragents[claude-code]'`).

Resource            resources/agents.resource
Library             resources/ClaudeCodeLibrary.py
Library             OperatingSystem

Test Setup          Create Repository With Stand In Claude Code
Test Teardown       Stop Stand In Claude Code And Remove Repository


*** Variables ***
${GUIDANCE}         Write three, not two.


*** Test Cases ***
A Revert Forks The Session Just Before The Call And Redoes Only What Follows
    Record A Session Of Six Tool Calls
    ${plan}    Plan Shown
    ${original}    Session File Of    ${CLAUDE_ENV}[CLAUDE_CONFIG_DIR]    ${plan}[session]
    ${bytes}    Get Binary File    ${original}
    ${third}    Session Messages Sent    2
    Create File    ${REPO}/mine.txt    my own edit\n
    Claude Code Will Call    Edit
    ...    {"file_path": "${REPO}/a.txt", "old_string": "one", "new_string": "three"}
    Claude Code Will Say    Fixed.
    ${result}    Run Agents With Claude Code    plan    correct    --mode\=revert    --decision    4
    ...    --guidance    ${GUIDANCE}    --yes
    Exit Code Should Be    ${result}    0
    Should Not Contain    ${result.stderr}    recorded with Claude Code
    # The files as before the third call, then only what the fork did: Bash's file is gone.
    Should Be Equal    ${{ open("${REPO}/a.txt").read() }}    three\n
    Should Be Equal    ${{ open("${REPO}/c.txt").read() }}    c\n
    File Should Not Exist    ${REPO}/b.txt
    File Should Not Exist    ${REPO}/d.txt
    Should Be Equal    ${{ open("${REPO}/mine.txt").read() }}    my own edit\n
    # The fork's first request: the conversation up to just before the call, and the guidance.
    ${forked}    Session Messages Sent    7
    Should Be Equal    ${forked}    ${{ [*$third[:-1], $third[-1] | {"content": [*$third[-1]["content"], {"type": "text", "text": $GUIDANCE}]}] }}
    ${turns}    Session Turns Sent
    Should Be Equal As Integers    ${turns}    9    only the calls after the target were redone
    ${after}    Get Binary File    ${original}
    Should Be Equal    ${after}    ${bytes}    the original session file changed
    # Both paths in the tree; the new one below the correction, in the fork's own session.
    ${document}    Plan Tree Document
    FOR    ${id}    IN    4    5    6    7
        ${old}    Decision By Id    ${document}    ${id}
        Should Be Equal    ${old}[status]    superseded
    END
    ${intervention}    Decision By Id    ${document}    8
    Should Be Equal    ${intervention}[kind]    user_intervention
    Should Be Equal    ${intervention}[parent_id]    3
    ${redone}    Decision By Id    ${document}    9
    Should Be Equal    ${redone}[summary]    Edit a.txt
    Should Be Equal    ${redone}[parent_id]    8
    ${place}    Claude Code Place Of Decision    ${REPO}    9
    Should Not Be Equal    ${place}[session_id]    ${plan}[session]
    ${now}    Plan Shown
    Should Be Equal    ${now}[session]    ${place}[session_id]
    Should Be Equal    ${now}[status]    completed
    ${tree}    Run Agents    plan    tree
    Should Contain    ${tree.stdout}    Bash: echo hi > b.txt
    Should Contain    ${tree.stdout}    ${GUIDANCE}
    # Undo brings back the files as they were before the correction.
    ${undone}    Run Agents    plan    undo    --yes
    Exit Code Should Be    ${undone}    0
    Should Be Equal    ${{ open("${REPO}/a.txt").read() }}    two\n
    Should Be Equal    ${{ open("${REPO}/b.txt").read() }}    hi\n
    Should Be Equal    ${{ open("${REPO}/c.txt").read() }}    cc\n
    File Should Exist    ${REPO}/d.txt


*** Keywords ***
Record A Session Of Six Tool Calls
    [Documentation]    Decisions 2 to 7: two writes, an edit (the third call, decision 4), a
    ...    command that writes b.txt, a write and an edit.
    Claude Code Will Call    Write    {"file_path": "${REPO}/a.txt", "content": "one\\n"}
    Claude Code Will Call    Write    {"file_path": "${REPO}/c.txt", "content": "c\\n"}
    Claude Code Will Call    Edit
    ...    {"file_path": "${REPO}/a.txt", "old_string": "one", "new_string": "two"}
    Claude Code Will Call    Bash    {"command": "echo hi > b.txt", "description": "b"}
    Claude Code Will Call    Write    {"file_path": "${REPO}/d.txt", "content": "d\\n"}
    Claude Code Will Call    Edit
    ...    {"file_path": "${REPO}/c.txt", "old_string": "c", "new_string": "cc"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    make the files    --actor
    ...    claude-code    --allow-command    echo *
    Exit Code Should Be    ${result}    0
    ${turns}    Session Turns Sent
    Should Be Equal As Integers    ${turns}    7

Plan Shown
    ${shown}    Run Agents    plan    show    --json
    ${plan}    Parse JSON Document    ${shown.stdout}
    RETURN    ${plan}

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
    ${result}    Run Process    agents    @{args}
    ...    cwd=${REPO}    stdin=${EMPTY}    timeout=120s    on_timeout=kill
    ...    stdout=${WORK}/agents.stdout    stderr=${WORK}/agents.stderr
    ...    env:GIT_CEILING_DIRECTORIES=${WORK}    &{{ {f"env:{k}": v for k, v in $CLAUDE_ENV.items()} }}
    Log    agents ${args} -> exit ${result.rc}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}
    RETURN    ${result}
