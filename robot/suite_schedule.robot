*** Settings ***
Documentation       As the engineer who keeps the suite under its 30 minutes on two cores,
...                 I want pabot to start a Robot suite the last run did not time first,
...                 not last, and to forget a suite that is gone, and behave's workers to
...                 say when one of them has no feature left, for Robot to start then,
...                 so that no core sits idle while a long suite or feature ends alone.
...
...                 Runs the real `scripts/pabot_order.py` on an ordering file and a folder
...                 of suites of the test's own, and the real `scripts/behave_parallel.py`
...                 on real features.

Library             OperatingSystem
Library             Process
# Every suite imports it through agents.resource: what it does to `Run Process` is checked here.
Library             resources/RepoLibrary.py
Library             resources/process_wait.py

Test Setup          Create Work Folder
Test Teardown       Remove Directory    ${WORK}    recursive=True


*** Variables ***
${SCRIPT}           ${CURDIR}/../scripts/pabot_order.py
${PARALLEL}         ${CURDIR}/../scripts/behave_parallel.py
${SHORT}            features/decision_facts.rules.feature
${SHORT_TOO}        features/retention.rules.feature


*** Test Cases ***
A Process Run With A Timeout Is Waited For Without A Sleep
    [Documentation]    Robot's loop slept 0.1 s between polls: each `Run Agents` (timeout=60s)
    ...    ended 50 ms, on average, after its `agents` did, a few thousand times a run.
    ${sleeps}    Sleeps While Running    sleep    0.3    timeout=60s
    Should Be Equal As Integers    ${sleeps}    0

A Process Still Running At Its Timeout Is Killed Then
    ${started}    Get Time    epoch
    ${result}    Run Process    sleep    30    timeout=0.5s    on_timeout=kill
    ${took}    Evaluate    time.time() - ${started}    modules=time
    Should Be Equal As Integers    ${result.rc}    -9
    Should Be True    ${took} < 10    `sleep 30` with timeout 0.5 s ran ${took} s

A Suite Not Timed Yet Starts First, The Timed Keep Their Order, A Gone One Is Dropped
    Create File    ${WORK}/robot/alpha.robot
    Create File    ${WORK}/robot/new_long_one.robot
    Create File    ${WORK}/robot/zeta.robot
    Create File    ${WORK}/ordering.txt
    ...    --suite Robot.Zeta\n--suite Robot.Removed Since\n--suite Robot.Alpha\n
    ${result}    Run Process    ${PYTHON}    ${SCRIPT}    ${WORK}/ordering.txt    ${WORK}/robot
    Should Be Equal As Integers    ${result.rc}    0    ${result.stderr}
    Should Be Equal    ${result.stdout}
    ...    pabot ordering: 3 suites; not timed yet, so started first: 1
    ${ordering}    Get File    ${WORK}/ordering.txt
    Should Be Equal    ${ordering}    --suite Robot.New Long One\n--suite Robot.Zeta\n--suite Robot.Alpha\n

No Ordering File Yet Lists Every Suite, By File Name
    Create File    ${WORK}/robot/beta.robot
    Create File    ${WORK}/robot/alpha.robot
    ${result}    Run Process    ${PYTHON}    ${SCRIPT}    ${WORK}/ordering.txt    ${WORK}/robot
    Should Be Equal As Integers    ${result.rc}    0    ${result.stderr}
    ${ordering}    Get File    ${WORK}/ordering.txt
    Should Be Equal    ${ordering}    --suite Robot.Alpha\n--suite Robot.Beta\n

The Ordering The Repository Carries Names Suites That Exist
    [Documentation]    Every `--suite` line of `scripts/pabot_ordering.txt` names a file of
    ...    `robot/` (pabot matches the names exactly): the script keeps them all.
    Copy File    ${CURDIR}/../scripts/pabot_ordering.txt    ${WORK}/ordering.txt
    ${before}    Get File    ${WORK}/ordering.txt
    ${result}    Run Process    ${PYTHON}    ${SCRIPT}    ${WORK}/ordering.txt    ${CURDIR}
    Should Be Equal As Integers    ${result.rc}    0    ${result.stderr}
    ${after}    Get File    ${WORK}/ordering.txt
    Should End With    ${after}    ${before}


A Run's Times Order The Suites Longest First, The Short Ones A Few To A Process
    [Documentation]    Each Robot process spent some 1.2 s of CPU starting: the suites under
    ...    15 s share one, up to 60 s of them (pabot's `{ }` group, placed by its sum),
    ...    except one that sets the process' environment, which runs alone.
    Create File    ${WORK}/robot/long.robot
    Create File    ${WORK}/robot/mid.robot
    Create File    ${WORK}/robot/short_a.robot
    Create File    ${WORK}/robot/short_b.robot
    Create File    ${WORK}/robot/short_c.robot
    Create File    ${WORK}/robot/sets_env.robot    Set Environment Variable${SPACE*4}X${SPACE*4}1\n
    VAR    @{timed}    Long:long:90    Mid:mid:25    Short A:short_a:14    Short B:short_b:9
    ...    Short C:short_c:40.5    Sets Env:sets_env:2
    ${suites}    Evaluate    "".join(f'<suite name="{n}" source="${WORK}/robot/{f}.robot"><status elapsed="{t}"/></suite>' for n, f, t in (s.split(":") for s in $timed))
    Create File    ${WORK}/output.xml
    ...    <robot><suite name="Robot" source="${WORK}/robot">${suites}<status elapsed="180"/></suite></robot>
    ${result}    Run Process    ${PYTHON}    ${SCRIPT}    --timed    ${WORK}/output.xml
    ...    ${WORK}/ordering.txt
    Should Be Equal As Integers    ${result.rc}    0    ${result.stderr}
    Should Be Equal    ${result.stdout}    pabot ordering: 6 suites timed, 2 of them in 1 Robot processes
    ${ordering}    Get File    ${WORK}/ordering.txt
    Should Be Equal    ${ordering}
    ...    --suite Robot.Long\n--suite Robot.Short C\n--suite Robot.Mid\n{\n--suite Robot.Short A\n--suite Robot.Short B\n}\n--suite Robot.Sets Env\n

A Group Left With No Suite Is Dropped
    [Documentation]    pabot runs every suite for an empty group: the suites it named gone,
    ...    the group goes too.
    Create File    ${WORK}/robot/alpha.robot
    Create File    ${WORK}/ordering.txt
    ...    {\n--suite Robot.Gone\n--suite Robot.Gone Too\n}\n--suite Robot.Alpha\n
    ${result}    Run Process    ${PYTHON}    ${SCRIPT}    ${WORK}/ordering.txt    ${WORK}/robot
    Should Be Equal As Integers    ${result.rc}    0    ${result.stderr}
    ${ordering}    Get File    ${WORK}/ordering.txt
    Should Be Equal    ${ordering}    --suite Robot.Alpha\n

The Short Suites Of An Ordering Made From A Run Share One Robot Process
    [Documentation]    The real pabot on the script's ordering: the two short suites run
    ...    in one Robot process, the long one in another, each once.
    FOR    ${name}    IN    alone    first    second
        Create File    ${WORK}/robot/${name}.robot
        ...    *** Settings ***\nLibrary${SPACE*4}OperatingSystem\n*** Test Cases ***\n${name}\n${SPACE*4}Create File${SPACE*4}${WORK}/${name}.pid${SPACE*4}\${{ str(os.getpid()) }}\n
    END
    VAR    ${timed}    <suite name="Alone" source="${WORK}/robot/alone.robot"><status elapsed="20"/></suite>
    ...    <suite name="First" source="${WORK}/robot/first.robot"><status elapsed="2"/></suite>
    ...    <suite name="Second" source="${WORK}/robot/second.robot"><status elapsed="1"/></suite>
    ...    separator=
    Create File    ${WORK}/output.xml
    ...    <robot><suite name="Robot" source="${WORK}/robot">${timed}<status elapsed="23"/></suite></robot>
    ${made}    Run Process    ${PYTHON}    ${SCRIPT}    --timed    ${WORK}/output.xml
    ...    ${WORK}/ordering.txt
    Should Be Equal As Integers    ${made.rc}    0    ${made.stderr}
    ${result}    Run Process    ${PYTHON}    -m    pabot.pabot    --no-pabotlib    --processes    2
    ...    --ordering    ${WORK}/ordering.txt    --outputdir    ${WORK}/out    ${WORK}/robot
    ...    cwd=${WORK}    timeout=120s    on_timeout=kill
    Should Be Equal As Integers    ${result.rc}    0    ${result.stdout}\n${result.stderr}
    Should Contain    ${result.stdout}    3 tests, 3 passed
    ${alone}    Get File    ${WORK}/alone.pid
    ${first}    Get File    ${WORK}/first.pid
    ${second}    Get File    ${WORK}/second.pid
    Should Be Equal    ${first}    ${second}
    Should Not Be Equal    ${alone}    ${first}


A Worker With No Feature To Take Says So While The Others Still Run
    [Documentation]    Three workers, two features: the third has nothing from the start.
    ${process}    Start Process    ${PYTHON}    ${PARALLEL}    --jobs    3
    ...    --junit-directory    ${WORK}/junit    --idle-file    ${WORK}/idle
    ...    ${SHORT}    ${SHORT_TOO}    cwd=${CURDIR}/..    stdout=${WORK}/out    stderr=STDOUT
    Wait Until Keyword Succeeds    60s    0.1s    File Should Exist    ${WORK}/idle
    Process Should Be Running    ${process}
    ${result}    Wait For Process    ${process}    timeout=300s    on_timeout=kill
    Should Be Equal As Integers    ${result.rc}    0    ${result.stdout}
    Should Contain    ${result.stdout}    behave: 2 features in

One Worker Says So Only Once It Has Run The Last Feature
    ${process}    Start Process    ${PYTHON}    ${PARALLEL}    --jobs    1
    ...    --junit-directory    ${WORK}/junit    --idle-file    ${WORK}/idle
    ...    ${SHORT}    ${SHORT_TOO}    cwd=${CURDIR}/..    stdout=${WORK}/out    stderr=STDOUT
    Wait Until Keyword Succeeds    60s    0.1s    A Feature Should Have Ended
    File Should Not Exist    ${WORK}/idle    the worker had another feature to take
    ${result}    Wait For Process    ${process}    timeout=300s    on_timeout=kill
    Should Be Equal As Integers    ${result.rc}    0    ${result.stdout}
    File Should Exist    ${WORK}/idle


*** Keywords ***
Create Work Folder
    ${work}    Evaluate    tempfile.mkdtemp(prefix="agents-order-")    modules=tempfile
    VAR    ${WORK}    ${work}    scope=TEST
    VAR    ${PYTHON}    ${{ sys.executable }}    scope=TEST

A Feature Should Have Ended
    ${reports}    Count Files In Directory    ${WORK}/junit    TESTS-*.xml
    Should Be True    ${reports} >= 1
