"""Steps of a pull stopped at one chosen point, on two clones of a bare remote."""

from __future__ import annotations

import atexit
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from behave import given, then, when

from features.support import agents_process
from features.support.two_clones import TwoClones

STOPPED_PULL = Path(__file__).resolve().parent.parent / "support" / "stopped_pull.py"


_built: list[TwoClones] = []  # built once per behave run: copying is faster


@given("clone B of a plan that clone A corrected and pushed since B pulled it")
def step_clone_behind(context: Any) -> None:
    if not _built:
        root = Path(tempfile.mkdtemp(prefix="ca-two-clones-"))
        atexit.register(shutil.rmtree, root, ignore_errors=True)
        agents = Path(sys.executable).with_name("agents")
        _built.append(TwoClones(agents, root / "clones").build())
    context.clones = _built[0]
    context.b = context.clones.copy("behind", context.tmp / "b")


MOMENTS = {
    "takes the remote's records": "records-taken",
    "moves the records ref": "records-ref-moved",
    "finishes its operation": "operation-done",
}


@when("`agents plan pull origin` in clone B gets {name} right after it {moment}")
def step_stopped_pull(context: Any, name: str, moment: str) -> None:
    stopped = subprocess.run(
        [sys.executable, str(STOPPED_PULL), name, MOMENTS[moment], "plan", "pull", "origin"],
        cwd=context.b,
        capture_output=True,
        text=True,
        env={**agents_process.environment(), "CLEVERAGENTS_PLACE": "bob@ci"},
        timeout=120,
        check=False,
    )
    assert stopped.returncode in (-9, 130), (stopped.returncode, stopped.stderr)


@then("`agents plan ops` in clone B shows no operation running")
def step_none_running(context: Any) -> None:
    ops = context.clones.run(context.b, "plan", "ops", "--json")
    assert ops.returncode == 0, ops.stderr
    running = [o for o in json.loads(ops.stdout)["operations"] if o["status"] == "running"]
    assert not running, running


@then("`agents plan pull origin` in clone B gives it clone A's plan")
def step_pull_again(context: Any) -> None:
    clones, b = context.clones, context.b
    again = clones.run(b, "plan", "pull", "origin")
    assert again.returncode == 0, f"exit {again.returncode}: {again.stderr}"
    assert clones.tree(b) == clones.theirs, f"B's plan is not A's; the pull said: {again.stdout}"
    ref = f"refs/cleveragents/records/{clones.plan}"
    theirs, mine = clones.tip(clones.root / "a", ref), clones.tip(b, ref)
    assert theirs is not None and mine is not None
    met = subprocess.run(["git", "merge-base", "--is-ancestor", theirs, mine], cwd=b, check=False)
    assert met.returncode == 0, f"B's records ref {mine} does not reach A's {theirs}: a push fails"
