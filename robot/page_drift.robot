*** Settings ***
Documentation       As a developer whose agent works on a web page,
...                 I want a plan segment to end where the screen changes, and a page whose
...                 elements changed under the plan to be questioned as drift,
...                 so that the agent plans on the page it sees, not on one that is gone.
...
...                 Every test serves the fixture site from the test itself on 127.0.0.1
...                 and runs the real `agents` command on a real headless Chromium.

Resource            resources/agents.resource
Library             resources/WebFixture.py

Test Setup          Create Repository And Serve The Fixture Site
Test Teardown       Stop The Site And Remove The Repository


*** Variables ***
${BROWSER_PLANS}    ${PLANS}/browser


*** Test Cases ***
A Dialog Opening Or Closing And A New URL Each End A Segment With A Replan
    [Documentation]    Seed 002: with `on_screen_change: replan` the Settings dialog opening,
    ...    closing, and the About page each end the segment, and the replan asks for the
    ...    rest with the steps done marked done. Without it (the default) the same run
    ...    neither replans nor counts the plan's own change of screen as drift.
    ${plan}    Write Plan From Template    ${BROWSER_PLANS}/screens.yaml    URL=${URL}
    ...    SCREENS=continue
    ${result}    Run Plan    ${plan}    timeout=120s
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    Should Be Equal    ${document}[plan][usage][replans]    ${0}
    Should Be Equal    ${document}[plan][usage][actor_calls]    ${6}
    ${plan}    Write Plan From Template    ${BROWSER_PLANS}/screens.yaml    URL=${URL}
    ...    SCREENS=replan
    ${result}    Run Plan    ${plan}    timeout=120s
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    ${replans}    Evaluate    [d for d in $document["decisions"] if d["kind"] == "replan"]
    ${summaries}    Evaluate    [d["summary"] for d in $replans]
    ${expected}    Create List
    ...    4 steps after 1 done: turn on dark mode, close the settings, go to about, see about
    ...    2 steps after 3 done: go to about, see about
    ...    1 step after 4 done: see about
    Should Be Equal    ${summaries}    ${expected}
    ${whys}    Evaluate    [d["rationale"].split(";")[0] for d in $replans]
    ${expected}    Create List
    ...    the screen changed: the dialog 'Settings' opened
    ...    the screen changed: the dialog 'Settings' closed
    ...    the screen changed: the page went to ${URL}about
    Should Be Equal    ${whys}    ${expected}
    Should Be Equal    ${document}[plan][usage][replans]    ${3}
    Should Be Equal    ${document}[plan][status]    completed

Results Replaced Under The Plan Are Drift: The Actor Regenerates The Plan
    [Documentation]    Seed 004: the site replaces all six results as the query is typed;
    ...    the page is 1/13 like the one the plan was made on (below 0.7), the actor is
    ...    asked, and its `regenerate` replans. A threshold below 1/13 lets it through.
    ${result}    Run Search Plan    query=a    link=Match 3    on_drift=regenerate
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    ${replan}    Evaluate    [d for d in $document["decisions"] if d["kind"] == "replan"][0]
    Should Be Equal    ${replan}[rationale]
    ...    page drift: similarity 0.08 is below 0.7; the actor chose to regenerate the plan; the steps of plan file ${WORK}/plan.yaml
    Should Be Equal    ${replan}[summary]    1 step after 1 done: open the third result
    ${result}    Run Search Plan    query=a    link=Match 3    on_drift=regenerate
    ...    extra=--drift-threshold=0.05
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    Should Be Equal    ${document}[plan][usage][replans]    ${0}

Drift The Actor Says To Continue Asks It, And Goes On Without A Replan
    ${result}    Run Search Plan    query=a    link=Match 3    on_drift=continue
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    Should Be Equal    ${document}[plan][usage][replans]    ${0}
    # strategize, refine, the drift question, refine
    Should Be Equal    ${document}[plan][usage][actor_calls]    ${4}

One Result Of Six Replaced Is 0.75 Alike: Drift Only Under A Higher Threshold
    [Documentation]    A ticked box or typed text is the same element: only the one result
    ...    replaced counts, 6 of 8 alike, above 0.7; at a threshold of 0.8 it is drift.
    ${result}    Run Search Plan    query=b    link=Result 3    on_drift=regenerate
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    Should Be Equal    ${document}[plan][usage][replans]    ${0}
    Should Be Equal    ${document}[plan][usage][actor_calls]    ${3}
    ${result}    Run Search Plan    query=b    link=Result 3    on_drift=regenerate
    ...    extra=--drift-threshold=0.8
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    ${replan}    Evaluate    [d for d in $document["decisions"] if d["kind"] == "replan"][0]
    Should Start With    ${replan}[rationale]    page drift: similarity 0.75 is below 0.8;


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

Run Search Plan
    [Arguments]    ${query}    ${link}    ${on_drift}    ${extra}=--quiet
    ${plan}    Write Plan From Template    ${BROWSER_PLANS}/search.yaml    URL=${URL}
    ...    QUERY=${query}    LINK=${link}    ON_DRIFT=${on_drift}
    ${result}    Run Plan    ${plan}    ${extra}    timeout=120s
    RETURN    ${result}
