"""Steps of trust.login_stand_in.feature: a login bash started on the host, outside the
sandbox, while a sandboxed command runs in a tree that is (or holds) the user's home."""

from __future__ import annotations

import os
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

from behave import given, then, when


@given("the user's home is the tree's folder \"{folder}\"")
def step_home_in_tree(context: Any, folder: str) -> None:
    (context.repo / folder).mkdir(parents=True, exist_ok=True)
    context.env["HOME"] = str(context.repo / folder)


@given('a login bash starts on the host every 0.2 s while "{name}" of the home stands')
def step_login_shells(context: Any, name: str) -> None:
    """A thread of this process: a tmux pane, an ssh login, `su -`, as the user opens
    them while the command runs; each one's output kept."""
    home = Path(context.env["HOME"])
    outputs: list[str] = []
    done = threading.Event()
    clean = {"HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C"}

    def login() -> None:
        while not done.is_set():
            if os.path.lexists(home / name):
                shell = subprocess.run(
                    ["bash", "-l", "-c", "true"],
                    cwd=context.tmp,
                    env=clean,
                    stdin=subprocess.DEVNULL,
                    capture_output=True,
                    text=True,
                    timeout=20,
                    check=False,
                )
                outputs.append(shell.stdout + shell.stderr)
            time.sleep(0.2)

    thread = threading.Thread(target=login, daemon=True)
    thread.start()
    context.logins = (outputs, done, thread)
    context.add_cleanup(done.set)


@then('each login bash printed "{canary}", none "{line}", and at least one ran')
def step_logins_read(context: Any, canary: str, line: str) -> None:
    outputs, done, thread = context.logins
    done.set()
    thread.join(timeout=30)
    assert outputs, "no login bash ran while the name stood"
    for output in outputs:
        assert canary in output and line not in output, output


@when("a login bash runs on the host with random login files in a home the tree is")
def step_login_property(context: Any) -> None:
    from features.support.login_stand_in_property import check_property
    from features.support.properties import run_property

    run_property(context, "login stand-in property", check_property, 60)


@then("it prints the same while the sandbox's files stand as without them")
def step_login_property_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
