*** Settings ***
Documentation       As the engineer who keeps the suite under its 30 minutes on two cores,
...                 I want coverage to walk `cleveragents/` for the files no process ran
...                 once a behave worker, not in each of the run's some 6,000 processes,
...                 so that each saves its data 17 ms of CPU sooner, the report unchanged.
...
...                 Runs a probe under the real `coverage run` that starts a subprocess
...                 (coverage started by its own `.pth` line, then the real
...                 `scripts/coverage_one_walk.py` imported as nox's `.pth` line does) and
...                 a fork (`restart_coverage` of `features/support/forked_agents.py`).
...                 And neither reads its call stack's source when coverage starts in it
...                 (`scripts/coverage_quick_start.py`, 6.5 ms of CPU each), nor imports
...                 coverage's reporters and `multiprocessing` (12 % of its start's instructions),
...                 nor collects coverage's own objects (the garbage collector off as it imports).

Library             OperatingSystem
Library             Process

Test Setup          Create Work Folder
Test Teardown       Remove Directory    ${WORK}    recursive=True


*** Variables ***
${CHILD}            SEPARATOR=\n
...                 import sys
...                 sys.path.insert(0, sys.argv[1])
...                 import coverage_one_walk
...                 import cleveragents.errors
${PROBE}            SEPARATOR=\n
...                 import os, subprocess, sys
...                 sys.path.insert(0, os.getcwd())
...                 from features.support.forked_agents import _save_coverage, restart_coverage
...                 import cleveragents.errors
...                 subprocess.run([sys.executable, sys.argv[2], sys.argv[1]], check=True)
...                 pid = os.fork()
...                 if pid == 0:
...                 ${SPACE*4}restart_coverage()
...                 ${SPACE*4}import cleveragents.domain.plan
...                 ${SPACE*4}_save_coverage()
...                 ${SPACE*4}os._exit(0)
...                 os.waitpid(pid, 0)
# Started with -S, so that the module runs before coverage starts, as its `.pth` line does
# before coverage's own; then coverage's line's work.
${QUICK}            SEPARATOR=\n
...                 import json, sys
...                 sys.path[:0] = [sys.argv[1], *json.loads(sys.argv[2])]
...                 import coverage_quick_start
...                 import coverage
...                 cov = coverage.process_startup()
...                 assert cov is not None, "coverage did not start"
...                 assert cov._collector.origin == "", cov._collector.origin
...                 imported = {"multiprocessing", "xml.dom.minidom", "html.entities"} & set(sys.modules)
...                 assert not imported, f"coverage imported what only its reports use: {imported}"
...                 assert coverage.control.HtmlReporter.__name__ == "HtmlReporter", "a report's name is not the real one"
...                 import gc
...                 assert gc.isenabled() and gc.get_freeze_count() > 10000, f"coverage's objects are collected: {gc.get_freeze_count()}"
${QUICK_PROBE}      SEPARATOR=\n
...                 import json, os, subprocess, sys
...                 sys.path.insert(0, os.getcwd())
...                 from coverage import Coverage
...                 from features.support.forked_agents import restart_coverage
...                 subprocess.run([sys.executable, "-S", sys.argv[2], sys.argv[1], json.dumps(sys.path)], check=True)
...                 assert Coverage.current()._collector.origin, "the worker's own start is coverage's"
...                 pid = os.fork()
...                 if pid == 0:
...                 ${SPACE*4}restart_coverage()
...                 ${SPACE*4}os._exit(0 if Coverage.current()._collector.origin == "" else 3)
...                 assert os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) == 0, "the fork read its stack"
# Run by coverage's own command (`-m coverage run`) with coverage's variable set, as a measured
# process starts one: where the module's `.pth` line is installed (nox's), no stand-in there;
# and a stand-in anywhere answers no dunder name, so `inspect` sees a module without a file.
${OWN}              SEPARATOR=\n
...                 import inspect, sys
...                 sys.path.insert(0, sys.argv[1])
...                 import coverage_quick_start
...                 assert not any(getattr(m, "stand_in", None) is True for m in list(sys.modules.values())), "coverage's command has stand-ins"
...                 coverage_quick_start.stand_in("coverage_quick_start_probe")
...                 probe = sys.modules["coverage_quick_start_probe"]
...                 assert not hasattr(probe, "__file__") and not hasattr(probe, "__path__"), "a stand-in answers a dunder name"
...                 assert inspect.getmodule(inspect.getmodule) is inspect, "inspect cannot walk the modules"
...                 assert coverage_quick_start.coverage_command([sys.executable, "-I", "/venv/bin/coverage", "combine"])
...                 assert not coverage_quick_start.coverage_command([sys.executable, "-I", "/tmp/prefix-1f", "ls"])
...                 assert not coverage_quick_start.coverage_command([sys.executable, "-m", "cleveragents", "plan"])
...                 print("no stand-in")
# Started with -S as `robot` (pabot's `bin/robot`), then as another script: the module's
# `.pth` line, coverage's, the module's second line, and a subprocess started after them.
${RUNNER}           SEPARATOR=\n
...                 import json, subprocess, sys
...                 sys.path[:0] = [sys.argv[1], *json.loads(sys.argv[2])]
...                 import coverage_not_robot
...                 import coverage
...                 started = coverage.process_startup() is not None
...                 coverage_not_robot.put_back()
...                 said = subprocess.run([sys.executable, "-c", "import coverage; print(coverage.Coverage.current() is not None)"], capture_output=True, text=True, check=True).stdout
...                 print(started, said.strip())
${RUNNER_PROBE}     SEPARATOR=\n
...                 import json, shutil, subprocess, sys
...                 shutil.copy(sys.argv[2] + "/robot", sys.argv[2] + "/runner.py")
...                 for name in ("robot", "runner.py"):
...                 ${SPACE*4}said = subprocess.run([sys.executable, "-S", sys.argv[2] + "/" + name, sys.argv[1], json.dumps(sys.path)], capture_output=True, text=True, check=True).stdout
...                 ${SPACE*4}print(name, said.strip())


*** Test Cases ***
Only The Worker Saves Every File Of The Package, Its Subprocess And Fork Those They Ran
    Create File    ${WORK}/child.py    ${CHILD}
    Create File    ${WORK}/probe.py    ${PROBE}
    Create File    ${WORK}/rc    [run]\nsource = cleveragents\nparallel = true\npatch = subprocess\n
    ${result}    Run Process    ${PYTHON}    -m    coverage    run    --rcfile\=${WORK}/rc
    ...    --data-file\=${WORK}/data/coverage    ${WORK}/probe.py    ${CURDIR}/../scripts
    ...    ${WORK}/child.py    cwd=${CURDIR}/..    timeout=120s    on_timeout=kill
    ...    env:COVERAGE_PROCESS_CONFIG=${EMPTY}    env:COVERAGE_PROCESS_START=${EMPTY}
    ...    env:COVERAGE_FILE=${EMPTY}    env:COVERAGE_RCFILE=${EMPTY}
    Should Be Equal As Integers    ${result.rc}    0    ${result.stderr}
    ${counts}    Evaluate
    ...    sorted((d := coverage.CoverageData(str(f)), d.read(), len(d.measured_files()))[2] for f in pathlib.Path($WORK, "data").iterdir())
    ...    modules=coverage,pathlib
    Length Should Be    ${counts}    3    the worker, its subprocess and its fork each save their data
    ${package}    Evaluate    len(list(pathlib.Path(r"${CURDIR}", "..", "cleveragents").rglob("*.py")))
    ...    modules=pathlib
    Should Be True    ${counts}[2] == ${package}    the worker walks every file: ${counts}
    Should Be True    ${counts}[1] < 20    the subprocess saves what it ran: ${counts}
    Should Be True    ${counts}[0] < 20    the fork saves what it ran: ${counts}

A Subprocess And A Fork Start Coverage Without Reading Their Call Stack Or Importing Its Reports
    Create File    ${WORK}/quick.py    ${QUICK}
    Create File    ${WORK}/probe.py    ${QUICK_PROBE}
    Create File    ${WORK}/rc    [run]\nsource = cleveragents\nparallel = true\npatch = subprocess\n
    ${result}    Run Process    ${PYTHON}    -m    coverage    run    --rcfile\=${WORK}/rc
    ...    --data-file\=${WORK}/data/coverage    ${WORK}/probe.py    ${CURDIR}/../scripts
    ...    ${WORK}/quick.py    cwd=${CURDIR}/..    timeout=120s    on_timeout=kill
    ...    env:COVERAGE_PROCESS_CONFIG=${EMPTY}    env:COVERAGE_PROCESS_START=${EMPTY}
    ...    env:COVERAGE_FILE=${EMPTY}    env:COVERAGE_RCFILE=${EMPTY}
    Should Be Equal As Integers    ${result.rc}    0    ${result.stderr}

Coverage's Own Command Has No Stand-in, And No Stand-in Has A File
    [Documentation]    A `coverage run` started by a measured process (robot/suite_schedule.robot's
    ...    behave) runs coverage's runner, which inspects every module: a stand-in's name for
    ...    `__file__` crashed it (CI ci-47). It reports too: its modules are the real ones.
    Create File    ${WORK}/own.py    ${OWN}
    Create File    ${WORK}/rc    [run]\nsource = cleveragents\nparallel = true\npatch = subprocess\n
    ${result}    Run Process    ${PYTHON}    -m    coverage    run    --rcfile\=${WORK}/rc
    ...    --data-file\=${WORK}/data/coverage    ${WORK}/own.py    ${CURDIR}/../scripts
    ...    cwd=${CURDIR}/..    timeout=120s    on_timeout=kill
    ...    env=${{ {k: v for k, v in os.environ.items() if not k.startswith("COVERAGE_")} | {"COVERAGE_PROCESS_START": r"${WORK}/rc"} }}
    Should Be Equal As Integers    ${result.rc}    0    ${result.stderr}
    Should Contain    ${result.stdout}    no stand-in

Robot's Own Process Starts No Coverage, And What It Starts Is Measured
    [Documentation]    scripts/coverage_not_robot.py: Robot's runner runs no code of ours worth
    ...    its tracer's cost (twice its CPU); the `agents` and hooks it starts are measured.
    Create File    ${WORK}/robot    ${RUNNER}
    Create File    ${WORK}/probe.py    ${RUNNER_PROBE}
    Create File    ${WORK}/rc    [run]\nsource = cleveragents\nparallel = true\npatch = subprocess\n
    ${result}    Run Process    ${PYTHON}    -m    coverage    run    --rcfile\=${WORK}/rc
    ...    --data-file\=${WORK}/data/coverage    ${WORK}/probe.py    ${CURDIR}/../scripts
    ...    ${WORK}    cwd=${CURDIR}/..    timeout=120s    on_timeout=kill
    ...    env:COVERAGE_PROCESS_CONFIG=${EMPTY}    env:COVERAGE_PROCESS_START=${EMPTY}
    ...    env:COVERAGE_FILE=${EMPTY}    env:COVERAGE_RCFILE=${EMPTY}
    Should Be Equal As Integers    ${result.rc}    0    ${result.stderr}
    Should Contain    ${result.stdout}    robot False True    Robot's process started coverage, or its child did not
    Should Contain    ${result.stdout}    runner.py True True    another script's process did not start coverage


*** Keywords ***
Create Work Folder
    ${work}    Evaluate    tempfile.mkdtemp(prefix="agents-walk-")    modules=tempfile
    VAR    ${WORK}    ${work}    scope=TEST
    VAR    ${PYTHON}    ${{ sys.executable }}    scope=TEST
