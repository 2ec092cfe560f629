*** Settings ***
Documentation       As a developer whose own Claude Code settings deny some tool calls,
...                 I want a call Claude Code itself refused recorded as refused, with
...                 Claude Code's reason, in `plan decision` and `plan tree` (text and JSON),
...                 so that no decision stays "none yet (unfinished)" when it never ran
...                 (issue 26).
...
...                 The real `agents` command runs the real Claude Code CLI headless against a
...                 local stand-in of the Messages API (streamed).

Resource            resources/claude_code.resource
Library             OperatingSystem

Test Setup          Create Repository With Stand In Claude Code
Test Teardown       Stop Stand In Claude Code And Remove Repository
Test Tags           issue-26


*** Variables ***
${DENIED}           refused: your Claude Code settings deny Bash(git init:*)


*** Test Cases ***
*** Test Cases ***
A Switch In My Environment That Drops Hooks Does Not Drop Agents' Own
    [Documentation]    `CLAUDE_CODE_SAFE_MODE` and `CLAUDE_CODE_SIMPLE` make Claude Code drop
    ...    the hooks `--settings` gives it: agents' policy with them. They are not passed on,
    ...    so a command no pattern allows is still refused. (Before: it ran on the host.)
    [Teardown]    Run Keywords    Remove Environment Variable    CLAUDE_CODE_SAFE_MODE
    ...    CLAUDE_CODE_SIMPLE    AND    Stop Stand In Claude Code And Remove Repository
    Set Environment Variable    CLAUDE_CODE_SAFE_MODE    1
    Set Environment Variable    CLAUDE_CODE_SIMPLE    1
    Claude Code Will Call    Bash    {"command": "touch planted", "description": "plant"}
    Claude Code Will Say    Done.
    ${result}    Run Agents With Claude Code    plan    run    plant it    --actor    claude-code
    File Should Not Exist    ${REPO}/planted
    ${tree}    Run Agents    plan    tree
    Should Contain    ${tree.stdout}    refused

A Command Holding A Lone Surrogate Is Refused, The Session Goes On
    [Documentation]    The model's Bash command holds `\\ud800` (JSON for no character): it
    ...    cannot be checked, so it is refused with that reason and recorded; the next call is
    ...    judged as usual and the plan completes (attack 11, finding 8). (Before: `agents`
    ...    died with exit 70 mid-session, the plan left "strategizing".)
    Claude Code Will Call    Bash    {"command": "echo hi # \\ud800", "description": "x"}
    Claude Code Will Call    Bash    {"command": "echo after", "description": "y"}
    Claude Code Will Say    Done.
    ${result}    Run Agents With Claude Code    plan    run    say hi    --actor    claude-code
    ...    --allow-command    echo*
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    ${refused}    Decision By Id    ${document}    2
    Should Be Equal    ${refused}[summary]    Bash: echo hi # \\ud800
    Should Contain    ${refused}[outcome]
    ...    cannot be checked (it holds \\ud800, which is not a character)
    Should Not Be True    ${refused}[ok]
    ${after}    Decision By Id    ${document}    3
    Should Be True    ${after}[ok]
    Should Be Equal    ${document}[plan][status]    completed

Calls Claude Code's Own Permissions Deny Are Recorded As Refused, With Its Reason
    [Documentation]    The user's `.claude/settings.json` denies `git init` and edits of
    ...    `locked.txt`. Claude Code would check its rule on our launcher, which runs the
    ...    command in the sandbox: our hook applies the user's Bash rules itself and denies
    ...    it, naming the rule. The write Claude Code refused before any hook. Both are
    ...    decisions refused with the reason, and the run goes on to success.
    ...    (Before: the write was taken for a call that ran unrecorded: the plan failed.)
    Write File Bytes    ${REPO}/.claude/settings.json
    ...    {"permissions": {"deny": ["Bash(git init:*)", "Edit(./locked.txt)"]}}\n
    Commit All    the user's permissions
    Claude Code Will Call    Bash    {"command": "git init made", "description": "made"}
    Claude Code Will Call    Write    {"file_path": "${REPO}/locked.txt", "content": "no\\n"}
    Claude Code Will Call    Write    {"file_path": "${REPO}/b.txt", "content": "b\\n"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    write files    --actor    claude-code
    ...    --allow-command    git init *
    Exit Code Should Be    ${result}    0
    Path Should Not Exist    ${REPO}/made
    Path Should Not Exist    ${REPO}/locked.txt
    File Should Exist    ${REPO}/b.txt    the session went on after the refusals
    ${document}    Plan Tree Document
    ${command}    Decision By Id    ${document}    2
    Should Be Equal    ${command}[outcome]    ${DENIED}
    Should Not Be True    ${command}[ok]
    ${shown}    Run Agents    plan    decision    2
    Should Match Regexp    ${shown.stdout}    (?m)^ *result +refused: it never ran *$
    Should Contain    ${shown.stdout}    ${DENIED}
    ${json}    Run Agents    plan    decision    2    --json
    ${decision}    Parse JSON Document    ${json.stdout}
    Should Be Equal    ${decision}[outcome]    ${DENIED}
    ${write}    Decision By Id    ${document}    4
    Should Be Equal    ${write}[summary]    Write locked.txt
    Should Be Equal    ${write}[outcome]
    ...    refused by Claude Code: File is in a directory that is denied by your permission settings.
    Should Not Be True    ${write}[ok]
    ${tree}    Run Agents    plan    tree
    Should Contain    ${tree.stdout}    Bash: git init made — ${DENIED}

A Command Claude Code's Own Checks Blocked Is Not Taken For One That Ran Unrecorded
    [Documentation]    Claude Code 2.1 blocks a standalone `sleep` before any hook runs
    ...    ("Blocked: standalone sleep ..."): nothing ran, so the plan is not failed as if a
    ...    call had gone past our hooks; the session goes on.
    Claude Code Will Call    Bash    {"command": "sleep 200", "description": "wait"}
    Claude Code Will Call    Bash    {"command": "echo after", "description": "say"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    wait    --actor    claude-code
    ...    --allow-command    echo *    --allow-command    sleep *
    Exit Code Should Be    ${result}    0
    Should Not Contain    ${result.stderr}    unrecorded
    ${results}    Tool Results Claude Code Got
    Should Contain    ${results}[0]    Blocked: standalone sleep
    Should Be Equal    ${results}[1]    "after"

An Edit Claude Code's Own Input Check Rejects Ran Nothing, The Plan Completes
    [Documentation]    The model's Edit changes nothing (old_string equals new_string): Claude
    ...    Code rejects it in its own input check, before any hook ("No changes to make"). It
    ...    ran nothing, so it is no call that "ran unrecorded": the plan completes (attack 15,
    ...    finding 6; before, it failed with exit 1 and sent the user to an undo).
    Claude Code Will Call    Read    {"file_path": "${REPO}/README.md"}
    Claude Code Will Call    Edit
    ...    {"file_path": "${REPO}/README.md", "old_string": "demo", "new_string": "demo"}
    Claude Code Will Say    Done.
    ${result}    Run Agents With Claude Code    plan    run    tidy    --actor    claude-code
    Exit Code Should Be    ${result}    0
    Should Not Contain    ${result.stderr}    ran unrecorded
    ${document}    Plan Tree Document
    Should Be Equal    ${document}[plan][status]    completed
    ${readme}    Get File    ${REPO}/README.md
    Should Be Equal    ${readme}    \# demo\n

A Write Claude Code Rejects Before Any Hook Is No Call That Ran Unrecorded
    [Documentation]    The model writes over a file it never read: Claude Code rejects the
    ...    Write in its own input check, before any hook ("File has not been read yet"). It
    ...    changed nothing, so the plan completes (attack 18; before, it failed with exit 1:
    ...    "1 Claude Code tool call ran unrecorded (were its hooks turned off?)").
    Write File Bytes    ${WORK}/notes.txt    mine\n
    Claude Code Will Call    Write    {"file_path": "${WORK}/notes.txt", "content": "gone\\n"}
    Claude Code Will Say    Done.
    ${result}    Run Agents With Claude Code    plan    run    tidy    --actor    claude-code
    Exit Code Should Be    ${result}    0
    Should Not Contain    ${result.stderr}    ran unrecorded
    ${results}    Tool Results Claude Code Got
    Should Contain    ${results}[0]    File has not been read yet
    Log    ${results}[0]
    ${notes}    Get File    ${WORK}/notes.txt
    Should Be Equal    ${notes}    mine\n
