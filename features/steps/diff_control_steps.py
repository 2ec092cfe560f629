"""What `plan diff` puts on a terminal: no control character of a file's, only our colours."""

from __future__ import annotations

import os
import re
import subprocess
from typing import Any

from behave import given, then

from features.steps.cli_steps import command_line, cwd_of
from features.steps.shown_text_steps import ACTED_ON, escapes

# Our colours (SGR: `ESC [ digits m`) and a pseudo-terminal's line ends.
OURS = re.compile(r"\x1b\[[0-9;]*m|\r\n")


@given('the pager is "{command}"')
def step_pager(context: Any, command: str) -> None:
    context.env["GIT_PAGER"] = command


@then("the terminal shows no control character but line ends and colour codes")
def step_only_our_controls(context: Any) -> None:
    shown = OURS.sub("", context.result.stdout)
    found = ACTED_ON.findall(shown)
    assert not found, f"the terminal got {found!r}:\n{context.result.stdout!r}"


@then('piped, "{command}" prints the characters "{escaped}"')
def step_piped_bytes(context: Any, command: str, escaped: str) -> None:
    result = subprocess.run(
        command_line(context, command),
        cwd=cwd_of(context),
        capture_output=True,
        env={**os.environ, **context.env},
        stdin=subprocess.DEVNULL,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    expected = escapes(escaped).encode()
    assert expected in result.stdout, repr(result.stdout)
