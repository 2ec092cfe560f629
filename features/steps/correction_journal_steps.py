"""The rules of `domain.correction_journal`, called directly; blob ids from the real git."""

from __future__ import annotations

import json
import subprocess
from typing import Any

from behave import then, when


def _blob(data: bytes) -> str:
    done = subprocess.run(
        ["git", "hash-object", "--stdin"], input=data, capture_output=True, check=True
    )
    return done.stdout.decode().strip()


@when('the journal entry is made before the action {action} on "{path}"')
def step_entry(context: Any, action: str, path: str) -> None:
    from pydantic import TypeAdapter

    from cleveragents.domain.action import Action
    from cleveragents.domain.correction_journal import about_to_write

    loaded = json.loads(action)
    made = None if loaded is None else TypeAdapter(Action).validate_python(loaded)
    context.entry = about_to_write(path, made)


@when('"{path}" holds "{before}" and the journal entry is made before the action {action}')
def step_entry_of_file(context: Any, path: str, before: str, action: str) -> None:
    from pydantic import TypeAdapter

    from cleveragents.domain.action import Action
    from cleveragents.domain.correction_journal import about_to_write

    made = TypeAdapter(Action).validate_python(json.loads(action))
    now = before.replace("\\r", "\r").replace("\\n", "\n").encode()
    context.entry = about_to_write(path, made, now)


@then('a file at "{path}" now {now} is as the action left it: {left}')
def step_left(context: Any, path: str, now: str, left: str) -> None:
    from cleveragents.domain.checkpoint import ABSENT, TreeEntry
    from cleveragents.domain.correction_journal import as_written, is_action, written

    assert is_action(context.entry), context.entry
    named = written(context.entry)
    assert named is not None and named[0] == path, named
    if now == "absent":
        entry = TreeEntry(ABSENT, "0" * 40)
    else:
        mode = "120000" if now.startswith("a link to ") else "100644"
        text = now.removeprefix("a link to ").removeprefix("holding ").strip('"')
        text = text.replace("\\r", "\r").replace("\\n", "\n")
        entry = TreeEntry(mode, _blob(text.encode()))
    assert as_written(entry, named[1]) is (left == "yes"), (entry, named)


@then("the entry names no file, only that an action began")
def step_no_file(context: Any) -> None:
    from cleveragents.domain.correction_journal import ACTION, is_action, written

    assert context.entry == ACTION and is_action(ACTION), context.entry
    assert written(context.entry) is None
    assert not is_action("0" * 40)  # a tree's id is no action
