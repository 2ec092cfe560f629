*** Settings ***
Documentation       As a developer who wants to watch the agent on the page,
...                 I want `--headed` on `plan run`, `plan correct` and `plan resume` to show
...                 the browser in a window, headless being the default,
...                 so that I can see what it does, and get one clear line where no
...                 display can show it.
...
...                 These machines have no display: what is tested is that the flag reaches
...                 the launch of the real Chromium, and that its failure is one line.

Resource            resources/agents.resource
Library             resources/WebFixture.py

Test Setup          Create Repository And Serve The Fixture Site
Test Teardown       Stop The Site And Remove The Repository


*** Variables ***
${BROWSER_PLANS}    ${PLANS}/browser


*** Test Cases ***
Run, Correct And Resume With --headed And No Display Are One Line Each
    [Documentation]    The plan's own run has DISPLAY name an X server that is not there:
    ...    headless, Chromium never looks at it and the plan runs (the next test shows
    ...    that with --headed it cannot).
    ${plan}    Write Plan From Template    ${BROWSER_PLANS}/name.yaml    URL=${URL}
    ${result}    Run Without A Display    plan    run    --script    ${plan}    --headed
    Headed Refusal Should Be    ${result}
    ${result}    Run On A Missing Display    plan    run    --script    ${plan}
    Exit Code Should Be    ${result}    0
    ${result}    Run Without A Display    plan    correct    --mode\=revert    --decision    7
    ...    --guidance    use a capital letter    --headed
    Headed Refusal Should Be    ${result}
    ${document}    Plan Tree Document
    ${states}    Evaluate
    ...    {d["status"] for d in $document["decisions"] if d["kind"] != "user_intervention"}
    Should Be Equal    ${states}    ${{ {"active"} }}    the correction was not rolled back
    ${result}    Run Agents    plan    correct    --mode\=revert    --decision    7
    ...    --guidance    use a capital letter    --no-execute    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${result}    Run Without A Display    plan    resume    --headed
    Headed Refusal Should Be    ${result}

The Flag Reaches The Launch: A Display Chromium Cannot Open Fails With --headed
    [Documentation]    DISPLAY names an X server that is not there: with --headed Chromium
    ...    must open a window there, and cannot (headless, the plan ran on that display in
    ...    the test above: one plan run serves both).
    ${plan}    Write Plan From Template    ${BROWSER_PLANS}/name.yaml    URL=${URL}
    ${result}    Run On A Missing Display    plan    run    --script    ${plan}    --headed
    Exit Code Should Be    ${result}    2
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    did not start
    ...    check that it can open a window on the display ':97'
    No Chromium Should Be Left


*** Keywords ***
Create Repository And Serve The Fixture Site
    Create Temporary Repository
    ${url}    Start Fixture Site
    VAR    ${URL}    ${url}    scope=TEST

Stop The Site And Remove The Repository
    ${left}    Chromium Processes    ${REPO}
    FOR    ${pid}    IN    @{left}
        Evaluate    os.kill(${pid}, signal.SIGKILL)    modules=os,signal
    END
    Stop Fixture Site
    Remove Temporary Repository

Run Without A Display
    [Arguments]    @{args}
    ${result}    Run Process    agents    @{args}    cwd=${REPO}    stdin=${EMPTY}
    ...    stdout=${WORK}/agents.stdout    stderr=${WORK}/agents.stderr    timeout=120s
    ...    on_timeout=kill    env:GIT_CEILING_DIRECTORIES=${WORK}    env:DISPLAY=${EMPTY}
    ...    env:WAYLAND_DISPLAY=${EMPTY}
    RETURN    ${result}

Run On A Missing Display
    [Arguments]    @{args}
    ${result}    Run Process    agents    @{args}    cwd=${REPO}    stdin=${EMPTY}
    ...    stdout=${WORK}/agents.stdout    stderr=${WORK}/agents.stderr    timeout=120s
    ...    on_timeout=kill    env:GIT_CEILING_DIRECTORIES=${WORK}    env:DISPLAY=:97
    ...    env:WAYLAND_DISPLAY=${EMPTY}
    RETURN    ${result}

Headed Refusal Should Be
    [Arguments]    ${result}
    Exit Code Should Be    ${result}    2
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}
    ...    --headed needs a display, and neither DISPLAY nor WAYLAND_DISPLAY is set
    ...    run without --headed, or under xvfb-run
    No Chromium Should Be Left

No Chromium Should Be Left
    ${left}    Chromium Processes    ${REPO}
    Should Be Empty    ${left}    a Chromium outlived the command: ${left}
