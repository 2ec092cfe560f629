"""Reading a Claude Code session file (JSON lines) for what a decision keeps of it."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class ToolCallPlace:
    """Where a tool call sits in its session: the uuid of the message holding it, of the one
    just before it (where a fork resumes), and the assistant's words before it in that turn."""

    message_uuid: str | None
    before_uuid: str | None
    rationale: str


def place_of(transcript: str | None, tool_use_id: str) -> ToolCallPlace:
    """The place of the call `tool_use_id`; unknown parts empty when the file lacks them."""
    entries = _entries(transcript)
    for index, entry in enumerate(entries):
        if tool_use_id in _tool_ids(entry):
            message_id = (entry.get("message") or {}).get("id")
            words = [
                _text(e)
                for e in entries[:index]
                if e.get("type") == "assistant" and (e.get("message") or {}).get("id") == message_id
            ]
            return ToolCallPlace(
                entry.get("uuid"), entry.get("parentUuid"), "\n".join(w for w in words if w)
            )
    return ToolCallPlace(None, None, "")


def place_before_prompt(transcript: str | None, prompt: str) -> ToolCallPlace:
    """Where a prompt the user just typed sits: after the last message of the session
    (Claude Code may or may not have written the prompt's own entry when its hook runs)."""
    said = [e for e in _entries(transcript) if e.get("type") in ("user", "assistant")]
    if said and said[-1].get("type") == "user" and _prompt_of(said[-1]) == prompt:
        last = said[-1]
        return ToolCallPlace(last.get("uuid"), last.get("parentUuid"), "")
    return ToolCallPlace(None, said[-1].get("uuid") if said else None, "")


def _prompt_of(entry: dict[str, Any]) -> str:
    content = (entry.get("message") or {}).get("content")
    return content if isinstance(content, str) else _text(entry)


def _entries(transcript: str | None) -> list[dict[str, Any]]:
    if not transcript:
        return []
    try:
        lines = Path(transcript).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []
    found = []
    for line in lines:
        try:
            entry = json.loads(line)
        except ValueError:
            continue  # a line Claude Code is still writing
        if isinstance(entry, dict):
            found.append(entry)
    return found


def _blocks(entry: dict[str, Any]) -> list[dict[str, Any]]:
    content = (entry.get("message") or {}).get("content")
    return [b for b in content if isinstance(b, dict)] if isinstance(content, list) else []


def _tool_ids(entry: dict[str, Any]) -> set[str]:
    if entry.get("type") != "assistant":
        return set()
    return {str(b.get("id")) for b in _blocks(entry) if b.get("type") == "tool_use"}


def _text(entry: dict[str, Any]) -> str:
    return "\n".join(str(b.get("text", "")) for b in _blocks(entry) if b.get("type") == "text")


def version_of(transcript: str | None) -> str | None:
    """The Claude Code version that wrote the session (`2.1.332 (Claude Code)`, as
    `claude --version` says it), from its first entry naming one; None before there is one."""
    for entry in _entries(transcript):
        if entry.get("version"):
            return f"{entry['version']} (Claude Code)"
    return None
