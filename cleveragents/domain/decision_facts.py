"""What `agents plan decision` says of a decision, in the words a person reads: whether it
succeeded, where it stands in the tree, and its action field by field (`--json` keeps the
stored values for scripts)."""

from __future__ import annotations

import json
from typing import Any

from cleveragents.domain.states import DecisionStatus

RESULTS = {True: "succeeded", False: "failed", None: "none yet (unfinished)"}
STANDING = {
    DecisionStatus.ACTIVE: "live: on the plan's current path",
    DecisionStatus.SUPERSEDED: "superseded: a correction took it off the current path",
    DecisionStatus.REVERTED: "reverted: an undo took it off the current path",
    DecisionStatus.INTERRUPTED: "interrupted: a stop cut it short, off the current path",
}
REFUSED_RESULT = "refused: it never ran"
SHOWN_LINES = 10  # of a write's content or an edit's text; `--json` has it whole
DEFAULT_TIMEOUT = 60.0


def result_shown(ok: bool | None, outcome: str | None) -> str:
    """The result row: a call refused (by our policy, or by Claude Code itself) never ran,
    which "failed" would not say."""
    if ok is False and (outcome or "").startswith("refused"):
        return REFUSED_RESULT
    return RESULTS[ok]


def action_rows(action: dict[str, Any]) -> list[tuple[str, str]]:
    """The action as rows of (what, value): `write notes.txt`, its content; a command, its
    timeout and what else it sets. Never a Python repr."""
    kind = action.get("type")
    path = str(action.get("path", ""))
    if kind is None and isinstance(action.get("actions"), list):  # a local action's, in order
        return [row for each in action["actions"] for row in action_rows(each)]
    if kind == "browser":
        return [("action", _page_action(action))]
    if kind == "write":
        return [("action", f"write {path}"), ("content", text_shown(action.get("content", "")))]
    if kind == "edit":
        return [
            ("action", f"edit {path}"),
            ("find", text_shown(action.get("find", ""))),
            ("replace with", text_shown(action.get("replace", ""))),
        ]
    if kind == "delete":
        return [("action", f"delete {path}")]
    if kind == "run":
        return _run_rows(action)
    if kind == "tool":  # a Claude Code tool call: each of its inputs, as text
        inputs = action.get("input") or {}
        return (
            [("action", f"{action.get('tool')} (Claude Code tool call)")]
            + [
                (str(key), text_shown(value if isinstance(value, str) else json.dumps(value)))
                for key, value in inputs.items()
            ]
            + ([("irreversible", f"yes: it {action['outside']}")] if action.get("outside") else [])
        )
    return [("action", str(kind))] + [  # an action of a newer version: its fields as stored
        (str(key), text_shown(str(value))) for key, value in action.items() if key != "type"
    ]


def distance_row(before: float | None, after: float | None) -> list[tuple[str, str]]:
    """A local action's distance to the step's goal (0-10) before and after it, and the
    progress it made, as seed 001's tables say it."""
    if before is None or after is None:
        return []
    return [("distance", f"{before:g} → {after:g} (progress {round(after - before, 9):+g})")]


def _page_action(action: dict[str, Any]) -> str:
    from pydantic import ValidationError

    from cleveragents.domain.browser import BrowserAction

    try:
        return BrowserAction.model_validate(action).describe()
    except ValidationError:
        return "a page action this version cannot read"


def _run_rows(action: dict[str, Any]) -> list[tuple[str, str]]:
    rows = [("action", f"run {text_shown(str(action.get('command', '')))}")]
    timeout = float(action.get("timeout") or DEFAULT_TIMEOUT)
    rows.append(("timeout", f"{timeout:g} seconds"))
    if action.get("revert"):
        rows.append(("undone by running", text_shown(str(action["revert"]))))
    if action.get("irreversible"):
        rows.append(("irreversible", "yes: what it did outside the working tree stays"))
    if action.get("output"):
        rows.append(("output kept as", f"{{{{ outputs.{action['output']} }}}}"))
    return rows


def text_shown(text: str) -> str:
    """`text` as lines to read: control characters (but newline and tab) escaped, at most
    SHOWN_LINES lines, and an empty text or a missing final newline said in words."""
    if not text:
        return "(empty)"
    safe = "".join(c if c in "\n\t" or c.isprintable() else _escaped(c) for c in text)
    lines = safe.splitlines()
    shown = "\n".join(lines[:SHOWN_LINES])
    if len(lines) > SHOWN_LINES:
        shown += f"\n… {len(lines) - SHOWN_LINES} more lines (all of it: --json)"
    elif not text.endswith("\n") and "\n" in text:
        shown += "\n(no newline at the end)"
    return shown


def _escaped(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
