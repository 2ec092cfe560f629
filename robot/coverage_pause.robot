*** Settings ***
Documentation       As the engineer who keeps the suite under its 30 minutes on two cores,
...                 I want coverage's tracer to stand aside while a package that is not
...                 ours imports itself in a measured `agents`, and only then,
...                 so that every start costs less CPU and no line of ours goes unmeasured.
...
...                 Runs a probe under the real `coverage run` with the real
...                 `scripts/coverage_sdk_pause.py` imported as nox's `.pth` line does.

Library             OperatingSystem
Library             Process

Test Setup          Create Work Folder
Test Teardown       Remove Directory    ${WORK}    recursive=True


*** Variables ***
${PROBE}            SEPARATOR=\n
...                 import sys
...                 sys.path.insert(0, sys.argv[1])
...                 import coverage_sdk_pause
...                 seen = []
...                 for name in ("typer", "pydantic.fields", "yaml", "cleveragents.errors"):
...                 ${SPACE}${SPACE}${SPACE}${SPACE}__import__(name)
...                 ${SPACE}${SPACE}${SPACE}${SPACE}seen.append(f"{name} {type(sys.modules[name].__spec__.loader).__name__}")
...                 seen.append(f"after {type(sys.gettrace()).__name__}")
...                 print("; ".join(seen))


*** Test Cases ***
Packages Not Ours Import With The Tracer Paused, Ours Measured As Without The Pause
    Create File    ${WORK}/probe.py    ${PROBE}
    ${result}    Run Probe    ${WORK}/probe.py
    Should Be Equal As Integers    ${result.rc}    0    ${result.stderr}
    Should Be Equal    ${result.stdout.strip()}
    ...    typer _PausingLoader; pydantic.fields _PausingLoader; yaml _PausingLoader; cleveragents.errors SourceFileLoader; after CTracer
    ${paused}    Measured Lines Of errors.py    ${WORK}/probe.py
    Create File    ${WORK}/plain.py    ${PROBE.replace("import coverage_sdk_pause", "")}
    ${result}    Run Probe    ${WORK}/plain.py
    Should Be Equal As Integers    ${result.rc}    0    ${result.stderr}
    ${plain}    Measured Lines Of errors.py    ${WORK}/plain.py
    Should Not Be Empty    ${plain}
    Should Be Equal    ${paused}    ${plain}


*** Keywords ***
Create Work Folder
    ${work}    Evaluate    tempfile.mkdtemp(prefix="agents-pause-")    modules=tempfile
    VAR    ${WORK}    ${work}    scope=TEST
    VAR    ${PYTHON}    ${{ sys.executable }}    scope=TEST

Run Probe
    [Documentation]    The probe under a coverage of its own: its data in `${probe}.coverage`,
    ...    not the suite's (the measured run's variables emptied, its rcfile not read).
    [Arguments]    ${probe}
    Create File    ${WORK}/rc    [run]\nsource = cleveragents\n
    ${result}    Run Process    ${PYTHON}    -m    coverage    run    --rcfile\=${WORK}/rc
    ...    --data-file\=${probe}.coverage    ${probe}    ${CURDIR}/../scripts    cwd=${CURDIR}/..
    ...    env:COVERAGE_PROCESS_CONFIG=${EMPTY}    env:COVERAGE_PROCESS_START=${EMPTY}
    ...    env:COVERAGE_FILE=${EMPTY}    env:COVERAGE_RCFILE=${EMPTY}
    RETURN    ${result}

Measured Lines Of errors.py
    [Arguments]    ${probe}
    ${data}    Evaluate    coverage.CoverageData($probe + ".coverage")    modules=coverage
    Call Method    ${data}    read
    ${errors}    Evaluate    os.path.realpath("${CURDIR}/../cleveragents/errors.py")    modules=os
    ${lines}    Evaluate    sorted($data.lines($errors) or [])
    RETURN    ${lines}
