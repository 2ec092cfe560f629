"""The files of the tree that a tool of the user runs on the host when the user merely opens
the folder or `cd`s into it, once the user has told that tool to trust it (attack 21, #24
and #25): host-run files (`host_files.py`) while the trust stands.

  * VS Code (and Code - Insiders, VSCodium, Cursor...), in a folder it trusts (workspace
    trust off in the user's settings, or the folder or one holding it in the trusted list):
    a task of `.vscode/tasks.json` with `"runOptions": {"runOn": "folderOpen"}` runs at
    open; `.vscode/settings.json` names programs VS Code and its extensions start at open
    (`terminal.integrated.profiles.*`, `python.defaultInterpreterPath`, `git.path`, an
    extension's `*.path`); a `*.code-workspace` holds both. Any folder of a trusted one may
    be opened (trust goes to the folders below), so each `.vscode` of it counts;
  * mise, for a config it trusts: its `[env]` `_.source` and `exec()` templates, and its
    `[hooks]`, run at each prompt or `cd` of a shell where `mise activate` runs; a
    `.tool-versions`' `path:` version puts a folder on PATH. `mise trust` records the
    config's folder (its "config root": every config name mise reads there is trusted, held
    there), or the file itself (paranoid mode, older mise: that file is held); a
    `.monorepo` mark beside the record (`mise trust --monorepo`), a folder of
    `trusted_config_paths` (`MISE_TRUSTED_CONFIG_PATHS`) or `yes` trust every config below
    it: each config name is held at any depth (mise reads the configs of every folder from
    the one `cd` enters up).

Not held: what the user runs on purpose (`.vscode/launch.json` at F5, a task run by hand,
`mise run`'s `[tasks]` and `.mise/tasks`), and any of these where no trust stands: a new
file there is harmless until the user trusts the folder, and trusting it after an agent's
run means reading those files first (README).

The adapter (`adapters/folder_trusts.py`) reads the trusts of the user's home; what they
hold of the tree is judged here.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass

from cleveragents.domain.reach import ANY_FOLDERS, Reach, escaped, printable

TRUSTED_KEY = "trusted by "  # a `HostFolders.programs` key: no git key holds a space
VSCODE = "VS Code"
MISE = "mise"
# What VS Code runs of a folder it trusts, on opening it (a folder of it too).
VSCODE_FILES = (".vscode/tasks.json", ".vscode/settings.json")
VSCODE_WORKSPACES = "*.code-workspace"  # opened as a file: where it lies
# The configs mise reads in each folder (`mise help config`), and the tool versions file.
MISE_FILES = (
    "mise.toml", ".mise.toml", "mise.local.toml", ".mise.local.toml", "mise/config.toml",
    ".mise/config.toml", "mise/config.local.toml", ".mise/config.local.toml",
    ".config/mise.toml", ".config/mise.local.toml", ".config/mise/config.toml",
    ".config/mise/config.local.toml", ".tool-versions",
)  # fmt: skip
# Read only with `MISE_ENV` set, or from a folder of many: held from the model's actions,
# a command's new one not looked for at any depth (`tree_scripts.below` matches names).
MISE_PATTERNS = ("mise.*.toml", ".mise.*.toml", ".config/mise/conf.d/*.toml")
_WHY = {
    VSCODE: "which VS Code runs (folder-open tasks, programs its settings name) as it trusts it",
    MISE: "which mise runs (its [env] and [hooks]) at each `cd` and prompt as it trusts it",
}


@dataclass(frozen=True)
class Trust:
    """A trust of the user's tool over the tree: `place` (relative, "" for the tree's top)
    a folder it trusts, below it too (`deep`), or with `file` the one config it trusts;
    `how`, where the home records it (shown)."""

    tool: str
    place: str
    how: str
    file: bool = False
    deep: bool = True


def trusted_places(trusts: list[Trust]) -> list[tuple[Reach, str]]:
    """(place, key) for each file of the tree a trust in `trusts` makes host-run: the files
    at the trusted folder's top by name (bound read-only in the box), and at any depth."""
    found: list[tuple[Reach, str]] = []
    for trust in trusts:
        key = f"{TRUSTED_KEY}{trust.tool}: {trust.how}"
        if trust.file:
            found.append((Reach(escaped(trust.place)), key))
            continue
        top = escaped(trust.place)
        names = VSCODE_FILES if trust.tool == VSCODE else MISE_FILES
        patterns = (VSCODE_WORKSPACES,) if trust.tool == VSCODE else MISE_PATTERNS
        found += [(Reach(_joined(top, name)), key) for name in names]
        found += [(Reach(_joined(top, name), launcher=trust.tool), key) for name in patterns]
        for name in (*names, *patterns) if trust.deep else ():
            deep = _joined(top, f"{ANY_FOLDERS}/{name}")
            found.append((Reach(deep, launcher=trust.tool), key))
    return found


def trusted_why(reach: Reach, key: str) -> str:
    """Why a path in `reach`, of the trust `key` (`trusted_places`), runs on the host."""
    tool, _, how = key.removeprefix(TRUSTED_KEY).partition(": ")
    shown = f"matches {printable(reach.path)}" if reach.launcher else f"is {reach.path}"
    return f"{shown}, {_WHY.get(tool, _WHY[MISE])} ({how})"


def vscode_trusted(top: str, entries: list[tuple[str, bool]]) -> list[str]:
    """The folders of the tree at `top` (absolute, resolved) that VS Code trusts by its
    list `entries` (absolute folder, trusted): "" for the whole tree when the nearest entry
    that is the tree or holds it trusts it (the most specific wins, as VS Code matches),
    else each trusted folder inside it."""
    above = [(p, t) for p, t in entries if _within(top, p)]
    if above and max(above, key=lambda e: len(e[0]))[1]:
        return [""]
    found: list[str] = []
    for path, trusted in entries:
        if trusted and path != top and _within(path, top):
            found.append(posixpath.relpath(path, top))
    return found


def _within(path: str, folder: str) -> bool:
    return path == folder or folder == "/" or path.startswith(f"{folder.rstrip('/')}/")


def _joined(top: str, name: str) -> str:
    return f"{top}/{name}" if top else name
