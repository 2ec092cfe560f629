"""Sessions: lint, typecheck, tests (behave + robot under coverage, >= 97 %), bench."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import threading
import time
from collections.abc import Callable
from pathlib import Path

import nox

nox.options.sessions = ["lint", "typecheck", "tests"]
nox.options.reuse_existing_virtualenvs = True

ROOT = Path(__file__).parent
REPORTS = ROOT / "reports"
# Under /tmp: every Python the tests start measures itself, also one a command of Claude's
# runs in the bubblewrap sandbox, where /tmp is private and writable and the rest read-only.
# There its data goes unseen; in the checkout, saving it failed and changed its output.
CHECKOUT = hashlib.sha1(bytes(ROOT.resolve())).hexdigest()[:8]  # two checkouts, two folders
COVERAGE_DIR = Path("/tmp") / f"cleveragents-coverage-{CHECKOUT}"


@nox.session
def lint(session: nox.Session) -> None:
    session.install("ruff")
    session.run(
        "ruff", "check", "cleveragents", "features", "robot", "benchmarks", "scripts", "noxfile.py"
    )
    session.run(
        "ruff", "format", "--check", "cleveragents", "features", "robot", "benchmarks", "scripts"
    )


@nox.session
def typecheck(session: nox.Session) -> None:
    session.install("-e", ".[browser]", "mypy", "types-PyYAML")
    session.run("mypy")


@nox.session
def tests(session: nox.Session) -> None:
    """behave and Robot Framework under coverage; the CLI's subprocesses are measured too.

    Both run `jobs` at a time (at least two): behave a feature per process, Robot a suite per
    process through pabot, which starts as soon as behave has a worker idle. The whole
    command must stay under 30 minutes on a 2-core machine."""
    # robot/claude_code.robot runs the real Claude Code CLI the Agent SDK bundles (pinned by
    # the extra): installed like every other test dependency, so CI never skips it unseen.
    # robot/browser.robot drives Chromium (the system's, which .ci/run installs) with
    # Playwright. One pip for the three extras: each `pip install -e .` resolved and built
    # the editable wheel again, in a build environment of its own.
    session.install("-e", ".[test,claude-code,browser]")
    REPORTS.mkdir(exist_ok=True)
    for old in COVERAGE_DIR.glob("coverage*"):
        old.unlink()
    COVERAGE_DIR.mkdir(parents=True, exist_ok=True)
    env = {
        "COVERAGE_FILE": str(COVERAGE_DIR / "coverage"),
        "COVERAGE_RCFILE": str(ROOT / "pyproject.toml"),
        # Tests must never write into the real home directory. nox returns the folder
        # relative to here: a program started elsewhere (Chromium in a test's repository)
        # made `.nox/tests/tmp/...` under its own working directory.
        "HOME": os.path.abspath(session.create_tmp()),
    }
    # Each test starts `agents` hundreds of times, and each start imports some 200 modules
    # of ours. Where PYTHONDONTWRITEBYTECODE is set (it is in our CI shell) Python compiled each
    # from source every time, 140 of the 340 ms of CPU an import took: compiled once here,
    # each process reads the bytecode (the variable stops writing it, not reading it).
    session.run("python", "-m", "compileall", "-q", "cleveragents", "robot/resources")
    _pause_coverage_for_the_sdk(session)
    junit = REPORTS / "behave"
    shutil.rmtree(junit, ignore_errors=True)
    # A worker more than the cores: a feature or suite alone leaves its core idle 1-27 % of
    # its wall (sampled every 50 ms, no process of its tree runnable: its programs'
    # time-outs, sleeps, Chromium and Claude Code waiting on each other; the browser and
    # Claude Code suites most, 19-27 %), and the third worker runs in those gaps.
    # CLEVERAGENTS_TEST_JOBS sets another number.
    jobs = os.environ.get("CLEVERAGENTS_TEST_JOBS") or str(max(2, os.cpu_count() or 1) + 1)
    # behave first; Robot starts as soon as behave leaves a core idle (its last features
    # running), so neither ends with a core idle before the other starts.
    behave_finished = _start_behave(session, junit, jobs, env)
    robot = REPORTS / "robot"
    shutil.rmtree(robot, ignore_errors=True)
    # pabot starts suites in this order (else by name, and a long suite started last ran
    # alone at the end): longest first, by the last run's times, the short ones a few to a
    # Robot process; a suite added since, not timed yet, first (pabot would start it last),
    # see the script.
    ordering = REPORTS / "pabot-ordering.txt"
    if not ordering.exists():
        shutil.copy(ROOT / "scripts" / "pabot_ordering.txt", ordering)
    session.run("python", "scripts/pabot_order.py", str(ordering), "robot")
    session.run(
        "coverage",
        "run",
        "-m",
        "pabot.pabot",  # the package has no __main__
        "--no-pabotlib",  # its server takes a fixed port; no suite shares resources
        "--processes",
        jobs,
        "--ordering",
        str(ordering),
        "--outputdir",
        str(robot),
        "--consolecolors",
        "off",
        "robot",
        env=env,
        success_codes=list(range(0, 251)),
    )
    behave_finished()
    b_passed, b_failed = _behave_counts(junit)
    r_passed, r_failed = _robot_counts(REPORTS / "robot" / "output.xml")
    # The next run's order from this one's times, the short suites a few to a process.
    session.run(
        "python", "scripts/pabot_order.py", "--timed", str(robot / "output.xml"), str(ordering)
    )
    passed, failed = b_passed + r_passed, b_failed + r_failed
    (REPORTS / "test-summary.json").write_text(json.dumps({"passed": passed, "failed": failed}))
    session.run("coverage", "combine", "--quiet", env=env)
    session.run("coverage", "report", env=env, success_codes=[0, 2])
    session.run(
        "coverage",
        "html",
        "-d",
        str(REPORTS / "coverage"),
        "--quiet",
        env=env,
        success_codes=[0, 2],
    )
    print(
        f"behave: {b_passed} passed, {b_failed} failed; robot: {r_passed} passed, {r_failed} failed"
    )
    if failed:
        # CI shows the tail of the output: the names go there, next to the count.
        for line in _failed_names(junit, REPORTS / "robot" / "output.xml"):
            print(f"FAILED {line}")
        session.error(f"tests: {passed} passed, {failed} failed")
    session.run("coverage", "report", "--fail-under=97", "--format=total", env=env)


@nox.session
def bench(session: nox.Session) -> None:
    """Every benchmark. `nox -s bench -- --quick` runs each small, for a fast check; other
    arguments go to the checkpoint benchmark, as they did before there were more.

    The package is installed as a user installs it, not editable: an editable install's
    import finder adds some 20 ms to every start, which no user pays."""
    session.install(".")
    quick = "--quick" in session.posargs
    checkpoint = ["--sizes", "1000", "--repeat", "3"] if quick else session.posargs
    session.run("python", "benchmarks/checkpoint.py", *checkpoint)
    session.run("python", "benchmarks/scale.py", *(["--quick"] if quick else []))
    session.run("python", "benchmarks/startup.py", *(["--quick"] if quick else []))
    session.run("python", "benchmarks/read_commands.py", *(["--quick"] if quick else []))
    session.run("python", "benchmarks/shortcuts.py", *(["--quick"] if quick else []))
    session.run("python", "benchmarks/claude.py")
    session.run("python", "benchmarks/settle.py", *(["--sizes", "2000"] if quick else []))


def _start_behave(
    session: nox.Session, junit: Path, jobs: str, env: dict[str, str]
) -> Callable[[], None]:
    """behave under coverage, in a thread; back once it leaves a worker idle (or ends),
    with what waits for it to end (raising what it raised). With posargs, one behave as
    asked, ended before this returns."""
    if session.posargs:  # chosen features or behave options: one behave, as asked
        behave = ["coverage", "run", "-m", "behave", "--format", "progress"]
        behave += ["--no-capture-stderr", "--junit", "--junit-directory", str(junit)]
        session.run(*behave, *session.posargs, env=env, success_codes=[0, 1])
        return lambda: None
    durations = REPORTS / "behave-durations.json"
    if not durations.exists():
        shutil.copy(ROOT / "scripts" / "behave_durations.json", durations)
    idle = REPORTS / "behave-idle"
    idle.unlink(missing_ok=True)
    failures: list[BaseException] = []

    def run() -> None:  # every feature, a process each, `jobs` at a time (see the script)
        try:
            session.run(
                "python",
                "scripts/behave_parallel.py",
                *("--jobs", jobs, "--junit-directory", str(junit)),
                *("--durations", str(durations), "--idle-file", str(idle)),
                env=env,
                success_codes=[0, 1],
            )
        except BaseException as failure:  # nox's CommandFailed, raised again below
            failures.append(failure)

    thread = threading.Thread(target=run, name="behave")
    thread.start()
    while thread.is_alive() and not idle.exists():
        time.sleep(0.5)

    def finished() -> None:
        thread.join()
        if failures:
            raise failures[0]

    return finished


def _pause_coverage_for_the_sdk(session: nox.Session) -> None:
    """Install scripts/coverage_sdk_pause.py and scripts/coverage_one_walk.py in the
    session's virtualenv, each with the `.pth` line that imports it in every Python started
    there (after coverage's own `a1_*.pth`): coverage's tracer stands aside while the
    anthropic SDK imports itself, and only behave's workers walk the package for the files
    no process ran. And scripts/coverage_quick_start.py, before coverage's line: no process
    coverage starts reads its call stack's source. And scripts/coverage_not_robot.py, around
    coverage's line: Robot's own processes run unmeasured, what they start measured."""
    purelib = session.run(
        "python", "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", silent=True
    )
    if not isinstance(purelib, str):  # `--install-only` runs nothing
        return
    site = Path(purelib.strip())
    # Before coverage's own `a1_coverage.pth`, which starts it: see the script.
    shutil.copy(ROOT / "scripts" / "coverage_not_robot.py", site / "cleveragents_not_robot.py")
    (site / "a0_cleveragents_not_robot.pth").write_text("import cleveragents_not_robot\n")
    (site / "a1z_cleveragents_not_robot.pth").write_text(
        "import cleveragents_not_robot; cleveragents_not_robot.put_back()\n"
    )
    shutil.copy(ROOT / "scripts" / "coverage_quick_start.py", site / "cleveragents_quick_start.py")
    (site / "a0_cleveragents_quick_start.pth").write_text("import cleveragents_quick_start\n")
    shutil.copy(ROOT / "scripts" / "coverage_sdk_pause.py", site / "cleveragents_sdk_pause.py")
    (site / "a2_cleveragents_sdk_pause.pth").write_text("import cleveragents_sdk_pause\n")
    shutil.copy(ROOT / "scripts" / "coverage_one_walk.py", site / "cleveragents_one_walk.py")
    (site / "a3_cleveragents_one_walk.pth").write_text("import cleveragents_one_walk\n")


def _behave_counts(junit: Path) -> tuple[int, int]:
    """Scenarios passed and failed, from behave's JUnit reports (one file per feature)."""
    import xml.etree.ElementTree as ET

    passed = failed = 0
    for report in junit.glob("*.xml"):
        for suite in ET.parse(report).getroot().iter("testsuite"):
            bad = int(suite.get("failures", 0)) + int(suite.get("errors", 0))
            failed += bad
            passed += int(suite.get("tests", 0)) - bad - int(suite.get("skipped", 0))
    return (passed, failed) if passed + failed else (0, 1)


def _failed_names(junit: Path, output: Path) -> list[str]:
    """Each failed behave scenario and Robot test, with the first line of why, shortened."""
    import xml.etree.ElementTree as ET

    def first(text: str | None) -> str:
        line = (text or "").strip().splitlines()[0:1]
        return line[0][:200] if line else ""

    found = []
    for report in sorted(junit.glob("*.xml")):
        for case in ET.parse(report).getroot().iter("testcase"):
            bad = case.find("failure")
            bad = bad if bad is not None else case.find("error")
            if bad is not None:
                why = first(bad.get("message")) or first(bad.text)
                found.append(f"behave {case.get('classname')}: {case.get('name')}: {why}")
    if output.exists():
        for test in ET.parse(output).getroot().iter("test"):
            status = test.find("status")
            if status is not None and status.get("status") == "FAIL":
                found.append(f"robot {test.get('name')}: {first(status.text)}")
    return found


def _robot_counts(output: Path) -> tuple[int, int]:
    """Tests passed and failed, from Robot's output.xml (read here: nox's Python has no robot)."""
    import xml.etree.ElementTree as ET

    if not output.exists():
        return 0, 1
    total = ET.parse(output).getroot().find("./statistics/total/stat")
    if total is None:
        return 0, 1
    return int(total.get("pass", 0)), int(total.get("fail", 0))
