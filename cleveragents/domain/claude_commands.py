"""The command lines Claude Code runs on the host from a project's settings, as data.

Claude Code, outside any sandbox, runs the `command` of each hook of a `.claude/settings.json`
(and `settings.local.json`, the user's own and the managed ones), a `statusLine`,
`fileSuggestion` or `subagentStatusLine` command, the helpers it asks for credentials
(`apiKeyHelper`, `awsAuthRefresh`, ..., `proxyAuthHelper`) or wraps itself in
(`processWrapper`), and each stdio server of a `.mcp.json` (`command` with its `args` and
`env`), with the project's folder as its working folder and `CLAUDE_PROJECT_DIR` naming it.
Those files are kept from the model already (`rules.claude_setting`); the tree files such a
command runs (`python3 "$CLAUDE_PROJECT_DIR"/scripts/format.py`) must be too: each line here
is read as git's programs are (`config_programs.script_reach`), from the project's folder.

A document Claude Code cannot read (not JSON, another shape) runs nothing: nothing is taken
from it.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Mapping

# Settings whose value is a command line Claude Code runs (a string), and those whose value
# is `{"type": "command", "command": ...}` (Claude Code 2.1's own list of both).
HELPERS = (
    "apiKeyHelper", "awsAuthRefresh", "awsCredentialExport", "otelHeadersHelper",
    "gcpAuthRefresh", "proxyAuthHelper", "processWrapper",
)  # fmt: skip
COMMANDS = ("statusLine", "fileSuggestion", "subagentStatusLine")
# Variables of a settings `env` (given to Claude Code's shell and hooks) that make a shell or
# an interpreter run a file they name: `BASH_ENV` is sourced by every Bash call, a
# `CLAUDE_CODE_SHELL_PREFIX` runs before each, `PATH` finds the programs.
RUNS_FROM = frozenset((
    "BASH_ENV", "ENV", "ZDOTDIR", "CLAUDE_CODE_SHELL_PREFIX", "CLAUDE_CODE_SHELL", "PATH",
    "NODE_OPTIONS", "NODE_PATH", "PYTHONPATH", "PYTHONSTARTUP", "PERL5OPT", "PERL5LIB",
    "RUBYOPT", "RUBYLIB", "LD_PRELOAD", "LD_LIBRARY_PATH",
))  # fmt: skip
# `$CLAUDE_PROJECT_DIR`, `${CLAUDE_PROJECT_DIR}`, quoted or not: the project's folder, which
# is the working folder Claude Code runs these commands in.
_PROJECT_DIR = re.compile(r"\$(?:\{CLAUDE_PROJECT_DIR\}|CLAUDE_PROJECT_DIR(?!\w))")


def settings_commands(document: object) -> list[tuple[str, str]]:
    """(setting, command line) for each command a settings document makes Claude Code run."""
    if not isinstance(document, Mapping):
        return []
    found: list[tuple[str, str]] = []
    hooks = document.get("hooks")
    for event, groups in hooks.items() if isinstance(hooks, Mapping) else ():
        for group in groups if isinstance(groups, list) else ():
            inner = group.get("hooks") if isinstance(group, Mapping) else None
            for hook in inner if isinstance(inner, list) else ():
                command = hook.get("command") if isinstance(hook, Mapping) else None
                if isinstance(command, str):
                    found.append((f"{event} hook", command))
    for key in COMMANDS:
        setting = document.get(key)
        if isinstance(setting, Mapping) and isinstance(setting.get("command"), str):
            found.append((key, setting["command"]))
    found += [(key, document[key]) for key in HELPERS if isinstance(document.get(key), str)]
    env = document.get("env")
    for name, value in env.items() if isinstance(env, Mapping) else ():
        if name in RUNS_FROM and isinstance(value, str):
            # `$PATH:./bin`: the user's own variable is no file of the tree.
            kept = ":".join(p for p in value.split(":") if not p.startswith("$"))
            found.append((f"env {name}", f"{name}={shlex.quote(kept)} true"))
    return [(setting, project_dir_named(line)) for setting, line in found]


def mcp_commands(document: object) -> list[tuple[str, str]]:
    """(server, command line) for each stdio server of a `.mcp.json` document (or of the
    `mcpServers` of the user's `~/.claude.json`): its `env` as assignments, its `command`
    and `args` as words, each quoted as data."""
    servers = document.get("mcpServers") if isinstance(document, Mapping) else None
    found: list[tuple[str, str]] = []
    for name, server in servers.items() if isinstance(servers, Mapping) else ():
        command = server.get("command") if isinstance(server, Mapping) else None
        if not isinstance(command, str):
            continue  # an http or sse server: nothing runs here
        args = server.get("args")
        listed = args if isinstance(args, list) else []
        words = [command, *(a for a in listed if isinstance(a, str))]
        env = server.get("env")
        pairs = env.items() if isinstance(env, Mapping) else ()
        assigned = [f"{k}={shlex.quote(v)}" for k, v in pairs if _name(k) and isinstance(v, str)]
        line = " ".join([*assigned, *(shlex.quote(project_dir_named(w)) for w in words)])
        found.append((f"MCP server {name}", line))
    return found


def project_dir_named(line: str) -> str:
    """`line` with `$CLAUDE_PROJECT_DIR` as the working folder it names (`.`)."""
    return _PROJECT_DIR.sub(".", line)


def _name(key: object) -> bool:
    return isinstance(key, str) and key.isidentifier()
