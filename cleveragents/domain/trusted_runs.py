"""What a config of the tree that VS Code or mise trusts runs on the host (attack 23 F14,
F15): the config itself is held (`folder_trusts.trusted_places`), and so is each place of the
tree it names to run, read from the config as it stands (`adapters/folder_trusts.py`).

  * mise (TOML): `[env]` `_.source` (a script sourced at each prompt or `cd`), `_.path` (a
    folder put first on PATH: each program there shadows the user's, held whole), `_.file`
    (a file loaded); each `[hooks]` command (`enter`, `leave`, `cd`, `preinstall`, ...: a
    string, a list, or a table's `script`/`run`); a `.tool-versions`' `path:` version (a
    folder on PATH, whole);
  * VS Code (JSON with comments): each task of `tasks` with `"runOn": "folderOpen"` (its
    `command` and `args`); in `settings`, `python.defaultInterpreterPath`, any `*.path` or
    `*Path` value, and each `terminal.integrated.profiles.*` profile's `path` and `args`,
    `${workspaceFolder}` standing for the config's folder, `${userHome}` for the home.

What cannot be read as written fails closed: a mise template (`{{ ... }}`, `exec(...)`) or a
VS Code variable other than the folder's makes the config's folder whole.
"""

from __future__ import annotations

import posixpath
import re

from cleveragents.domain.config_programs import script_reach
from cleveragents.domain.direnv_loads import unread
from cleveragents.domain.reach import Reach, escaped, printable

_TEMPLATE = re.compile(r"\{\{|\{%|exec\(")
_FOLDER_VARIABLE = re.compile(r"\$\{(?:workspaceFolder|workspaceRoot)\}/?")
_HOME_VARIABLE = re.compile(r"^\$\{(?:userHome|env:HOME)\}(?=/|$)")
_SETTING = re.compile(r"(?:^|\.)(?:defaultInterpreterPath|[A-Za-z]*[pP]ath)$")


def mise_runs(folder: str, document: dict[str, object]) -> list[Reach]:
    """The places of the tree a mise config at `folder` (from the tree's top), parsed as
    `document`, runs or puts on PATH."""
    found: list[Reach] = []
    env, hooks = document.get("env"), document.get("hooks")
    for part in (env, hooks):
        if _TEMPLATE.search(repr(part)):
            return [unread(folder, "a mise template, which agents cannot evaluate")]
    if isinstance(env, dict):
        special = env.get("_")
        for name, value in special.items() if isinstance(special, dict) else ():
            if name in ("source", "path", "file"):
                found += [_place(folder, path) for path in _paths(value)]
    for value in hooks.values() if isinstance(hooks, dict) else ():
        for line in _commands(value):
            found += script_reach(line, folder, hook=True)
    return found


def tool_versions_runs(folder: str, text: str) -> list[Reach]:
    """The folders a `.tool-versions` at `folder` puts on PATH: each `path:` version's."""
    words = [w for line in text.splitlines() for w in line.partition("#")[0].split()[1:]]
    return [_place(folder, w.removeprefix("path:")) for w in words if w.startswith("path:")]


def vscode_runs(folder: str, document: dict[str, object], settings: bool) -> list[Reach]:
    """The places of the tree a VS Code `tasks.json` (or `settings.json`, `settings`) at
    `folder`'s `.vscode`, parsed as `document`, runs at open; a `*.code-workspace` holds
    both (its `tasks` and `settings`)."""
    found: list[Reach] = []
    tasks = document.get("tasks")
    if isinstance(tasks, dict):
        found += vscode_runs(folder, tasks, settings=False)
    for task in tasks if isinstance(tasks, list) else []:
        options = task.get("runOptions") if isinstance(task, dict) else None
        if isinstance(options, dict) and options.get("runOn") == "folderOpen":
            words = [task.get("command"), *_list(task.get("args"))]
            found += _line(folder, [w for w in words if isinstance(w, str)])
    values = document.get("settings") if not settings else document
    for key, value in values.items() if isinstance(values, dict) else ():
        if key.startswith("terminal.integrated.profiles.") and isinstance(value, dict):
            for profile in value.values():
                if isinstance(profile, dict):
                    words = [*_list(profile.get("path"))[:1], *_list(profile.get("args"))]
                    found += _line(folder, [w for w in words if isinstance(w, str)], hook=False)
        elif _SETTING.search(key) and isinstance(value, str) and "/" in value:
            found += _line(folder, [value], hook=False)  # a bare name: found on PATH
    return found


def _line(folder: str, words: list[str], *, hook: bool = True) -> list[Reach]:
    """What a VS Code program and its arguments `words` run of the tree (a setting's
    program, not `hook`: only itself)."""
    said = [_HOME_VARIABLE.sub("~", _FOLDER_VARIABLE.sub("./", word)) for word in words]
    if any("${" in word for word in said):
        return [unread(folder, "a VS Code variable, which agents cannot evaluate")]
    return script_reach(" ".join(_quoted(w) for w in said), folder, hook=hook) if said else []


def _place(folder: str, path: str) -> Reach:
    if posixpath.isabs(path) or path.startswith("~"):
        return Reach(path)
    joined = posixpath.normpath(posixpath.join(folder, path))
    if joined == ".." or joined.startswith("../"):
        return Reach(joined)
    return Reach(escaped(joined)) if joined != "." else unread(folder, f"`{printable(path)}`")


def _paths(value: object) -> list[str]:
    if isinstance(value, dict):
        value = value.get("path") or value.get("paths")
    return [p for p in _list(value) if isinstance(p, str) and p]


def _commands(value: object) -> list[str]:
    if isinstance(value, dict):
        value = value.get("script") or value.get("run")
    return [c for c in _list(value) if isinstance(c, str)]


def _list(value: object) -> list[object]:
    return list(value) if isinstance(value, list) else [] if value is None else [value]


def _quoted(word: str) -> str:
    """`word` for the shell, a leading `~/` left for it to expand (the home's: not the tree's)."""
    home, rest = ("~/", word[2:]) if word.startswith("~/") else ("", word)
    return home + "'" + rest.replace("'", "'\\''") + "'"
