"""Our hooks in a Claude Code settings document: added beside the user's, found, taken out.

Pure functions on the parsed JSON. Each hook we add is a matcher group of its own,
`{"matcher": "*", "hooks": [{"type": "command", "command": ...}]}`, whose command names
`MARK` (our hook module): the user's own groups and hooks are never changed, only ours
are added or taken out, and containers we made are dropped again once empty.
"""

from __future__ import annotations

import copy
import shlex
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


def records_here(data: object, executable: str) -> bool:
    """Whether `data` (a repository's settings) installs our hook as `hooks install` does,
    run by `executable`, for every event in `EVENTS` and every tool: only then does an
    install in the user's settings stand aside there. A command that merely names our
    module, or covers some events or some tools only, would record nothing in its place."""
    hooks = data.get("hooks") if isinstance(data, dict) else None
    if not isinstance(hooks, dict):
        return False
    return all(
        any(_exactly_ours(group, event, executable) for group in _list(hooks.get(event)))
        for event in EVENTS
    )


def user_install_here(user: object, repository: object) -> str | None:
    """What an install in the user's settings (`user`) does in a repository whose settings
    are `repository`, when that needs saying: it stands aside, or it records although the
    repository's settings name our hook."""
    mine = installed(user)
    if not mine:
        return None
    try:
        executable = shlex.split(next(iter(mine.values())))[0]
    except (ValueError, IndexError):
        return None
    if records_here(repository, executable):
        return "stands aside here: this repository's own install records its sessions"
    if installed(repository):
        return (
            "records here: this repository's settings name our hook, but not as "
            "`agents hooks install claude-code` writes it for every event"
        )
    return None


def _exactly_ours(group: object, event: str, executable: str) -> bool:
    if not _group_is_ours(group) or not isinstance(group, dict):
        return False
    if event in TOOL_EVENTS and group.get("matcher", "*") not in ("*", ""):
        return False
    return all(_our_command(hook, executable) for hook in group["hooks"])


def _our_command(hook: dict[str, Any], executable: str) -> bool:
    """A command hook running `executable -P -m MARK` with our flags only."""
    try:
        words = shlex.split(str(hook.get("command", "")))
    except ValueError:
        return False
    if hook.get("type") != "command" or words[:4] != [executable, "-P", "-m", MARK]:
        return False
    flags = words[4:]
    while flags:
        if flags[0] == "--enforce-policy":
            flags = flags[1:]
        elif flags[0] == "--allow-command" and len(flags) > 1:
            flags = flags[2:]
        else:
            return False
    return True


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
