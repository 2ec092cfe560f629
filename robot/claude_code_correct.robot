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
    ${notes}    Fork Should Continue Before Call    7    2    ${GUIDANCE}
    Should Be Empty    ${notes}    the files are as Claude Code saw them: nothing to note
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

Restore Context Forks The Session And Leaves The Files
    Record A Session Of Six Tool Calls
    ${plan}    Plan Shown
    ${original}    Session File Of    ${CLAUDE_ENV}[CLAUDE_CONFIG_DIR]    ${plan}[session]
    ${bytes}    Get Binary File    ${original}
    # Another Claude Code version runs the correction (the same CLI, saying 9.9.9).
    ${real}    Claude Code Program    ${WORK}
    Create File    ${WORK}/bin/claude
    ...    \#!/bin/sh\n[ "$1" = --version ] && { echo "9.9.9 (Claude Code)"; exit 0; }\nexec ${real} "$@"\n
    Run Process    chmod    755    ${WORK}/bin/claude
    Set To Dictionary    ${CLAUDE_ENV}    CLEVERAGENTS_CLAUDE_CODE=${WORK}/bin/claude
    Claude Code Will Say    Nothing to change.
    ${result}    Run Agents With Claude Code    plan    correct    --mode\=revert    --decision    4
    ...    --guidance    ${GUIDANCE}    --restore    context    --yes
    Exit Code Should Be    ${result}    0
    Should Contain    ${result.stderr}
    ...    was recorded with Claude Code ${{ $plan["actor_version"].split()[0] }}; this correction runs Claude Code 9.9.9
    Should Be Equal    ${{ open("${REPO}/a.txt").read() }}    two\n
    Should Be Equal    ${{ open("${REPO}/b.txt").read() }}    hi\n
    File Should Exist    ${REPO}/d.txt
    ${notes}    Fork Should Continue Before Call    7    2    ${GUIDANCE}
    # The files stay: Claude Code notes itself that they differ from what it saw there.
    Should Contain    ${{ json.dumps($notes) }}    a.txt changed on disk
    ${after}    Get Binary File    ${original}
    Should Be Equal    ${after}    ${bytes}    the original session file changed
    ${now}    Plan Shown
    Should Not Be Equal    ${now}[session]    ${plan}[session]
    Should Be Equal    ${now}[actor_version]    9.9.9 (Claude Code)

Restore Files Goes On In The Latest Session With The Guidance
    Record A Session Of Six Tool Calls
    ${plan}    Plan Shown
    ${whole}    Session Messages Sent    6
    Claude Code Will Call    Edit
    ...    {"file_path": "${REPO}/a.txt", "old_string": "one", "new_string": "three"}
    Claude Code Will Say    Fixed.
    ${result}    Run Agents With Claude Code    plan    correct    --mode\=revert    --decision    4
    ...    --guidance    ${GUIDANCE}    --restore    files    --yes
    Exit Code Should Be    ${result}    0
    Should Be Equal    ${{ open("${REPO}/a.txt").read() }}    three\n
    File Should Not Exist    ${REPO}/b.txt
    # The session goes on: its whole conversation, then the guidance.
    ${next}    Session Messages Sent    7
    Should Be Equal    ${next}[:${{ len($whole) }}]    ${whole}
    Should Contain    ${{ json.dumps($next[len($whole):]) }}    ${GUIDANCE}
    ${now}    Plan Shown
    Should Be Equal    ${now}[session]    ${plan}[session]
    ${place}    Claude Code Place Of Decision    ${REPO}    9
    Should Be Equal    ${place}[session_id]    ${plan}[session]

Append Goes On In The Live Session Below Its Newest Call
    Record A Session Of Six Tool Calls
    ${plan}    Plan Shown
    Claude Code Will Call    Write    {"file_path": "${REPO}/e.txt", "content": "e\\n"}
    Claude Code Will Say    Added.
    ${result}    Run Agents With Claude Code    plan    correct    --mode\=append
    ...    --guidance    also write e.txt    --yes
    Exit Code Should Be    ${result}    0
    Should Be Equal    ${{ open("${REPO}/d.txt").read() }}    d\n
    Should Be Equal    ${{ open("${REPO}/e.txt").read() }}    e\n
    ${document}    Plan Tree Document
    ${intervention}    Decision By Id    ${document}    8
    Should Be Equal    ${intervention}[parent_id]    7
    ${added}    Decision By Id    ${document}    9
    Should Be Equal    ${added}[summary]    Write e.txt
    Should Be Equal    ${added}[parent_id]    8
    ${now}    Plan Shown
    Should Be Equal    ${now}[session]    ${plan}[session]

A Correction Recorded Without Running Forks When Resumed
    Record A Session Of Six Tool Calls
    ${result}    Run Agents With Claude Code    plan    correct    --mode\=revert    --decision    4
    ...    --guidance    ${GUIDANCE}    --no-execute    --yes
    Exit Code Should Be    ${result}    0
    ${turns}    Session Turns Sent
    Should Be Equal As Integers    ${turns}    7    Claude Code ran at --no-execute
    File Should Not Exist    ${REPO}/b.txt
    Claude Code Will Call    Edit
    ...    {"file_path": "${REPO}/a.txt", "old_string": "one", "new_string": "three"}
    Claude Code Will Say    Fixed.
    ${result}    Run Agents With Claude Code    plan    resume
    Exit Code Should Be    ${result}    0
    Should Be Equal    ${{ open("${REPO}/a.txt").read() }}    three\n
    ${notes}    Fork Should Continue Before Call    7    2    ${GUIDANCE}
    Should Be Empty    ${notes}
    ${document}    Plan Tree Document
    ${redone}    Decision By Id    ${document}    9
    Should Be Equal    ${redone}[parent_id]    8

The Session's First Decision Has No Message To Fork At
    Record A Session Of Six Tool Calls
    ${result}    Run Agents With Claude Code    plan    correct    --mode\=revert    --decision    1
    ...    --guidance    ${GUIDANCE}    --yes
    Exit Code Should Be    ${result}    2
    Should Contain    ${result.stderr}    decision 1 is no tool call of a Claude Code session
    Should Be Equal    ${{ open("${REPO}/a.txt").read() }}    two\n
    ${document}    Plan Tree Document
    ${first}    Decision By Id    ${document}    1
    Should Be Equal    ${first}[status]    active

A File Both Changed Is A Conflict Settled As For Any Plan
    Record A Session Of Six Tool Calls
    Create File    ${REPO}/d.txt    my d\n
    ${result}    Run Agents With Claude Code    plan    correct    --mode\=revert    --decision    4
    ...    --guidance    ${GUIDANCE}    --yes
    Exit Code Should Be    ${result}    3
    Should Contain    ${result.stderr}    d.txt
    Should Be Equal    ${{ open("${REPO}/a.txt").read() }}    two\n    nothing was restored
    ${turns}    Session Turns Sent
    Should Be Equal As Integers    ${turns}    7    Claude Code ran on a refused correction
    Claude Code Will Say    Kept yours.
    ${result}    Run Agents With Claude Code    plan    correct    --mode\=revert    --decision    4
    ...    --guidance    ${GUIDANCE}    --mine    --yes
    Exit Code Should Be    ${result}    0
    Should Be Equal    ${{ open("${REPO}/d.txt").read() }}    my d\n
    Should Be Equal    ${{ open("${REPO}/a.txt").read() }}    one\n
    File Should Not Exist    ${REPO}/b.txt
    Fork Should Continue Before Call    7    2    ${GUIDANCE}

Words Before The Call Are Kept, The Call Is Not
    [Documentation]    Claude Code said something before the call, in the same message: the
    ...    fork keeps those words and drops the call.
    Claude Code Will Call    Write    {"file_path": "${REPO}/a.txt", "content": "one\\n"}
    Claude Code Will Call    Edit
    ...    {"file_path": "${REPO}/a.txt", "old_string": "one", "new_string": "two"}
    ...    text=Now the edit.
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    make the files    --actor
    ...    claude-code
    Exit Code Should Be    ${result}    0
    Claude Code Will Say    Fixed.
    ${result}    Run Agents With Claude Code    plan    correct    --mode\=revert    --decision    3
    ...    --guidance    ${GUIDANCE}    --yes
    Exit Code Should Be    ${result}    0
    ${before}    Session Messages Sent    1
    ${forked}    Session Messages Sent    3
    ${words}    Create Dictionary    type=text    text=Now the edit.
    ${said}    Create Dictionary    type=text    text=${GUIDANCE}
    Should Be Equal    ${forked}
    ...    ${{ [*$before, {"role": "assistant", "content": [$words]}, {"role": "user", "content": [$said]}] }}
    Should Be Equal    ${{ open("${REPO}/a.txt").read() }}    one\n

An Interrupted Correction Is Put Back Whole
    [Documentation]    As for any correction, an interrupt puts files and plan back as they
    ...    were; the session the fork began is left aside, the original untouched.
    Record A Session Of Six Tool Calls
    ${plan}    Plan Shown
    ${original}    Session File Of    ${CLAUDE_ENV}[CLAUDE_CONFIG_DIR]    ${plan}[session]
    ${bytes}    Get Binary File    ${original}
    Claude Code Will Call    Bash    {"command": "touch started; sleep 60", "description": "wait"}
    ${process}    Start Process    agents    plan    correct    --mode\=revert    --decision    4
    ...    --guidance    ${GUIDANCE}    --yes    --allow-command    touch *    --allow-command    sleep *
    ...    cwd=${REPO}    stdin=${EMPTY}    stdout=${WORK}/agents.stdout    stderr=${WORK}/agents.stderr
    ...    env:GIT_CEILING_DIRECTORIES=${WORK}    &{{ {f"env:{k}": v for k, v in $CLAUDE_ENV.items()} }}
    Wait Until Keyword Succeeds    60s    0.2s    Command Has Written    started
    Send Signal To Process    SIGINT    ${process}
    ${result}    Wait For Process    ${process}    timeout=30s    on_timeout=kill
    Exit Code Should Be    ${result}    130
    ${now}    Plan Shown
    Should Be Equal    ${now}[session]    ${plan}[session]
    Should Be Equal    ${{ open("${REPO}/a.txt").read() }}    two\n
    Should Be Equal    ${{ open("${REPO}/b.txt").read() }}    hi\n
    File Should Not Exist    ${REPO}/started
    ${document}    Plan Tree Document
    ${edit}    Decision By Id    ${document}    4
    Should Be Equal    ${edit}[status]    active
    ${after}    Get Binary File    ${original}
    Should Be Equal    ${after}    ${bytes}    the original session file changed


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
