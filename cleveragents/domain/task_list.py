"""Claude Code's to-do list read as the plan's steps, from either way it keeps one.

Older sessions write the whole list at once (`TodoWrite`); current ones keep it with the
Task tools: `TaskCreate` adds one item (`subject`; its id comes back in the response,
`{"task": {"id": "3", ...}}`), `TaskUpdate` changes one by `taskId` (`status`
pending/in_progress/completed/deleted, a new `subject`). The first list is the plan's
strategy (and the items created right after it, before any other call, add to it); a list
changed later is a replan; a call that only moves an item on says which step starts or
ends. Every call after it works on the item in progress, else the first not completed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, NamedTuple

from cleveragents.domain.decision import DecisionKind
from cleveragents.domain.tool_calls import SUMMARY_WIDTH, todo_list, todo_step, todo_strategy

# Calls that keep or read the list: they never end the writing of a first list.
LIST_TOOLS = frozenset({"TaskCreate", "TaskList", "TaskGet"})
STATUSES = frozenset({"pending", "in_progress", "completed"})
CREATED = re.compile(r"Task #(\S+) created")  # the words of the response, when not a dict


class Reading(NamedTuple):
    """How a to-do call reads as a decision."""

    kind: DecisionKind
    summary: str


def created_id(response: Any) -> str | None:
    """The id Claude Code gave the task a TaskCreate call made, from its response."""
    if isinstance(response, dict):
        task = response.get("task")
        found = task.get("id") if isinstance(task, dict) else None
        return str(found) if isinstance(found, (str, int)) and str(found) else None
    said = CREATED.search(response) if isinstance(response, str) else None
    return said.group(1) if said else None


class TaskList:
    """The to-do list as the calls so far left it, and the step the next call works on."""

    def __init__(self) -> None:
        self.items: dict[str, dict[str, str]] = {}  # by task id, in the order of creation
        self.planned = False  # a list was written: a later change is a replan
        self.writing = False  # only list calls since the first: the strategy still grows
        self.step: int | None = None
        self.highest = 0  # ids are never given twice, a deleted task's included
        self.made: str | None = None  # the id of the item a TaskCreate call just added

    @classmethod
    def of(cls, actions: Iterable[dict[str, Any] | None]) -> TaskList:
        """The list the recorded calls (oldest first) leave: where a resumed or corrected
        session goes on from."""
        found = cls()
        for action in actions:
            if action and action.get("type") == "tool":
                tool, said = str(action.get("tool")), action.get("input")
                found.read(tool, said if isinstance(said, dict) else {}, action.get("task_id"))
        return found

    def read(self, tool: str, tool_input: dict[str, Any], task_id: Any = None) -> Reading | None:
        """The call applied to the list: how it reads, or None for a call of no list."""
        if (todos := todo_list(tool, tool_input)) is not None:
            self.items = {str(n): _item(t) for n, t in enumerate(todos, 1)}
            self.highest = max(self.highest, len(todos))
            return self._changed(writing=False)
        if tool == "TaskCreate":
            made = self.made = str(task_id) if task_id else str(self.highest + 1)
            self.highest = max(self.highest, int(made) if made.isdigit() else 0)
            self.items[made] = {"content": _words(tool_input.get("subject")), "status": "pending"}
            return self._changed(writing=self.writing or not self.planned)
        if tool == "TaskUpdate":
            return self._update(tool_input)
        self.writing = self.writing and tool in LIST_TOOLS
        return None

    def answered(self, action: dict[str, Any], response: Any) -> dict[str, Any]:
        """A finished call's action, with the id Claude Code gave the item a TaskCreate
        call added (guessed when the call was read, in the list too)."""
        made = created_id(response) if action.get("tool") == "TaskCreate" else None
        if made is None or made == action.get("task_id"):
            return action
        guessed = str(action.get("task_id"))
        if guessed in self.items:  # as a replay of the recorded calls will read it
            if made in self.items:
                self.items[made] = self.items.pop(guessed)
            else:
                self.items = {made if k == guessed else k: v for k, v in self.items.items()}
            self.step = todo_step(list(self.items.values()))
        self.highest = max(self.highest, int(made) if made.isdigit() else 0)
        return {**action, "task_id": made}

    def _update(self, tool_input: dict[str, Any]) -> Reading | None:
        self.writing = False
        task = str(tool_input.get("taskId"))
        item = self.items.get(task)
        if item is None:
            return None  # no task of this list: Claude Code answers it with an error
        status, subject = tool_input.get("status"), tool_input.get("subject")
        if status == "deleted":
            del self.items[task]
            return self._changed(writing=False)
        renamed = isinstance(subject, str) and _words(subject) != item["content"]
        if renamed:
            item["content"] = _words(subject)
        if status in STATUSES:
            item["status"] = str(status)
        if renamed:
            return self._changed(writing=False)
        self.step = todo_step(list(self.items.values()))
        place = list(self.items).index(task) + 1
        said = str(item["status"]).replace("_", " ")
        return Reading(DecisionKind.ACTION, _cut(f"step {place} {said}: {item['content']}"))

    def _changed(self, writing: bool) -> Reading:
        kind = DecisionKind.STRATEGY if not self.planned or writing else DecisionKind.REPLAN
        self.planned, self.writing = True, writing
        todos = list(self.items.values())
        self.step = todo_step(todos)
        return Reading(kind, todo_strategy(todos))


def _item(todo: dict[str, Any]) -> dict[str, str]:
    return {"content": _words(todo.get("content")), "status": str(todo.get("status", ""))}


def _words(text: Any) -> str:
    return " ".join(str(text or "").split())


def _cut(line: str) -> str:
    return line if len(line) <= SUMMARY_WIDTH else line[: SUMMARY_WIDTH - 1] + "…"
