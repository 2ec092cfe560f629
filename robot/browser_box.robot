*** Settings ***
Documentation       As a user whose agent opens pages I do not control,
...                 I want the plan's Chromium to run inside bubblewrap, as nobody,
...                 so that a hostile page that breaks out of a renderer finds no host:
...                 no home folder, no secrets, no working tree, no Unix socket, no root.
...
...                 Every test serves the fixture site on 127.0.0.1 and runs the real
...                 `agents` command with the real Chromium and the real bwrap; what the
...                 browser sees is read from the host through /proc/PID (its own root,
...                 namespaces, uid map and environment) while the plan waits.

Resource            resources/agents.resource
Library             resources/WebFixture.py
Library             resources/ChromiumBoxLibrary.py

Test Setup          Create Repository And Serve The Fixture Site
Test Teardown       Stop The Site And Remove The Repository


*** Variables ***
${BROWSER_PLANS}    ${PLANS}/browser
${CANARY}           /root/cleveragents-box-canary
${HOME_CHROMIUM}    %{HOME}/cleveragents-box-chromium


*** Test Cases ***
The Page Works And Chromium Sees None Of The Host
    [Documentation]    The plan clicks and checks on the real page, then waits while the
    ...    test looks at its Chromium: own mount, user and PID namespaces, nobody (65534)
    ...    inside with no capability, Chromium's own sandbox on (no --no-sandbox), none of
    ...    /root (a canary there), /etc/shadow, /home, /run, the working tree or the git
    ...    directory; the profile is there; no secret of our environment in its own.
    Create File    ${CANARY}    a secret of root's\n
    ${plan}    Write Plan From Template    ${BROWSER_PLANS}/boxed.yaml    URL=${URL}
    Start Process    agents    plan    run    --script    ${plan}    cwd=${REPO}    alias=run
    ...    stdin=${EMPTY}    stdout=${WORK}/run.stdout    stderr=${WORK}/run.stderr
    ...    env:GIT_CEILING_DIRECTORIES=${WORK}    env:AWS_SECRET_ACCESS_KEY=canary-secret
    Wait Until Created    ${WORK}/running    timeout=60s
    ${all}    Chromium Processes    ${REPO}
    ${browsers}    Chromium Main Processes    ${all}
    Should Not Be Empty    ${browsers}    no Chromium among ${all}
    FOR    ${pid}    IN    @{browsers}
        Chromium Should Be Boxed    ${pid}
    END
    ${main}    Command Line Of    ${browsers}[0]
    Should Not Contain    ${main}    --no-sandbox
    Create File    ${WORK}/looked
    ${result}    Wait For Process    run    timeout=60s    on_timeout=kill
    Log    ${result.stdout}\n${result.stderr}
    Exit Code Should Be    ${result}    0

A Headed Chromium Opens Its Window Through The Display's Socket Only
    [Documentation]    A real X server (Xvfb) that takes connections only on its socket
    ...    file (not TCP, not the abstract socket a shared network would reach) and only
    ...    with its cookie: the boxed Chromium opens its window there, headed. Of the
    ...    host it sees that socket, the cookie, and a Wayland socket (never used by it
    ...    here): nothing else of /tmp/.X11-unix or the runtime folder, and of the
    ...    cookie file only that display's cookie (not an ssh-forwarded display's).
    ${number}    Free Display
    ${cookie}    Evaluate    secrets.token_hex(16)    modules=secrets
    ${done}    Run Process    xauth    -f    ${WORK}/cookie    add    :${number}    .    ${cookie}
    Should Be Equal As Integers    ${done.rc}    0    ${done.stderr}
    ${other}    Evaluate    secrets.token_hex(16)    modules=secrets
    ${done}    Run Process    xauth    -f    ${WORK}/cookie    add    localhost:1${number}    .    ${other}
    Should Be Equal As Integers    ${done.rc}    0    ${done.stderr}
    Start Process    Xvfb    :${number}    -auth    ${WORK}/cookie    -nolisten    tcp
    ...    -nolisten    local    -screen    0    800x600x24    alias=x    stdout=DEVNULL
    ...    stderr=DEVNULL
    Wait Until Created    /tmp/.X11-unix/X${number}    timeout=30s
    Create Directory    ${WORK}/run
    Listen On Unix Socket    ${WORK}/run/wayland-test
    ${plan}    Write Plan From Template    ${BROWSER_PLANS}/boxed.yaml    URL=${URL}
    Start Process    agents    plan    run    --script    ${plan}    --headed    cwd=${REPO}
    ...    alias=run    stdin=${EMPTY}    stdout=${WORK}/run.stdout    stderr=${WORK}/run.stderr
    ...    env:GIT_CEILING_DIRECTORIES=${WORK}    env:DISPLAY=:${number}
    ...    env:XAUTHORITY=${WORK}/cookie    env:WAYLAND_DISPLAY=wayland-test
    ...    env:XDG_RUNTIME_DIR=${WORK}/run
    Wait Until Created    ${WORK}/running    timeout=60s
    ${all}    Chromium Processes    ${REPO}
    ${browsers}    Chromium Main Processes    ${all}
    Should Not Be Empty    ${browsers}    no Chromium among ${all}
    ${main}    Command Line Of    ${browsers}[0]
    Should Not Contain    ${main}    --headless
    ${sockets}    Names Seen By    ${browsers}[0]    /tmp/.X11-unix
    Should Be Equal    ${sockets}    ${{ ["X" + $number] }}
    ${home}    Names Seen By    ${browsers}[0]    /tmp/home
    Should Contain    ${home}    .Xauthority
    ${seen}    Get Binary File    /proc/${browsers}[0]/root/tmp/home/.Xauthority
    Should Be True    bytes.fromhex($cookie) in $seen    the display's cookie is not in the box
    Should Be True    bytes.fromhex($other) not in $seen    another display's cookie is in the box
    Should Contain    ${home}    wayland-test
    ${names}    Names Seen By    ${browsers}[0]    ${WORK}
    Should Be Equal    ${names}    ${{ ["repo"] }}
    Create File    ${WORK}/looked
    ${result}    Wait For Process    run    timeout=60s    on_timeout=kill
    Log    ${result.stdout}\n${result.stderr}
    Terminate Process    x
    Exit Code Should Be    ${result}    0

A Chromium Outside The System Folders Is Shown In The Box, Read-Only
    [Documentation]    Playwright's own Chromium lives under its cache, not in /usr: the
    ...    folder of the program (and the link naming it) is bound read-only in the box.
    ...    Here a program in the test's folder, reached through a link, stands for it.
    Create Directory    ${WORK}/elsewhere
    Create Directory    ${WORK}/link
    Create File    ${WORK}/elsewhere/chromium    \#!/bin/sh\nexec /usr/bin/chromium "$@"\n
    Evaluate    os.chmod($WORK + "/elsewhere/chromium", 0o755)    modules=os
    Evaluate    os.symlink($WORK + "/elsewhere/chromium", $WORK + "/link/chromium")    modules=os
    ${plan}    Write Plan From Template    ${BROWSER_PLANS}/name.yaml    URL=${URL}
    ${result}    Run Process    agents    plan    run    --script    ${plan}    cwd=${REPO}
    ...    stdin=${EMPTY}    env:GIT_CEILING_DIRECTORIES=${WORK}
    ...    env:CLEVERAGENTS_CHROMIUM=${WORK}/link/chromium
    Log    ${result.stdout}\n${result.stderr}
    Exit Code Should Be    ${result}    0
    ${script}    Get File    ${REPO}/.git/cleveragents/browser/chromium-box
    Should Contain    ${script}    --ro-bind ${WORK}/elsewhere ${WORK}/elsewhere
    Should Contain    ${script}    --ro-bind ${WORK}/link/chromium ${WORK}/link/chromium
    # One in the home folder: that program alone, never the home folder it is in.
    Copy File    ${WORK}/elsewhere/chromium    ${HOME_CHROMIUM}
    Evaluate    os.chmod($HOME_CHROMIUM, 0o755)    modules=os
    ${result}    Run Process    agents    plan    run    --script    ${plan}    cwd=${REPO}
    ...    stdin=${EMPTY}    env:GIT_CEILING_DIRECTORIES=${WORK}
    ...    env:CLEVERAGENTS_CHROMIUM=${HOME_CHROMIUM}
    Exit Code Should Be    ${result}    0
    ${script}    Get File    ${REPO}/.git/cleveragents/browser/chromium-box
    Should Contain    ${script}    --ro-bind ${HOME_CHROMIUM} ${HOME_CHROMIUM}
    Should Not Contain    ${script}    --ro-bind %{HOME} %{HOME}

Without Bubblewrap The Browser Run Is Refused, And --no-sandbox Runs It Outside
    [Documentation]    On a machine without bwrap, the plan's page is not opened outside the
    ...    box without a word: one line, naming --no-sandbox, exit 2, no browser left;
    ...    with --no-sandbox the plan runs as before.
    ${path}    Path Without    bwrap    ${WORK}/bin
    ${plan}    Write Plan From Template    ${BROWSER_PLANS}/name.yaml    URL=${URL}
    ${result}    Run Process    agents    plan    run    --script    ${plan}    cwd=${REPO}
    ...    stdin=${EMPTY}    env:GIT_CEILING_DIRECTORIES=${WORK}    env:PATH=${path}
    Exit Code Should Be    ${result}    2
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    bwrap (bubblewrap) is not installed
    ...    the plan's Chromium runs only in a sandbox    --no-sandbox
    ${fetched}    Pages Fetched
    Should Be Empty    ${fetched}    the page was opened outside the box
    ${result}    Run Process    agents    plan    run    --script    ${plan}    --no-sandbox
    ...    cwd=${REPO}    stdin=${EMPTY}    env:GIT_CEILING_DIRECTORIES=${WORK}
    ...    env:PATH=${path}
    Exit Code Should Be    ${result}    0

A Bubblewrap That Cannot Make The Box Is One Line Saying Why
    [Documentation]    bwrap is there but may not make namespaces (a container without user
    ...    namespaces): its own reason, and the way out, in one line.
    Create Directory    ${WORK}/fake
    Create File    ${WORK}/fake/bwrap    \#!/bin/sh\necho 'No permissions to create new namespace' >&2\nexit 1\n
    Evaluate    os.chmod($WORK + "/fake/bwrap", 0o755)    modules=os
    ${plan}    Write Plan From Template    ${BROWSER_PLANS}/name.yaml    URL=${URL}
    ${result}    Run Process    agents    plan    run    --script    ${plan}    cwd=${REPO}
    ...    stdin=${EMPTY}    env:GIT_CEILING_DIRECTORIES=${WORK}
    ...    env:PATH=${WORK}/fake:%{PATH}
    Exit Code Should Be    ${result}    2
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}
    ...    bwrap cannot make a box here (No permissions to create new namespace)
    ...    --no-sandbox


*** Keywords ***
Chromium Should Be Boxed
    [Arguments]    ${pid}
    Namespace Should Differ From Ours    ${pid}    mnt
    Namespace Should Differ From Ours    ${pid}    user
    Namespace Should Differ From Ours    ${pid}    pid
    Uid Inside Should Be    ${pid}    65534
    FOR    ${hidden}    IN    /root    ${CANARY}    /etc/shadow    /home    /run    /var/run
    ...    ${REPO}/README.md    ${REPO}/.git/HEAD    ${REPO}/.git/config    /tmp/.X11-unix
        ${seen}    Seen By    ${pid}    ${hidden}
        Should Not Be True    ${seen}    Chromium ${pid} sees ${hidden}
    END
    # The profile is bound where Playwright names it: the folders above it are empty; of
    # /var, only the fonts' cache is there.
    ${profile}    Seen By    ${pid}    ${REPO}/.git/cleveragents/browser/profile
    Should Be True    ${profile}    Chromium ${pid} has no profile
    FOR    ${folder}    ${only}    IN    ${WORK}    repo    ${REPO}    .git
    ...    ${REPO}/.git    cleveragents    ${REPO}/.git/cleveragents    browser
    ...    ${REPO}/.git/cleveragents/browser    profile    /var    cache
    ...    /var/cache    fontconfig
        ${names}    Names Seen By    ${pid}    ${folder}
        Should Be Equal    ${names}    ${{ [$only] }}    Chromium ${pid} sees ${names} in ${folder}
    END
    ${passwd}    Get File    /proc/${pid}/root/etc/passwd
    Should Not Contain    ${passwd}    root:
    ${environment}    Environment Of    ${pid}
    Should Not Contain    ${environment}    AWS_SECRET_ACCESS_KEY
    Should Not Contain    ${{ list($environment.values()) }}    canary-secret

Create Repository And Serve The Fixture Site
    Create Temporary Repository
    ${url}    Start Fixture Site
    VAR    ${URL}    ${url}    scope=TEST

Stop The Site And Remove The Repository
    Remove File    ${CANARY}
    Remove File    ${HOME_CHROMIUM}
    Close Unix Sockets
    Terminate All Processes    kill=True
    ${left}    Chromium Processes    ${REPO}
    FOR    ${pid}    IN    @{left}
        Evaluate    os.kill(${pid}, signal.SIGKILL)    modules=os,signal
    END
    Wait Until Keyword Succeeds    20s    0.2s    No Chromium Should Be Left
    Stop Fixture Site
    Remove Temporary Repository

No Chromium Should Be Left
    ${left}    Chromium Processes    ${REPO}
    Should Be Empty    ${left}    Chromium is still running: ${left}
