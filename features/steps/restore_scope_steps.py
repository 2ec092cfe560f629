"""The restore-scope rules called directly (paths "a, b"; "-" is none), and a terminal that
answers each question of a command in turn."""

from __future__ import annotations

import os
import subprocess
from typing import Any

from behave import given, then, when

from cleveragents.domain.restore_scope import classify, within
from features.steps.checkpoint_steps import services
from features.steps.cli_steps import command_line, cwd_of
from features.steps.correction_steps import fresh, intervention
from features.steps.repo_steps import unescape


def paths(text: str) -> list[str]:
    return [] if text.strip() == "-" else [part.strip() for part in text.split(",")]


@given(
    'a restore asked for "{candidates}", with "{differ}" differing from the target '
    'and "{mine}" changed since the agent'
)
def step_restore(context: Any, candidates: str, differ: str, mine: str) -> None:
    context.restore = (paths(candidates), paths(differ), paths(mine))


@when('its paths are grouped with the {scope} scope, never restoring "{never}"')
def step_group(context: Any, scope: str, never: str) -> None:
    assert scope in ("agent", "full"), scope
    candidates, differ, mine = context.restore
    context.groups = classify(candidates, differ, mine, full=scope == "full", never=paths(never))


@then('restored is "{restored}", kept is "{kept}" and conflicts are "{conflicts}"')
def step_groups(context: Any, restored: str, kept: str, conflicts: str) -> None:
    expected = {"restored": paths(restored), "kept": paths(kept), "conflicts": paths(conflicts)}
    assert context.groups.as_json() == expected, f"{context.groups.as_json()} != {expected}"


@then('the path "{path}" is {verdict} "{pathspecs}"')
def step_within(context: Any, path: str, verdict: str, pathspecs: str) -> None:
    assert verdict in ("within", "not within"), verdict
    assert within(path, paths(pathspecs)) is (verdict == "within")


@when('on a terminal I run "{command}" answering "{answers}" in turn')
def step_run_tty_answers(context: Any, command: str, answers: str) -> None:
    """Each answer goes in once a new question (`...]: `) shows; `EOF` closes the input."""
    import pty
    import select
    import time

    leader, follower = pty.openpty()
    process = subprocess.Popen(
        command_line(context, command),
        cwd=cwd_of(context),
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env={**os.environ, **context.env},
        close_fds=True,
    )
    os.close(follower)
    left = [a.strip() for a in answers.split(",")]
    seen, asked_from = b"", 0
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        ready, _, _ = select.select([leader], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(leader, 4096)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
        if left and b"]: " in seen[asked_from:]:
            answer = left.pop(0)
            os.write(leader, b"\x04" if answer == "EOF" else answer.encode() + b"\n")
            asked_from = len(seen)
        if process.poll() is not None and not ready:
            break
    if process.poll() is None:
        process.kill()
    process.wait(timeout=60)
    os.close(leader)
    assert not left, f"the command asked fewer questions than answered; it showed:\n{seen!r}"
    text = seen.decode(errors="replace")
    context.result = subprocess.CompletedProcess(process.args, process.returncode, text, text)


@given('I change "{path}" to "{content}"')
def step_change(context: Any, path: str, content: str) -> None:
    (context.repo / path).write_bytes(unescape(content).encode())


@then('the file "{path}" holds exactly "{content}"')
def step_holds(context: Any, path: str, content: str) -> None:
    actual = (context.repo / path).read_bytes()
    assert actual == unescape(content).encode(), f"{path} holds {actual!r}"


@then('the terminal shows the group "{title}" with "{listed}"')
def step_group_shown(context: Any, title: str, listed: str) -> None:
    """The group's title, its count, then each path on a line of its own (a terminal's CRLF)."""
    names = paths(listed)
    block = f"{title}: {len(names)}\r\n" + "".join(f"  {name}\r\n" for name in names)
    assert block in context.result.stdout, f"{block!r} not in:\n{context.result.stdout}"


@then('the first strategy after the correction was told "{note}"')
def step_told(context: Any, note: str) -> None:
    _, decisions = fresh(context)
    cut = intervention(decisions)
    strategy = next(d for d in decisions if d.parent_id == cut.id and d.kind.value == "strategy")
    data = services(context).store.actor_state(strategy.actor_state_before).data
    assert note in data["notes"], data["notes"]
