*** Settings ***
Documentation       As a developer reading what an agent did on a screen,
...                 I want seed 001's "Add Files" scenario to run on a real page and its
...                 decisions to read like the seed's table (action, state after, distance,
...                 decision),
...                 so that local planning on a page is the one the design notes describe.
...
...                 The fixture's /batch window: the Add Files button opens a context menu
...                 (the wrong one), a click elsewhere closes it, Ctrl+O opens the dialog.

Resource            resources/agents.resource
Library             resources/WebFixture.py

Test Setup          Create Repository And Serve The Fixture Site
Test Teardown       Stop The Site And Remove The Repository


*** Variables ***
${BROWSER_PLANS}    ${PLANS}/browser


*** Test Cases ***
Add Files: A Wrong Menu Retained, Closed, Then The Keyboard Shortcut Reaches The Dialog
    [Documentation]    Iteration 1 opens the wrong menu (2 → 4, retain), iteration 2 closes
    ...    it (4 → 2, explore: the shortcut is left), iteration 3 presses Ctrl+O (2 → 10,
    ...    success). The main window seen twice is not "the same state three times".
    ${plan}    Write Plan From Template    ${BROWSER_PLANS}/add_files.yaml    URL=${URL}
    ${result}    Run Plan    ${plan}    timeout=180s
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    ${revert}    Decision By Id    ${document}    5
    Should End With    ${revert}[outcome]    page: press Escape
    FOR    ${id}    ${summary}    ${before}    ${after}    ${outcome}    IN
    ...    2.1    click the Add Files button    2    4    retain: good progress (+2)
    ...    2.2    click elsewhere to close the menu    4    2    explore: no progress, an option is left to explore
    ...    2.3    try the keyboard shortcut Ctrl+O    2    10    success: goal reached
        ${decision}    Decision By Id    ${document}    ${id}
        Should Be Equal    ${decision}[summary]    local action ${summary}
        Should Be Equal    ${decision}[outcome]    ${outcome}
        Should Be Equal As Numbers    ${decision}[distance_before]    ${before}
        Should Be Equal As Numbers    ${decision}[distance_after]    ${after}
    END
    ${tree}    Run Agents    plan    tree
    Stdout Should Contain    ${tree}
    ...    \#2.1  local action · click the Add Files button [distance 2 → 4] — retain: good progress (+2)
    ...    \#2.2  local action · click elsewhere to close the menu [distance 4 → 2] — explore: no progress, an option is left to explore
    ...    \#2.3  local action · try the keyboard shortcut Ctrl+O [distance 2 → 10] — success: goal reached
    ...    done by local planning (3 local actions)
    ${shown}    Run Agents    plan    decision    2.1
    FOR    ${row}    IN    action\\s+click button 'Add Files'    distance\\s+2 → 4 \\(progress \\+2\\)
    ...    dialogs\\s+none    element\\s+menu 'Add'    element\\s+button 'Start batch' \\[disabled\\]
        Should Match Regexp    ${shown.stdout}    ${row}
    END
    ${shown}    Run Agents    plan    decision    2.2
    FOR    ${row}    IN    action\\s+click button 'Queue'    distance\\s+4 → 2 \\(progress -2\\)
    ...    outcome\\s+explore: no progress, an option is left to explore    dialogs\\s+none
        Should Match Regexp    ${shown.stdout}    ${row}
    END
    Should Not Contain    ${shown.stdout}    menu 'Add'
    ${shown}    Run Agents    plan    decision    2.3
    FOR    ${row}    IN    action\\s+press Control\\+o    distance\\s+2 → 10 \\(progress \\+8\\)
    ...    dialogs\\s+'Add Files'    element\\s+textbox 'File name'
        Should Match Regexp    ${shown.stdout}    ${row}
    END


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
