"""Steps that send saved files among a pushed plan's checkpoints, as an older version or an
attacker who can push to the remote would, and look at what a pull does with them."""

from __future__ import annotations

import os
import subprocess
from typing import Any

from behave import given, then, when

from features.steps.forged_records_steps import _forged, _git, _write_ref

IDENTITY = {
    "GIT_AUTHOR_NAME": "a",
    "GIT_AUTHOR_EMAIL": "a@b",
    "GIT_COMMITTER_NAME": "a",
    "GIT_COMMITTER_EMAIL": "a@b",
}


@given(
    'the remote\'s checkpoints of the pushed plan hold a commit "{message}" of "{path}" '
    'holding "{content}", which decision 3 names as files it replaced'
)
def step_saved_among_checkpoints(context: Any, message: str, path: str, content: str) -> None:
    remote = context.remote
    ref = f"refs/cleveragents/plans/{context.pushed}"
    blob = _git(remote, "hash-object", "-w", "--stdin", stdin=f"{content}\n".encode())
    tree = _git(remote, "mktree", stdin=f"100644 blob {blob}\t{path}\n".encode())
    tip = _git(remote, "rev-parse", ref)
    made = subprocess.run(
        ["git", "-C", str(remote), "commit-tree", tree, "-p", tip, "-m", message],
        capture_output=True,
        check=True,
        env={**os.environ, **IDENTITY},
    )
    saved = made.stdout.decode().strip()
    _git(remote, "update-ref", ref, saved)
    code = (
        "if r['type'] == 'decision' and r['body']['id'] == '3': r['body']['replaced'] = "
        f"[{{'plan_id': P, 'commit': '{saved}', 'absent': [], 'modes': {{}}, 'at': 1}}]"
    )
    records = f"refs/cleveragents/records/{context.pushed}"
    parent = _git(remote, "rev-parse", records)
    _write_ref(context, context.pushed, _forged(context, context.pushed, code), parent)


@given('the clone\'s ignored file "{path}" holds "{content}"')
def step_clone_file(context: Any, path: str, content: str) -> None:
    (context.repo / path).write_text(f"{content}\n")


@then('the clone\'s ignored file "{path}" still holds "{content}"')
def step_clone_file_kept(context: Any, path: str, content: str) -> None:
    held = (context.repo / path).read_text()
    assert held == f"{content}\n", held


@when("random commands on ignored files run in plans that are pushed and exported")
def step_push_saved_property(context: Any) -> None:
    from features.steps.safety_steps import _check
    from features.support.push_saved_property import check_property

    _check(context, "push saved property", check_property, 3)


@then("no example's remote or bundle held a secret, and undo brought every file back")
def step_push_saved_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
