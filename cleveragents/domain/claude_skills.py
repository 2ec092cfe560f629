"""The command lines Claude Code runs on the host from a skill, a slash command or a
subagent's definition, as data.

A skill (`.claude/skills/NAME/SKILL.md`), a slash command (`.claude/commands/**/*.md`) and
a subagent's definition (`.claude/agents/*.md`) are Markdown with a YAML front matter.
When one is used (the model's `Skill` call, the user's `/name`, a subagent that preloads
the skill by its `skills:`), Claude Code runs each dynamic-context line of its text,
`` !`command` `` inline or a ```` ```! ```` fenced block, through its shell in the
session's folder, outside our hook and box; and registers the `hooks:` of its front
matter (the shape of a settings file's `hooks`) and, for a subagent, starts the stdio
`mcpServers:` it defines. Each is read here as a settings hook's `command` is
(`claude_commands.py`), so the tree files those lines run are host-run files.

The lines are found as Claude Code 2.1's own reader finds them: fenced blocks anywhere,
and an inline `` !` `` only at the start of a line or after white space, outside an
ordinary code span. A subagent's own text is read as well, whether or not Claude Code
runs lines there: reading more only keeps more from the model.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from cleveragents.domain.claude_commands import mcp_commands, project_dir_named

FENCE = "```"
_INLINE = re.compile(r"(?<!\S)!`([^`]+)`", re.MULTILINE)
_SPAN = re.compile(r"`[^`\n]+`")
# The front matter: a first line `---`, up to the next line `---`.
_FRONT = re.compile(r"\A---[ \t]*\r?\n(.*?)(?:\r?\n)?^---[ \t]*$\r?\n?", re.DOTALL | re.MULTILINE)
_SKILL_DIR = "${CLAUDE_SKILL_DIR}"
LINE = "dynamic context line"  # how a `!` line is named in a refusal


def markdown_commands(text: str, folder: str) -> list[tuple[str, str]]:
    """(what runs it, command line) for each command the skill, slash command or subagent
    definition `text` makes Claude Code run: its `!` lines (`${CLAUDE_SKILL_DIR}` as
    `folder`, the file's folder), its front matter's hooks and stdio MCP servers."""
    matter, body = front_matter(text)
    found = [(LINE, line.replace(_SKILL_DIR, folder)) for line in shell_lines(body)]
    if isinstance(matter, Mapping):
        found += hook_commands(matter.get("hooks"))
        found += mcp_commands({"mcpServers": _servers(matter.get("mcpServers"))})
    return [(what, project_dir_named(line)) for what, line in found]


def shell_lines(text: str) -> list[str]:
    """The dynamic-context commands of a skill's or a command's text, as Claude Code finds
    them: each ```` ```! ```` fenced block, then each inline `` !`command` ``."""
    found = _fenced(text)
    if "!`" in text:
        found += [m.group(1) for m in _INLINE.finditer(_blank_spans(text))]
    return [line for line in (f.strip().replace("\r\n", "\n") for f in found) if line]


def _fenced(text: str) -> list[str]:
    """The inside of each ```` ```! ```` block up to the next fence, as Claude Code's regular
    expression finds them, in one pass: an opening with no fence after it ends the search."""
    found: list[str] = []
    start = text.find(FENCE + "!")
    while start >= 0:
        end = text.find(FENCE, start + 4)
        if end < 0:
            break
        found.append(text[start + 4 : end])
        start = text.find(FENCE + "!", end + 3)
    return found


def front_matter(text: str) -> tuple[object, str]:
    """The front matter's document (None without one, or when YAML cannot read it) and the
    text after it."""
    found = _FRONT.match(text)
    if found is None:
        return None, text
    import yaml

    try:
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        document: object = yaml.load(found.group(1), Loader=loader)  # the C one: 40x faster
    except (yaml.YAMLError, RecursionError):
        document = None
    return document, text[found.end() :]


def hook_commands(hooks: object) -> list[tuple[str, str]]:
    """(event hook, command) for each command hook of a settings-shaped `hooks` table. A
    table or list met again (a YAML alias) is read once: aliases cannot make it costly."""
    seen: set[int] = set()
    found: list[tuple[str, str]] = []
    for event, groups in hooks.items() if isinstance(hooks, Mapping) else ():
        for group in _once(groups, seen):
            inner = group.get("hooks") if isinstance(group, Mapping) else None
            for hook in _once(inner, seen):
                command = hook.get("command") if isinstance(hook, Mapping) else None
                if isinstance(command, str):
                    found.append((f"{event} hook", command))
    return found


def _once(items: object, seen: set[int]) -> list[object]:
    """The entries of the list `items` not met before (by identity), or none."""
    if not isinstance(items, list) or id(items) in seen:
        return []
    seen.add(id(items))
    fresh: list[object] = []
    for item in items:
        if id(item) not in seen:
            fresh.append(item)
            if isinstance(item, (Mapping, list)):
                seen.add(id(item))
    return fresh


def _servers(servers: object) -> dict[str, object]:
    """A subagent's `mcpServers`, a table or a list of names and `{name: server}` tables,
    as one table of the servers it defines (a name alone starts one defined elsewhere)."""
    if isinstance(servers, Mapping):
        return {str(k): v for k, v in servers.items()}
    table: dict[str, object] = {}
    seen: set[int] = set()
    for entry in servers if isinstance(servers, list) else ():
        if isinstance(entry, Mapping) and id(entry) not in seen:  # an alias: read once
            seen.add(id(entry))
            table.update((str(k), v) for k, v in entry.items())
    return table


def _blank_spans(text: str) -> str:
    """`text` with each ordinary code span's inside blanked, as Claude Code does before it
    looks for inline `!` lines: a span right after a `!` (or a backtick) is kept."""

    def blank(span: re.Match[str]) -> str:
        before = text[span.start() - 1] if span.start() else ""
        kept = span.group(0)
        return kept if before in ("!", "`") else "`" + " " * (len(kept) - 2) + "`"

    return _SPAN.sub(blank, text)
