*** Settings ***
Documentation       As a developer whose agent's plan was corrected,
...                 I want `agents plan tree --format mermaid|dot|html` to draw the tree,
...                 so that I see the fork, both paths and what each decision changed at a glance.
...
...                 Every test runs the five-step plan `plans/five_steps.yaml` with the real
...                 `agents` command on a real temporary git repository, then corrects step 4
...                 with guidance that holds text hostile to every format (quotes, brackets,
...                 `#`, backticks, `<script>`, a backslash): two paths, forking after step 3.
...                 The HTML page is opened in a real headless Chromium (Debian's `chromium`
...                 and `chromium-driver`, driven by Selenium), which saves a screenshot in
...                 `reports/tree.png`.

Resource            resources/agents.resource
Library             resources/PictureLibrary.py

Test Setup          Create Temporary Repository
Test Teardown       Close Chromium And Remove Temporary Repository


*** Variables ***
${FIVE_STEPS}       ${PLANS}/five_steps.yaml
${HOSTILE}          "]; click A call x() <script>alert(1)</script> {{x}} `x` \#1; \\
${GUIDANCE}         use the blue option ${HOSTILE}
${SCREENSHOT}       ${CURDIR}/../reports/tree.png


*** Test Cases ***
Mermaid Draws Both Paths, The Superseded One Grey, The Guidance As Text
    ${tree}    Run And Correct The Five Steps
    ${result}    Run Agents    plan    tree    --format    mermaid
    Exit Code Should Be    ${result}    0
    ${labels}    Mermaid Labels    ${result.stdout}
    ${correction}    The One Intervention    ${tree}
    Should Contain    ${labels}[d${correction}[id]]    correction c1 · ${GUIDANCE}
    Should Start With    ${labels}[d${correction}[id]]    \#${correction}[id] correction c1 ·
    ${off}    Ids Of Decisions    ${tree}    d["status"] == "superseded"
    ${names}    Evaluate    ",".join("d" + i for i in $off)
    ${fork}    Set Variable    ${correction}[parent_id]
    ${lines}    Split To Lines    ${result.stdout}
    VAR    ${in}    ${SPACE * 4}
    FOR    ${line}    IN    class ${names} off    class d${correction}[id] correction
    ...    d${fork} -.-> d${off}[0]    d${fork} --> d${correction}[id]
        List Should Contain Value    ${lines}    ${in}${line}
    END
    Should Not Contain    ${result.stdout}    <script>

DOT Draws Both Paths, The Superseded One Dashed, And Graphviz Reads It
    ${tree}    Run And Correct The Five Steps
    ${result}    Run Agents    plan    tree    --format\=dot    -o    ${WORK}/tree.dot
    Exit Code Should Be    ${result}    0
    Stdout Should Be Empty    ${result}
    Stderr Should Contain    ${result}    wrote ${WORK}/tree.dot
    ${text}    Get File    ${WORK}/tree.dot
    ${nodes}    Dot Nodes    ${text}
    ${correction}    The One Intervention    ${tree}
    Should Contain    ${nodes}[d${correction}[id]][label]    correction c1 · ${GUIDANCE}
    Should Contain    ${nodes}[d${correction}[id]][style]    filled
    ${off}    Ids Of Decisions    ${tree}    d["status"] == "superseded"
    FOR    ${id}    IN    @{off}
        Should Contain    ${nodes}[d${id}][style]    dashed
        Should Be Equal    ${nodes}[d${id}][color]    grey60
    END
    ${drawn}    Graphviz Should Draw    ${WORK}/tree.dot    ${WORK}/tree.svg
    IF    ${drawn}
        ${svg}    Get File    ${WORK}/tree.svg
        Should Contain    ${svg}    &lt;script&gt;alert(1)&lt;/script&gt;
    END

The HTML Page In Chromium Shows Both Paths And A Decision's Diff On Click
    ${tree}    Run And Correct The Five Steps
    ${result}    Run Agents    plan    tree    --format\=html    --output    ${WORK}/tree.html
    Exit Code Should Be    ${result}    0
    ${page}    Get File    ${WORK}/tree.html
    Should Not Contain    ${page}    <script    msg=the page needs no script
    Should Not Contain Any    ${page}    http://    https://    src=    @import
    ...    msg=the page must fetch nothing
    Open Page In Chromium    ${WORK}/tree.html
    ${off}    Ids Of Decisions    ${tree}    d["status"] == "superseded"
    ${original}    Decisions In Path    original
    Lists Should Be Equal    ${original}    ${off}
    ${heading}    Path Heading    original
    Should Be Equal    ${heading}    original path (superseded by correction c1)
    ${correction}    The One Intervention    ${tree}
    ${redone}    Ids Of Decisions    ${tree}    d["seq"] >= ${correction}[seq]
    ${corrected}    Decisions In Path    corrected
    Lists Should Be Equal    ${corrected}    ${redone}
    ${line}    Decision Text    ${correction}[id]
    Should Contain    ${line}    correction c1: ${GUIDANCE}
    ${scripts}    Scripts On Page
    Should Be Equal As Integers    ${scripts}    0
    ${grey}    Decision Colour    ${off}[0]
    ${live}    Decision Colour    ${correction}[id]
    Should Not Be Equal    ${grey}    ${live}    the superseded path should be greyed
    ${step_4}    Redone Step 4    ${tree}
    ${hidden}    Diff Shown    ${step_4}
    Should Be Empty    ${hidden}    the diff should show only after a click
    Click Decision    ${step_4}
    ${diff}    Diff Shown    ${step_4}
    Should Contain    ${diff}    +++ b/step4.txt
    Should Contain    ${diff}    +blue
    Save Page Screenshot    ${SCREENSHOT}
    File Should Exist    ${SCREENSHOT}

Open Writes The Page Into The Git Directory And Hands It To The Browser
    ${tree}    Run And Correct The Five Steps
    ${result}    Run Process    agents    plan    tree    --open    cwd=${REPO}
    ...    stdout=${WORK}/agents.stdout    stderr=${WORK}/agents.stderr    timeout=60s
    ...    env:BROWSER=sh -c 'echo "$0" > ${WORK}/opened.txt' %s
    ...    env:GIT_CEILING_DIRECTORIES=${WORK}
    Exit Code Should Be    ${result}    0
    ${page}    Set Variable    ${REPO}/.git/cleveragents/pictures/plan-${tree}[plan][id].html
    ${opened}    Get File    ${WORK}/opened.txt
    Should Be Equal    ${opened}    file://${page}\n
    ${text}    Get File    ${page}
    Should Start With    ${text}    <!DOCTYPE html>

Contradicting Flags Are Refused With One Line, Exit 2
    [Template]    Tree Flags Are Refused
    two formats    --json    --format    mermaid
    opens the HTML page    --open    --format    dot
    not the text tree    --output    tree.txt


*** Keywords ***
Run And Correct The Five Steps
    [Documentation]    Run the five steps, correct step 4 with `${GUIDANCE}`; its tree document.
    ${result}    Run Plan    ${FIVE_STEPS}
    Exit Code Should Be    ${result}    0
    ${before}    Plan Tree Document
    ${target}    Step Decision    ${before}    4
    ${result}    Run Agents    plan    correct    --mode\=revert    --decision    ${target}[id]
    ...    --guidance    ${GUIDANCE}    stdin=${EMPTY}
    Exit Code Should Be    ${result}    0
    ${after}    Plan Tree Document
    RETURN    ${after}

Ids Of Decisions
    [Documentation]    The ids of the decisions `d` of a tree document for which `condition` holds.
    [Arguments]    ${document}    ${condition}
    ${decisions}    Decisions Of    ${document}
    ${ids}    Evaluate    [d["id"] for d in $decisions if ${condition}]
    RETURN    ${ids}

The One Intervention
    [Arguments]    ${document}
    ${decisions}    Decisions Of    ${document}
    ${found}    Evaluate    [d for d in $decisions if d["kind"] == "user_intervention"]
    Length Should Be    ${found}    1
    RETURN    ${found}[0]

Redone Step 4
    [Documentation]    The id of step 4's decision on the corrected path.
    [Arguments]    ${document}
    ${decisions}    Decisions Of    ${document}
    ${found}    Evaluate
    ...    [d["id"] for d in $decisions if d["kind"] == "step" and d["step"] == 4 and d["status"] == "active"]
    Length Should Be    ${found}    1
    RETURN    ${found}[0]

Tree Flags Are Refused
    [Arguments]    ${says}    @{flags}
    ${result}    Run Agents    plan    tree    @{flags}
    Exit Code Should Be    ${result}    2
    IF    "--json" in $flags
        ${document}    Parse JSON Document    ${result.stdout}
        Should Be Equal    ${document}[error][kind]    bad_input
        Should Contain    ${document}[error][message]    ${says}
    ELSE
        Stderr Should Be One Line    ${result}
        Stderr Should Contain    ${result}    ${says}
        Stdout Should Be Empty    ${result}
    END

Close Chromium And Remove Temporary Repository
    Close Chromium
    Remove Temporary Repository
