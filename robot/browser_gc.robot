*** Settings ***
Documentation       As a developer whose agent worked on web pages,
...                 I want `agents gc` to free the page states, screenshots and trails (and the
...                 cookies and storage) the plans I deleted kept, and nothing another plan names,
...                 so that the disk holds only what my plans can still show and restore.
...
...                 Every test serves the fixture site from the test itself on 127.0.0.1 and
...                 runs the real `agents` command, which drives a real headless Chromium.

Resource            resources/agents.resource
Library             resources/WebFixture.py

Test Setup          Create Repository And Serve The Fixture Site
Test Teardown       Stop The Site And Remove The Repository


*** Variables ***
${BROWSER_PLANS}    ${PLANS}/browser


*** Test Cases ***
Gc Frees The Page Files Only A Deleted Plan Named, And Keeps The Others'
    ${first}    Run Browser Plan    hostile.yaml
    ${second}    Run Browser Plan    navigate.yaml
    ${home}    Set Variable    ${REPO}/.git/cleveragents/browser
    # Chromium's profile and a half-written file are never a kept file, whatever their name.
    ${stray}    Set Variable    ${{ "f" * 64 }}
    Create File    ${home}/profile/${stray}.json    {}
    Create File    ${home}/states/${stray}.json.99.part    {}
    ${only}    Page Files Named Only By    ${home}    ${first}    ${second}
    Should Not Be Empty    ${only}
    ${kept}    Page Files Named By    ${home}    ${second}
    ${result}    Run Agents    plan    delete    ${first}[plan][id]
    Exit Code Should Be    ${result}    0
    ${dry}    Run Agents    gc    --dry-run    --json
    Exit Code Should Be    ${dry}    0
    ${said}    Parse JSON Document    ${dry.stdout}
    ${count}    Get Length    ${only}
    Should Be Equal As Integers    ${said}[page_files]    ${count}
    FOR    ${path}    IN    @{only}
        File Should Exist    ${path}    a dry run removes nothing
    END
    ${result}    Run Agents    gc
    Exit Code Should Be    ${result}    0
    Should Contain    ${result.stdout}    dropped ${count} browser files
    FOR    ${path}    IN    @{only}
        File Should Not Exist    ${path}
    END
    FOR    ${path}    IN    @{kept}
        File Should Exist    ${path}
    END
    File Should Exist    ${home}/profile/${stray}.json
    File Should Exist    ${home}/states/${stray}.json.99.part
    # The plan left shows its pages whole.
    ${tree}    Run Agents    plan    tree    ${second}[plan][id]    --format\=html    --output    ${WORK}/t.html
    Exit Code Should Be    ${tree}    0
    ${page}    Get File    ${WORK}/t.html
    Should Not Contain    ${page}    not kept
    ${again}    Run Agents    gc    --json
    ${said}    Parse JSON Document    ${again.stdout}
    Should Be Equal As Integers    ${said}[page_files]    0


*** Keywords ***
Create Repository And Serve The Fixture Site
    Create Temporary Repository
    ${url}    Start Fixture Site
    VAR    ${URL}    ${url}    scope=TEST

Stop The Site And Remove The Repository
    Stop Fixture Site
    Remove Temporary Repository

Run Browser Plan
    [Documentation]    Run `plans/browser/NAME`; return the `plan tree --json` document.
    [Arguments]    ${name}
    ${plan}    Write Plan From Template    ${BROWSER_PLANS}/${name}    URL=${URL}
    ${result}    Run Plan    ${plan}    timeout=120s
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    RETURN    ${document}

Page Files Named By
    [Documentation]    The kept files (any kind folder) a plan's decisions name by id.
    [Arguments]    ${home}    ${document}
    ${ids}    Evaluate
    ...    {v for d in $document["decisions"] for v in (d["page"] or {}).values() if isinstance(v, str) and len(v) == 64}
    ${paths}    Evaluate
    ...    (lambda ids, home: sorted(str(p) for p in pathlib.Path(home).glob("*/*") if p.parent.name != "profile" and p.name.split(".")[0] in ids and not p.name.endswith(".part")))($ids, $home)    modules=pathlib
    RETURN    ${paths}

Page Files Named Only By
    [Arguments]    ${home}    ${document}    ${other}
    ${mine}    Page Files Named By    ${home}    ${document}
    ${theirs}    Page Files Named By    ${home}    ${other}
    ${only}    Evaluate    sorted(set($mine) - set($theirs))
    RETURN    ${only}
