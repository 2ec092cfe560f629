"""Workspace actions an actor can take, and what came of them."""

from __future__ import annotations

import re
import shlex
from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from cleveragents.domain.box_holds import BoxHolds
from cleveragents.domain.browser import BrowserAction, PageExpectation


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class WriteAction(_Action):
    """Create or overwrite a text file."""

    type: Literal["write"] = "write"
    path: str
    content: str

    def describe(self) -> str:
        return f"write {self.path}"


class EditAction(_Action):
    """Replace the first occurrence of `find` by `replace` in a file."""

    type: Literal["edit"] = "edit"
    path: str
    find: str
    replace: str

    def describe(self) -> str:
        return f"edit {self.path}"


class DeleteAction(_Action):
    """Remove a file or symlink."""

    type: Literal["delete"] = "delete"
    path: str

    def describe(self) -> str:
        return f"delete {self.path}"


class RunAction(_Action):
    """Run a shell command in the working tree, with a timeout."""

    type: Literal["run"] = "run"
    command: str
    timeout: float = Field(default=60.0, gt=0)
    revert: str | None = None  # a command that undoes this one (a toggle undoes itself)
    irreversible: bool = False  # effects outside the working tree: no restore undoes them
    output: str | None = None  # keep its stdout as `{{ outputs.NAME }}` for later actions

    def describe(self) -> str:
        return f"run {self.command}"


Action = Annotated[
    WriteAction | EditAction | DeleteAction | RunAction | BrowserAction | PageExpectation,
    Field(discriminator="type"),
]
FileAction = WriteAction | EditAction | DeleteAction


class ActionOutcome(BaseModel):
    """What an action did: success, exit code for commands, captured output (capped)."""

    model_config = ConfigDict(frozen=True)

    ok: bool
    summary: str
    exit_code: int | None = None
    output: str = ""
    timed_out: bool = False
    # Paths a command made that no checkpoint can hold (names git refuses): undo removes them.
    left_out: list[str] = []
    # What each FIFO or socket of `left_out` is ("a FIFO"), to name one where a file stood.
    kinds: dict[str, str] = {}
    # The tree's paths a sandboxed command wrote, as its overlay's upper layer said (None:
    # no overlay, the command wrote straight into the tree).
    wrote: tuple[str, ...] | None = None
    # What the sandbox held read-only, for the put-back after the command (never recorded).
    holds: BoxHolds | None = Field(default=None, exclude=True)


def written(taken: Sequence[tuple[Action, ActionOutcome]]) -> list[str] | None:
    """The tree's paths the `taken` actions wrote: a file action's path, a command's
    overlay's (`ActionOutcome.wrote`); None when one of them cannot say (a command run
    without an overlay, a page action)."""
    paths: list[str] = []
    for action, outcome in taken:
        if isinstance(action, RunAction):
            if outcome.wrote is None:
                return None
            paths += outcome.wrote
        elif isinstance(action, WriteAction | EditAction | DeleteAction):
            paths.append(action.path)
        else:
            return None
    return sorted(set(paths))


_OUTPUT = re.compile(r"\{\{\s*outputs\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")


_SHELL_FIELDS = ("command", "revert")  # shell lines: an output goes in as one quoted word


def with_outputs(action: Action, outputs: dict[str, str]) -> Action:
    """The action with every `{{ outputs.NAME }}` filled in; KeyError names a missing one.

    In a shell line an output is one word, quoted: it is data, never new shell syntax, so
    what runs is the line the plan's author wrote and the command policy checks it so.
    """

    def filled(name: str, value: str) -> str:
        quote = shlex.quote if name in _SHELL_FIELDS and isinstance(action, RunAction) else str
        return _OUTPUT.sub(lambda m: quote(outputs[m.group(1)]), value)

    fields = {
        name: filled(name, value)
        for name, value in action.model_dump().items()
        if isinstance(value, str) and name != "type"
    }
    return action.model_copy(update=fields)
