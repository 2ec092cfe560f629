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

import posixpath
import re
import shlex
from collections.abc import Mapping
from dataclasses import replace

from cleveragents.domain.reach import Reach

# Settings whose value is a command line Claude Code runs (a string), and those whose value
# is `{"type": "command", "command": ...}` (Claude Code 2.1's own list of both).
HELPERS = (
    "apiKeyHelper", "awsAuthRefresh", "awsCredentialExport", "otelHeadersHelper",
    "gcpAuthRefresh", "proxyAuthHelper", "processWrapper",
)  # fmt: skip
COMMANDS = ("statusLine", "fileSuggestion", "subagentStatusLine")
# Variables of a settings `env` (given to Claude Code, its shell, hooks and servers) that
# name no file: Claude Code's own documented knobs (numbers, switches, models, URLs). Any
# other may make a program load a file it names (`BASH_ENV`, `PYTHONPATH`, `HOME` with its
# dotfiles, `GIT_CONFIG_GLOBAL`, `GCONV_PATH`, `JAVA_TOOL_OPTIONS`, `RUBYOPT=-r./x`, ...).
HARMLESS = frozenset((
    "ANTHROPIC_MODEL", "ANTHROPIC_SMALL_FAST_MODEL", "ANTHROPIC_DEFAULT_OPUS_MODEL",
    "ANTHROPIC_DEFAULT_SONNET_MODEL", "ANTHROPIC_DEFAULT_HAIKU_MODEL", "ANTHROPIC_BASE_URL",
    "ANTHROPIC_BEDROCK_BASE_URL", "ANTHROPIC_VERTEX_BASE_URL", "ANTHROPIC_VERTEX_PROJECT_ID",
    "ANTHROPIC_CUSTOM_HEADERS", "ANTHROPIC_BETAS", "BASH_DEFAULT_TIMEOUT_MS",
    "BASH_MAX_TIMEOUT_MS", "BASH_MAX_OUTPUT_LENGTH", "CLAUDE_BASH_MAINTAIN_PROJECT_WORKING_DIR",
    "CLAUDE_CODE_API_KEY_HELPER_TTL_MS", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC",
    "CLAUDE_CODE_DISABLE_TERMINAL_TITLE", "CLAUDE_CODE_ENABLE_TELEMETRY",
    "CLAUDE_CODE_MAX_OUTPUT_TOKENS", "CLAUDE_CODE_SUBAGENT_MODEL", "CLAUDE_CODE_USE_BEDROCK",
    "CLAUDE_CODE_USE_VERTEX", "CLAUDE_CODE_SKIP_BEDROCK_AUTH", "CLAUDE_CODE_SKIP_VERTEX_AUTH",
    "CLAUDE_CODE_IDE_SKIP_AUTO_INSTALL", "CLAUDE_CODE_EFFORT_LEVEL", "MCP_TIMEOUT",
    "MCP_TOOL_TIMEOUT", "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "OTEL_METRICS_EXPORTER",
    "OTEL_LOGS_EXPORTER", "OTEL_EXPORTER_OTLP_PROTOCOL", "OTEL_EXPORTER_OTLP_ENDPOINT",
    "OTEL_METRIC_EXPORT_INTERVAL", "VERTEX_REGION_CLAUDE_3_5_SONNET", "CLOUD_ML_REGION",
))  # fmt: skip
WHOLE = "*"  # all of the project's folder (`domain/reach.py`'s)
_SWITCHES = re.compile(r"(?:DISABLE|MAX)_[A-Z0-9_]+\Z")
# A value's pieces: PATH-like lists, options (`-r./x`, `-javaagent:lib/a.jar`, `--x=y`).
_PIECES = re.compile(r"[\s=,;]")
_OPTION = re.compile(r"-+[A-Za-z]+(?=[./~])")
# `$CLAUDE_PROJECT_DIR`, `${CLAUDE_PROJECT_DIR}`, quoted or not: the project's folder, which
# is the working folder Claude Code runs these commands in; `$PWD`, `$(pwd)`, `` `pwd` ``
# name the working folder where they stand, as `.` does (attack 19 finding 8).
_PROJECT_DIR = re.compile(
    r"\$(?:\{CLAUDE_PROJECT_DIR\}|CLAUDE_PROJECT_DIR(?!\w)|\{PWD\}|PWD(?!\w)|\(pwd\))|`pwd`"
)


def settings_commands(document: object) -> list[tuple[str, str]]:
    """(setting, command line) for each command a settings document makes Claude Code run,
    `$CLAUDE_PROJECT_DIR` read as the folder it names (`.`): for what the line reaches."""
    return [(setting, project_dir_named(line)) for setting, line in raw_commands(document)]


def raw_commands(document: object) -> list[tuple[str, str]]:
    """`settings_commands` with each line as the document writes it: as Claude Code hands
    it to its shell prefix (the pinned CLI leaves `$CLAUDE_PROJECT_DIR` to the shell)."""
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
        if isinstance(name, str) and isinstance(value, str) and not harmless(name):
            lines = [f"{name}={shlex.quote(place)} true" for place in env_places(value)]
            found += [(f"env {name}", line) for line in lines]
    return found


def hook_seconds(document: object, default: float) -> dict[str, float]:
    """The seconds Claude Code gives each hook line of a settings document before it ends
    it: the hook's `timeout`, else `default` (also the most given); a line of several hooks,
    their longest."""
    found: dict[str, float] = {}
    hooks = document.get("hooks") if isinstance(document, Mapping) else None
    for groups in hooks.values() if isinstance(hooks, Mapping) else ():
        for group in groups if isinstance(groups, list) else ():
            inner = group.get("hooks") if isinstance(group, Mapping) else None
            for hook in inner if isinstance(inner, list) else ():
                command = hook.get("command") if isinstance(hook, Mapping) else None
                if not isinstance(command, str):
                    continue
                given = hook.get("timeout")
                number = isinstance(given, int | float) and not isinstance(given, bool)
                seconds = float(given) if number and 0 < given < default else default
                found[command] = max(seconds, found.get(command, 0.0))
    return found


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


def harmless(name: str) -> bool:
    """Whether a settings `env` variable of this name names no file any program loads."""
    return name in HARMLESS or _SWITCHES.match(name) is not None


def env_places(value: str) -> list[str]:
    """The places of the tree a variable's value may name, as paths from the project's
    folder (`*`: all of the folder, when the exact file cannot be told): every relative
    or absolute piece of it (PATH-like lists, options' values); an empty value or an empty
    list entry is the working folder (PATH's, PYTHONUSERBASE's). `$VAR` and `~` pieces are
    the user's own, no file of the tree."""
    if not value.strip():
        return [WHOLE]
    places: list[str] = []
    for entry in value.split(":"):
        if not entry.strip() and ":" in value:  # an empty PATH entry: the working folder
            places.append(WHOLE)
        for piece in _PIECES.split(project_dir_named(entry)):
            bare = _OPTION.sub("", piece, count=1)
            if bare != piece:  # `-r./x`: Ruby loads `x.rb`: the piece does not say which
                bare = posixpath.dirname(bare) or "."
            if bare and posixpath.normpath(bare) == ".":
                places.append(WHOLE)
            elif bare and not bare.startswith(("$", "~", "-")):
                places.append(bare)
    return list(dict.fromkeys(places))


def env_whole(setting: str, reach: Reach) -> Reach:
    """A settings `env` value naming all of a project's folder (`PATH=.:...`, `HOME=.`):
    every file there, found through the variable (`env_places`)."""
    if setting.startswith("env ") and posixpath.basename(reach.path) == WHOLE:
        return replace(reach, launcher=f"${setting.removeprefix('env ')}")
    return reach


def project_dir_named(line: str) -> str:
    """`line` with `$CLAUDE_PROJECT_DIR` as the working folder it names (`.`)."""
    return _PROJECT_DIR.sub(".", line)


def _name(key: object) -> bool:
    return isinstance(key, str) and key.isidentifier()
