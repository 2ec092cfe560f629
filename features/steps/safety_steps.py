"""Steps of the safety features: the property on random file operations, the kill trials."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from behave import then, when

from features.support.properties import run_property

EXAMPLES = 15  # each runs, corrects and undoes a plan: ~4 s of CPU under coverage
CHECKPOINT_EXAMPLES = 40


@when("run, correct and undo are checked on random plans of file operations")
def step_property(context: Any) -> None:
    from features.support.safety_property import check_property

    _check(context, "property", check_property, EXAMPLES)


@when("random actions are taken on random repositories, with a checkpoint after each")
def step_checkpoint_property(context: Any) -> None:
    from features.support.checkpoint_property import check_property

    _check(context, "checkpoint property", check_property, CHECKPOINT_EXAMPLES)


def _check(
    context: Any, name: str, check: Callable[[int, int, Path], int], default_examples: int
) -> None:
    """Run a property (`run_property`): its failure is kept for the step that says what
    must hold."""
    ran = run_property(context, name, check, default_examples)
    assert ran is None or ran > 0, "no example ran"


@then("every checkpoint's tree is the one a scan of the whole working tree gives")
def step_checkpoint_property_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@then("every example kept every byte, mode and symlink, and the user's git state")
def step_property_held(context: Any) -> None:
    # Hypothesis stops at the first failing example and shrinks it: the report names which
    # check broke, on the smallest example it found, with the seed to replay it.
    assert context.property_failure is None, context.property_failure


TRIALS = 6
SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


@when("the kill trials run with a seed from the clock")
def step_kill_trials(context: Any) -> None:
    _run_trials(context, "kill_trials.py")


@when('the kill trials kill a correction once {path} holds "{text}"')
def step_kill_at(context: Any, path: str, text: str) -> None:
    # One trial, the SIGKILL placed by what the tree holds, not by a random delay.
    _run_trials(context, "kill_trials.py", "", 1, ["--kill-when", f"{path}={text}"])


@when("the pull kill trials run with a seed from the clock")
def step_pull_kill_trials(context: Any) -> None:
    _run_trials(context, "pull_kill_trials.py")


@when("the Claude Code kill trials run with a seed from the clock")
def step_claude_code_kill_trials(context: Any) -> None:
    # Each trial runs Claude Code two or three times: fewer by default, more by its variable.
    _run_trials(context, "claude_code_kill_trials.py", "CLEVERAGENTS_CLAUDE_CODE_KILL_TRIALS", 2)


@when('the Claude Code kill trials kill agents in a correction once {path} holds "{text}"')
def step_claude_code_kill_at(context: Any, path: str, text: str) -> None:
    # One trial, the kill placed by what the tree holds, not by a random delay.
    where = ["--commands", "correct", "--targets", "agents", "--kill-when", f"{path}={text}"]
    _run_trials(context, "claude_code_kill_trials.py", "", 1, where)


@when('the Claude Code kill trials kill Claude Code in a run once {path} holds "{text}"')
def step_claude_code_killed_at(context: Any, path: str, text: str) -> None:
    # One trial: Claude Code itself killed right after its call wrote, before PostToolUse.
    where = ["--commands", "run", "--targets", "claude", "--kill-when", f"{path}={text}"]
    _run_trials(context, "claude_code_kill_trials.py", "", 1, where)


def _run_trials(
    context: Any,
    script: str,
    variable: str = "CLEVERAGENTS_KILL_TRIALS",
    default: int = TRIALS,
    more: list[str] | None = None,
) -> None:
    """Run a few trials of `scripts/SCRIPT` (`variable`, with the seed of
    CLEVERAGENTS_KILL_SEED or the clock's, printed), with `more` options; its JSON summary
    is kept for the steps that say what must hold."""
    trials = os.environ.get(variable, str(default)) if variable else str(default)
    seed = os.environ.get("CLEVERAGENTS_KILL_SEED", str(time.time_ns() % 2**32))
    print(f"{script}: seed {seed}, {trials} trials", file=sys.stderr, flush=True)
    done = subprocess.run(
        [
            sys.executable,
            str(SCRIPTS / script),
            "--trials",
            trials,
            "--seed",
            seed,
            "--calibrations",
            "1",
            *(more or []),
        ],
        capture_output=True,
        text=True,
        timeout=1200,
        check=False,
    )
    print(done.stderr, file=sys.stderr, flush=True)
    assert done.stdout.startswith(f"seed {seed}\n"), f"the seed comes first:\n{done.stdout[:300]}"
    report = done.stdout.split("\n", 1)[1]
    assert report.strip(), f"{script} exited {done.returncode}:\n{done.stderr[-2000:]}"
    context.trials = json.loads(report)
    context.trials_exit = done.returncode
    context.trials_replay = (
        f"replay with: python scripts/{script} --trials {trials} --seed {seed} "
        + " ".join(more or [])
    )


def _trials_failures(context: Any) -> str:
    return f"{json.dumps(context.trials['failures'], indent=2)}\n{context.trials_replay}"


@then("no trial lost a byte of the working tree")
def step_no_lost_bytes(context: Any) -> None:
    assert context.trials["trials"] > 0, "no trial ran"
    assert context.trials["lost_bytes"] == 0, _trials_failures(context)


@then("no operation was left running or interrupted where undo refuses it")
def step_no_stranded(context: Any) -> None:
    assert context.trials["stranded_operations"] == 0, _trials_failures(context)


@then("no command exited 70")
def step_no_exit_70(context: Any) -> None:
    assert context.trials["exit_70"] == 0, _trials_failures(context)


@then("every trial passed")
def step_every_trial(context: Any) -> None:
    assert context.trials["failed_trials"] == 0, _trials_failures(context)
    assert context.trials_exit == 0, f"the trials exited {context.trials_exit}"


@then("no trial left a plan half-imported")
def step_no_half_import(context: Any) -> None:
    assert context.trials["trials"] > 0, "no trial ran"
    assert context.trials["half_imported"] == 0, _trials_failures(context)


@then("no trial left a checkpoint or a record of the clone unreachable")
def step_none_unreachable(context: Any) -> None:
    assert context.trials["unreachable"] == 0, _trials_failures(context)


SWALLOWED = Path(__file__).resolve().parent.parent / "support" / "swallowed_interrupt.py"


LANDS = {"in an at-fork hook": "at-fork", "just after its process started": "started"}


@when("{name} lands {where} as a run action starts a 20 s command")
def step_swallowed_signal(context: Any, name: str, where: str) -> None:
    context.swallowed = subprocess.run(
        [sys.executable, str(SWALLOWED), str(context.repo), name, LANDS[where]],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@then("the action was interrupted by {name}")
def step_interrupted_by(context: Any, name: str) -> None:
    done = context.swallowed
    assert (done.returncode, done.stdout.split("\n")[0]) == (130, f"interrupted: {name}"), (
        f"exit {done.returncode}\nstdout: {done.stdout}\nstderr: {done.stderr}"
    )


@then("the command it started is no longer running")
def step_command_ended(context: Any) -> None:
    assert "processes left: 0\n" in context.swallowed.stdout, context.swallowed.stdout


INTERRUPTED_CLASS = Path(__file__).resolve().parent.parent / "support" / "interrupted_class.py"


WHERE = {
    "a class is being defined": "set-name",
    "a library reports it as an error of its own": "rewrapped",
}


@when("SIGINT lands where {what}")
def step_interrupted_class(context: Any, what: str) -> None:
    context.interrupted_class = subprocess.run(
        [sys.executable, str(INTERRUPTED_CLASS), WHERE[what]],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@then("it is taken as the interrupt: exit 130")
def step_taken_as_interrupt(context: Any) -> None:
    done = context.interrupted_class
    assert done.stdout == "exit 130\n", f"stdout: {done.stdout}\nstderr: {done.stderr}"
    assert done.stderr.startswith("error: interrupted (SIGINT)"), done.stderr


@when("random nested repositories are saved whole, removed and put back")
def step_nested_property(context: Any) -> None:
    from features.support.nested_property import check_property

    _check(context, "nested repository property", check_property, 25)


@then("each came back byte for byte with its modes, and is a repository again")
def step_nested_property_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
