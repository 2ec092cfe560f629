"""The commands a plan runs: every `run:` of its plan file's actions and checks, every
`revert:` command, wherever they stand (steps, phases, local alternatives, contingencies),
and every command the plan's own fields hold (its `goal` checks): the list a person vouches
for before a plan from another clone runs here, so none may be left out."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel

from cleveragents.adapters.actors.plan_file import parse_plan_file

COMMAND_FIELDS = ("run", "revert")


def plan_file_commands(script: str, source: str) -> list[str]:
    """Each command the plan file `script` can run, once, in the order written."""
    return list(dict.fromkeys(_commands(parse_plan_file(script, source))))


def plan_commands(plan: BaseModel, script: str, source: str) -> list[str]:
    """Each command the plan and its plan file `script` can run, once: the plan's own
    fields are walked as the plan file is, so a field added later that holds a command is
    listed without being named here."""
    return list(dict.fromkeys([*_commands(plan), *plan_file_commands(script, source)]))


def _commands(node: Any) -> Iterator[str]:
    todo = [node]
    while todo:  # a stack, not a recursion: a plan file may nest deep
        node = todo.pop()
        if isinstance(node, BaseModel):
            fields = list(node)
            for name, value in fields:
                if name in COMMAND_FIELDS and isinstance(value, str):
                    yield value
            todo += reversed([v for n, v in fields if n not in COMMAND_FIELDS])
        elif isinstance(node, list | tuple):
            todo += reversed(node)
