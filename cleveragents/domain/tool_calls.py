"""Rules for Claude Code's tool calls: which may change files, and how one reads in a line."""

from __future__ import annotations

import os.path
from typing import Any, NamedTuple

# Tools that only look (or keep Claude Code's own to-do list): recorded with no checkpoint.
# Any other tool, one this list does not know included, may change files: a checkpoint first.
READING_TOOLS = frozenset(
    {"Read", "Grep", "Glob", "LS", "TodoWrite", "TodoRead", "NotebookRead", "BashOutput"}
    | {"TaskCreate", "TaskUpdate", "TaskList", "TaskGet"}
)
SUMMARY_WIDTH = 120
REFUSED = "refused by Claude Code"  # how a call its own permissions refused is recorded


class RefusedCall(NamedTuple):
    """A call Claude Code's own permissions refused: it never ran."""

    tool: str
    tool_input: dict[str, Any]
    reason: str  # Claude Code's words, on one line


def todo_list(tool: str, tool_input: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The items of a TodoWrite call's to-do list, or None for any other call."""
    if tool != "TodoWrite" or not isinstance(tool_input.get("todos"), list):
        return None
    return [t for t in tool_input["todos"] if isinstance(t, dict)]


def todo_strategy(todos: list[dict[str, Any]]) -> str:
    """A to-do list read as the plan's steps, in a line as a plan's strategy reads:
    `2 steps: add a, test`."""
    names = ", ".join(" ".join(str(t.get("content", "")).split()) for t in todos) or "none"
    line = f"{len(todos)} step{'' if len(todos) == 1 else 's'}: {names}"
    return line if len(line) <= SUMMARY_WIDTH else line[: SUMMARY_WIDTH - 1] + "…"


def todo_step(todos: list[dict[str, Any]]) -> int | None:
    """The step (1-based) later calls work on: the item in progress, else the first not
    completed; None when every item is done or there are none."""
    for status in ("in_progress", "pending"):
        found = [i for i, t in enumerate(todos, 1) if t.get("status") == status]
        if found:
            return found[0]
    return None


WRITING_TOOLS = {"Write": "file_path", "Edit": "file_path", "MultiEdit": "file_path"}
WRITING_TOOLS["NotebookEdit"] = "notebook_path"


def written_path(tool: str, tool_input: dict[str, Any], root: str) -> str | None:
    """The path in the tree (relative to `root`) a Write, Edit, MultiEdit or NotebookEdit
    call names; None for another tool or a path outside the tree."""
    named = tool_input.get(WRITING_TOOLS.get(tool, ""))
    if not isinstance(named, str) or not named or "\x00" in named:
        return None
    full = os.path.normpath(os.path.join(root, named))
    relative = os.path.relpath(full, os.path.normpath(root))
    outside = relative in (".", "..") or relative.startswith("../")
    return None if outside else relative


def changes_files(tool: str) -> bool:
    """Whether a call of `tool` gets a checkpoint before it runs (unknown tools do)."""
    return tool not in READING_TOOLS


def tool_summary(tool: str, tool_input: dict[str, Any], root: str) -> str:
    """One line naming the call: `Write notes.txt`, `Bash: make test`."""
    if tool == "Bash":
        said = f"Bash: {tool_input.get('command', '')}"
    elif tool == "TodoWrite" and isinstance(tool_input.get("todos"), list):
        todos = [t for t in tool_input["todos"] if isinstance(t, dict)]
        listed = "; ".join(f"{t.get('content', '')} ({t.get('status', '?')})" for t in todos)
        said = f"TodoWrite: {listed or 'nothing to do'}"
    else:
        target = next(
            (
                str(tool_input[k])
                for k in ("file_path", "notebook_path", "path", "pattern")
                if tool_input.get(k)
            ),
            "",
        )
        prefix = root.rstrip("/") + "/"
        said = f"{tool} {target.removeprefix(prefix)}".rstrip()
    line = " ".join(said.split())
    return line if len(line) <= SUMMARY_WIDTH else line[: SUMMARY_WIDTH - 1] + "…"


def tool_outcome(tool: str, response: Any) -> tuple[bool, str]:
    """Whether a finished call succeeded, and its outcome in a line, from its tool_response."""
    if isinstance(response, dict):
        if tool == "Bash":
            failed = bool(response.get("interrupted"))
            output = str(response.get("stdout") or response.get("stderr") or "").strip()
            first = output.splitlines()[0] if output else "no output"
            return not failed, ("interrupted: " if failed else "ran: ") + first[:SUMMARY_WIDTH]
        if response.get("error") or response.get("is_error"):
            return False, f"failed: {str(response.get('error') or 'error')[:SUMMARY_WIDTH]}"
        kind = response.get("type")
        return True, f"done ({kind})" if kind else "done"
    return True, "done"
