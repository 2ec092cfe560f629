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


def _piped(context: Any, command: str) -> subprocess.CompletedProcess[bytes]:
    """`command` run with its output into a pipe, not a terminal; it must succeed."""
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
    return result


@then('piped, "{command}" prints the characters "{escaped}"')
def step_piped_bytes(context: Any, command: str, escaped: str) -> None:
    result = _piped(context, command)
    expected = escapes(escaped).encode()
    assert expected in result.stdout, repr(result.stdout)


@given('the repository\'s core.quotePath is "{value}"')
def step_quote_path(context: Any, value: str) -> None:
    subprocess.run(["git", "config", "core.quotePath", value], cwd=context.repo, check=True)


@then('piped, "{command}" prints the names "git diff --name-only" prints of the same change')
def step_piped_names_as_git(context: Any, command: str) -> None:
    """git is the oracle: the change staged whole in a throwaway index, its names as
    `git diff --cached --name-only` quotes them against the commit the plan started at."""
    result = _piped(context, command)
    index = {**os.environ, "GIT_INDEX_FILE": str(context.tmp / "oracle-index")}
    for args in (["read-tree", "HEAD"], ["add", "-A"], ["diff", "--cached", "--name-only"]):
        oracle = subprocess.run(
            ["git", *args], cwd=context.repo, capture_output=True, env=index, check=True
        )
    assert b"\\033" in oracle.stdout, oracle.stdout  # a name git quotes is among them
    assert result.stdout == oracle.stdout, f"{result.stdout!r}\n!=\n{oracle.stdout!r}"
