*** Settings ***
Documentation       As a developer whose agent works on a page that keeps cookies and storage,
...                 I want a page checkpoint to hold them, and `plan undo` of a correction to
...                 give the plan back its page as it was before the correction,
...                 so that what the next command opens is the page I had, not the profile's
...                 leftovers of the correction I undid.
...
...                 The fixture's `/prefs` page sets a cookie when Dark mode is checked and
...                 local and session storage when the name is typed, and shows in a field
...                 what the browser held when the page opened.

Resource            resources/agents.resource
Library             resources/WebFixture.py

Test Setup          Create Repository And Serve The Fixture Site
Test Teardown       Stop The Site And Remove The Repository


*** Variables ***
${BROWSER_PLANS}    ${PLANS}/browser


*** Test Cases ***
A Correction Opens The Page With The Storage It Had, Not The Profile's Leftovers
    [Documentation]    The run left `display=ada` in the profile's local storage; the page
    ...    decision 6 saw opened with none, and so does the page the correction puts back.
    ...    The run's own checkpoints are checked first (one Chromium run serves both).
    ${result}    Run Browser Plan    prefs.yaml
    Exit Code Should Be    ${result}    0
    Page Checkpoints Should Keep Cookies, Storage And History
    ${result}    Run Agents    plan    correct    --mode\=revert    --decision    7
    ...    --guidance    use a capital letter    stdin=${EMPTY}    timeout=120s
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    ${newest}    Newest Decision With A Page    ${document}
    Should Contain    ${newest}[shown]    textbox 'Stored when opened' = 'dark=; display='
    Should Contain    ${newest}[shown]    textbox 'Display name' = 'Ada'

Plan Undo Of A Correction Gives The Next Command The Page Before The Correction
    [Documentation]    After the correction the profile holds `display=Ada`; once it is
    ...    undone, the next command (guidance appended) opens the page the run left: the
    ...    name typed as before, the cookie and storage as before, and it opened with what
    ...    the run's page opened with.
    ${result}    Run Browser Plan    prefs.yaml
    Exit Code Should Be    ${result}    0
    ${result}    Run Agents    plan    correct    --mode\=revert    --decision    7
    ...    --guidance    use a capital letter    stdin=${EMPTY}    timeout=120s
    Exit Code Should Be    ${result}    0
    ${result}    Run Agents    plan    undo    stdin=${EMPTY}    timeout=120s
    Exit Code Should Be    ${result}    0
    ${result}    Run Agents    plan    correct    --mode\=append
    ...    --guidance    look again    stdin=${EMPTY}    timeout=120s
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    ${newest}    Newest Decision With A Page    ${document}
    Should Contain    ${newest}[shown]    textbox 'Display name' = 'ada'
    Should Contain    ${newest}[shown]    checkbox 'Dark mode' [checked]
    Should Contain    ${newest}[shown]    textbox 'Stored when opened' = 'dark=; display='
    ${storage}    Kept Storage    ${newest}[decision][page][storage]
    Should Be Equal    ${storage}[local]    ${{ {"display": "ada"} }}
    Should Be Equal    ${{ {c["name"]: c["value"] for c in $storage["cookies"]} }}
    ...    ${{ {"dark": "on"} }}

A Page That Opened With Cookies And Storage Is Put Back With Them
    [Documentation]    The second plan's page opened with the cookie and the name the first
    ...    left; a correction of the first then leaves `display=Ada` in the profile. A
    ...    correction of the second puts back the cookie and storage its page opened with.
    ${result}    Run Browser Plan    prefs.yaml
    Exit Code Should Be    ${result}    0
    ${first}    Plan Tree Document
    ${result}    Run Browser Plan    prefs.yaml
    Exit Code Should Be    ${result}    0
    ${second}    Plan Tree Document
    ${result}    Run Agents    plan    correct    --plan    ${first}[plan][id]    --mode\=revert
    ...    --decision    7    --guidance    use a capital letter    stdin=${EMPTY}    timeout=120s
    Exit Code Should Be    ${result}    0
    ${result}    Run Agents    plan    correct    --plan    ${second}[plan][id]    --mode\=revert
    ...    --decision    7    --guidance    use a capital letter    stdin=${EMPTY}    timeout=120s
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document    ${second}[plan][id]
    ${newest}    Newest Decision With A Page    ${document}
    Should Contain    ${newest}[shown]    textbox 'Stored when opened' = 'dark=on; display=ada'
    Should Contain    ${newest}[shown]    textbox 'Display name' = 'Ada'

A Page Whose Storage Differs After Its Actions Again Is Not Put Back
    [Documentation]    The kept storage of the page the correction must reach is changed
    ...    by hand (a different name in local storage): the actions taken again cannot
    ...    reach it, so the correction says so and changes nothing.
    ${result}    Run Browser Plan    prefs.yaml
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    ${check}    Decision By Id    ${document}    6
    Rewrite Kept Storage    ${check}[page][storage]    local    ${{ {"display": "someone"} }}
    ${result}    Run Agents    plan    correct    --mode\=revert    --decision    7
    ...    --guidance    use a capital letter    stdin=${EMPTY}    timeout=120s
    Exit Code Should Be    ${result}    3
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}
    ...    the page cannot be put back as decision 6 left it: local storage 'display' is absent, not 'someone'

A Kept Storage That Is Not As Written Is Not Read
    [Documentation]    A storage file damaged by hand (a cookie without its domain): the
    ...    correction says the page is not kept in this clone, and changes nothing.
    ${result}    Run Browser Plan    prefs.yaml
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    ${check}    Decision By Id    ${document}    6
    Rewrite Kept Storage    ${check}[page][base]    cookies    ${{ [{"name": "dark", "value": "on"}] }}
    ${result}    Run Agents    plan    correct    --mode\=revert    --decision    7
    ...    --guidance    use a capital letter    stdin=${EMPTY}    timeout=120s
    Exit Code Should Be    ${result}    3
    Stderr Should Contain    ${result}    the page decision 6 saw is not kept in this clone

A Page On A Browser Error Page Is Looked At Without Its Storage
    [Documentation]    A `goto` to a site that is down leaves Chromium on its own error
    ...    page, which has no storage to read: the failed step is recorded with the page it
    ...    left, and the plan fails (exit 1), never an internal error.
    ${dead}    Unused URL
    ${plan}    Write Plan From Template    ${BROWSER_PLANS}/dead_link.yaml    URL=${URL}
    ...    DEAD=${dead}
    ${result}    Run Plan    ${plan}    timeout=120s
    Exit Code Should Be    ${result}    1
    ${document}    Plan Tree Document
    ${goto}    Evaluate    [d for d in $document["decisions"] if d["summary"].startswith("goto")][0]
    Should Contain    ${goto}[outcome]    ERR_CONNECTION_REFUSED
    ${storage}    Kept Storage    ${goto}[page][storage]
    Should Be Equal    ${storage}[local]    ${{ {} }}

When The Inverse Actions Leave The Page Different, It Is Put Back On A Fresh Page
    [Documentation]    The Help dialog's Cancel does nothing, so its inverse cannot close it:
    ...    the revert opens a fresh page from the storage the page opened with, takes the
    ...    step's earlier actions again (Dark mode checked), and the second option's click
    ...    reaches Settings (the modal left open would have blocked it).
    ${result}    Run Browser Plan    stuck.yaml
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    ${revert}    Evaluate
    ...    [d for d in $document["decisions"] if d["summary"].endswith("the broken help failed")][0]
    Should End With    ${revert}[outcome]
    ...    page: click button 'Cancel'; the page still differs; put back on a fresh page (3 actions taken again)


*** Keywords ***
Page Checkpoints Should Keep Cookies, Storage And History
    [Documentation]    A decision's page checkpoint keeps its cookies, storage and history.
    ${document}    Plan Tree Document
    ${fill}    Evaluate    [d for d in $document["decisions"] if d["summary"] == "fill textbox 'Display name' with 'ada'"][0]
    ${storage}    Kept Storage    ${fill}[page][storage]
    Should Be Equal    ${storage}[local]    ${{ {"display": "ada"} }}
    Should Be Equal    ${storage}[session]    ${{ {"display": "ada"} }}
    Should Be Equal    ${{ {c["name"]: c["value"] for c in $storage["cookies"]} }}
    ...    ${{ {"dark": "on"} }}
    Should Be Equal    ${storage}[history][-1]    ${URL}prefs
    ${base}    Kept Storage    ${fill}[page][base]
    Should Be Equal    ${base}[local]    ${{ {} }}
    Kept Page Files Should Be The User's Alone

Kept Page Files Should Be The User's Alone
    [Documentation]    The copies hold the site's cookies (HttpOnly too) and what was typed:
    ...    the browser's folder is 0700 and each kept file 0600, as Chromium keeps its profile.
    ${home}    Set Variable    ${REPO}/.git/cleveragents/browser
    ${mode}    Evaluate    oct(os.stat($home).st_mode & 0o777)    modules=os
    Should Be Equal    ${mode}    0o700
    ${open}    Evaluate
    ...    [str(f) for f in pathlib.Path($home).glob("[st]*/*") if f.stat().st_mode & 0o077]
    ...    modules=pathlib
    Should Be Empty    ${open}

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

Run Browser Plan
    [Arguments]    ${name}
    ${plan}    Write Plan From Template    ${BROWSER_PLANS}/${name}    URL=${URL}
    ${result}    Run Plan    ${plan}    timeout=120s
    RETURN    ${result}

Kept Storage
    [Documentation]    A storage a page checkpoint keeps, by its id.
    [Arguments]    ${id}
    Should Match Regexp    ${id}    ^[0-9a-f]{64}$
    ${text}    Get File    ${REPO}/.git/cleveragents/browser/storages/${id}.json
    RETURN    ${{ json.loads($text) }}

Rewrite Kept Storage
    [Arguments]    ${id}    ${key}    ${value}
    ${path}    Set Variable    ${REPO}/.git/cleveragents/browser/storages/${id}.json
    ${storage}    Kept Storage    ${id}
    Set To Dictionary    ${storage}    ${key}=${value}
    Create File    ${path}    ${{ json.dumps($storage) }}

Newest Decision With A Page
    [Documentation]    The newest decision that saw the page, and `plan decision` of it.
    [Arguments]    ${document}
    ${decision}    Evaluate    [d for d in $document["decisions"] if d.get("page")][-1]
    ${shown}    Run Agents    plan    decision    ${decision}[id]
    Exit Code Should Be    ${shown}    0
    RETURN    ${{ {"decision": $decision, "shown": $shown.stdout} }}
