*** Settings ***
Documentation       As a developer who lets Claude Code run commands in my working tree,
...                 I want its allowed Bash commands to run in the sandbox `agents` runs its
...                 own actor's commands in (the tree writable, `.git` read-only),
...                 so that an allowed `git commit`, `git branch -D`, `git stash drop` or a
...                 write into `.git` cannot change my HEAD, branches, stash or config
...                 (attacker finding 13: Claude Code's Bash ran on the host).
...
...                 The real `agents` command runs the real Claude Code CLI headless against a
...                 local stand-in of the Messages API; our hook gives Claude Code's Bash our
...                 launcher in place of the command (`updatedInput`).

Resource            resources/claude_code.resource
Library             OperatingSystem

Test Setup          Create Repository With A Branch And A Stash
Test Teardown       Stop Stand In Claude Code And Remove Repository
Test Tags           finding-13


*** Variables ***
${IDENTITY}         git -c user.name=m -c user.email=m@example.com


*** Test Cases ***
Git Commands Claude Code Runs Fail In The Sandbox And Change Nothing Of Git's
    [Documentation]    Each is allowed by the policy; each fails, as `.git` is read-only in
    ...    the sandbox; Claude Code gets the failure as Bash's own; the session goes on.
    ${before}    Snapshot Git State    ${REPO}
    Claude Code Will Call    Bash    {"command": "${IDENTITY} commit -qam x", "description": "commit"}
    Claude Code Will Call    Bash    {"command": "git branch -D side", "description": "branch"}
    Claude Code Will Call    Bash    {"command": "git stash drop", "description": "stash"}
    Claude Code Will Call    Bash
    ...    {"command": "python3 -c \\"open('.git/config', 'a').write('[core]\\\\n\\\\tfsmonitor = touch ${WORK}/canary\\\\n')\\"", "description": "config"}
    Claude Code Will Say    All done.
    ${result}    Run Box Plan    try git
    Exit Code Should Be    ${result}    0
    Git State Should Match Snapshot    ${REPO}    ${before}
    File Should Hold Bytes    ${REPO}/README.md    changed\n
    ${got}    Tool Results Claude Code Got
    Length Should Be    ${got}    4
    FOR    ${answer}    IN    @{got}
        Should Contain    ${answer}    Read-only file system
    END
    Should Contain    ${got}[0]    Exit code 128
    Run Process    git    status    cwd=${REPO}
    Path Should Not Exist    ${WORK}/canary
    ${shown}    Run Agents    plan    decision    2
    Should Contain    ${shown.stdout}    Bash: ${IDENTITY} commit -qam x

An Ordinary Command Runs In The Sandbox, Its File Checkpointed
    [Documentation]    It writes a tree file and sees the sandbox's HOME, not the host's, nor
    ...    the hook's socket; the decision's checkpoint after holds the file.
    Claude Code Will Call    Bash
    ...    {"command": "python3 -c \\"import os; open('made.txt', 'w').write('made\\\\n'); print('home', os.environ['HOME'], os.environ.get('CLEVERAGENTS_HOOK_TOKEN'))\\"", "description": "make"}
    Claude Code Will Say    All done.
    ${result}    Run Box Plan    make a file
    Exit Code Should Be    ${result}    0
    File Should Hold Bytes    ${REPO}/made.txt    made\n
    ${got}    Tool Results Claude Code Got
    Should Contain    ${got}[0]    home /tmp/home None
    ${document}    Plan Tree Document
    ${decision}    Decision By Id    ${document}    2
    Should Start With    ${decision}[outcome]    ran: home /tmp/home None
    ${held}    Git    show    ${decision}[checkpoint_after]:made.txt
    Should Be Equal    ${held}    made

A Command With Tricky Quoting Runs Exactly As Written
    [Documentation]    Quotes, `$`, newlines and non-ASCII text reach bash in the sandbox
    ...    as the model wrote them: the command is data, never a shell line we build from
    ...    it. (Claude Code itself refuses control characters in a command: the bytes that
    ...    are no text come from printf's escapes; `*` lets through the substitutions the
    ...    policy cannot check.)
    Claude Code Will Call    Bash
    ...    {"command": "printf '%s|' \\"a'b\\" 'c\\"d' '$HOME' \\"\\\\$x\\" 'é ü' > q.txt\\nprintf '\\\\001\\\\377' >> q.txt\\necho \\"$((6*7)) $(printf %s ok)\\"", "description": "quote"}
    Claude Code Will Say    All done.
    ${result}    Run Box Plan    quote things    --allow-command    *
    Exit Code Should Be    ${result}    0
    ${got}    Tool Results Claude Code Got
    ${expected}    Evaluate    "a'b|c\\"d|$HOME|$x|é ü|".encode() + b"\\x01\\xff"
    File Should Hold Bytes    ${REPO}/q.txt    ${expected}
    Should Contain    ${got}[0]    42 ok

Without The Sandbox A Command Runs On The Host Under The Allow List Of Variables
    [Documentation]    `--no-sandbox` is honoured as for the Claude actor: bash on the host,
    ...    the environment's allow list (no hook token), the host's HOME.
    Claude Code Will Call    Bash
    ...    {"command": "python3 -c \\"import os; print('home', os.environ['HOME'], os.environ.get('CLEVERAGENTS_HOOK_TOKEN'))\\"", "description": "look"}
    Claude Code Will Say    All done.
    ${result}    Run Box Plan    look    --no-sandbox
    Exit Code Should Be    ${result}    0
    ${got}    Tool Results Claude Code Got
    ${home}    Get Environment Variable    HOME
    Should Contain    ${got}[0]    home ${home} None

A Background Command Is Refused, Saying Why
    [Documentation]    A command runs in the sandbox to its end (and ends with it): Bash's
    ...    `run_in_background` is refused with the reason, and nothing runs.
    Claude Code Will Call    Bash
    ...    {"command": "printf hi > bg.txt", "description": "bg", "run_in_background": true}
    Claude Code Will Say    All done.
    ${result}    Run Box Plan    in the background
    Exit Code Should Be    ${result}    0
    Path Should Not Exist    ${REPO}/bg.txt
    ${got}    Tool Results Claude Code Got
    Should Contain    ${got}[0]    run it without run_in_background
    ${shown}    Run Agents    plan    decision    2
    Should Contain    ${shown.stdout}    refused: cleveragents runs Claude Code's commands


A Subagent In A Worktree Of Its Own Is Refused, Saying Why
    [Documentation]    `Agent` with `isolation: worktree` would have Claude Code run
    ...    `git worktree add` in my repository (a branch and `.git/worktrees`) while its
    ...    commands still ran at the tree's top (attack 12 #15): refused with the reason;
    ...    no worktree, no branch, nothing of git's changed.
    ${before}    Snapshot Git State    ${REPO}
    Claude Code Will Call    Agent
    ...    {"description": "isolated work", "prompt": "write where", "subagent_type": "general-purpose", "isolation": "worktree"}
    Claude Code Will Say    All done.
    ${result}    Run Box Plan    isolated work    --allow-command    *
    Exit Code Should Be    ${result}    0
    Git State Should Match Snapshot    ${REPO}    ${before}
    Directory Should Not Exist    ${REPO}/.git/worktrees
    Directory Should Not Exist    ${REPO}/.claude/worktrees
    ${got}    Tool Results Claude Code Got
    Should Contain    ${got}[0]    start the subagent without isolation


A Project's PYTHONPATH Never Reaches Agents' Own Hook
    [Documentation]    A project's `.claude/settings.json` gives Claude Code's hooks
    ...    `PYTHONPATH=src`; the model's boxed command writes `src/json.py`. Our hook and
    ...    launcher run isolated: the module is never imported by them on the host at the
    ...    next call. (Before: it ran inside our hook, which decides every call.)
    Create Directory    ${REPO}/.claude
    Write File Bytes    ${REPO}/.claude/settings.json    {"env": {"PYTHONPATH": "src"}}\n
    Create Directory    ${REPO}/src
    Claude Code Will Call    Bash
    ...    {"command": "printf 'open(\\"${WORK}/planted\\", \\"w\\")' > src/json.py", "description": "plant"}
    Claude Code Will Call    Bash    {"command": "printf second", "description": "next"}
    Claude Code Will Say    All done.
    ${result}    Run Box Plan    plant a module
    File Should Not Exist    ${WORK}/planted
    Exit Code Should Be    ${result}    0


A Project Settings File Cannot Be Made While A Command Runs
    [Documentation]    No `.claude` yet: the model's command makes `.claude/settings.json`
    ...    with an `env` naming its own `src/sitecustomize.py` and waits; Claude Code would
    ...    apply that `env` to its own process for the rest of the session, before any
    ...    put-back, and the user's host PostToolUse `python3` would run the model's code
    ...    (attack 20 #17). `.claude` stands as an empty read-only folder for the command's
    ...    time: the write fails, and nothing of the folder is left after.
    Create Directory    ${REPO}/src
    Create File    ${WORK}/claude-config/settings.json
    ...    {"hooks": {"PostToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "python3 -m json.tool /dev/null"}]}]}}
    ${site}    Set Variable    printf 'open(\\"${WORK}/canary\\", \\"a\\").write(\\"x\\")' > src/sitecustomize.py
    ${env}    Set Variable    printf '{\\"env\\": {\\"PYTHONPATH\\": \\"${REPO}/src\\"}}' > .claude/settings.json
    Claude Code Will Call    Bash
    ...    {"command": "${site}; mkdir -p .claude; ${env}; sleep 3", "description": "plant"}
    Claude Code Will Call    Bash    {"command": "true", "description": "next"}
    Claude Code Will Say    All done.
    ${result}    Run Box Plan    plant settings    --allow-command    *
    Exit Code Should Be    ${result}    0
    ${got}    Tool Results Claude Code Got
    Should Contain    ${got}[0]    .claude/settings.json: Read-only file system
    File Should Exist    ${REPO}/src/sitecustomize.py
    Path Should Not Exist    ${WORK}/canary
    Path Should Not Exist    ${REPO}/.claude

*** Keywords ***
Create Repository With A Branch And A Stash
    Create Repository With Stand In Claude Code
    Git    branch    side
    Write File Bytes    ${REPO}/README.md    stashed\n
    Git    stash    push    -q
    Write File Bytes    ${REPO}/README.md    changed\n

Run Box Plan
    [Arguments]    ${task}    @{more}
    ${result}    Run Agents With Claude Code    plan    run    ${task}    --actor    claude-code
    ...    --allow-command    git *    --allow-command    printf *    --allow-command    python3 *
    ...    @{more}
    RETURN    ${result}
