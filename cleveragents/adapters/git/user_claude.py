"""The command lines of the user's own Claude Code settings (and the managed ones), and of
the user's skills, commands and subagents: what the user's next plain `claude` runs on the
host, outside any sandbox; their bare program names are watched in a tree folder on PATH
(`own_config.bare_programs`, attack 19 finding 3)."""

from __future__ import annotations

from cleveragents.adapters.git.claude_markdown import markdown_files, markdown_lines
from cleveragents.adapters.git.config_programs import MOST_JSON, read_json
from cleveragents.domain.claude_commands import settings_commands


def user_claude_lines() -> list[str]:
    """The command lines of the user's and the managed Claude Code settings (hooks,
    `statusLine`, helpers) and of the user's skills, commands and subagents: what the user's
    next `claude` runs on the host, by a bare name too (`own_config.bare_programs`)."""
    from cleveragents.adapters.actors.claude_code.hooks_off import managed_files, user_file

    lines: list[str] = []
    for file in (user_file(), *managed_files()):
        document = read_json(file, MOST_JSON)
        lines += [line for _, line in settings_commands(document)] if document else []
    for file in markdown_files(user_file().parent):
        lines += [line for _, line in markdown_lines(file) or ()]
    return lines
