"""Running the real `agents` command (and git) the way the guarantee tests do: a test
identity, none of git's redirections from the caller's environment, no input; and what the
kill-trials scripts share."""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

# The signals kill trials send, and how often each is drawn.
SIGNALS = {"SIGKILL": 0.35, "SIGINT": 0.35, "SIGTERM": 0.15, "SIGHUP": 0.15}
# Redirections that would point git at another repository or index than the test's.
HIDDEN = ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_CONFIG_PARAMETERS")


def environment() -> dict[str, str]:
    """The caller's environment less git's redirections, with a commit identity."""
    env = {k: v for k, v in os.environ.items() if k not in HIDDEN}
    env["PYTHONFAULTHANDLER"] = "1"  # SIGABRT prints where it is: see `ended`
    for who in ("AUTHOR", "COMMITTER"):
        env[f"GIT_{who}_NAME"] = "Test User"
        env[f"GIT_{who}_EMAIL"] = "test@example.com"
    return env


def run(
    binary: Path,
    repo: Path,
    *args: str,
    place: str | None = None,
    env: dict[str, str] | None = None,
    forked: bool = True,
) -> subprocess.CompletedProcess[str]:
    """`agents ARGS` in `repo`, its output captured; at most two minutes. `place`: the
    user@host its records say made them (CLEVERAGENTS_PLACE); `env`: the whole environment
    (else `environment()`). The `agents` of this Python runs as a fork of this process
    (`forked_agents.py`: no new Python, no new coverage start) unless `forked` is false."""
    env = dict(env) if env is not None else environment()
    if place is not None:
        env["CLEVERAGENTS_PLACE"] = place
    if forked and Path(binary) == Path(sys.executable).with_name("agents"):
        from features.support.forked_agents import run_forked

        return run_forked([str(binary), *args], repo, env)
    return subprocess.run(
        [str(binary), *args],
        cwd=repo,
        capture_output=True,
        text=True,
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=120,
        check=False,
    )


def cleveragents_refs(repo: Path) -> dict[str, bytes]:
    """The loose refs under `refs/cleveragents/`, read without git: cheap enough to poll
    while a command runs, to see when it writes its first one."""
    refs = {}
    # os.walk, not Path.rglob: git removes a folder whose last ref it deletes, mid-walk.
    for folder, _, files in os.walk(repo / ".git" / "refs" / "cleveragents"):
        for name in files:
            try:
                refs[f"{folder}/{name}"] = Path(folder, name).read_bytes()
            except OSError:
                continue  # a ref being deleted right now
    return refs


def ended(process: subprocess.Popen[str], seconds: float) -> tuple[str, str | None]:
    """Wait up to `seconds` for a command a trial signalled; its stderr, and None, or, if it
    is still running then, where it hangs: SIGABRT makes Python's fault handler (on in
    `environment`) print every thread's stack before it dies, then it is killed."""
    try:
        return process.communicate(timeout=seconds)[1], None
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGABRT)
        try:
            stderr = process.communicate(timeout=10)[1]
        except subprocess.TimeoutExpired:
            process.kill()
            stderr = process.communicate()[1]
        _, fatal, stack = stderr.partition("Fatal Python error")
        return stderr, (fatal + stack)[:2000] if fatal else "(no stack printed)"


def measuring_deadlock(hang: str) -> bool:
    """Whether a hang's stack stops in coverage's own data lock: its tracer took the lock,
    a signal handler ran in between, and the tracer took it again for the handler's first
    line. That is the measuring tool deadlocking on itself, not agents (nothing of agents
    is on the stack above it); a trial then goes on as after a SIGKILL, checks and all."""
    frames = [line for line in hang.splitlines() if line.strip().startswith("File ")]
    return bool(frames) and "coverage/collector.py" in frames[0] and "lock_data" in frames[0]


def last_line(text: str) -> str:
    """The last line of a command's stderr that says something: its one-line error."""
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1] if lines else "(nothing on stderr)"


def trial_arguments(
    doc: str, commands: tuple[str, ...], signals: dict[str, float], calibrations: int
) -> argparse.ArgumentParser:
    """The options every kill-trials script takes (`scripts/*kill_trials.py`)."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=100)
    parser.add_argument("--seed", type=int, default=None, help="default: from the clock")
    parser.add_argument("--trial", type=int, default=None, help="replay only this trial")
    parser.add_argument("--commands", default=",".join(commands))
    parser.add_argument("--signals", default=",".join(signals))
    parser.add_argument(
        "--calibrations", type=int, default=calibrations, help="timing runs per command"
    )
    parser.add_argument("--agents", type=Path, default=Path(sys.executable).with_name("agents"))
    return parser


def failures(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What a trials report says of each trial that failed."""
    shown = ("trial", "command", "signal", "delay_s", "point", "exit", "problems")
    return [{k: r[k] for k in shown} for r in results if r["problems"]]


def git(repo: Path, *args: str) -> None:
    """`git ARGS` in `repo`, as the user runs it beside agents (its environment), checked."""
    subprocess.run(["git", *args], cwd=repo, env=environment(), check=True, capture_output=True)
