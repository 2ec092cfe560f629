"""Our hooks in a Claude Code settings document: added beside the user's, found, taken out.

Pure functions on the parsed JSON. Each hook we add is a matcher group of its own,
`{"matcher": "*", "hooks": [{"type": "command", "command": ...}]}`, whose command names
`MARK` (our hook module): the user's own groups and hooks are never changed, only ours
are added or taken out, and containers we made are dropped again once empty.
"""

from __future__ import annotations

import copy
import shlex
from collections.abc import Callable
from typing import Any

MARK = "cleveragents.cli.hook_record"
# What a recorded session needs: the task (first prompt), each tool call before and after
# it runs, and the end of the session (the plan is then completed).
EVENTS = ("UserPromptSubmit", "PreToolUse", "PostToolUse", "SessionEnd")
TOOL_EVENTS = ("PreToolUse", "PostToolUse")  # the only events whose groups take a matcher
HOOK_SECONDS = 30  # Claude Code ends our hook after this; it gives up on the lock far sooner


def is_ours(hook: object) -> bool:
    """Whether a hook entry is one we installed: a command naming our hook module."""
    return isinstance(hook, dict) and MARK in str(hook.get("command", ""))


def _group_is_ours(group: object) -> bool:
    hooks = group.get("hooks") if isinstance(group, dict) else None
    return isinstance(hooks, list) and bool(hooks) and all(map(is_ours, hooks))


def installed(data: object) -> dict[str, str]:
    """Event name -> our command, for each event where our hook is installed."""
    found: dict[str, str] = {}
    hooks = data.get("hooks") if isinstance(data, dict) else None
    if not isinstance(hooks, dict):
        return found
    for event, groups in hooks.items():
        for group in groups if isinstance(groups, list) else []:
            if _group_is_ours(group):
                found[str(event)] = str(group["hooks"][0]["command"])
    return found


def records_here(data: object, ours: list[str], program: Callable[[str], str] = str) -> bool:
    """Whether `data` (a repository's settings) installs our hook exactly as the user's
    install runs it (`ours`: the same Python, module and policy flags, without `--user`),
    for every event in `EVENTS` and every tool: only then does the user's install stand
    aside there. A command that merely names our module, covers some events or tools only,
    or holds commands to a looser policy would not record in its place. `program` names
    a Python as run (the file system's `realpath`: `python3` and `python` of one venv are
    the same)."""
    hooks = data.get("hooks") if isinstance(data, dict) else None
    if not isinstance(hooks, dict):
        return False
    mine = _as_run(ours, program)
    return all(
        any(_exactly_ours(group, event, mine, program) for group in _list(hooks.get(event)))
        for event in EVENTS
    )


def _as_run(words: list[str] | None, program: Callable[[str], str]) -> list[str] | None:
    return [program(words[0]), *words[1:]] if words else words


def user_command(command: str) -> list[str] | None:
    """The words of a user install's `command` as a repository install would have them
    (without `--user`); None when they cannot be read."""
    try:
        words = shlex.split(command)
    except ValueError:
        return None
    return [word for word in words if word != "--user"] or None


def user_install_here(
    user: object, repository: object, program: Callable[[str], str] = str
) -> str | None:
    """What an install in the user's settings (`user`) does in a repository whose settings
    are `repository`, when that needs saying: it stands aside, or it records although the
    repository's settings name our hook."""
    mine = installed(user)
    ours = user_command(next(iter(mine.values()))) if mine else None
    if ours is None:
        return None
    if records_here(repository, ours, program):
        return "stands aside here: this repository's own install records its sessions"
    if installed(repository):
        return (
            "records here: this repository's settings name our hook, but not exactly as "
            "your install runs it, for every event"
        )
    return None


def _exactly_ours(
    group: object, event: str, ours: list[str] | None, program: Callable[[str], str]
) -> bool:
    if not _group_is_ours(group) or not isinstance(group, dict):
        return False
    if event in TOOL_EVENTS and group.get("matcher", "*") not in ("*", ""):
        return False
    return all(
        hook.get("type") == "command"
        and _as_run(user_command(str(hook.get("command", ""))), program) == ours
        for hook in group["hooks"]
    )


def _list(value: object) -> list[object]:
    return value if isinstance(value, list) else []


def with_hooks(data: dict[str, Any], command: str) -> dict[str, Any]:
    """`data` with our hook for every event in `EVENTS`, any earlier one of ours replaced;
    everything else as it was. Refuses (ValueError) a `hooks` that is not an object, or an
    event's entry that is not a list: those are the user's, to fix by hand."""
    merged = without_hooks(data)
    hooks = merged.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise ValueError('"hooks" is not an object')
    for event in EVENTS:
        groups = hooks.setdefault(event, [])
        if not isinstance(groups, list):
            raise ValueError(f'"hooks"."{event}" is not a list')
        entry = {"type": "command", "command": command, "timeout": HOOK_SECONDS}
        group: dict[str, Any] = {"matcher": "*"} if event in TOOL_EVENTS else {}
        groups.append({**group, "hooks": [entry]})
    return merged


def without_hooks(data: dict[str, Any], before: object = None) -> dict[str, Any]:
    """`data` without our groups. An event list or a `hooks` object left empty by that is
    dropped, unless `before` (the document before our install, when known) had it: the
    user's own empty ones stay. The user's groups, even ones mixing our hook with theirs,
    stay whole."""
    cleaned = copy.deepcopy(data)
    hooks = cleaned.get("hooks")
    if not isinstance(hooks, dict):
        return cleaned
    had = before.get("hooks") if isinstance(before, dict) else None
    had_events = had if isinstance(had, dict) else {}
    for event in list(hooks):
        groups = hooks[event]
        if not isinstance(groups, list) or not any(map(_group_is_ours, groups)):
            continue
        kept = [g for g in groups if not _group_is_ours(g)]
        if kept or event in had_events:
            hooks[event] = kept
        else:
            del hooks[event]
    if not hooks and installed(data) and had is None:
        del cleaned["hooks"]
    return cleaned
