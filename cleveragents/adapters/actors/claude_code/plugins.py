"""Claude Code's plugins, turned off in a sandboxed run.

A plugin's language servers (`lspServers` of its `plugin.json`) and its hooks in exec form
(`args`) are started by Claude Code itself, not through the shell prefix that puts every
command line in the sandbox: they would run on the host, and a plugin from a directory
marketplace in the tree is the model's to rewrite. Its other hooks would run in the box,
where the plugin's folder and `CLAUDE_PLUGIN_ROOT` are not: a guard there fails open, or
blocks every call. So a sandboxed run loads no plugin: our `--settings` (which outrank the
user's and the project's) set each plugin the settings name, or the user installed, to
false (measured with Claude Code 2.1: no plugin hook, LSP or MCP server starts), and the
variables that load plugins from folders are blanked. A plugin the managed settings turn
on cannot be turned off there: such a run is refused.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from cleveragents.adapters.actors.claude_code import hooks_off
from cleveragents.errors import ConflictingState

# Variables that load plugins from folders, as `--plugin-dir` does: blanked.
FOLDER_VARIABLES = ("CLAUDE_CODE_PLUGIN_DIRS", "CLAUDE_CODE_PLUGIN_SEED_DIR")
BUILT_IN = "@builtin"  # Claude Code's own, inside its program: nothing of the user's


def _ids(found: object) -> list[str]:
    """The plugin ids (`name@marketplace`) among the keys of a settings `enabledPlugins`."""
    keys = found.keys() if isinstance(found, dict) else ()
    return [key for key in keys if isinstance(key, str) and "@" in key]


def installed() -> list[str]:
    """The plugins of the user's `installed_plugins.json` (enabled by default)."""
    folder = os.environ.get("CLAUDE_CONFIG_DIR") or str(Path.home() / ".claude")
    from cleveragents.adapters.git.config_programs import MOST_USER_JSON, read_json

    document = read_json(Path(folder) / "plugins" / "installed_plugins.json", MOST_USER_JSON)
    return _ids(document.get("plugins") if isinstance(document, dict) else None)


def known(root: Path) -> list[str]:
    """Every plugin Claude Code could load in `root`: named by a settings file or installed."""
    found: list[str] = []
    for path, _ in hooks_off.sources(root):
        found += _ids(hooks_off._document(path).get("enabledPlugins"))
    found += installed()
    return [one for one in dict.fromkeys(found) if not one.endswith(BUILT_IN)]


def turned_off(root: Path, settings: dict[str, Any]) -> dict[str, Any]:
    """Our `settings` with every plugin known in `root` false, and the variables that load
    plugins from folders blanked (their `env` outranks the environment and the project's)."""
    env = {**settings.get("env", {}), **dict.fromkeys(FOLDER_VARIABLES, "")}
    return {**settings, "env": env, "enabledPlugins": dict.fromkeys(known(root), False)}


def refuse(root: Path) -> None:
    """ConflictingState (exit 3) when a sandboxed run would start a program on the host:
    a hook in exec form, a plugin the managed settings turn on."""
    hooks_off.refuse_unprefixed_hooks(root)
    refuse_managed(root)


def refuse_managed(root: Path) -> None:
    """ConflictingState (exit 3) when the managed settings turn a plugin on: they outrank
    our `--settings`, and its language servers and exec hooks would run on the host."""
    for path, managed in hooks_off.sources(root):
        if not managed:
            continue
        entries = hooks_off._document(path).get("enabledPlugins")
        for name, value in entries.items() if isinstance(entries, dict) else ():
            if isinstance(name, str) and not name.endswith(BUILT_IN) and value is not False:
                raise ConflictingState(
                    f"{path} turns on the Claude Code plugin {name!r}: agents cannot turn it "
                    "off, and Claude Code would run its language servers and hooks outside "
                    "agents' sandbox, on the host; nothing was run",
                    hint="run the plan with --no-sandbox, or without --actor claude-code",
                )
