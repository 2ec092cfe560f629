"""The commands a plan runs: every `run:` of its plan file's actions and checks, every
`revert:` command, wherever they stand (steps, phases, local alternatives, contingencies),
and every command the plan's own fields hold (its `goal` checks): the list a person vouches
for before a plan from another clone runs here, so none may be left out. And every action
it holds (`plan_file_actions`), for the question before an edited plan file goes on."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from pydantic import BaseModel

from cleveragents.adapters.actors.plan_file import (
    ACTION_KEYS,
    DeleteSpec,
    EditSpec,
    RunSpec,
    WriteSpec,
    parse_plan_file,
)
from cleveragents.adapters.actors.plan_file_browser import BROWSER_SPECS
from cleveragents.domain.browser import ElementRef
from cleveragents.domain.host_files import HostFolders, runs_on_host
from cleveragents.domain.trust import PlannedAction

COMMAND_FIELDS = ("run", "revert")
CONDITIONS = ("when", "when_output", "when_missing")  # which of its actions run
ACTION_SPECS: tuple[type[BaseModel], ...] = (
    WriteSpec,
    EditSpec,
    DeleteSpec,
    RunSpec,
    *BROWSER_SPECS.values(),
)


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


def plan_file_actions(
    script: str,
    source: str,
    links: Mapping[str, str] | None = None,
    host: HostFolders | None = None,
) -> list[PlannedAction]:
    """Each action the plan file `script` holds (steps, phases, local alternatives,
    contingencies), in the order written, with where it stands: what an edit of the file
    since the run may have added, removed, changed or moved, compared as parsed (a comment
    or a step's name is no action; an option's or a contingency's condition is part of
    where its actions stand). `links`: the tree's `.claude` and `.mcp.json` links; `host`:
    the tree's other folders whose files run on the host (`domain/host_files.py`)."""
    found: list[PlannedAction] = []
    todo: list[tuple[Any, str]] = [(parse_plan_file(script, source), "")]
    while todo:  # a stack, not a recursion: a plan file may nest deep
        node, place = todo.pop()
        if isinstance(node, ACTION_SPECS):
            found.append(_planned(node, place, links, host or HostFolders()))
        elif isinstance(node, BaseModel):  # its fields as written, not what they derive
            names = type(node).model_fields
            place += "".join(f"{{{n}={getattr(node, n)!r}}}" for n in CONDITIONS if n in names)
            todo += reversed([(getattr(node, name), f"{place}.{name}") for name in names])
        elif isinstance(node, list | tuple):
            todo += reversed([(item, f"{place}[{i}]") for i, item in enumerate(node)])
    return found


def _planned(
    spec: BaseModel, place: str, links: Mapping[str, str] | None, host: HostFolders
) -> PlannedAction:
    """One action as the question names it (its kind and what it acts on), and all of it as
    its identity: a write whose content changed is a changed action."""
    kind = next(name for name, _ in spec if name in ACTION_KEYS)
    target = getattr(spec, kind)
    if isinstance(target, ElementRef):
        target = target.describe()
    shown = kind if target is True else f"{kind} `{target}`"
    path = target if isinstance(spec, WriteSpec | EditSpec | DeleteSpec) else None
    code = path is not None and runs_on_host(path, host, links)
    return PlannedAction(kind + "\0" + spec.model_dump_json(), place, shown, code)
