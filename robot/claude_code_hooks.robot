*** Settings ***
Documentation       As a developer who runs Claude Code myself,
...                 I want `agents hooks install claude-code` to record my own sessions,
...                 so that each one is a plan I can correct like a headless run, and going on
...                 in the corrected session is one `claude --resume` away; uninstalling leaves
...                 my settings as they were.
...
...                 The real Claude Code CLI runs as a user would run it (`claude -p`, no
...                 --settings of ours, its own CLAUDE_CONFIG_DIR) in the repository, against a
...                 local stand-in of the Messages API: only the installed hooks record it.

Resource            resources/agents.resource
Library             resources/ClaudeCodeLibrary.py
Library             resources/ConventionsLibrary.py
Library             OperatingSystem

Test Setup          Create Repository With Stand In Claude Code
Test Teardown       Stop Stand In Claude Code And Remove Repository


*** Variables ***
${GUIDANCE}         Write three, not two.
# A command that writes its second argument into the file its first names.
${WRITE}            python3 -c 'import sys; open(sys.argv[1], \\"w\\").write(sys.argv[2])'
# The user's own settings: a key of theirs, a hook of theirs (it must still run), odd spacing.
${MINE}             {"permissions": {"allow": ["Bash(ls:*)"]},\n "hooks": {"PreToolUse": [{"matcher": "Write", "hooks": [{"type": "command", "command": "touch ../user-hook-ran"}]}]}}\n


*** Test Cases ***
A Session Run By Hand Is Recorded, Corrected, And Uninstall Leaves My Settings As They Were
    Create File    ${SETTINGS}    ${MINE}
    ${installed}    Run Agents    hooks    install    claude-code
    Exit Code Should Be    ${installed}    0
    Should Contain    ${installed.stderr}    is not ignored by git
    ${status}    Run Agents    hooks    status    --json
    ${found}    Parse JSON Document    ${status.stdout}
    Should Be True    $found["claude_code"][0]["installed"]
    Should Be Equal    ${found}[claude_code][0][git_ignored]    ${FALSE}
    ${schema}    Run Agents    schema    hooks-status
    Document Should Match Schema    ${found}    ${{ json.loads($schema.stdout) }}
    Queue A Session Of Five Tool Calls
    ${session}    Run Claude Code By Hand    make the files
    Exit Code Should Be    ${session}    0
    File Should Exist    ${WORK}/user-hook-ran    the user's own hook did not run
    ${plan}    Plan Shown
    Should Be Equal    ${plan}[task]    make the files
    Should Be Equal    ${plan}[actor]    claude-code
    Should Be Equal    ${plan}[status]    completed
    Should Match Regexp    ${plan}[actor_version]    ^\\d+\\.\\d+\\.\\d+ \\(Claude Code\\)$
    ${document}    Plan Tree Document
    Decision Should Be    ${document}    2    Write a.txt    done (create)
    Decision Should Be    ${document}    3    Write c.txt    done (create)
    Decision Should Be    ${document}    4    Edit a.txt    done
    Decision Should Be    ${document}    5    Bash: echo hi > b.txt    ran: no output
    Decision Should Be    ${document}    6    Read a.txt    done (text)
    Should Be Equal    ${{ $document["decisions"][1]["rationale"] }}    First the greeting file.
    Checkpoint Should Hold    ${document}    2    a.txt    ${NONE}
    Checkpoint Should Hold    ${document}    4    a.txt    one\n
    Checkpoint Should Hold    ${document}    5    b.txt    ${NONE}
    ${read}    Decision By Id    ${document}    6
    Should Be Equal    ${read}[checkpoint_before]    ${NONE}    a read took a checkpoint
    ${times}    Get File    ${WORK}/hook-times
    Log    seconds per hook event:\n${times}
    # The correction: as for a headless plan, then the line that goes on in Claude Code.
    Claude Code Will Call    Edit
    ...    {"file_path": "${REPO}/a.txt", "old_string": "one", "new_string": "three"}
    Claude Code Will Say    Fixed.
    ${result}    Run Agents With Claude Code    plan    correct    --mode\=revert    --decision    4
    ...    --guidance    ${GUIDANCE}    --yes    --print-resume
    Exit Code Should Be    ${result}    0
    Should Be Equal    ${{ open("${REPO}/a.txt").read() }}    three\n
    File Should Not Exist    ${REPO}/b.txt
    Fork Should Continue Before Call    6    2    ${GUIDANCE}
    # The installed hook stood aside in the correction's run (it records itself): no wait
    # for the lock the correction holds, no warning of one.
    Should Be Empty    ${{ glob.glob($WORK + "/tmp/cleveragents-hooks-*/*") }}
    ${now}    Plan Shown
    Should Not Be Equal    ${now}[session]    ${plan}[session]
    Should Match Regexp    ${result.stdout}    (?m)^claude --resume ${now}[session]$
    ${place}    Claude Code Place Of Decision    ${REPO}    8
    Should Be Equal    ${place}[session_id]    ${now}[session]
    # Going on by hand in the fork records into the same plan, below the correction.
    Claude Code Will Call    Write    {"file_path": "${REPO}/e.txt", "content": "e\\n"}
    Claude Code Will Say    Added.
    ${again}    Run Claude Code By Hand    also write e.txt    --resume    ${now}[session]
    Exit Code Should Be    ${again}    0
    ${document}    Plan Tree Document
    ${asked}    Decision By Id    ${document}    9
    Should Be Equal    ${asked}[summary]    you asked: also write e.txt
    Should Be Equal    ${asked}[kind]    replan
    Should Be Equal    ${asked}[parent_id]    8
    # A correction of the prompt forks the session just before it.
    ${place}    Claude Code Place Of Decision    ${REPO}    9
    ${file}    Session File Of    ${CLAUDE_ENV}[CLAUDE_CONFIG_DIR]    ${now}[session]
    ${prompted}    Evaluate
    ...    [e for e in map(json.loads, open($file).read().splitlines()) if e.get("type") == "user" and "also write e.txt" in str(e["message"]["content"])]
    ...    modules=json
    Should Be Equal    ${place}[before_uuid]    ${prompted}[0][parentUuid]
    ${added}    Decision By Id    ${document}    10
    Should Be Equal    ${added}[summary]    Write e.txt
    Should Be Equal    ${added}[parent_id]    9
    ${plans}    Run Agents    plan    list    --json
    Length Should Be    ${{ json.loads($plans.stdout)["plans"] }}    1
    ${removed}    Run Agents    hooks    uninstall    claude-code
    Exit Code Should Be    ${removed}    0
    ${after}    Get File    ${SETTINGS}
    Should Be Equal    ${after}    ${MINE}

Uninstall Removes The Settings File When There Was None
    ${installed}    Run Agents    hooks    install    claude-code
    Exit Code Should Be    ${installed}    0
    ${status}    Run Agents    hooks    status
    Should Contain    ${status.stdout}    repository: installed in ${SETTINGS}
    ${removed}    Run Agents    hooks    uninstall    claude-code
    Exit Code Should Be    ${removed}    0
    File Should Not Exist    ${SETTINGS}
    Directory Should Not Exist    ${REPO}/.claude
    ${status}    Run Agents    hooks    status
    Should Contain    ${status.stdout}    repository: not installed

Uninstall After Other Changes Takes Out Only Ours
    [Documentation]    Claude Code (or you) changed the file since the install: only our hooks
    ...    go, every other key and hook stays.
    Create File    ${SETTINGS}    ${MINE}
    ${installed}    Run Agents    hooks    install    claude-code
    ${now}    Evaluate    json.loads(open($SETTINGS).read())
    Set To Dictionary    ${now}[permissions]    deny=${{ ["Bash(rm:*)"] }}
    Create File    ${SETTINGS}    ${{ json.dumps($now) }}
    ${removed}    Run Agents    hooks    uninstall    claude-code
    Exit Code Should Be    ${removed}    0
    ${after}    Evaluate    json.loads(open($SETTINGS).read())
    ${expected}    Evaluate    json.loads($MINE)
    Set To Dictionary    ${expected}[permissions]    deny=${{ ["Bash(rm:*)"] }}
    Should Be Equal    ${after}    ${expected}

A Hook That Cannot Record Lets The Call Through And Says So Once
    ${installed}    Run Agents    hooks    install    claude-code
    Exit Code Should Be    ${installed}    0
    ${holder}    Hold The Working Tree Lock
    Claude Code Will Call    Write    {"file_path": "${REPO}/a.txt", "content": "one\\n"}
    Claude Code Will Call    Write    {"file_path": "${REPO}/c.txt", "content": "c\\n"}
    Claude Code Will Say    All done.
    ${session}    Run Claude Code By Hand    make the files    --include-hook-events
    ...    --output-format    stream-json    --verbose
    Terminate Process    ${holder}
    Exit Code Should Be    ${session}    0
    Should Be Equal    ${{ open("${REPO}/a.txt").read() }}    one\n
    Should Be Equal    ${{ open("${REPO}/c.txt").read() }}    c\n
    ${said}    Hook Warnings In    ${session.stdout}
    Length Should Be    ${said}    1
    Should Contain    ${said}[0]    this session goes on unrecorded: this working tree is locked
    ${plans}    Run Agents    plan    list    --json
    Length Should Be    ${{ json.loads($plans.stdout)["plans"] }}    0

Only An Install With Enforce Policy Denies A Command The Policy Refuses
    [Documentation]    By default the hook decides nothing: what Claude Code allows runs,
    ...    what it refuses (`git init`: no --allowedTools for it) does not.
    ${installed}    Run Agents    hooks    install    claude-code
    Claude Code Will Call    Bash    {"command": "touch canary", "description": "canary"}
    Claude Code Will Call    Bash    {"command": "git init made", "description": "made"}
    Claude Code Will Say    Done.
    ${session}    Run Claude Code By Hand    touch it
    File Should Exist    ${REPO}/canary    the default install denied a command
    Directory Should Not Exist    ${REPO}/made    the hook granted what Claude Code refuses
    ${document}    Plan Tree Document
    Decision Should Be    ${document}    3    Bash: git init made
    ...    no result: refused by Claude Code's permissions, or interrupted
    Remove File    ${REPO}/canary
    ${installed}    Run Agents    hooks    install    claude-code    --enforce-policy
    ...    --allow-command    echo *
    Exit Code Should Be    ${installed}    0
    ${status}    Run Agents    hooks    status
    Should Contain    ${status.stdout}    commands held to our policy
    Claude Code Will Call    Bash    {"command": "touch canary", "description": "canary"}
    Claude Code Will Call    Write    {"file_path": "${REPO}/.claude/commands/x.md", "content": "x"}
    Claude Code Will Say    Done.
    ${session}    Run Claude Code By Hand    touch it again
    Exit Code Should Be    ${session}    0
    File Should Not Exist    ${REPO}/canary
    Path Should Not Exist    ${REPO}/.claude/commands
    ${results}    Tool Results Claude Code Got
    Should Contain    ${results}[-2]    matches no --allow-command pattern
    Should Contain    ${results}[-1]    Claude Code settings are not written by the model
    ${document}    Plan Tree Document
    Decision Should Be    ${document}    2    Bash: touch canary
    ...    refused: `touch canary` matches no --allow-command pattern
    Decision Should Be    ${document}    3    Write .claude/commands/x.md
    ...    refused: Claude Code settings are not written by the model: ${REPO}/.claude/commands/x.md is one Claude Code runs or takes permissions from; ask the user to change it
    ${plans}    Run Agents    plan    list    --json
    Length Should Be    ${{ json.loads($plans.stdout)["plans"] }}    2
    ${removed}    Run Agents    hooks    uninstall    claude-code
    File Should Not Exist    ${SETTINGS}

Settings That Are Not JSON Are Refused And Left As They Were
    [Template]    Install Should Be Refused
    {"hooks": [    settings.local.json is not valid JSON
    \[1]    settings.local.json holds no JSON object
    {"hooks": []}    "hooks" is not an object
    {"hooks": {"PreToolUse": {}}}    "hooks"."PreToolUse" is not a list

Bad Usage Is Refused, And Status Says What Is Not There
    ${result}    Run Agents    hooks    install    claude-code    --allow-command    ls
    Exit Code Should Be    ${result}    2
    Should Contain    ${result.stderr}    --allow-command needs --enforce-policy
    Create Directory    ${SETTINGS}
    ${result}    Run Agents    hooks    install    claude-code
    Exit Code Should Be    ${result}    2
    Should Contain    ${result.stderr}    cannot read ${SETTINGS}
    Remove Directory    ${SETTINGS}
    ${result}    Run Agents    hooks    uninstall    claude-code    --json
    Exit Code Should Be    ${result}    0
    Should Be Equal    ${{ json.loads($result.stdout)["removed"] }}    ${FALSE}
    ${schema}    Run Agents    schema    hooks-uninstall
    Document Should Match Schema    ${{ json.loads($result.stdout) }}    ${{ json.loads($schema.stdout) }}
    ${result}    Run Agents    hooks    uninstall    claude-code
    Should Contain    ${result.stdout}    no claude-code hooks of ours in ${SETTINGS}: nothing changed
    Create Directory    ${WORK}/plain
    ${result}    Run Agents    hooks    install    claude-code    cwd=${WORK}/plain
    Exit Code Should Be    ${result}    2
    ${result}    Run Agents With Claude Code    hooks    install    claude-code    --user    --json
    ...    cwd=${WORK}/plain
    Exit Code Should Be    ${result}    0
    Should Be True    ${{ json.loads($result.stdout)["installed"] }}
    ${schema}    Run Agents    schema    hooks-install
    Document Should Match Schema    ${{ json.loads($result.stdout) }}    ${{ json.loads($schema.stdout) }}
    ${result}    Run Agents With Claude Code    hooks    status    cwd=${WORK}/plain
    Exit Code Should Be    ${result}    0
    Should Not Contain    ${result.stdout}    repository:
    Should Contain    ${result.stdout}    user: installed in ${CLAUDE_ENV}[CLAUDE_CONFIG_DIR]/settings.json
    Should Contain    ${result.stdout}    records only

User Settings Honour CLAUDE_CONFIG_DIR, And A Call Is Recorded Once
    [Documentation]    Installed in both the user's and the repository's settings, both hooks
    ...    run for each event: only the repository's records it (the user's stands aside).
    ${config}    Set Variable    ${CLAUDE_ENV}[CLAUDE_CONFIG_DIR]
    ${installed}    Run Agents With Claude Code    hooks    install    claude-code    --user
    Exit Code Should Be    ${installed}    0
    File Should Exist    ${config}/settings.json
    File Should Not Exist    ${SETTINGS}
    ${status}    Run Agents With Claude Code    hooks    status    --json
    ${found}    Parse JSON Document    ${status.stdout}
    Should Be True    $found["claude_code"][1]["installed"]
    Should Be Equal    ${found}[claude_code][1][path]    ${config}/settings.json
    Claude Code Will Call    Write    {"file_path": "${REPO}/a.txt", "content": "one\\n"}
    Claude Code Will Say    All done.
    ${session}    Run Claude Code By Hand    make a
    ${document}    Plan Tree Document
    Decision Should Be    ${document}    2    Write a.txt    done (create)
    # Installed here too: the user's hook stands aside, the repository's records.
    ${installed}    Run Agents With Claude Code    hooks    install    claude-code
    ${event}    Set Variable
    ...    {"session_id": "s2", "hook_event_name": "UserPromptSubmit", "cwd": "${REPO}", "prompt": "p"}
    ${result}    Run Process    python3    -m    cleveragents.cli.hook_record    --user
    ...    cwd=${REPO}    stdin=${event}    env:GIT_CEILING_DIRECTORIES=${WORK}
    Should Be Equal As Integers    ${result.rc}    0
    ${plans}    Run Agents    plan    list    --json
    Length Should Be    ${{ json.loads($plans.stdout)["plans"] }}    1
    ${result}    Run Process    python3    -m    cleveragents.cli.hook_record
    ...    cwd=${REPO}    stdin=${event}    env:GIT_CEILING_DIRECTORIES=${WORK}
    ${plans}    Run Agents    plan    list    --json
    Length Should Be    ${{ json.loads($plans.stdout)["plans"] }}    2
    # A call of a session whose file is not written yet: its version is learnt later.
    ${call}    Set Variable
    ...    {"session_id": "s2", "hook_event_name": "PreToolUse", "cwd": "${REPO}", "tool_name": "Read", "tool_use_id": "r1", "tool_input": {"file_path": "${REPO}/a.txt"}}
    ${result}    Run Process    python3    -m    cleveragents.cli.hook_record
    ...    cwd=${REPO}    stdin=${call}    env:GIT_CEILING_DIRECTORIES=${WORK}
    Should Be Empty    ${result.stdout}
    ${document}    Plan Tree Document
    Decision Should Be    ${document}    2    Read a.txt
    Should Be Equal    ${document}[plan][task]    p
    # Undoing the recording forgets it; the session's next call starts it again.
    ${undone}    Run Agents    plan    undo    --yes
    Exit Code Should Be    ${undone}    0
    ${call}    Set Variable    ${{ $call.replace('"r1"', '"r2"') }}
    ${result}    Run Process    python3    -m    cleveragents.cli.hook_record
    ...    cwd=${REPO}    stdin=${call}    env:GIT_CEILING_DIRECTORIES=${WORK}
    Should Be Empty    ${result.stderr}
    ${document}    Plan Tree Document
    ${again}    Decision By Id    ${document}    4
    Should Be Equal    ${again}[summary]    Read a.txt
    Should Be Equal    ${again}[status]    active
    Should Be Equal    ${again}[parent_id]    3
    # An event with no session id is none of ours.
    ${result}    Run Process    python3    -m    cleveragents.cli.hook_record
    ...    cwd=${REPO}    stdin={"hook_event_name": "UserPromptSubmit", "cwd": "${REPO}"}
    ...    env:GIT_CEILING_DIRECTORIES=${WORK}
    ${plans}    Run Agents    plan    list    --json
    Length Should Be    ${{ json.loads($plans.stdout)["plans"] }}    2
    ${removed}    Run Agents With Claude Code    hooks    uninstall    claude-code    --user
    File Should Not Exist    ${config}/settings.json

A Repository Install Written Before Hooks Ran Isolated Still Makes The User Install Stand Aside
    [Documentation]    A repository's settings written by an earlier `agents hooks install`
    ...    (`python -P -m ...`) record each call themselves: the user install, now `-I`,
    ...    must still stand aside there, or each call is recorded twice.
    ${installed}    Run Agents With Claude Code    hooks    install    claude-code    --user
    Exit Code Should Be    ${installed}    0
    ${python}    Evaluate    shutil.which("python3")    modules=shutil
    ${line}    Evaluate    shlex.join([$python, "-P", "-m", "cleveragents.cli.hook_record"])
    ...    modules=shlex
    ${data}    Evaluate    cleveragents.domain.claude_settings.with_hooks({}, $line)
    ...    modules=cleveragents.domain.claude_settings
    Create File    ${SETTINGS}    ${{ json.dumps($data) }}
    ${event}    Set Variable
    ...    {"session_id": "s3", "hook_event_name": "UserPromptSubmit", "cwd": "${REPO}", "prompt": "p"}
    ${result}    Run Process    python3    -m    cleveragents.cli.hook_record    --user
    ...    cwd=${REPO}    stdin=${event}    env:GIT_CEILING_DIRECTORIES=${WORK}
    Should Be Equal As Integers    ${result.rc}    0    ${result.stderr}
    ${plans}    Run Agents    plan    list    --json
    Length Should Be    ${{ json.loads($plans.stdout)["plans"] }}    0
    ${removed}    Run Agents With Claude Code    hooks    uninstall    claude-code    --user

A Hook Outside Any Repository Records Nothing And Says Nothing
    Create Directory    ${WORK}/plain
    ${event}    Set Variable
    ...    {"session_id": "s1", "hook_event_name": "PreToolUse", "cwd": "${WORK}/plain", "tool_name": "Write"}
    ${result}    Run Process    python3    -m    cleveragents.cli.hook_record    --user
    ...    cwd=${WORK}/plain    stdin=${event}    env:GIT_CEILING_DIRECTORIES=${WORK}
    Should Be Equal As Integers    ${result.rc}    0
    Should Be Empty    ${result.stdout}
    Should Be Empty    ${result.stderr}

A Settings File Kept As A Link Stays A Link, Its Target Written
    [Documentation]    A `settings.json` linked from one's dotfiles: install and uninstall
    ...    write the file the link names, and leave the link in place.
    ${config}    Set Variable    ${CLAUDE_ENV}[CLAUDE_CONFIG_DIR]
    Create File    ${WORK}/dotfiles/claude.json    {"theme": "dark"}\n
    Create Directory    ${config}
    ${made}    Run Process    ln    -s    ${WORK}/dotfiles/claude.json    ${config}/settings.json
    Should Be Equal As Integers    ${made.rc}    0    ${made.stderr}
    ${installed}    Run Agents With Claude Code    hooks    install    claude-code    --user
    Exit Code Should Be    ${installed}    0
    Should Be True    os.path.islink($config + "/settings.json")    modules=os
    ${text}    Get File    ${WORK}/dotfiles/claude.json
    Should Contain    ${text}    cleveragents.cli.hook_record
    ${removed}    Run Agents With Claude Code    hooks    uninstall    claude-code    --user
    Exit Code Should Be    ${removed}    0
    Should Be True    os.path.islink($config + "/settings.json")    modules=os
    ${text}    Get File    ${WORK}/dotfiles/claude.json
    Should Be Equal    ${text}    {"theme": "dark"}\n

The Installed Hook Never Imports A cleveragents Package Of The Tree
    [Documentation]    Claude Code runs hooks in the project folder, and `python -m` puts the
    ...    current folder first on `sys.path`: a `cleveragents/` a command (or a cloned
    ...    repository) put in the tree would run in place of ours, on the host.
    ${result}    Run Agents    hooks    install    claude-code
    Exit Code Should Be    ${result}    0
    Create File    ${REPO}/cleveragents/__init__.py
    ...    import pathlib\npathlib.Path(r"${WORK}/canary").write_text("ran")\n
    Create File    ${REPO}/cleveragents/cli/__init__.py
    Create File    ${REPO}/cleveragents/cli/hook_record.py
    ${settings}    Evaluate    json.loads(pathlib.Path($SETTINGS).read_text())    modules=json,pathlib
    ${command}    Set Variable    ${settings}[hooks][PreToolUse][0][hooks][0][command]
    ${event}    Set Variable
    ...    {"session_id": "s1", "hook_event_name": "PreToolUse", "cwd": "${REPO}", "tool_name": "Write"}
    ${result}    Run Process    sh    -c    ${command}    cwd=${REPO}    stdin=${event}
    ...    env:GIT_CEILING_DIRECTORIES=${WORK}
    Should Be Equal As Integers    ${result.rc}    0
    File Should Not Exist    ${WORK}/canary

The Installed Hook Runs Isolated From A PYTHONPATH The Project Gives Its Hooks
    [Documentation]    Claude Code gives hooks its settings' `env`: a project's `{"env":
    ...    {"PYTHONPATH": "src"}}` put the tree's `src` ahead of the standard library in a
    ...    `python -P` hook, so a `src/json.py` a command wrote ran in our hook, on the host.
    ${result}    Run Agents    hooks    install    claude-code
    Exit Code Should Be    ${result}    0
    Create File    ${REPO}/src/json.py    import pathlib\npathlib.Path(r"${WORK}/canary").write_text("ran")\n
    ${settings}    Evaluate    json.loads(pathlib.Path($SETTINGS).read_text())    modules=json,pathlib
    ${command}    Set Variable    ${settings}[hooks][PreToolUse][0][hooks][0][command]
    ${event}    Set Variable
    ...    {"session_id": "s1", "hook_event_name": "PreToolUse", "cwd": "${REPO}", "tool_name": "Write"}
    ${result}    Run Process    sh    -c    ${command}    cwd=${REPO}    stdin=${event}
    ...    env:GIT_CEILING_DIRECTORIES=${WORK}    env:PYTHONPATH=src
    File Should Not Exist    ${WORK}/canary
    Should Be Equal As Integers    ${result.rc}    0    ${result.stderr}
    Should Contain    ${command}    ${SPACE}-I${SPACE}

An Agents Found Only Through PYTHONPATH Installs A Hook That Finds It Isolated
    [Documentation]    A Python that finds cleveragents only through `PYTHONPATH` (as a
    ...    `pip install --user` is found only through the user site): `python -I -m` in the
    ...    installed hook would find none, and `-P -m` none either once Claude Code runs it
    ...    without that `PYTHONPATH`. The line names agents' own folder itself.
    ${venv}    Set Variable    ${WORK}/venv
    ${made}    Run Process    python3    -m    venv    --without-pip    ${venv}
    Should Be Equal As Integers    ${made.rc}    0    ${made.stderr}
    # Its libraries from the test's venv, but not the editable install's finder.
    ${site}    Evaluate    glob.glob($venv + "/lib/python*/site-packages")[0]    modules=glob
    ${libraries}    Evaluate    sysconfig.get_paths()["purelib"]    modules=sysconfig
    Create File    ${site}/libraries.pth    ${libraries}\n
    ${own}    Evaluate    str(pathlib.Path(cleveragents.__file__).resolve().parent.parent)
    ...    modules=pathlib,cleveragents
    ${result}    Run Process    ${venv}/bin/python    -m    cleveragents    hooks    install
    ...    claude-code    cwd=${REPO}    env:PYTHONPATH=${own}    env:GIT_CEILING_DIRECTORIES=${WORK}
    Should Be Equal As Integers    ${result.rc}    0    ${result.stderr}
    ${settings}    Evaluate    json.loads(pathlib.Path($SETTINGS).read_text())    modules=json,pathlib
    ${command}    Set Variable    ${settings}[hooks][UserPromptSubmit][0][hooks][0][command]
    ${event}    Set Variable
    ...    {"session_id": "s4", "hook_event_name": "UserPromptSubmit", "cwd": "${REPO}", "prompt": "p"}
    ${result}    Run Process    sh    -c    ${command}    cwd=${REPO}    stdin=${event}
    ...    env:GIT_CEILING_DIRECTORIES=${WORK}    env:PYTHONPATH=
    Should Be Equal As Integers    ${result.rc}    0    ${result.stderr}
    Should Be Empty    ${result.stderr}
    ${plans}    Run Agents    plan    list    --json
    Length Should Be    ${{ json.loads($plans.stdout)["plans"] }}    1

Print Resume Needs A Claude Code Correction That Runs
    ${installed}    Run Agents    hooks    install    claude-code
    Claude Code Will Call    Write    {"file_path": "${REPO}/a.txt", "content": "one\\n"}
    Claude Code Will Call    Write    {"file_path": "${REPO}/c.txt", "content": "c\\n"}
    Claude Code Will Say    All done.
    ${session}    Run Claude Code By Hand    make the files
    ${result}    Run Agents With Claude Code    plan    correct    --mode\=revert    --decision    3
    ...    --guidance    ${GUIDANCE}    --yes    --print-resume    --no-execute
    Exit Code Should Be    ${result}    2
    Should Contain    ${result.stderr}    --print-resume needs the correction to run
    File Should Exist    ${REPO}/c.txt    a refused correction restored files
    ${scripted}    Run Plan    ${PLANS}/greeting.yaml
    ${result}    Run Agents    plan    correct    --mode\=revert    --decision    1    --yes
    ...    --print-resume
    Exit Code Should Be    ${result}    2
    Should Contain    ${result.stderr}    is no Claude Code session


A Recorded Session's Bash Edits Of What Claude Code And Git Run Are Put Back And Named
    [Documentation]    As in a headless run: after each Bash call of a session the user runs,
    ...    what it did to `.mcp.json`, a `.claude` setting or `.git/hooks` is put back.
    ${installed}    Run Agents    hooks    install    claude-code
    Exit Code Should Be    ${installed}    0
    ${before}    Get File    ${SETTINGS}
    Write File Bytes    ${REPO}/sub/.mcp.json    {}\n
    # Claude Code itself asks before `echo '{}' > .mcp.json` (a sensitive file); a command
    # whose writes it cannot read off the line runs unasked once Bash is allowed.
    # It fails: no PostToolUse comes, and the next call's event puts it back.
    Claude Code Will Call    Bash
    ...    {"command": "${WRITE} .mcp.json '{}' && false", "description": "mcp"}
    Claude Code Will Call    Bash
    ...    {"command": "${WRITE} sub/.mcp.json '{\\"mcpServers\\": {}}'", "description": "sub"}
    Claude Code Will Call    Bash
    ...    {"command": "${WRITE} .git/hooks/pre-commit 'touch canary'", "description": "hook"}
    Claude Code Will Call    Bash
    ...    {"command": "${WRITE} .claude/settings.local.json '{}'", "description": "local"}
    Claude Code Will Call    Write    {"file_path": "${REPO}/b.txt", "content": "b\\n"}
    Claude Code Will Say    All done.
    # The user lets every command run (`Bash`): only the put-back stands in the way.
    ${session}    Run Claude Code By Hand    plant servers    Bash
    Exit Code Should Be    ${session}    0
    File Should Not Exist    ${REPO}/.mcp.json
    File Should Hold Bytes    ${REPO}/sub/.mcp.json    {}\n
    File Should Not Exist    ${REPO}/.git/hooks/pre-commit
    Should Be Equal    ${{ open($SETTINGS).read() }}    ${before}
    File Should Exist    ${REPO}/b.txt    the session went on
    ${document}    Plan Tree Document
    ${made}    Decision By Id    ${document}    2
    Should Start With    ${made}[outcome]    no result: Claude Code refused the command
    Should Contain    ${made}[outcome]    removed .mcp.json: new, Claude Code would read it
    ${changed}    Decision By Id    ${document}    3
    Should Contain    ${changed}[outcome]    put back sub/.mcp.json: changed by the command
    ${hook}    Decision By Id    ${document}    4
    Should Contain    ${hook}[outcome]
    ...    removed .git/hooks/pre-commit: new, git would run it outside the sandbox
    ${setting}    Decision By Id    ${document}    5
    Should Contain    ${setting}[outcome]
    ...    put back .claude/settings.local.json: changed by the command
    ${held}    List Files In Directory    ${REPO}/.git/cleveragents/looks
    Should Be Empty    ${held}    a look was left held after its put-back


A Recorded Session Held To Our Policy Is Denied A Write Of A Git Hook In The Tree
    [Documentation]    A hook in the tree's `core.hooksPath` folder runs at the user's next
    ...    `git commit`, on the host: denied as a Claude Code setting is (issue 25).
    Create Directory    ${REPO}/.githooks
    Write File Bytes    ${REPO}/.githooks/pre-commit    \#!/bin/sh\nexit 0\n    mode=755
    Commit All    hooks
    Git    config    core.hooksPath    .githooks
    ${installed}    Run Agents    hooks    install    claude-code    --enforce-policy
    Exit Code Should Be    ${installed}    0
    Claude Code Will Call    Write
    ...    {"file_path": "${REPO}/.githooks/post-checkout", "content": "touch ${WORK}/canary\\n"}
    Claude Code Will Say    Done.
    ${session}    Run Claude Code By Hand    plant a hook
    Exit Code Should Be    ${session}    0
    Path Should Not Exist    ${REPO}/.githooks/post-checkout
    ${results}    Tool Results Claude Code Got
    Should Contain    ${results}[-1]    files that run on the host are not written by the model
    ${document}    Plan Tree Document
    Decision Should Be    ${document}    2    Write .githooks/post-checkout
    ...    refused: files that run on the host are not written by the model: ${REPO}/.githooks/post-checkout is in .githooks, the hooks folder git runs (core.hooksPath); ask the user to change it

*** Keywords ***
Install Should Be Refused
    [Arguments]    ${content}    ${said}
    Create File    ${SETTINGS}    ${content}
    ${installed}    Run Agents    hooks    install    claude-code
    Exit Code Should Be    ${installed}    2
    Should Contain    ${installed.stderr}    ${said}
    Should Be Equal    ${{ open($SETTINGS).read() }}    ${content}

Queue A Session Of Five Tool Calls
    Claude Code Will Call    Write    {"file_path": "${REPO}/a.txt", "content": "one\\n"}
    ...    text=First the greeting file.
    Claude Code Will Call    Write    {"file_path": "${REPO}/c.txt", "content": "c\\n"}
    Claude Code Will Call    Edit
    ...    {"file_path": "${REPO}/a.txt", "old_string": "one", "new_string": "two"}
    Claude Code Will Call    Bash    {"command": "echo hi > b.txt", "description": "b"}
    Claude Code Will Call    Read    {"file_path": "${REPO}/a.txt"}
    Claude Code Will Say    All done.

Run Claude Code By Hand
    [Documentation]    The real Claude Code CLI as a user runs it in the repository: its own
    ...    permissions (edits accepted, `echo` and `touch` allowed; a command it does not take
    ...    for a file edit, such as `git init`, is refused with no one to ask), no settings of ours.
    [Arguments]    ${prompt}    @{more}
    ${claude}    Claude Code Program    ${WORK}
    ${result}    Run Process    ${claude}    -p    ${prompt}    --permission-mode    acceptEdits
    ...    --allowedTools    Bash(echo:*)    Bash(touch:*)    @{more}
    ...    cwd=${REPO}    stdin=${EMPTY}    timeout=120s    on_timeout=kill
    ...    stdout=${WORK}/claude.stdout    stderr=${WORK}/claude.stderr
    ...    env:GIT_CEILING_DIRECTORIES=${WORK}    env:CLEVERAGENTS_HOOK_TIMES=${WORK}/hook-times
    ...    env:TMPDIR=${WORK}/tmp
    ...    &{{ {f"env:{k}": v for k, v in $CLAUDE_ENV.items()} }}
    Log    claude -> exit ${result.rc}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}
    RETURN    ${result}

Hold The Working Tree Lock
    [Documentation]    Another command holds the working tree's lock (as `agents` does).
    ${lock}    Set Variable    ${REPO}/.git/cleveragents/locks/worktree.lock
    Create Directory    ${REPO}/.git/cleveragents/locks
    ${holder}    Start Process    python3    -c
    ...    import fcntl, os, sys, time; fd \= os.open(sys.argv[1], os.O_RDWR | os.O_CREAT); fcntl.flock(fd, fcntl.LOCK_EX); open(sys.argv[2], "w").close(); time.sleep(300)
    ...    ${lock}    ${WORK}/locked
    Wait Until Keyword Succeeds    20s    0.1s    File Should Exist    ${WORK}/locked
    RETURN    ${holder}

Hook Warnings In
    [Documentation]    What our hooks said on stderr, from the session's hook events.
    [Arguments]    ${stream}
    ${said}    Evaluate
    ...    [m.get("stderr") for m in map(json.loads, filter(None, $stream.splitlines())) if m.get("subtype") == "hook_response" and "cleveragents" in (m.get("stderr") or "")]
    RETURN    ${said}

Decision Should Be
    [Arguments]    ${document}    ${id}    ${summary}    ${outcome}=${NONE}
    ${decision}    Decision By Id    ${document}    ${id}
    Should Be Equal    ${decision}[summary]    ${summary}
    IF    $outcome is not None
        Should Be Equal    ${decision}[outcome]    ${outcome}
    END

Checkpoint Should Hold
    [Arguments]    ${document}    ${id}    ${path}    ${content}
    ${decision}    Decision By Id    ${document}    ${id}
    ${checkpoint}    Set Variable    ${decision}[checkpoint_before]
    Should Not Be Equal    ${checkpoint}    ${NONE}    decision ${id} has no checkpoint
    ${shown}    Run Process    git    cat-file    blob    ${checkpoint}:${path}    cwd=${REPO}
    IF    $content is None
        Should Not Be Equal As Integers    ${shown.rc}    0    ${path} is in ${checkpoint}
    ELSE
        Should Be Equal    ${shown.stdout}\n    ${content}
    END

Plan Shown
    ${shown}    Run Agents    plan    show    --json
    ${plan}    Parse JSON Document    ${shown.stdout}
    RETURN    ${plan}

Create Repository With Stand In Claude Code
    Create Temporary Repository
    ${env}    Start Stand In For Claude Code    ${WORK}
    VAR    &{CLAUDE_ENV}    &{env}    scope=TEST
    VAR    ${SETTINGS}    ${REPO}/.claude/settings.local.json    scope=TEST
    Create Directory    ${WORK}/tmp

Stop Stand In Claude Code And Remove Repository
    Stop Stand In For Claude Code
    Remove Temporary Repository

Run Agents With Claude Code
    [Documentation]    The real `agents` command, Claude Code pointed at the stand-in.
    [Arguments]    @{args}    ${cwd}=${REPO}
    # A fork of the suite's fork server, as claude_code.resource's keyword runs it: a new
    # Python imported the SDK for each run (1.1-1.5 s of CPU under coverage).
    IF    ${AGENTS_FORKED}
        ${result}    Run Agents Forked    @{args}    cwd=${cwd}    stdin=${EMPTY}
        ...    stdout=${WORK}/agents.stdout    stderr=${WORK}/agents.stderr
        ...    timeout=120s    GIT_CEILING_DIRECTORIES=${WORK}
        ...    XDG_STATE_HOME=${WORK}/state    TMPDIR=${WORK}/tmp    &{CLAUDE_ENV}
    ELSE
        ${result}    Run Process    agents    @{args}
        ...    cwd=${cwd}    stdin=${EMPTY}    timeout=120s    on_timeout=kill
        ...    stdout=${WORK}/agents.stdout    stderr=${WORK}/agents.stderr
        ...    env:GIT_CEILING_DIRECTORIES=${WORK}    env:XDG_STATE_HOME=${WORK}/state
        ...    env:TMPDIR=${WORK}/tmp    &{{ {f"env:{k}": v for k, v in $CLAUDE_ENV.items()} }}
    END
    Log    agents ${args} -> exit ${result.rc}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}
    RETURN    ${result}
