*** Settings ***
Documentation       As a developer whose project gives Claude Code hooks of its own
...                 (`.claude/settings.json` PostToolUse: a formatter, `mypy src`),
...                 I want those hooks to run in the sandbox `agents` runs the model's
...                 commands in, during `agents plan run --actor claude-code`,
...                 so that a tree file such a hook runs cannot write outside the tree
...                 (attack 12 findings 6, 13, 17), nor run as the model rewrote it (attack 14
...                 finding 16).
...
...                 The real `agents` command runs the real Claude Code CLI headless against a
...                 local stand-in of the Messages API; Claude Code runs every command of its
...                 shell through our `CLAUDE_CODE_SHELL_PREFIX` launcher.

Resource            resources/claude_code.resource
Library             OperatingSystem
Library             String

Test Setup          Create Repository With A Project Hook
Test Teardown       Stop Stand In Claude Code And Remove Repository
Test Tags           attack-12


*** Variables ***
# The project's hook: a Python script (kept from the model) that runs a tree script it names
# by `subprocess`, which no reading of the hook's line finds; it reads its event on stdin.
${POST}             import json, subprocess, sys\nevent = json.load(sys.stdin)\nopen("hook-ran.txt", "a").write(event["tool_name"] + "\\n")\nsubprocess.run(["sh", "scripts/fmt.sh"])\n
# An async hook of the user's: it waits (3 s at most) for the model's script, then runs it.
${WATCH}            n=0; until grep -q canary scripts/fmt.sh || [ $n -ge 30 ]; do sleep 0.1; n=$((n+1)); done
${SETTINGS_HOOK}    {"hooks": {"PostToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "python3 \\"$CLAUDE_PROJECT_DIR\\"/.claude/hooks/post.py"}]}]}}


*** Test Cases ***
A Project Hook Cannot Write Outside The Tree
    [Documentation]    The project's formatter (a tree file: a model of an earlier session
    ...    may have written it) would touch a canary beside the tree; Claude Code's
    ...    PostToolUse runs the project's hook after each call: in the sandbox the host's
    ...    folder is not there, so no canary; the hook did run (it read its event) and what
    ...    it wrote in the tree is the session's.
    Create File    ${REPO}/scripts/fmt.sh    touch ${WORK}/canary; echo formatted > formatted.txt\n
    Commit All    a formatter that writes outside the tree
    Claude Code Will Call    Bash    {"command": "echo first", "description": "say"}
    Claude Code Will Call    Bash    {"command": "echo second", "description": "again"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    tidy up    --actor    claude-code
    ...    --allow-command    echo *
    Exit Code Should Be    ${result}    0
    File Should Not Exist    ${WORK}/canary
    ${ran}    Get File    ${REPO}/hook-ran.txt
    Should Be Equal    ${ran}    Bash\nBash\n
    File Should Exist    ${REPO}/formatted.txt
    ${document}    Plan Tree Document
    Checkpoint After Should Hold    ${document}    2    formatted.txt    formatted\n

A Project Hook That Comes After Our Own Still Lands In The Call's Checkpoint After
    [Documentation]    Claude Code runs the hooks of an event side by side: ours may take the
    ...    call's checkpoint after before the project's hook runs in the box (one run in four
    ...    under load: it was then lost, the recorded decision read as stale). A Stop hook
    ...    always comes after the last call's PostToolUse: what it wrote in the tree is in
    ...    the checkpoint after the last call.
    Create File    ${REPO}/.claude/settings.json
    ...    {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "sh scripts/fmt.sh"}]}]}}
    Create File    ${REPO}/scripts/fmt.sh    echo formatted > formatted.txt\n
    Commit All    a formatter the project runs when Claude Code stops
    Claude Code Will Call    Bash    {"command": "echo first", "description": "say"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    tidy up    --actor    claude-code
    ...    --allow-command    echo *
    Exit Code Should Be    ${result}    0
    File Should Exist    ${REPO}/formatted.txt
    ${document}    Plan Tree Document
    Checkpoint After Should Hold    ${document}    2    formatted.txt    formatted\n

A Script The Model Rewrote Is Put Back Before The Project Hook Runs It
    [Documentation]    Only `echo *` is allowed; the model's allowed `echo ... > scripts/fmt.sh`
    ...    rewrites the script the project's PostToolUse hook runs right after, to do what
    ...    the policy would refuse (attack 14 finding 16). The script is read-only in the
    ...    sandbox: the write fails (no PostToolUse after a failed call), and the hook after
    ...    the next call runs the project's own script; the call's outcome says so.
    Claude Code Will Call    Bash
    ...    {"command": "echo 'echo pwned > pwned.txt' > scripts/fmt.sh", "description": "plant"}
    Claude Code Will Call    Bash    {"command": "echo second", "description": "again"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    tidy up    --actor    claude-code
    ...    --allow-command    echo *
    Exit Code Should Be    ${result}    0
    ${ran}    Get File    ${REPO}/hook-ran.txt
    Should Be Equal    ${ran}    Bash\n
    File Should Not Exist    ${REPO}/pwned.txt
    ${script}    Get File    ${REPO}/scripts/fmt.sh
    Should Be Equal    ${script}    true\n
    ${document}    Plan Tree Document
    ${decision}    Decision By Id    ${document}    2
    Should Contain    ${decision}[outcome]    read-only in the sandbox, as your host runs them:
    Should Contain    ${decision}[outcome]    scripts/fmt.sh
    Should Not Contain    ${document}[plan][outcome]    after Claude Code ended

The Project Hook Runs On The Host With --no-sandbox
    [Documentation]    Without the box, today's behaviour: Claude Code runs the hook itself.
    Claude Code Will Call    Bash    {"command": "echo hi", "description": "say"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    say hi    --actor    claude-code
    ...    --allow-command    echo *    --no-sandbox
    Exit Code Should Be    ${result}    0
    ${ran}    Get File    ${REPO}/hook-ran.txt
    Should Be Equal    ${ran}    Bash\n

A Hook Of The User's Own Settings Runs On The Host, As Without agents
    [Documentation]    A guard hook in the user's own settings reads and writes files outside
    ...    the tree (its list, its log): in the sandbox it could not, and would fail open
    ...    (attack 14 finding 13). Only the project's hooks run in the sandbox.
    Create Directory    ${WORK}/claude-config
    Create File    ${WORK}/claude-config/settings.json
    ...    {"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "touch ${WORK}/user-hook-ran"}]}]}}
    Claude Code Will Call    Bash    {"command": "echo hi", "description": "say"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    say hi    --actor    claude-code
    ...    --allow-command    echo *
    Exit Code Should Be    ${result}    0
    File Should Exist    ${WORK}/user-hook-ran
    ${ran}    Get File    ${REPO}/hook-ran.txt
    Should Be Equal    ${ran}    Bash\n

The User's Shell Start-Up Files Do Not Run On The Host During The Session
    [Documentation]    Before its first Bash call Claude Code takes a snapshot of the user's
    ...    shell: a login bash sourcing `~/.bashrc`, on the host, outside the prefix (attack
    ...    14 finding 14). A dotfiles tree's file those read would run there. Under agents
    ...    none of them runs (nor `BASH_ENV`), and the Bash call still runs, in the sandbox,
    ...    whatever shell the user's own settings name.
    Create Directory    ${WORK}/home
    Create Directory    ${WORK}/claude-config
    Create File    ${WORK}/claude-config/settings.json    {"env": {"CLAUDE_CODE_SHELL": "/bin/bash"}}
    FOR    ${name}    IN    .bashrc    .bash_profile    .profile    bash_env
        Create File    ${WORK}/home/${name}    touch ${WORK}/ran${name}\n
    END
    Set To Dictionary    ${CLAUDE_ENV}    HOME=${WORK}/home    SHELL=/bin/bash
    ...    BASH_ENV=${WORK}/home/bash_env
    Claude Code Will Call    Bash    {"command": "echo hi", "description": "say"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    say hi    --actor    claude-code
    ...    --allow-command    echo *
    Exit Code Should Be    ${result}    0
    ${results}    Tool Results Claude Code Got
    Should Be Equal    ${results}    ${{ ['"hi"'] }}
    FOR    ${name}    IN    .bashrc    .bash_profile    .profile    bash_env
        File Should Not Exist    ${WORK}/ran${name}
    END

A Guard Hook Of The User's Own Settings Blocks The Call, As Without agents
    [Documentation]    The user's PreToolUse guard, its script in their home (outside the tree
    ...    and the sandbox), exits 2 for `rm`: the call is refused, as in plain Claude Code,
    ...    and the file stays (attack 14 finding 13: in the sandbox it failed open).
    Create Directory    ${WORK}/claude-config
    Create File    ${WORK}/guard.sh
    ...    \#!/bin/sh\nif grep -q '"command":"rm '; then echo 'guard: no rm' >&2; exit 2; fi\n
    Run Process    chmod    +x    ${WORK}/guard.sh
    Create File    ${WORK}/claude-config/settings.json
    ...    {"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "${WORK}/guard.sh"}]}]}}
    Claude Code Will Call    Bash    {"command": "rm README.md", "description": "remove"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    tidy    --actor    claude-code
    ...    --allow-command    rm *
    File Should Exist    ${REPO}/README.md
    ${results}    Tool Results Claude Code Got
    Should Contain    ${results}[0]    guard: no rm

A Slow Project Hook Runs In The Sandbox No Longer Than Its Timeout
    [Documentation]    A project's PostToolUse hook that does not end (`sleep 300`, a script the
    ...    model slowed) with `"timeout": 3`: Claude Code gives up on it at 3 s, and so does
    ...    the sandbox, so the run answers the next call's hooks at once (attack 14 finding
    ...    12: the box ran on for 600 s, holding them; the session was cut).
    Create File    ${REPO}/.claude/settings.local.json
    ...    {"hooks": {"PostToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "sleep 300", "timeout": 3}]}]}}
    Claude Code Will Call    Bash    {"command": "echo first", "description": "say"}
    Claude Code Will Call    Bash    {"command": "echo second", "description": "again"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    say twice    --actor    claude-code
    ...    --allow-command    echo *    timeout=100s
    Exit Code Should Be    ${result}    0
    ${results}    Tool Results Claude Code Got
    Should Be Equal    ${results}    ${{ ['"first"', '"second"'] }}

A Project Hook Claude Code Gave Up On Is Stopped In The Sandbox
    [Documentation]    The same line is a PostToolUse hook (`"timeout": 3`) and a PreCompact
    ...    one (`"timeout": 200`): the sandbox cannot tell which Claude Code runs, so it
    ...    allows the longest. When Claude Code ends our launcher at 3 s, the run stops the
    ...    box too, and answers the next call's hooks at once.
    Create File    ${REPO}/.claude/settings.local.json
    ...    {"hooks": {"PostToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "sleep 300", "timeout": 3}]}], "PreCompact": [{"matcher": "*", "hooks": [{"type": "command", "command": "sleep 300", "timeout": 200}]}]}}
    Claude Code Will Call    Bash    {"command": "echo first", "description": "say"}
    Claude Code Will Call    Bash    {"command": "echo second", "description": "again"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    say twice    --actor    claude-code
    ...    --allow-command    echo *    timeout=100s
    Exit Code Should Be    ${result}    0
    ${results}    Tool Results Claude Code Got
    Should Be Equal    ${results}    ${{ ['"first"', '"second"'] }}

A Hook Of The User's Own Runs Only After What The Model Changed Is Put Back
    [Documentation]    The user's own PostToolUse hook runs the project's `scripts/fmt.sh` on
    ...    the host; the model's boxed Bash rewrites it to touch a canary beside the tree.
    ...    Claude Code runs the user's hook beside ours, which put the script back only after
    ...    (attack 15 finding 1): the call is put back before its launcher returns, and the
    ...    user's hook runs the project's own script.
    Create Directory    ${WORK}/claude-config
    Create File    ${WORK}/claude-config/settings.json
    ...    {"hooks": {"PostToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "sh scripts/fmt.sh"}]}]}}
    Claude Code Will Call    Bash
    ...    {"command": "echo 'touch ${WORK}/user-canary' > scripts/fmt.sh", "description": "plant"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    tidy up    --actor    claude-code
    ...    --allow-command    echo *
    Exit Code Should Be    ${result}    0
    File Should Not Exist    ${WORK}/user-canary
    ${script}    Get File    ${REPO}/scripts/fmt.sh
    Should Be Equal    ${script}    true\n

A User Hook Whose Code Agents Cannot Read Gets The Whole Tree Put Back
    [Documentation]    The user's own PostToolUse hook is Python code on its command line
    ...    that runs `make -s fmt` through a shell string (attack 17 finding 16): its words
    ...    were read as file names, so the model's rewrite of the script the Makefile runs
    ...    was not put back and ran on the host. Code agents does not read fails closed: the whole tree.
    Create File    ${REPO}/.claude/settings.json    {}
    Create Directory    ${WORK}/claude-config
    Create File    ${WORK}/claude-config/settings.json
    ...    {"hooks": {"PostToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "python3 -c 'import subprocess; subprocess.run(\\"make -s fmt\\", shell=True)'"}]}]}}
    Create File    ${REPO}/Makefile    fmt:\n\tsh scripts/fmt.sh\n
    Commit All    no project hook; a Makefile the user's hook runs
    Claude Code Will Call    Bash
    ...    {"command": "echo 'touch ${WORK}/code-canary' > scripts/fmt.sh", "description": "plant"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    tidy up    --actor    claude-code
    ...    --allow-command    echo *
    Exit Code Should Be    ${result}    0
    File Should Not Exist    ${WORK}/code-canary
    ${script}    Get File    ${REPO}/scripts/fmt.sh
    Should Be Equal    ${script}    true\n

A User Hook Running A Python Script Outside The Tree Gets The Whole Tree Put Back
    [Documentation]    The user's own PostToolUse hook runs a script file outside the tree,
    ...    `python3 ~/.claude/hooks/fmt.py`, which runs `make -s fmt` through a shell string
    ...    (attack 18 finding 13): the script was not read at all, so the model's rewrite of
    ...    the script the Makefile runs ran on the host. The script is read as a tree
    ...    script is: its `make` may run any file of the tree, all put back first.
    User Hook Script Outside The Tree Should Not Run The Model's Change
    ...    python3 ${WORK}/claude-config/hooks/fmt.py    fmt.py
    ...    import subprocess\nsubprocess.run("make -s fmt", shell=True)\n

A User Hook Running A Shell Script Outside The Tree Gets The Whole Tree Put Back
    [Documentation]    The same with the hook line naming a shell script by its path
    ...    (`~/.claude/hooks/fmt.sh`, executable): its `make` is read as a hook's is.
    User Hook Script Outside The Tree Should Not Run The Model's Change
    ...    ${WORK}/claude-config/hooks/fmt.sh    fmt.sh    \#!/bin/sh\nmake -s fmt\n

A User Hook Giving Perl Code In Combined Options Gets The Whole Tree Put Back
    [Documentation]    The user's own PostToolUse hook is `perl -we 'system("make -s fmt")'`
    ...    (attack 18 finding 19): `-we` was read as an option taking no code and the code
    ...    as a script's name, so the model's rewrite of the script the Makefile runs stayed
    ...    and ran on the host. Each interpreter's options are read by its grammar now.
    Create File    ${REPO}/.claude/settings.json    {}
    Create Directory    ${WORK}/claude-config
    Create File    ${WORK}/claude-config/settings.json
    ...    {"hooks": {"PostToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "perl -we 'system(\\"make -s fmt\\")'"}]}]}}
    Create File    ${REPO}/Makefile    fmt:\n\tsh scripts/fmt.sh\n
    Commit All    no project hook; a Makefile the user's hook runs
    Claude Code Will Call    Bash
    ...    {"command": "echo 'touch ${WORK}/perl-canary' > scripts/fmt.sh", "description": "plant"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    tidy up    --actor    claude-code
    ...    --allow-command    echo *
    Exit Code Should Be    ${result}    0
    File Should Not Exist    ${WORK}/perl-canary
    ${script}    Get File    ${REPO}/scripts/fmt.sh
    Should Be Equal    ${script}    true\n

An Async Hook Of The User's Own Never Runs What The Model's Next Call Wrote
    [Documentation]    The user's own PostToolUse hook is async: Claude Code goes on without
    ...    waiting, and the hook runs the project's `scripts/fmt.sh` on the host a moment
    ...    on. The model's next boxed call rewrites the script to touch a canary
    ...    beside the tree and sleeps: the put-back when the hook started was a look at one
    ...    moment (attack 16 finding 8). The hook holds the boxed call until it ends; it
    ...    runs the project's own script, and the call then runs and is put back. (The hook
    ...    looks for the model's script for three seconds, so it runs it at once when it can.)
    ...    The script is read-only in the sandbox besides: the model's write fails.
    Create File    ${REPO}/.claude/settings.json    {}
    Commit All    no project hook: the user's alone runs
    Create Directory    ${WORK}/claude-config
    Create File    ${WORK}/claude-config/settings.json
    ...    {"hooks": {"PostToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "${WATCH}; sh scripts/fmt.sh; touch ${WORK}/async-ran", "async": true}]}]}}
    Claude Code Will Call    Bash    {"command": "echo first", "description": "say"}
    Claude Code Will Call    Bash
    ...    {"command": "echo 'touch ${WORK}/async-canary' > scripts/fmt.sh; sleep 2", "description": "plant"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    tidy up    --actor    claude-code
    ...    --allow-command    echo *    --allow-command    sleep *
    Exit Code Should Be    ${result}    0
    File Should Exist    ${WORK}/async-ran
    File Should Not Exist    ${WORK}/async-canary
    ${script}    Get File    ${REPO}/scripts/fmt.sh
    Should Be Equal    ${script}    true\n
    ${document}    Plan Tree Document
    ${decision}    Decision By Id    ${document}    3
    Should Contain    ${decision}[outcome]    scripts/fmt.sh: Read-only file system

Work A User's Hook Leaves Through Python's Subprocess Still Holds The Model's Commands
    [Documentation]    The user's own PostToolUse hook (not async) is a Python script of
    ...    theirs outside the tree: it starts, once, the project's `scripts/fmt.sh` a moment
    ...    later through `subprocess.Popen` in a session of its own (every inherited
    ...    descriptor closed) and ends at once. The model's next boxed call rewrites the
    ...    script to touch a canary beside the tree and sleeps: it waits until the hook's
    ...    leftover has ended, which ran the project's own script (attack 17 finding 1: the
    ...    lease was a descriptor the leftover no longer held, and it ran the model's); the
    ...    wait is said on the user's terminal, naming the hook (attack 17 finding 2).
    Create File    ${REPO}/.claude/settings.json    {}
    Commit All    no project hook: the user's alone runs
    Create File    ${WORK}/later.py
    ...    import os, subprocess\nif not os.path.exists("${WORK}/later-started"):\n\topen("${WORK}/later-started", "w").close()\n\tsubprocess.Popen("${WATCH}; sleep 2; sh scripts/fmt.sh; touch ${WORK}/later-ran", shell=True, start_new_session=True)\n
    Create Directory    ${WORK}/claude-config
    Create File    ${WORK}/claude-config/settings.json
    ...    {"hooks": {"PostToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "python3 ${WORK}/later.py"}]}]}}
    Claude Code Will Call    Bash    {"command": "echo first", "description": "say"}
    Claude Code Will Call    Bash
    ...    {"command": "echo 'touch ${WORK}/later-canary' > scripts/fmt.sh; sleep 2", "description": "plant"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    tidy up    --actor    claude-code
    ...    --allow-command    echo *    --allow-command    sleep *
    Exit Code Should Be    ${result}    0
    File Should Exist    ${WORK}/later-ran
    File Should Not Exist    ${WORK}/later-canary
    # The wait (over 3 s) is said on the user's terminal, naming the hook and its processes.
    Should Contain    ${result.stderr}
    ...    note: a command of the model waits for a hook of your own settings (the PostToolUse hook `python3 ${WORK}/later.py`), still running on the host, held by pid

A Hook Of The User's Own Past Its Timeout Holds The Model's Commands
    [Documentation]    The user's async hook runs on the host longer than its `timeout`: the
    ...    model's next Bash call waits for it no longer than that, and does not run (no
    ...    file of it); Claude Code and the call's outcome say why, naming the hook (its
    ...    setting and line) and the processes holding it, and what to do (attack 17 finding
    ...    2: it named none, and the plan said "completed", exit 0), and so does the run's
    ...    output below the call's line. The run stops (exit 4), the hook's leftover ended
    ...    with the session, and resumed goes on.
    Create File    ${REPO}/.claude/settings.json    {}
    Commit All    no project hook: the user's alone runs
    Create Directory    ${WORK}/claude-config
    Create File    ${WORK}/claude-config/settings.json
    ...    {"hooks": {"PostToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "sleep 30; true", "async": true, "timeout": 1}]}]}}
    Claude Code Will Call    Bash    {"command": "echo first", "description": "say"}
    Claude Code Will Call    Bash    {"command": "echo second > second.txt", "description": "write"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    say twice    --actor    claude-code
    ...    --allow-command    echo *
    Exit Code Should Be    ${result}    4
    Should Contain    ${result.stdout}${result.stderr}    1 command (Bash calls of the model, project hooks) did not run
    File Should Not Exist    ${REPO}/second.txt
    ${results}    Tool Results Claude Code Got
    Should Contain    ${results}[1]    (the PostToolUse hook `sleep 30; true`) still runs on the host past its timeout (1 s), held by pid
    Should Contain    ${results}[1]    (`sleep 30`)
    # The hook's leftover (adopted by its keeper) ended with the session, keeper and all.
    ${left}    Evaluate    re.search(r"pid (\\d+) \\(`sleep 30`\\)", $results[1]).group(1)    modules=re
    ${lives}    Evaluate    os.path.exists("/proc/${left}")    modules=os
    Should Not Be True    ${lives}
    Should Contain    ${results}[1]    end those processes
    Should Contain    ${results}[1]    begin the hook's line with `[ -n \\"$CLEVERAGENTS_RUN\\" ] && exit 0;`
    Should Contain    ${result.stdout}${result.stderr}
    ...    the model's command `echo second > second.txt` did not run: a hook of your own settings
    ${document}    Plan Tree Document
    ${decision}    Decision By Id    ${document}    3
    Should Contain    ${decision}[outcome]    not run: a hook of your own settings (the PostToolUse hook
    Should Be Equal    ${document}[plan][status]    stopped
    # Resumed (the hook's processes ended with the session), the session goes on.
    Claude Code Will Call    Bash    {"command": "echo again > second.txt", "description": "write"}
    Claude Code Will Say    Done now.
    ${result}    Run Agents With Claude Code    plan    resume
    Exit Code Should Be    ${result}    0
    File Should Exist    ${REPO}/second.txt

A Service A SessionStart Hook Of Mine Starts Can Be Left To Me In A Run
    [Documentation]    The user's `SessionStart` hook starts a service (`nohup ... &`): its
    ...    process holds every model command of the session, each waits the hook's timeout
    ...    and is refused. The way out the refusal names works: agents sets
    ...    `CLEVERAGENTS_RUN` for Claude Code, and the hook's line that begins with
    ...    `[ -n "$CLEVERAGENTS_RUN" ] && exit 0;` starts nothing in a run, so the model's
    ...    command runs. (Before: no such variable, and the advice named no way to keep the
    ...    hook.)
    Create File    ${REPO}/.claude/settings.json    {}
    Commit All    no project hook: the user's alone runs
    Create Directory    ${WORK}/claude-config
    Create File    ${WORK}/claude-config/settings.json
    ...    {"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "[ -n \\"$CLEVERAGENTS_RUN\\" ] && exit 0; nohup sleep 30 >/dev/null 2>&1 &", "timeout": 1}]}]}}
    Claude Code Will Call    Bash    {"command": "echo made > made.txt", "description": "write"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    make it    --actor    claude-code
    ...    --allow-command    echo *
    Exit Code Should Be    ${result}    0
    File Should Exist    ${REPO}/made.txt

A Project Hook Held Past A User Hook's Timeout Does Not Run And Stops The Plan
    [Documentation]    The project's PostToolUse hook (the sandbox's) comes while the user's
    ...    async hook still runs on the host past its `timeout`: it does not run, and the
    ...    run's end counts it with the model's commands held, and its output says so
    ...    (attack 17 finding 2: it was refused unsaid, the plan "completed", exit 0).
    Create Directory    ${WORK}/claude-config
    Create File    ${WORK}/claude-config/settings.json
    ...    {"hooks": {"PostToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "sleep 6; true", "async": true, "timeout": 1}]}]}}
    Claude Code Will Call    Bash    {"command": "echo first", "description": "say"}
    Claude Code Will Call    Write    {"file_path": "${REPO}/a.txt", "content": "a\\n"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    say and write    --actor    claude-code
    ...    --allow-command    echo *
    Exit Code Should Be    ${result}    4
    Should Contain    ${result.stdout}${result.stderr}    (Bash calls of the model, project hooks) did not run
    File Should Exist    ${REPO}/a.txt
    Should Contain    ${result.stdout}${result.stderr}
    ...    the project's hook `python3 "$CLAUDE_PROJECT_DIR"/.claude/hooks/post.py` did not run: a hook of your own settings
    ${ran}    Run Keyword And Return Status    File Should Exist    ${REPO}/hook-ran.txt
    ${tools}    Run Keyword If    ${ran}    Get File    ${REPO}/hook-ran.txt
    Run Keyword If    ${ran}    Should Not Contain    ${tools}    Write

A User Hook Naming $CLAUDE_PROJECT_DIR Still Runs On The Host
    [Documentation]    The user's guard starts `cd "$CLAUDE_PROJECT_DIR" && ...` (attack 15
    ...    finding 10): Claude Code hands the prefix the line as written, which must match
    ...    the user's line as written, not as read for what it reaches; in the box the
    ...    guard could not write beside the tree, and would fail open.
    Create Directory    ${WORK}/claude-config
    Create File    ${WORK}/claude-config/settings.json
    ...    {"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "cd \\"$CLAUDE_PROJECT_DIR\\" && touch ${WORK}/user-hook-ran"}]}]}}
    Claude Code Will Call    Bash    {"command": "echo hi", "description": "say"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    say hi    --actor    claude-code
    ...    --allow-command    echo *
    Exit Code Should Be    ${result}    0
    File Should Exist    ${WORK}/user-hook-ran

A Shell Prefix Of The User's Own Is Refused In The Sandbox
    [Documentation]    Ours must wrap Claude Code's commands: theirs would be dropped.
    Create File    ${REPO}/.claude/settings.local.json    {"env": {"CLAUDE_CODE_SHELL_PREFIX": "/usr/local/bin/audit"}}
    ${result}    Run Agents With Claude Code    plan    run    say hi    --actor    claude-code
    Exit Code Should Be    ${result}    3
    Should Contain    ${result.stderr}    settings.local.json sets CLAUDE_CODE_SHELL_PREFIX
    Should Contain    ${result.stderr}    --no-sandbox


A Project Hook In Exec Form Is Refused In The Sandbox
    [Documentation]    Claude Code 2.1 runs a hook with `args` without the shell prefix, on
    ...    the host: the run is refused before Claude Code starts, the hook named.
    Create File    ${REPO}/.claude/settings.local.json
    ...    {"hooks": {"PostToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "python3", "args": [".claude/hooks/post.py"]}]}]}}
    ${result}    Run Agents With Claude Code    plan    run    say hi    --actor    claude-code
    Exit Code Should Be    ${result}    3
    Should Contain    ${result.stderr}    settings.local.json has a PostToolUse hook with `args`

A Project MCP Server Does Not Start On The Host
    [Documentation]    A stdio server keeps its input open: its talk cannot pass through the
    ...    sandbox's one ask, so it is refused, and the session goes on without it.
    Create File    ${REPO}/.mcp.json
    ...    {"mcpServers": {"local": {"command": "sh", "args": ["-c", "touch ${WORK}/mcp-ran; sleep 30"]}}}
    Create File    ${REPO}/.claude/settings.local.json    {"enableAllProjectMcpServers": true}
    Claude Code Will Call    Bash    {"command": "echo hi", "description": "say"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    say hi    --actor    claude-code
    ...    --allow-command    echo *
    Exit Code Should Be    ${result}    0
    File Should Not Exist    ${WORK}/mcp-ran

The User's MCP Servers Do Not Start On The Host Either
    [Documentation]    The servers of the user's `.claude.json` (its own and a project's),
    ...    which Claude Code starts with no question, go through the prefix too: refused. (Under
    ...    `--no-sandbox` both start: agents reads their lines as the user's hook lines.)
    ${server}    Set Variable    {"command": "sh", "args": ["-c", "touch ${WORK}/SCOPE-ran; sleep 30"]}
    ${user}    Replace String    ${server}    SCOPE    user
    ${project}    Replace String    ${server}    SCOPE    project
    Create File    ${WORK}/claude-config/.claude.json
    ...    {"mcpServers": {"mine": ${user}}, "projects": {"${REPO}": {"mcpServers": {"here": ${project}}}}}
    Claude Code Will Call    Bash    {"command": "echo hi", "description": "say"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    say hi    --actor    claude-code
    ...    --allow-command    echo *
    Exit Code Should Be    ${result}    0
    File Should Not Exist    ${WORK}/user-ran
    File Should Not Exist    ${WORK}/project-ran

*** Keywords ***
Create Repository With A Project Hook
    Create Repository With Stand In Claude Code
    Create Directory    ${REPO}/.claude/hooks
    Create Directory    ${REPO}/scripts
    Create File    ${REPO}/.claude/settings.json    ${SETTINGS_HOOK}
    Create File    ${REPO}/.claude/hooks/post.py    ${POST}
    Create File    ${REPO}/scripts/fmt.sh    true\n
    Create File    ${REPO}/.gitignore    hook-ran.txt\n
    Commit All    project hook

User Hook Script Outside The Tree Should Not Run The Model's Change
    [Documentation]    The user's PostToolUse hook `${line}` runs `${name}` (holding
    ...    `${content}`) in their config folder; the model's boxed Bash rewrites the tree
    ...    script the project's Makefile runs. The hook runs the project's own script.
    [Arguments]    ${line}    ${name}    ${content}
    Create File    ${REPO}/.claude/settings.json    {}
    Create Directory    ${WORK}/claude-config/hooks
    Create File    ${WORK}/claude-config/hooks/${name}    ${content}
    Run Process    chmod    +x    ${WORK}/claude-config/hooks/${name}
    VAR    &{hook}    type=command    command=${line}
    VAR    &{matched}    matcher=Bash    hooks=${{ [$hook] }}
    ${settings}    Evaluate    json.dumps({"hooks": {"PostToolUse": [$matched]}})    modules=json
    Create File    ${WORK}/claude-config/settings.json    ${settings}
    Create File    ${REPO}/Makefile    fmt:\n\tsh scripts/fmt.sh\n
    Commit All    no project hook; a Makefile the user's hook script runs
    Claude Code Will Call    Bash
    ...    {"command": "echo 'touch ${WORK}/script-canary' > scripts/fmt.sh", "description": "plant"}
    Claude Code Will Say    All done.
    ${result}    Run Agents With Claude Code    plan    run    tidy up    --actor    claude-code
    ...    --allow-command    echo *
    Exit Code Should Be    ${result}    0
    File Should Not Exist    ${WORK}/script-canary
    ${script}    Get File    ${REPO}/scripts/fmt.sh
    Should Be Equal    ${script}    true\n
    ${shown}    Run Agents    plan    decision    2
    Should Contain    ${shown.stdout}    put back scripts/fmt.sh: changed by the command

Checkpoint After Should Hold
    [Documentation]    The checkpoint after decision `${id}` holds `${path}` with `${content}`.
    [Arguments]    ${document}    ${id}    ${path}    ${content}
    ${decision}    Decision By Id    ${document}    ${id}
    ${checkpoint}    Set Variable    ${decision}[checkpoint_after]
    Should Not Be Equal    ${checkpoint}    ${NONE}    decision ${id} has no checkpoint after
    ${shown}    Run Process    git    cat-file    blob    ${checkpoint}:${path}    cwd=${REPO}
    Should Be Equal    ${shown.stdout}\n    ${content}
