*** Settings ***
Documentation       As a developer whose agent works on a web page,
...                 I want a plan file's steps to click, check, fill, select, press and
...                 navigate on a real page, its wrong turns undone by each action's inverse,
...                 so that the agent's world can be a browser as well as a working tree.
...
...                 Every test serves the fixture site (`resources/web/index.html`) from the
...                 test itself on 127.0.0.1 and runs the real `agents` command, which drives
...                 a real headless Chromium (Debian's, by path) through Playwright.

Resource            resources/agents.resource
Library             resources/WebFixture.py
Library             resources/TerminalLibrary.py

Test Setup          Create Repository And Serve The Fixture Site
Test Teardown       Stop The Site And Remove The Repository


*** Variables ***
${BROWSER_PLANS}    ${PLANS}/browser


*** Test Cases ***
A Plan Checks, Fills, Selects And Saves On A Real Page
    ${result}    Run Browser Plan    settings.yaml
    Exit Code Should Be    ${result}    0
    ${saved}    Saved On Server
    Should Be Equal    ${saved}    dark=on&display=Ada&theme=Dark
    ${document}    Plan Tree Document
    ${save}    Decision With Summary    ${document}    click button 'Save'
    Should Contain    ${save}[outcome]    irreversible: it sent a POST request to the server
    ${fill}    Decision With Summary    ${document}    fill textbox 'Display name' with 'Ada'
    Should Be True    ${fill}[ok]
    File Should Exist    ${REPO}/notes.txt
    No Chromium Should Be Left

The Wrong Dialog Is Closed By Its Cancel Button And The Second Option Succeeds
    [Documentation]    The first option opens Export, a modal dialog that leads nowhere: the
    ...    step's check fails, the reverter closes it with its own Cancel button, and the
    ...    second option opens Settings (a modal left open would block that click).
    ${result}    Run Browser Plan    settings.yaml
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    ${revert}    Decision With Summary    ${document}
    ...    restore the checkpoint of 2 after option the export button failed
    Should Contain    ${revert}[outcome]    page: click button 'Cancel'
    Should Not Contain    ${revert}[outcome]    the page still differs
    ${step}    Decision By Id    ${document}    2
    Should Be Equal    ${step}[outcome]    done (the settings button)

Local Planning Reverts A Wrong Menu Item By Cancel, Then Escape, And Finds Settings
    [Documentation]    Seed 001's example: Settings reached after a wrong Export item. The
    ...    step's option fails; the first local action (File, then Export...) makes no
    ...    progress and is reverted newest first: the dialog by its Cancel button, the menu by
    ...    Escape; the second local action (File, then Settings...) reaches the goal.
    ${result}    Run Browser Plan    local.yaml
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    ${revert}    Decision By Id    ${document}    2.2
    Should Be Equal    ${revert}[kind]    revert
    Should End With    ${revert}[outcome]    page: click button 'Cancel'; press Escape
    ${done}    Decision By Id    ${document}    2.3
    Should Be Equal    ${done}[summary]    local action the settings item of the file menu
    Should Be True    ${done}[ok]

A Correction Puts The Page Back As At The Decision And Redoes Only What Followed
    [Documentation]    The third step is corrected with guidance: a fresh browser replays the
    ...    page actions in effect before it (Settings opened, Dark mode checked), compares
    ...    the page with the one recorded there, and only the third step runs again.
    ${result}    Run Browser Plan    name.yaml
    Exit Code Should Be    ${result}    0
    ${result}    Run Agents    plan    correct    --mode\=revert    --decision    7
    ...    --guidance    use a capital letter    stdin=${EMPTY}    timeout=120s
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    ${live}    Evaluate
    ...    [d["summary"] for d in $document["decisions"] if d["status"] == "active" and d["kind"] == "action"]
    Should Be Equal    ${live}    ${{ ["click button 'Settings'", "check checkbox 'Dark mode'", "fill textbox 'Display name' with 'Ada'"] }}
    ${goal}    Evaluate    [d for d in $document["decisions"] if d["kind"] == "verification"][-1]
    Should Be True    ${goal}[ok]    the goal (Dark mode checked) failed: ${goal}[outcome]
    Should Be Equal    ${document}[plan][status]    completed
    No Chromium Should Be Left

A Correction Across A POST Is Refused Without A Terminal, And Goes On With --yes
    ${result}    Run Browser Plan    settings.yaml
    Exit Code Should Be    ${result}    0
    ${result}    Run Agents    plan    correct    --mode\=revert    --decision    14
    ...    --guidance    save again    stdin=${EMPTY}
    Exit Code Should Be    ${result}    3
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    decision 15 sent data to a server    pass --yes
    ${ops}    Run Agents    plan    ops    --json
    Should Be Equal    ${{ len(json.loads($ops.stdout)["operations"]) }}    ${1}
    ${posts}    Posts On Server
    Should Be Equal    ${posts}    ${1}
    ${result}    Run Agents    plan    correct    --mode\=revert    --decision    14
    ...    --guidance    save again    --yes    stdin=${EMPTY}    timeout=120s
    Exit Code Should Be    ${result}    0
    ${posts}    Posts On Server
    Should Be Equal    ${posts}    ${2}

A Correction Across A WebSocket Message Is Refused Without A Terminal
    [Documentation]    The shop's Buy sends its order over a WebSocket, no request: the
    ...    click is irreversible all the same, and a correction before it needs a yes.
    ...    (Before: the correction replayed it, and the server got a second order.)
    ${result}    Run Browser Plan    chat.yaml
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    ${buy}    Decision With Summary    ${document}    click button 'Buy'
    Should Contain    ${buy}[outcome]    irreversible: it sent a message over a WebSocket to the server
    ${result}    Run Agents    plan    correct    --mode\=revert    --decision    ${buy}[parent_id]
    ...    --guidance    buy again    stdin=${EMPTY}
    Exit Code Should Be    ${result}    3
    Stderr Should Contain    ${result}    sent data to a server    pass --yes
    ${messages}    Messages On Server
    Should Be Equal    ${messages}    ${1}

On A Terminal A Correction Across A POST Warns And Asks, And No Changes Nothing
    ${result}    Run Browser Plan    settings.yaml
    Exit Code Should Be    ${result}    0
    ${result}    Run Agents On A Terminal    plan    correct    --mode\=revert    --decision    14
    ...    --guidance    save again    cwd=${REPO}    ceiling=${WORK}    answer=n\n
    Should Be Equal As Integers    ${result.rc}    3    ${result.stdout}
    Should Contain    ${result.stdout}    decision 15 sent data to a server; no correction undoes that
    Should Contain    ${result.stdout}    Correct it anyway?
    Should Contain    ${result.stdout}    the correction across sent data was declined
    ${ops}    Run Agents    plan    ops    --json
    Should Be Equal    ${{ len(json.loads($ops.stdout)["operations"]) }}    ${1}

A Correction Is Refused, Changing Nothing, When The Page Cannot Be Put Back
    [Documentation]    The site changed since the run: the Settings button is renamed, so
    ...    taking the page actions again cannot reach the page recorded at the decision.
    ${result}    Run Browser Plan    name.yaml
    Exit Code Should Be    ${result}    0
    Rename On The Page    >Settings</button>    >Preferences</button>
    ${result}    Run Agents    plan    correct    --mode\=revert    --decision    7
    ...    --guidance    use a capital letter    stdin=${EMPTY}    timeout=120s
    Exit Code Should Be    ${result}    3
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}
    ...    the page cannot be put back as decision 6 left it: click button 'Settings':
    ${document}    Plan Tree Document
    ${states}    Evaluate
    ...    {d["status"] for d in $document["decisions"] if d["kind"] != "user_intervention"}
    Should Be Equal    ${states}    ${{ {"active"} }}    the correction was not rolled back
    Should Be Equal    ${document}[plan][status]    completed
    No Chromium Should Be Left

A Correction Is Refused When The Page Reached Differs From The One Recorded
    ${result}    Run Browser Plan    name.yaml
    Exit Code Should Be    ${result}    0
    Rename On The Page    >Theme<    >Colour theme<
    ${result}    Run Agents    plan    correct    --mode\=revert    --decision    7
    ...    --guidance    use a capital letter    stdin=${EMPTY}    timeout=120s
    Exit Code Should Be    ${result}    3
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    after its actions again, added combobox 'Colour theme'

A Correction Is Refused When This Clone Does Not Hold The Page Recorded
    ${result}    Run Browser Plan    name.yaml
    Exit Code Should Be    ${result}    0
    Remove Directory    ${REPO}/.git/cleveragents/browser/states    recursive=True
    ${result}    Run Agents    plan    correct    --mode\=revert    --decision    7
    ...    --guidance    use a capital letter    stdin=${EMPTY}    timeout=120s
    Exit Code Should Be    ${result}    3
    Stderr Should Contain    ${result}    the page decision 6 saw is not kept in this clone

A Correction Never Reads A Page State Named By A Path Instead Of An Id
    [Documentation]    A page hand-edited in the store names its state `../../../../../secret`: a
    ...    file beside the repository holds that state, and is never read.
    ${result}    Run Browser Plan    name.yaml
    Exit Code Should Be    ${result}    0
    ${db}    Evaluate    sqlite3.connect(r"${REPO}/.git/cleveragents/state.db")    modules=sqlite3
    ${id}    Evaluate    $db.execute("SELECT json_extract(body, '$' || '.page.state') FROM decisions WHERE id = '6'").fetchone()[0]
    Copy File    ${REPO}/.git/cleveragents/browser/states/${id}.json    ${REPO}/../secret.json
    Evaluate    $db.execute("UPDATE decisions SET body = json_set(body, '$' || '.page.state', '../../../../../secret') WHERE id = '6'")
    Evaluate    ($db.commit(), $db.close())
    ${result}    Run Agents    plan    correct    --mode\=revert    --decision    7
    ...    --guidance    use a capital letter    stdin=${EMPTY}    timeout=120s
    Exit Code Should Be    ${result}    3
    Stderr Should Contain    ${result}    the page decision 6 saw is not kept in this clone

A Sent Form Is Kept, And A Dialog That Will Not Close Is Said To Differ
    [Documentation]    A failed option that saved the form: the revert keeps the POST and
    ...    says so. A dialog whose Cancel does nothing: the revert says the page differs, and
    ...    that a fresh page cannot be put back either (that would send the POST again).
    ${result}    Run Browser Plan    kept.yaml
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    ${kept}    Evaluate
    ...    [d for d in $document["decisions"] if d["summary"].endswith("option save failed")][0]
    Should Contain    ${kept}[outcome]
    ...    click button 'Save' is irreversible: it sent a POST request to the server: kept
    ${posts}    Posts On Server
    Should Be Equal    ${posts}    ${1}
    ${stuck}    Evaluate
    ...    [d for d in $document["decisions"] if d["summary"].endswith("the broken help failed")][0]
    Should Contain    ${stuck}[outcome]    page: click button 'Cancel'; the page still differs;
    ...    not put back on a fresh page either:    click button 'Save' is irreversible

A Chromium That Does Not Start Is A One-Line Error
    ${plan}    Write Plan From Template    ${BROWSER_PLANS}/missing.yaml    URL=${URL}
    ${result}    Run Process    agents    plan    run    --script    ${plan}    cwd=${REPO}
    ...    env:GIT_CEILING_DIRECTORIES=${WORK}    env:CLEVERAGENTS_CHROMIUM=/bin/false
    Exit Code Should Be    ${result}    2
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    Chromium (/bin/false) did not start
    File Should Not Exist    ${REPO}/.git/cleveragents/browser/chromium.pid

A Site That Refuses The Connection Stops The Plan, Resumable, In One Line
    [Documentation]    Nothing listens on the plan's URL: the run stops (exit 4) saying the
    ...    page could not be opened, the plan is left stopped, and `plan resume` stops the
    ...    same way while the site is still down; never an internal error (70).
    ${url}    Unused URL
    ${plan}    Write Plan From Template    ${BROWSER_PLANS}/missing.yaml    URL=${url}
    ${result}    Run Plan    ${plan}    timeout=120s
    Exit Code Should Be    ${result}    4
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    could not be opened: Page.goto: net::ERR_CONNECTION_REFUSED
    ${document}    Plan Tree Document
    Should Be Equal    ${document}[plan][status]    stopped
    ${result}    Run Agents    plan    resume    stdin=${EMPTY}    timeout=120s
    Exit Code Should Be    ${result}    4
    Stderr Should Contain    ${result}    ERR_CONNECTION_REFUSED
    No Chromium Should Be Left

A Port Chromium Refuses To Use Stops The Plan In One Line
    ${plan}    Write Plan From Template    ${BROWSER_PLANS}/missing.yaml
    ...    URL=http://127.0.0.1:6000/
    ${result}    Run Plan    ${plan}    timeout=120s
    Exit Code Should Be    ${result}    4
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    net::ERR_UNSAFE_PORT
    No Chromium Should Be Left

A Page That Blocks Its Main Thread Stops The Plan Instead Of An Internal Error
    [Documentation]    The page's Go button loops for good: reading the page after the
    ...    click times out (a failed action) and the page cannot be looked at for the
    ...    decision, so the run stops (exit 4), resumable, in one line saying it did not
    ...    answer.
    ${result}    Run Browser Plan    busy.yaml
    Exit Code Should Be    ${result}    4
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    did not answer
    ${document}    Plan Tree Document
    Should Be Equal    ${document}[plan][status]    stopped
    No Chromium Should Be Left

A Resumed Run Goes On From The Page It Had Reached
    [Documentation]    The run is killed while it waits; `plan resume` opens a fresh browser,
    ...    takes the Settings click again, and the last step fills a field of that dialog.
    ${plan}    Write Plan From Template    ${BROWSER_PLANS}/resume.yaml    URL=${URL}
    Start Process    agents    plan    run    --script    ${plan}    cwd=${REPO}    alias=run
    ...    stdin=${EMPTY}    stdout=${WORK}/run.stdout    stderr=${WORK}/run.stderr
    ...    env:GIT_CEILING_DIRECTORIES=${WORK}
    Wait Until Created    ${WORK}/running    timeout=60s
    Send Signal To Process    SIGKILL    handle=run    group=True
    Wait For Process    run    timeout=30s    on_timeout=kill
    Create File    ${WORK}/go
    ${result}    Run Agents    plan    resume    stdin=${EMPTY}    timeout=120s
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    expect textbox 'Display name' visible = 'Ada': yes
    No Chromium Should Be Left

Each Decision Records The Page: What Changed, Its Elements And A Screenshot
    [Documentation]    A decision keeps what changed on the page since the previous one; the
    ...    whole state and a PNG screenshot are files under the git directory, and
    ...    `plan decision D` lists the elements as (role, name, state, value).
    ${result}    Run Browser Plan    settings.yaml
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    ${fill}    Decision With Summary    ${document}    fill textbox 'Display name' with 'Ada'
    Should Be Equal    ${fill}[page][changes]
    ...    ${{ {"changed": [{"role": "textbox", "name": "Display name", "value": "Ada"}]} }}
    ${shown}    Run Agents    plan    decision    ${fill}[id]
    Exit Code Should Be    ${shown}    0
    FOR    ${row}    IN    dialogs\\s+'Settings'    element\\s+checkbox 'Dark mode' \\[checked\\]
    ...    element\\s+textbox 'Display name' = 'Ada'    element\\s+combobox 'Theme' = 'Light'
        Should Match Regexp    ${shown.stdout}    ${row}
    END
    ${png}    Get Binary File
    ...    ${REPO}/.git/cleveragents/browser/screenshots/${fill}[page][screenshot].png
    Should Be Equal    ${png[:8]}    ${{ b"\x89PNG\r\n\x1a\n" }}
    ${first}    Decision By Id    ${document}    1
    Should Be Equal    ${first}[page][changes][url]    ${URL}
    Git Status Should Be Clean Apart From    notes.txt

Goto, Back, Press And URL Patterns Move Through The Site
    ${result}    Run Browser Plan    navigate.yaml
    Exit Code Should Be    ${result}    0
    Stdout Should Contain    ${result}    url is ${URL}about    expect menu 'File' hidden: yes

A Missing Element Fails The Step In One Line And Closes The Browser
    ${result}    Run Browser Plan    missing.yaml
    Exit Code Should Be    ${result}    1
    ${document}    Plan Tree Document
    ${click}    Decision With Summary    ${document}    click button 'Launch'
    Should Not Be True    ${click}[ok]
    Should Not Contain    ${click}[outcome]    \n
    Should Contain    ${click}[outcome]    Timeout
    No Chromium Should Be Left

A Page Action Without A Browser Section Fails And Says What To Add
    ${result}    Run Plan    ${BROWSER_PLANS}/no_browser.yaml    --json
    Exit Code Should Be    ${result}    1
    ${document}    Parse JSON Document    ${result.stdout}
    ${click}    Decision By Id    ${document}    3
    Should Be Equal    ${click}[outcome]    no page: add a `browser: {url: ...}` section to the plan

A Page Action Without A Role Is Refused With Its Line
    ${result}    Run Plan    ${BROWSER_PLANS}/bad_action.yaml
    Exit Code Should Be    ${result}    2
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    bad_action.yaml:8:    click.role: Field required

No Chromium Is A One-Line Error Naming The Install Command
    ${plan}    Write Plan From Template    ${BROWSER_PLANS}/missing.yaml    URL=${URL}
    ${result}    Run Process    agents    plan    run    --script    ${plan}    cwd=${REPO}
    ...    env:GIT_CEILING_DIRECTORIES=${WORK}    env:CLEVERAGENTS_CHROMIUM=${WORK}/no-chromium
    Exit Code Should Be    ${result}    2
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    no Chromium found    playwright install chromium

The Browser Listens On No Port Another Local User Could Reach
    [Documentation]    While a plan's page is open, its Chromium is driven over a pipe: no
    ...    process of it listens on a TCP port (a DevTools port lets any local user
    ...    drive the browser, unauthenticated, and read files as its user).
    ${plan}    Write Plan From Template    ${BROWSER_PLANS}/slow.yaml    URL=${URL}
    Start Process    agents    plan    run    --script    ${plan}    cwd=${REPO}    alias=run
    ...    stdin=${EMPTY}    stdout=${WORK}/run.stdout    stderr=${WORK}/run.stderr
    ...    env:GIT_CEILING_DIRECTORIES=${WORK}
    Wait Until Created    ${WORK}/running    timeout=60s
    ${browser}    Chromium Processes    ${REPO}
    Should Not Be Empty    ${browser}
    ${listening}    Listening Sockets    ${browser}
    Send Signal To Process    SIGKILL    handle=run    group=True
    Wait For Process    run    timeout=30s    on_timeout=kill
    Should Be Empty    ${listening}    the browser listens on ${listening}

A Killed Run's Browser Is Ended By The Next Run, By Its PID
    [Documentation]    SIGKILL to the whole process group of `agents` leaves the browser (in
    ...    a group of its own) running; the next command that opens a page ends it first.
    ...    The browser is frozen first: left alone, it may end itself when its pipe closes.
    ${plan}    Write Plan From Template    ${BROWSER_PLANS}/slow.yaml    URL=${URL}
    Start Process    agents    plan    run    --script    ${plan}    cwd=${REPO}    alias=run
    ...    stdin=${EMPTY}    stdout=${WORK}/run.stdout    stderr=${WORK}/run.stderr
    ...    env:GIT_CEILING_DIRECTORIES=${WORK}
    Wait Until Created    ${WORK}/running    timeout=60s
    ${pid}    Get File    ${REPO}/.git/cleveragents/browser/chromium.pid
    Evaluate    os.killpg(int($pid), signal.SIGSTOP)    modules=os,signal
    Send Signal To Process    SIGKILL    handle=run    group=True
    Wait For Process    run    timeout=30s    on_timeout=kill
    ${left}    Chromium Processes    ${REPO}
    Should Not Be Empty    ${left}    the kill should leave the browser for the next command
    File Should Exist    ${REPO}/.git/cleveragents/browser/chromium.pid
    ${result}    Run Browser Plan    navigate.yaml
    Exit Code Should Be    ${result}    0
    No Chromium Should Be Left
    File Should Not Exist    ${REPO}/.git/cleveragents/browser/chromium.pid


*** Keywords ***
Create Repository And Serve The Fixture Site
    Create Temporary Repository
    ${url}    Start Fixture Site
    VAR    ${URL}    ${url}    scope=TEST

Stop The Site And Remove The Repository
    # A failed test may leave the browser of a killed run: ended by its PID, as agents would.
    ${left}    Chromium Processes    ${REPO}
    FOR    ${pid}    IN    @{left}
        Evaluate    os.kill(${pid}, signal.SIGKILL)    modules=os,signal
    END
    # Killed processes still write their profile for a moment: the folder goes once they end.
    Wait Until Keyword Succeeds    20s    0.2s    No Chromium Should Be Left
    Stop Fixture Site
    Remove Temporary Repository

Run Browser Plan
    [Documentation]    Run `plans/browser/NAME` against the fixture site.
    [Arguments]    ${name}
    ${plan}    Write Plan From Template    ${BROWSER_PLANS}/${name}    URL=${URL}
    ${result}    Run Plan    ${plan}    timeout=120s
    RETURN    ${result}

Decision With Summary
    [Arguments]    ${document}    ${summary}
    FOR    ${decision}    IN    @{document}[decisions]
        IF    $decision["summary"] == $summary    RETURN    ${decision}
    END
    Fail    no decision "${summary}"

Git Status Should Be Clean Apart From
    [Arguments]    ${path}
    ${status}    Git    status    --porcelain
    Should Be Equal    ${status}    ?? ${path}

No Chromium Should Be Left
    ${left}    Chromium Processes    ${REPO}
    Should Be Empty    ${left}    a Chromium outlived the command: ${left}
