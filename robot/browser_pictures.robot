*** Settings ***
Documentation       As a developer whose agent works on a web page,
...                 I want the pictures of its decision tree to show each decision's page:
...                 its screenshot, its URL and what changed on it,
...                 so that I see where the agent went wrong without opening each screenshot.
...
...                 Every test serves the fixture site from the test itself on 127.0.0.1 and
...                 runs the real `agents` command, which drives a real headless Chromium.
...                 The page `/hostile` names its title and its button with markup
...                 (`<script>alert(1)</script>`, then `<img src=x onerror=alert(3)>`): the
...                 pictures must show it as text. The HTML picture is opened in a second,
...                 Selenium-driven headless Chromium, as `pictures.robot` does.

Resource            resources/agents.resource
Library             resources/WebFixture.py
Library             resources/PictureLibrary.py

Test Setup          Create Repository And Serve The Fixture Site
Test Teardown       Close Chromium, Stop The Site And Remove The Repository


*** Variables ***
${BROWSER_PLANS}    ${PLANS}/browser
${EMBEDDED}         <img class="shot" alt="the page at decision
${DATA_URI}         src="data:image/png;base64,


*** Test Cases ***
The HTML Page Embeds Each Decision's Screenshot And Shows Its Page As Text
    ${document}    Run The Hostile Plan
    ${shots}    Decisions With Screenshots    ${document}
    Should Not Be Empty    ${shots}
    ${result}    Run Agents    plan    tree    --format\=html    --output    ${WORK}/tree.html
    Exit Code Should Be    ${result}    0
    ${page}    Get File    ${WORK}/tree.html
    ${count}    Get Length    ${shots}
    Should Contain X Times    ${page}    ${DATA_URI}    ${count}
    FOR    ${id}    IN    @{shots}
        Should Contain    ${page}    ${EMBEDDED} ${id}" ${DATA_URI}
    END
    Should Not Contain    ${page}    <script    msg=a page's names must not become markup
    Should Not Contain    ${page}    <img src=x
    Should Contain    ${page}    &lt;script&gt;alert(1)&lt;/script&gt;
    Should Contain    ${page}    &lt;script&gt;alert(2)&lt;/script&gt;
    Should Contain    ${page}    <code>${URL}hostile</code>
    Open Page In Chromium    ${WORK}/tree.html
    No Alert Should Be Open
    ${scripts}    Scripts On Page
    Should Be Equal As Integers    ${scripts}    0
    ${click}    Decision With Summary    ${document}    click button '<script>alert(1)</script>'
    Click Decision    ${click}[id]
    ${shown}    Page Shown    ${click}[id]
    Should Contain    ${shown}    added button '<img src=x onerror=alert(3)>'
    Should Contain    ${shown}    removed button '<script>alert(1)</script>'
    ${drawn}    Screenshots Drawn
    Should Be Equal As Integers    ${drawn}    ${count}    every embedded screenshot should draw
    No Alert Should Be Open

A Screenshot Too Big, Missing Or Not A PNG Is Named By Its Path, Not Embedded
    [Documentation]    The page embeds a stored PNG as it is (nothing here re-encodes one),
    ...    so one over 256 KiB is left out and named; so is one this clone lacks. Without
    ...    the page states kept, a URL is shown where the decision recorded it (it changed).
    ${document}    Run The Hostile Plan
    ${ids}    Screenshot Files    ${document}
    ${length}    Get Length    ${ids}
    Should Be True    ${length} >= 3    the plan should see three different screens
    VAR    ${shots}    ${REPO}/.git/cleveragents/browser/screenshots
    ${big}    Evaluate    b"\\x89PNG\\r\\n\\x1a\\n" + bytes(300 * 1024)
    Create Binary File    ${shots}/${ids}[0].png    ${big}
    Remove File    ${shots}/${ids}[1].png
    Create Binary File    ${shots}/${ids}[2].png    GIF89a
    Remove Directory    ${REPO}/.git/cleveragents/browser/states    recursive=True
    ${result}    Run Agents    plan    tree    --format\=html
    Exit Code Should Be    ${result}    0
    Should Contain    ${result.stdout}
    ...    screenshot not embedded (307,208 bytes, over the 262,144 bytes the page may still embed): <code>${shots}/${ids}[0].png</code>
    Should Contain    ${result.stdout}
    ...    screenshot not embedded (not kept in this clone): <code>${shots}/${ids}[1].png</code>
    Should Contain    ${result.stdout}
    ...    screenshot not embedded (not a PNG): <code>${shots}/${ids}[2].png</code>
    Should Contain    ${result.stdout}    <p class="page-url"><code>${URL}hostile</code></p>
    Should Contain    ${result.stdout}    <p class="page-url">its URL is not kept in this clone</p>
    Should Not Contain    ${result.stdout}    <script

The Text Tree Says Each Browser Decision's URL And How Many Elements Changed
    ${document}    Run The Hostile Plan
    ${result}    Run Agents    plan    tree
    Exit Code Should Be    ${result}    0
    ${click}    Decision With Summary    ${document}    click button '<script>alert(1)</script>'
    ${lines}    Split To Lines    ${result.stdout}
    FOR    ${at}    ${line}    IN ENUMERATE    @{lines}
        IF    "#${click}[id] " in $line    BREAK
    END
    Should Match Regexp    ${lines}[${at + 1}]    ── page ${URL}hostile · 2 elements changed$
    ${pages}    Evaluate    [d for d in $document["decisions"] if d["page"]]
    ${said}    Get Lines Matching Regexp    ${result.stdout}    .*── page http\\S+ · .*
    ${count}    Get Line Count    ${said}
    Should Be Equal As Integers    ${count}    ${{ len($pages) }}

The Text Tree Of Some Decisions Says Where A URL Is Not Shown
    [Documentation]    A decision records the URL only when it changed: `--since` a decision
    ...    whose page kept its URL does not show the one that changed it.
    ${document}    Run The Hostile Plan
    ${click}    Decision With Summary    ${document}    click button '<script>alert(1)</script>'
    ${result}    Run Agents    plan    tree    --since    ${click}[id]
    Exit Code Should Be    ${result}    0
    Should Contain    ${result.stdout}
    ...    ── page (its URL is on a decision not shown) · 2 elements changed
    ${result}    Run Agents    plan    tree    --active
    Exit Code Should Be    ${result}    0
    Should Contain    ${result.stdout}    ── page ${URL}hostile · 2 elements changed

Mermaid And DOT Pictures Say Each Browser Decision's Page As The Text Tree Does
    ${document}    Run The Hostile Plan
    ${click}    Decision With Summary    ${document}    click button '<script>alert(1)</script>'
    ${pages}    Evaluate    len([d for d in $document["decisions"] if d["page"]])
    ${mermaid}    Run Agents    plan    tree    --format\=mermaid
    Exit Code Should Be    ${mermaid}    0
    ${node}    Get Lines Containing String    ${mermaid.stdout}    d${click}[id]\["
    Should Contain    ${node}    <br/>page ${URL}hostile · 2 elements changed"]
    Should Not Contain    ${mermaid.stdout}    <script
    ${said}    Get Regexp Matches    ${mermaid.stdout}    <br/>page http
    Length Should Be    ${said}    ${pages}
    ${dot}    Run Agents    plan    tree    --format\=dot
    Exit Code Should Be    ${dot}    0
    ${node}    Get Lines Containing String    ${dot.stdout}    d${click}[id] [label=
    Should Contain    ${node}    \\npage ${URL}hostile · 2 elements changed"
    ${said}    Get Regexp Matches    ${dot.stdout}    \\\\npage http
    Length Should Be    ${said}    ${pages}


*** Keywords ***
Create Repository And Serve The Fixture Site
    Create Temporary Repository
    ${url}    Start Fixture Site
    VAR    ${URL}    ${url}    scope=TEST

Close Chromium, Stop The Site And Remove The Repository
    Close Chromium
    # A failed test may leave the browser of a killed run: ended by its PID, as agents would.
    ${left}    Chromium Processes    ${REPO}
    FOR    ${pid}    IN    @{left}
        Evaluate    os.kill(${pid}, signal.SIGKILL)    modules=os,signal
    END
    Stop Fixture Site
    Remove Temporary Repository

Run The Hostile Plan
    [Documentation]    Run `plans/browser/hostile.yaml`; return the `plan tree --json` document.
    ${plan}    Write Plan From Template    ${BROWSER_PLANS}/hostile.yaml    URL=${URL}
    ${result}    Run Plan    ${plan}    timeout=120s
    Exit Code Should Be    ${result}    0
    ${document}    Plan Tree Document
    RETURN    ${document}

Decisions With Screenshots
    [Arguments]    ${document}
    ${ids}    Evaluate
    ...    [d["id"] for d in $document["decisions"] if (d["page"] or {}).get("screenshot")]
    RETURN    ${ids}

Screenshot Files
    [Documentation]    The different screenshots the plan's decisions keep, in order seen.
    [Arguments]    ${document}
    ${ids}    Evaluate
    ...    list(dict.fromkeys(d["page"]["screenshot"] for d in $document["decisions"] if (d["page"] or {}).get("screenshot")))
    RETURN    ${ids}

Decision With Summary
    [Arguments]    ${document}    ${summary}
    FOR    ${decision}    IN    @{document}[decisions]
        IF    $decision["summary"] == $summary    RETURN    ${decision}
    END
    Fail    no decision "${summary}"
