"""A shell of the user's, outside the sandbox, that runs while a model's command does: what
it sources and reads of the tree is what the host would run meanwhile."""

from __future__ import annotations

import os
import signal
import subprocess
from typing import Any

from behave import given, then


@given('a shell outside the sandbox starts every 50 ms, reading "{path}" of the tree')
def step_host_shell(context: Any, path: str) -> None:
    """`bash -ic true` with the user's HOME, as a terminal, an IDE's environment probe or
    a tmux pane starts one, in a folder of its own beside the tree (what the model's
    bytes would `touch` lands there); and `cat PATH` of the tree, to show when it ran."""
    outside = context.tmp / "outside"
    outside.mkdir(exist_ok=True)
    loop = (
        'while :; do bash -ic true </dev/null >/dev/null 2>&1; cat "$1/$2" 2>/dev/null;'
        " sleep 0.05; done"
    )
    log = (outside / "read.log").open("wb")
    shell = subprocess.Popen(
        ["sh", "-c", loop, "sh", str(context.repo), path],
        cwd=outside,
        env={"PATH": os.defpath, "HOME": context.env["HOME"]},
        stdout=log,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    log.close()

    def stop() -> None:  # this one's process group only, by its PID
        if shell.poll() is None:
            os.killpg(shell.pid, signal.SIGKILL)
        shell.wait()

    context.host_shell = stop
    context.add_cleanup(stop)


@then('the shell outside the sandbox read "{seen}" while the command ran, and ran nothing')
def step_host_shell_read(context: Any, seen: str) -> None:
    context.host_shell()
    outside = context.tmp / "outside"
    read = (outside / "read.log").read_text(errors="replace")
    assert seen in read, f"the shell never read {seen!r} while the command ran: {read[-300:]!r}"
    ran = sorted(name for name in os.listdir(outside) if name != "read.log")
    assert not ran, f"a shell outside the sandbox ran the model's bytes: {ran}"


@then('a new interactive shell of mine, typing "{typed}", runs nothing the model wrote')
def step_next_shell(context: Any, typed: str) -> None:
    """`bash -ic TYPED` with the user's HOME after the run, as their next terminal, in a
    folder of its own beside the tree: the model's `touch planted-ran` lands there (or in
    the home, from a Makefile's `touch ../planted-ran`)."""
    after = context.tmp / "after"
    after.mkdir(exist_ok=True)
    subprocess.run(
        ["bash", "-ic", typed],
        cwd=after,
        env={"PATH": os.defpath, "HOME": context.env["HOME"]},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=60,
        check=False,
    )
    ran = sorted(os.listdir(after)) + sorted(os.listdir(context.env["HOME"]))
    assert "planted-ran" not in ran, f"the user's next shell ran the model's bytes: {ran}"


@then("agents reads at most its bound of values of PATH, one naming the tree's bin")
def step_bounded_path(context: Any) -> None:
    """Attack 24 F10: each `[ -d ~/x ] && PATH=~/x:$PATH` doubled the values read (2^N
    for N such lines, a minute a command at 20)."""
    from pathlib import Path

    from cleveragents.adapters.home_shells import home_shell_places
    from cleveragents.adapters.home_values import MOST

    assigned: dict[str, list[str] | None] = {}
    home_shell_places(Path(context.repo), context.env["HOME"], [], assigned)
    values = assigned.get("PATH") or []
    assert 0 < len(values) <= MOST, (len(values), values[:3])
    bin_folder = os.path.join(os.path.realpath(context.repo), "bin")
    assert any(bin_folder in value.split(":") for value in values), values[:3]
