*** Settings ***
Documentation       As a developer who pulls a browser plan someone else ran,
...                 I want its pages (the `browser:` URL, every `goto`) opened here only once I
...                 vouched for them, as its commands are,
...                 so that a plan from another clone cannot make my machine fetch a URL I
...                 never saw (what a URL carries leaves the machine; no sandbox holds a fetch).
...
...                 Clone A (`${REPO}`) runs a plan against the fixture site, served by the test
...                 itself on 127.0.0.1, which notes every path asked for; it pushes the plan to
...                 a bare remote, and clone B (`${B}`) pulls it. The real `agents` drives a
...                 real headless Chromium.

Resource            resources/agents.resource
Library             resources/WebFixture.py
Library             resources/TerminalLibrary.py

Test Setup          Create Two Clones And Serve The Fixture Site
Test Teardown       Stop The Site And Remove The Clones


*** Variables ***
${BROWSER_PLANS}    ${PLANS}/browser


*** Test Cases ***
A Pulled Plan's Page Is Not Fetched By A Correction Before It Is Trusted
    Run On A And Pull On B    name.yaml
    ${result}    Agents In    ${B}    plan    correct    --mode\=revert    --decision    7
    ...    --guidance    use a capital letter    --yes
    Exit Code Should Be    ${result}    3
    Error Should Be One Line    ${result}
    Stderr Should Contain    ${result}    came from another clone: the pages it opens (${URL})
    ...    only if you vouch for them    --trust-plan
    Nothing Should Have Been Fetched
    # --allow-command confines its commands to the sandbox; no sandbox holds a page fetch.
    ${result}    Agents In    ${B}    plan    correct    --mode\=revert    --decision    7
    ...    --guidance    use a capital letter    --yes    --allow-command    ls *    --json
    Exit Code Should Be    ${result}    3
    ${error}    Parse JSON Document    ${result.stdout}
    Should Be Equal    ${error}[error][kind]    conflict
    Should Contain    ${error}[error][hint]    --trust-plan
    Nothing Should Have Been Fetched
    ${ops}    Agents In    ${B}    plan    ops    --json
    ${made}    Evaluate    [o for o in json.loads($ops.stdout)["operations"][1:] if o["status"] != "rolled_back"]
    Should Be Empty    ${made}    a refusal left a change

On A Terminal A Pulled Plan's Pages Are Listed And Asked About, And No Fetches Nothing
    Run On A And Pull On B    navigate.yaml
    ${result}    Run Agents On A Terminal    plan    correct    --mode\=revert    --decision    14
    ...    --guidance    again    --yes    cwd=${B}    ceiling=${WORK}    answer=n\n
    Should Contain    ${result.stdout}    came from another clone. Open the pages of
    Should Contain    ${result.stdout}    in Chromium? pages: ${URL}, about
    Should Contain    ${result.stdout}    nothing changed: the plan file was not trusted
    Nothing Should Have Been Fetched

A Pulled Stopped Plan Resumes Only Once Trusted, And Stays Trusted
    [Documentation]    A runs the plan while the site is down: it stops before any page.
    ...    On B, `resume` refuses in one line and fetches nothing; with --trust-plan it
    ...    opens the pages; from then on the plan is this clone's, asked about no more.
    ${port}    Evaluate    urllib.parse.urlsplit($URL).port    modules=urllib.parse
    Stop Fixture Site
    ${plan}    Write Plan From Template    ${BROWSER_PLANS}/navigate.yaml    URL=${URL}
    ${result}    Agents In    ${REPO}    plan    run    --script    ${plan}
    Exit Code Should Be    ${result}    4
    Agents In Should Pass    ${REPO}    plan    push    origin
    Agents In Should Pass    ${B}    plan    pull    origin    place=bob@ci
    Start Fixture Site    port=${port}
    ${result}    Agents In    ${B}    plan    resume    place=bob@ci
    Exit Code Should Be    ${result}    3
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    the pages it opens (${URL} and 1 more)    --trust-plan
    Nothing Should Have Been Fetched
    ${result}    Agents In    ${B}    plan    resume    --trust-plan    place=bob@ci
    Exit Code Should Be    ${result}    0
    ${fetched}    Pages Fetched
    Should Contain    ${fetched}    /
    Should Contain    ${fetched}    /about
    ${shown}    Agents In    ${B}    plan    show    --json    place=bob@ci
    Should Be Equal    ${{ json.loads($shown.stdout)["trust"]["origin"] }}    this clone
    ${step}    Step Of    ${B}    5
    ${result}    Agents In    ${B}    plan    correct    --mode\=revert    --decision    ${step}
    ...    --guidance    again    --yes    place=bob@ci
    Exit Code Should Be    ${result}    0
    No Chromium Should Be Left In    ${B}

A Page An Edit Of The Plan File Adds Is Asked About As A New Command Is
    [Documentation]    A plan run here; its plan file gains a `goto` since (a sandboxed
    ...    command may have written it): the correction refuses without --trust-plan and
    ...    fetches nothing; with it, the new page is opened.
    ${plan}    Write Plan From Template    ${BROWSER_PLANS}/navigate.yaml    URL=${URL}
    ${result}    Agents In    ${REPO}    plan    run    --script    ${plan}
    Exit Code Should Be    ${result}    0
    Append To File    ${plan}
    ...    \ \ - name: look again\n \ \ \ options:\n \ \ \ \ \ - actions:\n \ \ \ \ \ \ \ \ \ - goto: /?edited\n
    Forget Pages Fetched
    ${step}    Step Of    ${REPO}    5
    ${result}    Agents In    ${REPO}    plan    correct    --mode\=revert    --decision    ${step}
    ...    --guidance    again    --yes
    Exit Code Should Be    ${result}    3
    Stderr Should Be One Line    ${result}
    Stderr Should Contain    ${result}    changed since the run and adds or changes pages
    ...    --trust-plan
    Nothing Should Have Been Fetched
    ${result}    Agents In    ${REPO}    plan    correct    --mode\=revert    --decision    ${step}
    ...    --guidance    again    --yes    --trust-plan
    Exit Code Should Be    ${result}    0
    ${fetched}    Pages Fetched
    Should Contain    ${fetched}    /?edited


*** Keywords ***
Create Two Clones And Serve The Fixture Site
    Create Temporary Repository
    VAR    ${REMOTE}    ${WORK}/remote.git    scope=TEST
    VAR    ${B}    ${WORK}/b    scope=TEST
    Git    init    --quiet    --bare    --initial-branch\=main    ${REMOTE}    cwd=${WORK}
    Git    remote    add    origin    ${REMOTE}
    Git    push    --quiet    origin    main
    Git    clone    --quiet    ${REMOTE}    ${B}    cwd=${WORK}
    ${url}    Start Fixture Site
    VAR    ${URL}    ${url}    scope=TEST

Stop The Site And Remove The Clones
    # A failed test may leave a browser: ended by its PID, as agents would.
    FOR    ${clone}    IN    ${REPO}    ${B}
        ${left}    Chromium Processes    ${clone}
        FOR    ${pid}    IN    @{left}
            Evaluate    os.kill(${pid}, signal.SIGKILL)    modules=os,signal
        END
    END
    Stop Fixture Site
    Remove Temporary Repository

Agents In
    [Documentation]    The real `agents` in `${cwd}`, as `${place}` (user@host), no terminal.
    [Arguments]    ${cwd}    @{args}    ${place}=alice@laptop
    IF    ${AGENTS_FORKED}    # a fork of the suite's server, as `Run Agents` runs it
        ${result}    Run Agents Forked    @{args}    cwd=${cwd}    stdin=${EMPTY}
        ...    stdout=${WORK}/agents.stdout    stderr=${WORK}/agents.stderr
        ...    timeout=120s    GIT_CEILING_DIRECTORIES=${WORK}    CLEVERAGENTS_PLACE=${place}
    ELSE
        ${result}    Run Process    agents    @{args}    cwd=${cwd}    stdin=${EMPTY}
        ...    stdout=${WORK}/agents.stdout    stderr=${WORK}/agents.stderr
        ...    timeout=120s    on_timeout=kill    env:GIT_CEILING_DIRECTORIES=${WORK}
        ...    env:CLEVERAGENTS_PLACE=${place}
    END
    Log    agents ${args} in ${cwd} -> exit ${result.rc}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}
    RETURN    ${result}

Agents In Should Pass
    [Arguments]    ${cwd}    @{args}    ${place}=alice@laptop
    ${result}    Agents In    ${cwd}    @{args}    place=${place}
    Exit Code Should Be    ${result}    0
    RETURN    ${result}

Run On A And Pull On B
    [Documentation]    A runs `plans/browser/NAME` against the site and pushes; B pulls. What
    ...    A fetched is forgotten: only B's fetches count after.
    [Arguments]    ${name}
    ${plan}    Write Plan From Template    ${BROWSER_PLANS}/${name}    URL=${URL}
    ${result}    Agents In    ${REPO}    plan    run    --script    ${plan}
    Exit Code Should Be    ${result}    0
    Agents In Should Pass    ${REPO}    plan    push    origin
    Agents In Should Pass    ${B}    plan    pull    origin    place=bob@ci
    Forget Pages Fetched

Error Should Be One Line
    [Documentation]    One error line, the last (a note on what a correction would restore
    ...    may come first).
    [Arguments]    ${result}
    ${errors}    Get Lines Matching Regexp    ${result.stderr}    ^error:    partial_match=True
    Should Be Equal As Integers    ${{ len($errors.splitlines()) }}    1    ${result.stderr}
    Should Start With    ${result.stderr.splitlines()[-1]}    error:

Nothing Should Have Been Fetched
    ${fetched}    Pages Fetched
    Should Be Empty    ${fetched}    the site was fetched before anyone vouched for it: ${fetched}

Step Of
    [Documentation]    The id of the live decision of plan step `${step}` in `${cwd}`.
    [Arguments]    ${cwd}    ${step}
    ${result}    Agents In    ${cwd}    plan    tree    --json
    ${document}    Parse JSON Document    ${result.stdout}
    ${found}    Evaluate
    ...    [d['id'] for d in $document['decisions'] if d['kind'] == 'step' and d['step'] == ${step} and d['status'] == 'active'][0]
    RETURN    ${found}

No Chromium Should Be Left In
    [Arguments]    ${clone}
    ${left}    Chromium Processes    ${clone}
    Should Be Empty    ${left}    a Chromium outlived the command: ${left}
