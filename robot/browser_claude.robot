*** Settings ***
Documentation       As a developer who gives Claude a task on a web page,
...                 I want it to see the page (its elements, not its pixels), act on it with
...                 the plan file's page actions, and estimate how close it is to the goal,
...                 with a checkpoint before each decision and corrections that put the page
...                 back, so that a browser agent can be sent back like any other plan.
...
...                 Every test serves the fixture site (`resources/web/index.html`) from the
...                 test itself on 127.0.0.1, stands in for Claude's service with the local
...                 Messages API server (the real anthropic SDK talks to it) and runs the real
...                 `agents` command, which drives a real headless Chromium through Playwright.

Resource            resources/agents.resource
Library             resources/WebFixture.py
Library             resources/ClaudePageLibrary.py

Test Setup          Serve The Fixture Site And Stand In For Claude
Test Teardown       Stop Everything And Remove The Repository


*** Variables ***
@{VARIABLES SET}    ANTHROPIC_API_KEY    ANTHROPIC_BASE_URL    CLEVERAGENTS_MODEL_RETRIES
...                 CLEVERAGENTS_BROWSER_EXPECT_MS
&{SETTINGS}         tool=click    role=button    name=Settings
&{EXPORT}           tool=click    role=button    name=Export
&{DARK MODE}        tool=check    role=checkbox    name=Dark mode
&{DIALOG}           role=dialog    name=Settings
&{OPEN}             name=open the settings    checks=${{ [{"role": "dialog", "name": "Settings"}] }}
&{DARK}             name=turn on dark mode    checks=${{ [{"url": "/"}] }}
&{NAME}             name=name the user    checks=${{ [] }}


*** Test Cases ***
Claude Reaches The Goal On The Page, Its Wrong Dialog Closed And Its Distance Estimated
    [Documentation]    Claude opens Export first: the step's check fails and the reverter
    ...    closes the dialog with its Cancel button. It then gives up the step; local
    ...    planning asks its distance to the goal (0-10) before and after its one local
    ...    action, which opens Settings. Every duty reads the page as a tool's result.
    Claude Will Propose The Steps    ${{ {"name": "open", "checks": [{"role": "dialog", "url": "/"}]} }}
    Claude Will Propose The Steps    ${OPEN}    ${DARK}
    Claude Will Act    the export button    ${EXPORT}
    Claude Will Give Up The Step
    Claude Will Estimate The Distance    2
    Claude Will Act    the settings button    ${SETTINGS}
    Claude Will Estimate The Distance    10
    Claude Will Propose The Steps    ${DARK}
    Claude Will Act    the checkbox    ${DARK MODE}
    ${result}    Run Claude Page Plan
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    Should Be Equal    ${document}[plan][status]    completed
    Should Be Equal    ${document}[plan][actor]    anthropic
    ${revert}    Decision With Summary    ${document}
    ...    restore the checkpoint of 2 after option the export button failed
    Should Contain    ${revert}[outcome]    page: click button 'Cancel'
    ${local}    Decision By Id    ${document}    2.1
    Should Be Equal    ${local}[summary]    local action the settings button
    Should Be Equal As Numbers    ${local}[distance_before]    2
    Should Be Equal As Numbers    ${local}[distance_after]    10
    ${tick}    Decision With Summary    ${document}    check checkbox 'Dark mode'
    Should Be Equal    ${tick}[page][changes][changed][0][state]    ${{ ["checked"] }}
    # A check naming both an element and a URL was sent back with the error, and answered.
    ${again}    Last User Text Of Request    1
    Should Contain    ${again}    a check names an element (role) or a url, not both
    # The first estimate saw the page with the Export dialog closed; the second, Settings open.
    ${before}    Page Claude Read    4
    Should Be Equal    ${before}[dialogs]    ${{ [] }}
    ${after}    Page Claude Read    6
    Should Be Equal    ${after}[dialogs]    ${{ ["Settings"] }}
    ${system}    System Text Of Request    6
    Should Not Contain    ${system}    Fixture settings    the page's text is never system text
    Should Be Equal    ${after}[title]    Fixture settings
    No Chromium Should Be Left

A Correction With Guidance Puts The Page Back And Claude Redoes Only What Followed
    [Documentation]    Step 3 is corrected with guidance: a fresh browser takes
    ...    Settings and Dark mode again and compares the page with the one recorded; Claude
    ...    is asked only for what follows, the guidance in its prompt and the page it is
    ...    back on (the name field as before step 3, not as the run left it) as read_page's.
    Claude Will Propose The Steps    ${OPEN}    ${DARK}    ${NAME}
    Claude Will Act    the settings button    ${SETTINGS}
    Claude Will Propose The Steps    ${DARK}    ${NAME}
    Claude Will Act    the checkbox    ${DARK MODE}
    Claude Will Act    lower case    ${{ {"tool": "fill", "role": "textbox", "name": "Display name", "text": "ada"} }}
    ${result}    Run Claude Page Plan
    Exit Code Should Be    ${result}    0
    ${asked}    Requests Claude Got
    ${document}    Plan Tree Document
    ${step}    Decision With Summary    ${document}    step 3: name the user
    Claude Will Propose The Steps    ${NAME}
    Claude Will Act    capitalised    ${{ {"tool": "fill", "role": "textbox", "name": "Display name", "text": "Ada"} }}
    ${result}    Run Agents    plan    correct    --mode\=revert    --decision    ${step}[id]
    ...    --guidance    write the name with a capital letter    stdin=${EMPTY}    timeout=120s
    Exit Code Should Be    ${result}    0
    ${now}    Requests Claude Got
    Should Be Equal As Integers    ${now}    ${asked + 2}    only the corrected step was asked again
    FOR    ${index}    IN    ${asked}    ${asked + 1}
        ${prompt}    Prompt Of Request    ${index}
        Should Contain    ${prompt}    write the name with a capital letter
        Should Contain    ${prompt}    - open the settings
        ${page}    Page Claude Read    ${index}
        Should Be Equal    ${page}[dialogs]    ${{ ["Settings"] }}
        ${box}    Element Read    ${page}    checkbox    Dark mode
        Should Be Equal    ${box}[state]    ${{ ["checked"] }}
        ${field}    Element Read    ${page}    textbox    Display name
        Should Be Equal    ${field}[value]    guest
    END
    ${document}    Plan Tree Document
    ${live}    Evaluate
    ...    [d["summary"] for d in $document["decisions"] if d["status"] == "active" and d["kind"] == "action"]
    Should Be Equal    ${live}    ${{ ["click button 'Settings'", "check checkbox 'Dark mode'", "fill textbox 'Display name' with 'Ada'"] }}
    Should Be Equal    ${document}[plan][status]    completed
    No Chromium Should Be Left

Claude's Segment Ends Where The Screen Changes, And It Plans Again On The New Screen
    [Documentation]    Seed 002's rolling horizon, by default for a model that plans: the
    ...    Settings dialog opening ends the segment of two steps, and `__replan__` asks
    ...    Claude again with the dialog open in the page it reads and the step done marked
    ...    done; the rest of the old segment is not taken.
    Claude Will Propose The Steps    ${OPEN}    ${{ {"name": "old second step", "checks": []} }}
    Claude Will Act    the settings button    ${SETTINGS}
    Claude Will Propose The Steps    ${DARK}
    Claude Will Act    the checkbox    ${DARK MODE}
    ${result}    Run Claude Page Plan
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    Should Be Equal    ${document}[plan][status]    completed
    Should Be Equal    ${document}[plan][usage][replans]    ${1}
    ${replan}    Evaluate    [d for d in $document["decisions"] if d["kind"] == "replan"][0]
    Should Be Equal    ${replan}[summary]    1 step after 1 done: turn on dark mode
    Should Start With    ${replan}[rationale]    the screen changed: the dialog 'Settings' opened;
    ${steps}    Evaluate    [d["summary"] for d in $document["decisions"] if d["kind"] == "step"]
    Should Not Contain    ${steps}    step 2: old second step
    # The replan request (strategize, refine, replan): the fresh page and the step done.
    ${page}    Page Claude Read    2
    Should Be Equal    ${page}[dialogs]    ${{ ["Settings"] }}
    ${box}    Element Read    ${page}    checkbox    Dark mode
    Should Be Equal    ${box}[state]    ${{ ["unchecked"] }}
    ${prompt}    Prompt Of Request    2
    Should Contain    ${prompt}    Completed steps (already done, DO NOT REPEAT):\n- open the settings
    No Chromium Should Be Left

Claude Is Asked About The Page Its Elements Changed Under
    [Documentation]    Seed 004 on a page: typing the query replaces all six results, so
    ...    the page is 0.08 alike to the one the segment was planned on; the drift question
    ...    names the similarity of the page's elements and shows the page now (the new
    ...    results), and Claude's `continue` goes on without a replan.
    Claude Will Propose The Steps    ${{ {"name": "search", "checks": []} }}
    ...    ${{ {"name": "open the third result", "checks": []} }}
    Claude Will Act    type a    ${{ {"tool": "fill", "role": "textbox", "name": "Search", "text": "a"} }}
    Claude Will Judge The Drift    continue
    Claude Will Act    the third    ${{ {"tool": "click", "role": "link", "name": "Match 3"} }}
    ${plan}    Write Plan From Template    ${PLANS}/browser/claude_search.yaml    URL=${URL}
    ${result}    Run Agents    plan    run    ${plan}    stdin=${EMPTY}    timeout=120s
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    Should Be Equal    ${document}[plan][status]    completed
    Should Be Equal    ${document}[plan][usage][replans]    ${0}
    # strategize, refine, the drift question (request 2), refine
    ${asked}    Requests Claude Got
    Should Be Equal As Integers    ${asked}    4
    ${prompt}    Prompt Of Request    2
    Should Contain    ${prompt}    The page changed under the plan: its interactive elements, by role and name, are 0.08 alike
    Should Not Contain    ${prompt}    working tree
    ${page}    Page Claude Read    2
    ${links}    Evaluate    [e["name"] for e in $page["elements"] if e["role"] == "link"]
    Should Be Equal    ${links}    ${{ ["Match 1", "Match 2", "Match 3", "Match 4", "Match 5", "Match 6"] }}
    No Chromium Should Be Left

Claude's Goto Stays On The Plan's Site
    [Documentation]    A page could tell the model to send what it typed elsewhere: a goto
    ...    off the plan's site is refused as the tool's answer, and never opened.
    Claude Will Propose The Steps    ${DARK}
    Claude Will Call    ${{ {"tool": "goto", "url": "http://example.invalid/steal"} }}
    ...    ${{ {"tool": "read_page"} }}
    Claude Will Act    on this site    ${SETTINGS}    ${DARK MODE}
    ${result}    Run Claude Page Plan
    Exit Code Should Be    ${result}    0
    ${results}    Tool Results Claude Got
    Should Start With    ${results}[1]    refused: goto 'http://example.invalid/steal' is not on the plan's site
    Should Be Equal    ${results}[2]    ${results}[0]    read_page answers the page as it is
    ${document}    Plan Tree Document
    ${actions}    Evaluate    [d["summary"] for d in $document["decisions"] if d["kind"] == "action"]
    Should Be Equal    ${actions}    ${{ ["click button 'Settings'", "check checkbox 'Dark mode'"] }}

A Click Off The Plan's Site Is Stopped Before It Leaves, And The Action Fails
    [Documentation]    A link of the page to another site (another port), in the same tab
    ...    or a new one: the navigation is stopped before its request leaves, the click
    ...    fails with one line Claude hears, and the other site never sees the path (nor
    ...    what it carries); a picture from there still loads. A redirect of the site itself
    ...    is seen once it left: the click fails and the page goes back. Claude then stays.
    ${other}    Start Other Site
    Claude Will Propose The Steps    ${{ {"name": "read about", "checks": [{"url": "/about"}]} }}
    Claude Will Act    elsewhere    ${{ {"tool": "click", "role": "link", "name": "Elsewhere"} }}
    Claude Will Act    in a tab    ${{ {"tool": "click", "role": "link", "name": "Elsewhere in a tab"} }}
    Claude Will Act    redirected    ${{ {"tool": "click", "role": "link", "name": "Redirected"} }}
    Claude Will Act    about    ${{ {"tool": "click", "role": "link", "name": "About"} }}
    ${plan}    Write Plan From Template    ${PLANS}/browser/claude_leave.yaml    URL=${URL}
    ${result}    Run Agents    plan    run    ${plan}    stdin=${EMPTY}    timeout=120s
    Exit Code Should Be    ${result}    0
    # A redirect is seen only once its request left: the one path the other site got.
    ${fetched}    Pages Fetched By Other Site
    Should Contain    ${fetched}    /picture.png
    ${paths}    Evaluate    [p for p in $fetched if p != "/picture.png"]
    Should Be Equal    ${paths}    ${{ ["/redirected"] }}
    ${document}    Plan Tree Document
    Should Be Equal    ${document}[plan][status]    completed
    ${site}    Evaluate    $URL.rstrip("/")
    ${away}    Decision With Summary    ${document}    click link 'Elsewhere'
    Should Be Equal    ${away}[outcome]
    ...    refused: it would leave the plan's site ${site} for '${other}secret?typed=ada'; the navigation was stopped
    ${tab}    Decision With Summary    ${document}    click link 'Elsewhere in a tab'
    Should Be Equal    ${tab}[outcome]
    ...    refused: it would leave the plan's site ${site} for '${other}tab'; the navigation was stopped
    ${back}    Decision With Summary    ${document}    click link 'Redirected'
    Should Be Equal    ${back}[outcome]
    ...    refused: a redirect took the page off the plan's site ${site} to '${other}redirected'; the page went back
    ${read}    Page Claude Read    4
    Should Be Equal    ${read}[url]    ${URL}leave    the page Claude reads after it is the site's
    ${prompt}    Prompt Of Request    2
    Should Contain    ${prompt}    refused: it would leave the plan's site ${site} for '${other}secret?typed=ada'
    No Chromium Should Be Left

Plan Resume Goes On From The Page Claude Left, And Plan Undo Takes The Correction Back
    [Documentation]    The service fails at the replan the Settings dialog asked for: the
    ...    run stops (exit 4). `plan resume` opens a fresh browser, takes Settings again and
    ...    asks Claude with the dialog open; the plan completes. A correction of the tick
    ...    is then undone: the next command's page has the box ticked as the run left it.
    Claude Will Propose The Steps    ${OPEN}    ${DARK}
    Claude Will Act    the settings button    ${SETTINGS}
    Claude Will Be Overloaded
    ${result}    Run Claude Page Plan
    Exit Code Should Be    ${result}    4
    ${document}    Plan Tree Document
    Should Be Equal    ${document}[plan][status]    stopped
    ${asked}    Requests Claude Got
    Claude Will Propose The Steps    ${DARK}
    Claude Will Act    the checkbox    ${DARK MODE}
    ${result}    Run Agents    plan    resume    stdin=${EMPTY}    timeout=120s
    Exit Code Should Be    ${result}    0
    ${page}    Page Claude Read    ${asked}
    Should Be Equal    ${page}[dialogs]    ${{ ["Settings"] }}
    ${prompt}    Prompt Of Request    ${asked}
    Should Contain    ${prompt}    Completed steps (already done, DO NOT REPEAT):\n- open the settings
    ${document}    Plan Tree Document
    Should Be Equal    ${document}[plan][status]    completed
    ${step}    Decision With Summary    ${document}    step 2: turn on dark mode
    Claude Will Propose The Steps    ${DARK}
    Claude Will Act    a name instead    ${{ {"tool": "fill", "role": "textbox", "name": "Display name", "text": "Ada"} }}
    ${result}    Run Agents    plan    correct    --mode\=revert    --decision    ${step}[id]
    ...    --guidance    name the user instead    stdin=${EMPTY}    timeout=120s
    Exit Code Should Be    ${result}    1
    ${result}    Run Agents    plan    undo    stdin=${EMPTY}    timeout=120s
    Exit Code Should Be    ${result}    0
    ${asked}    Requests Claude Got
    Claude Will Propose The Steps
    ${result}    Run Agents    plan    correct    --mode\=append
    ...    --guidance    look again    stdin=${EMPTY}    timeout=120s
    Exit Code Should Be    ${result}    0
    ${page}    Page Claude Read    ${asked}
    ${box}    Element Read    ${page}    checkbox    Dark mode
    Should Be Equal    ${box}[state]    ${{ ["checked"] }}    the box as the run left it
    ${field}    Element Read    ${page}    textbox    Display name
    Should Be Equal    ${field}[value]    guest    not the name the undone correction typed
    No Chromium Should Be Left

A Plan File Without Steps Needs The Key
    Remove Environment Variable    ANTHROPIC_API_KEY
    ${result}    Run Claude Page Plan
    Exit Code Should Be    ${result}    2
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    has no steps: Claude makes them, and ANTHROPIC_API_KEY is not set


*** Keywords ***
Serve The Fixture Site And Stand In For Claude
    Create Temporary Repository
    ${url}    Start Fixture Site
    VAR    ${URL}    ${url}    scope=TEST
    ${env}    Start Stand In Claude
    FOR    ${name}    ${value}    IN    &{env}
        Set Environment Variable    ${name}    ${value}
    END
    # A step check that fails waits this long for the page: short, it fails fast.
    Set Environment Variable    CLEVERAGENTS_BROWSER_EXPECT_MS    500

Stop Everything And Remove The Repository
    ${left}    Chromium Processes    ${REPO}
    FOR    ${pid}    IN    @{left}
        Evaluate    os.kill(${pid}, signal.SIGKILL)    modules=os,signal
    END
    Stop Stand In Claude
    Stop Fixture Site
    FOR    ${name}    IN    @{VARIABLES SET}
        Remove Environment Variable    ${name}
    END
    Remove Temporary Repository

Run Claude Page Plan
    ${plan}    Write Plan From Template    ${PLANS}/browser/claude.yaml    URL=${URL}
    ${result}    Run Agents    plan    run    ${plan}    stdin=${EMPTY}    timeout=120s
    RETURN    ${result}

Decision With Summary
    [Arguments]    ${document}    ${summary}
    FOR    ${decision}    IN    @{document}[decisions]
        IF    $decision["summary"] == $summary    RETURN    ${decision}
    END
    Fail    no decision "${summary}"

No Chromium Should Be Left
    ${left}    Chromium Processes    ${REPO}
    Should Be Empty    ${left}    a Chromium outlived the command: ${left}
