*** Settings ***
Documentation       As a developer reading the Robot suites, I want `Run Agents` (a fork of a
...                 small Python that imported the CLI once, `resources/ForkedAgents.py`) to give
...                 what `Run Process agents` gives: the same exit code and output, a command past
...                 its timeout killed (-9) and the next command run as if nothing had happened, so that a suite's result does not
...                 depend on how `agents` was started.

Resource            resources/agents.resource

Test Setup          Create Temporary Repository
Test Teardown       Remove Temporary Repository


*** Variables ***
${CHECKOUT}         ${CURDIR}/..
# `agents plan list` in a fork of a Python that ran the fork server's `prepared`; the
# modules the fork imported go to the file named by the second argument.
${FORK_IMPORTS}     SEPARATOR=\n
...                 import os, sys
...                 sys.path.insert(0, sys.argv[1])
...                 from features.support.forked_agents import prepared
...                 prepared({})
...                 before = set(sys.modules)
...                 pid = os.fork()
...                 if pid == 0:
...                 ${SPACE * 4}from cleveragents.cli.main import main
...                 ${SPACE * 4}try:
...                 ${SPACE * 8}code = main(["plan", "list"])
...                 ${SPACE * 4}except SystemExit as ended:
...                 ${SPACE * 8}code = ended.code
...                 ${SPACE * 4}with open(sys.argv[2], "w") as out:
...                 ${SPACE * 8}out.write("\\n".join(sorted(set(sys.modules) - before)))
...                 ${SPACE * 4}os._exit(0 if code == 0 else 1)
...                 _, status = os.waitpid(pid, 0)
...                 sys.exit(os.waitstatus_to_exitcode(status))


*** Test Cases ***
A Forked Command Gives What A New Process Gives
    [Template]    Forked And New Should Agree
    plan    show
    plan    list    --json
    plan    frobnicate
    --version

A Forked Command Imports None Of The Services Anew
    [Documentation]    Every command imports the services (`bootstrap`, with pydantic) and
    ...    typer's option adapters: the server has them imported before it forks, so a fork
    ...    does not import them again (half a forked command's CPU when it did).
    Create File    ${WORK}/fork_imports.py    ${FORK_IMPORTS}
    ${result}    Run Process    python3    ${WORK}/fork_imports.py    ${CHECKOUT}
    ...    ${WORK}/imported.txt    cwd=${REPO}    env:GIT_CEILING_DIRECTORIES=${WORK}
    Should Be Equal As Integers    ${result.rc}    0    ${result.stderr}
    ${imported}    Get File    ${WORK}/imported.txt
    VAR    @{services}    cleveragents.bootstrap    pydantic    pydantic_core    typer._adapters
    @{anew}    Evaluate    sorted(set($services) & set($imported.split()))
    Should Be Empty    ${anew}    a fork imported again: ${anew}

A Forked Command Past Its Timeout Is Killed, And The Next One Runs
    ${result}    Run Plan    ${PLANS}/gc/slow.yaml    stdin=${EMPTY}    timeout=3s
    Should Be Equal As Integers    ${result.rc}    -9
    File Should Exist    ${REPO}/slow-started.txt
    # Killed as SIGKILL kills it: the run is left to resume, and the next command says so.
    ${result}    Run Agents    plan    list
    Exit Code Should Be    ${result}    0
    Should Contain    ${result.stderr}    was interrupted


A Command Killed At Its Timeout Takes The Git It Runs With It
    # Run Process kills the command's process group; forked, the command leads one too.
    [Setup]    Create Repository With A Git That Hangs Once
    [Teardown]    Restore Path And Remove Repository
    ${result}    Run Agents    plan    list    stdin=${EMPTY}    timeout=3s
    Should Be Equal As Integers    ${result.rc}    -9
    ${pid}    Get File    ${WORK}/git.pid
    Wait Until Keyword Succeeds    5s    0.1s    Process Should Be Gone    ${pid.strip()}


*** Keywords ***
Create Repository With A Git That Hangs Once
    [Documentation]    `git` found first in `${WORK}/bin`: its first call writes its pid to
    ...    `${WORK}/git.pid` and sleeps 60 s; the others run the real git.
    Create Temporary Repository
    Create Directory    ${WORK}/bin
    ${git}    Evaluate    shutil.which("git")    modules=shutil
    Create File    ${WORK}/bin/git
    ...    \#!/bin/sh\nif mkdir ${WORK}/hung 2>/dev/null; then echo $$ > ${WORK}/git.pid; exec sleep 60; fi\nexec ${git} "$@"\n
    Run Process    chmod    +x    ${WORK}/bin/git
    ${path}    Get Environment Variable    PATH
    VAR    ${OLD_PATH}    ${path}    scope=TEST
    Set Environment Variable    PATH    ${WORK}/bin:${path}

Restore Path And Remove Repository
    Set Environment Variable    PATH    ${OLD_PATH}
    # A hung git the command left (the test failed): ended here, by its pid.
    ${pid}    Evaluate    (lambda p: p.read_text().strip() if p.exists() else "")(pathlib.Path($WORK, "git.pid"))
    ...    modules=pathlib
    IF    $pid    Run Process    kill    -9    ${pid}
    Remove Temporary Repository

Process Should Be Gone
    [Arguments]    ${pid}
    ${stat}    Evaluate    (lambda p: p.read_text() if p.exists() else "")(pathlib.Path("/proc/${pid}/stat"))
    ...    modules=pathlib
    Should Not Match Regexp    ${stat}    ^\\d+ \\(sleep\\) [^Z]    git (pid ${pid}) still runs: ${stat}


Forked And New Should Agree
    [Documentation]    `agents ARGS` forked, then as a new process, in `${REPO}`: the same
    ...    exit code, stdout and stderr.
    [Arguments]    @{args}    ${stdin}=${EMPTY}
    VAR    ${AGENTS_FORKED}    ${True}    scope=TEST
    ${forked}    Run Agents    @{args}    stdin=${stdin}
    VAR    ${AGENTS_FORKED}    ${False}    scope=TEST
    ${new}    Run Agents    @{args}    stdin=${stdin}
    VAR    ${AGENTS_FORKED}    ${True}    scope=TEST
    Should Be Equal As Integers    ${forked.rc}    ${new.rc}    ${args}
    Should Be Equal    ${forked.stdout}    ${new.stdout}    ${args}
    Should Be Equal    ${forked.stderr}    ${new.stderr}    ${args}
