"""What the user's home says VS Code and mise trust of a working tree (`domain/folder_trusts.py`
judges which of its files that makes host-run).

  * VS Code and its kin (`PRODUCTS`, under `$XDG_CONFIG_HOME` or `~/.config`, a flatpak's
    own): the user's `User/settings.json` turning workspace trust off
    (`"security.workspace.trust.enabled": false`: every folder is trusted), else the
    trusted folders it keeps as JSON under
    `content.trust.model.key` in its state database (`User/globalStorage/state.vscdb`,
    SQLite, read-only);
  * mise: each config or config folder `mise trust` recorded (a link to it, or a file
    naming it, in `trusted-configs` of its state folder: `$MISE_STATE_DIR`, or `mise` in
    `$XDG_STATE_HOME` or `~/.local/state`; a `.monorepo` mark beside: all below), the
    folders of `MISE_TRUSTED_CONFIG_PATHS` and of the
    `trusted_config_paths` setting of the user's own config (`$MISE_CONFIG_DIR`, or `mise`
    in `$XDG_CONFIG_HOME` or `~/.config`: `config.toml`, `config.local.toml`), and `yes`
    (`MISE_YES`, the setting): mise trusts any config then; those two variables set in a
    shell startup file of the home too (`STARTUP`, where `mise activate` runs: a path of
    another variable than `$HOME` trusts the tree's top and above). In a linked worktree, a
    config is trusted too where the same path of the main checkout is.

What a trusted config standing in the tree names to run is held with it (`_runs`,
`domain/trusted_runs.py`).

What cannot be read (no such file, a database locked or of another form) trusts nothing.
Cost: a `stat` of each file and of mise's records folder; one read of each that changed
since the last look: under 2 ms a look, 3 ms with 200 records of mise (a loaded 2-core machine).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sqlite3
import tomllib
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from cleveragents.adapters.git.tree_scripts import below
from cleveragents.domain import folder_trusts as trusts_
from cleveragents.domain.direnv_loads import unread
from cleveragents.domain.folder_trusts import MISE, VSCODE, Trust, trusted_places, vscode_trusted
from cleveragents.domain.reach import ANY_FOLDERS, Reach, escaped, printable
from cleveragents.domain.trusted_runs import mise_runs, tool_versions_runs, vscode_runs

PRODUCTS = ("Code", "Code - Insiders", "Code - OSS", "VSCodium", "Cursor", "Windsurf")
FLATPAKS = ("com.visualstudio.code", "com.vscodium.codium")  # each its own `~/.config`
TRUST_KEY = "content.trust.model.key"
MOST_BYTES = 1 << 22  # of a settings or config file read
_OFF = re.compile(r'"security\.workspace\.trust\.enabled"\s*:\s*false\b')
# A JSON string (kept), or a comment (dropped): VS Code's settings are JSON with comments.
_JSONC = re.compile(r'("(?:\\.|[^"\\])*")|//[^\n]*|/\*.*?\*/', re.S)
_TRAILING = re.compile(r'("(?:\\.|[^"\\])*")|,(\s*[}\]])')
STARTUP = (
    ".bashrc", ".bash_profile", ".profile", ".zshrc", ".zshenv", ".zprofile",
    ".config/fish/config.fish",
)  # fmt: skip
_SET = r"^[ \t]*(?:export[ \t]+|set[ \t]+-\w+[ \t]+)?"  # sh's, or fish's `set -gx NAME VALUE`
_MISE_YES = re.compile(_SET + r"MISE_YES[= \t][\"']?(?:1|true|yes|on)\b", re.M | re.I)
_MISE_PATHS = re.compile(_SET + r"MISE_TRUSTED_CONFIG_PATHS[= \t][\"']?([^\"'\s;]+)", re.M)
_read: dict[str, tuple[tuple[int, ...], object]] = {}  # path: (stat, what it gave)


def tree_trusts(root: Path) -> list[tuple[Reach, str]]:
    """(place, key) for each file of the tree `root` that VS Code or mise, trusting it, runs
    on the host (`domain/folder_trusts.trusted_places`)."""
    home = os.environ.get("HOME")
    if not home or not os.path.isabs(home):
        return []
    top = os.path.realpath(root)
    main = _main_checkout(top)  # mise trusts a linked worktree's config as the main one's
    shared = _mise(home, main) if main is not None else []
    said = f", for the same path of the main checkout {printable(main or '')}"
    mise = [*_mise(home, top), *(replace(t, how=t.how + said) for t in shared)]
    trusts = [*_vscode(home, top), *mise]
    return [*trusted_places(trusts), *(p for t in trusts for p in _runs(top, t))]


def _runs(top: str, trust: Trust) -> list[tuple[Reach, str]]:
    """(place, key) for what each config of `trust` standing in the tree runs
    (`domain/trusted_runs.py`): read as it stands, held itself. The configs at its folder's
    top, and below it where the trust goes deep (one walk, `tree_scripts.below`)."""
    key = f"{trusts_.TRUSTED_KEY}{trust.tool}: {trust.how}"
    if trust.file:
        configs = [(os.path.dirname(trust.place), os.path.basename(trust.place))]
    else:
        names = list(trusts_.MISE_FILES if trust.tool == MISE else trusts_.VSCODE_FILES)
        configs = [(trust.place, name) for name in names]
        if trust.tool == VSCODE:
            with contextlib.suppress(OSError):
                listed = os.listdir(os.path.join(top, trust.place))
                configs += [(trust.place, n) for n in listed if n.endswith(".code-workspace")]
        deep = [Reach(_deep(trust.place, name), launcher=trust.tool) for name in names]
        for reach, path in below(Path(top), deep) if trust.deep else ():
            name = reach.path.rpartition(f"{ANY_FOLDERS}/")[2]
            configs.append((path.removesuffix(name).rstrip("/"), name))
    found: list[tuple[Reach, str]] = []
    for folder, name in dict.fromkeys(configs):
        path = os.path.join(top, folder, name)
        if not os.path.realpath(path).startswith(f"{top.rstrip('/')}/"):
            continue  # not the tree's: nothing of it the model wrote
        if name == ".tool-versions":
            text = _text(path)
            found += [(r, key) for r in tool_versions_runs(folder, text or "")]
            continue
        if trust.tool == MISE:
            mise = _cached(path, _toml)
            found += [(r, key) for r in mise_runs(folder, mise)] if isinstance(mise, dict) else []
            continue
        code = _cached(path, _jsonc)
        if isinstance(code, dict):
            runs = vscode_runs(folder, code, settings=name.endswith("settings.json"))
            found += [(r, key) for r in runs]
        elif code is False:  # VS Code reads what json cannot: the folder whole
            found.append((unread(folder, f"{printable(name)}, which agents cannot parse"), key))
    return found


def _deep(place: str, name: str) -> str:
    top = escaped(place)
    return f"{top}/{ANY_FOLDERS}/{name}" if top else f"{ANY_FOLDERS}/{name}"


def _toml(path: str) -> dict[str, object] | None:
    text = _text(path)
    try:
        return tomllib.loads(text) if isinstance(text, str) else None
    except tomllib.TOMLDecodeError:
        return None  # mise refuses it: runs nothing of it


def _jsonc(path: str) -> dict[str, object] | bool:
    """A VS Code JSON file with comments and trailing commas at `path`, or False."""
    text = _text(path)
    if text is None:
        return True
    plain = _JSONC.sub(lambda m: m.group(1) or "", text)
    plain = _TRAILING.sub(lambda m: m.group(1) or m.group(2), plain)
    try:
        document = json.loads(plain) if plain.strip() else {}
    except ValueError:
        return False
    return document if isinstance(document, dict) else False


def _vscode(home: str, top: str) -> list[Trust]:
    found: list[Trust] = []
    configs = [_xdg("XDG_CONFIG_HOME", home, ".config")]
    configs += [os.path.join(home, ".var/app", app, "config") for app in FLATPAKS]
    for config, product in ((c, p) for c in configs for p in PRODUCTS):
        user = os.path.join(config, product, "User")
        settings = os.path.join(user, "settings.json")
        if _cached(settings, _trust_off) is True:
            how = f"security.workspace.trust.enabled is false in {_shown(home, settings)}"
            found.append(Trust(VSCODE, "", how))
            continue
        database = os.path.join(user, "globalStorage", "state.vscdb")
        entries = _cached(database, _trusted_folders)
        if isinstance(entries, list) and entries:
            how = f"a trusted folder of {_shown(home, database)}"
            found += [Trust(VSCODE, p, how) for p in vscode_trusted(top, entries)]
    return found


def _mise(home: str, top: str) -> list[Trust]:
    found: list[Trust] = []
    state = os.environ.get("MISE_STATE_DIR") or os.path.join(
        _xdg("XDG_STATE_HOME", home, ".local/state"), "mise"
    )
    records = os.path.join(state, "trusted-configs")
    how = f"`mise trust`, in {_shown(home, records)}"
    listed = _cached(records, _trust_records)  # again when an entry comes or goes
    for target, monorepo in listed if isinstance(listed, list) else []:
        place = "" if target == top else _inside(top, target)
        if place is not None:  # a config root (gone: by its name), or the config itself
            root = os.path.isdir(target) or not target.endswith((".toml", ".tool-versions"))
            found.append(Trust(MISE, place, how, file=not root, deep=monorepo))
        elif monorepo and top.startswith(f"{target.rstrip('/')}/"):
            found.append(Trust(MISE, "", f"`mise trust --monorepo`, in {_shown(home, records)}"))
    config = os.environ.get("MISE_CONFIG_DIR") or os.path.join(
        _xdg("XDG_CONFIG_HOME", home, ".config"), "mise"
    )
    folders = [(f, "MISE_TRUSTED_CONFIG_PATHS") for f in _env_paths("MISE_TRUSTED_CONFIG_PATHS")]
    yes = os.environ.get("MISE_YES", "").lower() in ("1", "true", "yes", "on")
    said = "MISE_YES" if yes else ""
    for name in STARTUP:  # where `mise activate` runs: what it sets there is mise's too
        startup = _cached(os.path.join(home, name), _startup)
        if isinstance(startup, tuple):
            said = said or (f"MISE_YES in ~/{name}" if startup[0] else "")
            why = f"MISE_TRUSTED_CONFIG_PATHS in ~/{name}"
            folders += [
                (f.replace("$HOME", home).replace("${HOME}", home), why) for f in startup[1]
            ]
    for name in ("config.toml", "config.local.toml"):
        settings = _cached(os.path.join(config, name), _settings)
        if not isinstance(settings, dict):
            continue
        shown = _shown(home, os.path.join(config, name))
        paths = settings.get("trusted_config_paths")
        for path in paths if isinstance(paths, list) else []:
            folders += [(path, f"trusted_config_paths in {shown}")] if isinstance(path, str) else []
        if settings.get("yes") is True and not said:
            said = f"yes = true in {shown}"
    if said:
        found.append(Trust(MISE, "", f"{said}: mise trusts every config"))
    for named, why in folders:
        real = os.path.realpath(os.path.expanduser(named)) if named else ""
        if real and (top == real or top.startswith(f"{real.rstrip('/')}/")):
            found.append(Trust(MISE, "", why))
        elif real and (place := _inside(top, real)) is not None:
            found.append(Trust(MISE, place, why))
    return found


def _startup(path: str) -> tuple[bool, list[str]]:
    """Whether the shell startup file at `path` sets `MISE_YES`, and the folders it sets
    `MISE_TRUSTED_CONFIG_PATHS` to; one naming another variable, the tree's top and above
    (it cannot be told: `/`)."""
    text = _text(path) or ""
    yes = bool(_MISE_YES.search(text))
    folders: list[str] = []
    for match in _MISE_PATHS.finditer(text):
        for folder in match.group(1).split(":"):
            bare = folder.replace("$HOME", "").replace("${HOME}", "")
            folders.append("/" if "$" in bare or "`" in bare else folder)
    return yes, [f for f in folders if f]


def _trust_off(path: str) -> bool:
    """Whether VS Code's user settings at `path` turn workspace trust off."""
    text = _text(path)
    return text is not None and bool(_OFF.search(_JSONC.sub(lambda m: m.group(1) or "", text)))


def _main_checkout(top: str) -> str | None:
    """The main checkout of the linked worktree `top` (its `.git` file names a git directory
    whose `commondir` is the main checkout's `.git`), or None."""
    text = _text(os.path.join(top, ".git"))
    if text is None or not text.startswith("gitdir: "):
        return None
    gitdir = os.path.join(top, text.removeprefix("gitdir: ").strip())
    common = _text(os.path.join(gitdir, "commondir"))
    if common is None:
        return None
    common = os.path.realpath(os.path.join(gitdir, common.strip()))
    return os.path.dirname(common) if os.path.basename(common) == ".git" else None


def _trust_records(folder: str) -> list[tuple[str, bool]]:
    """The configs or config folders (absolute, resolved) mise's `trusted-configs` records,
    and whether a `.monorepo` mark stands beside: each entry a link to it, or (where no
    link can be made) a file naming it; `.hash` and `.monorepo` ones are marks. mise
    records the path it resolved: not resolved again (a home of hundreds of records)."""
    found: list[tuple[str, bool]] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return found
    names = {entry.name for entry in entries}
    for entry in entries:
        if entry.name.endswith((".hash", ".monorepo")):
            continue
        if entry.is_symlink():
            target = os.path.join(folder, os.readlink(entry.path))
        else:
            text = _text(entry.path)
            target = text.strip() if isinstance(text, str) else ""
        if os.path.isabs(target):
            found.append((os.path.normpath(target), f"{entry.name}.monorepo" in names))
    return found


def _trusted_folders(path: str) -> list[tuple[str, bool]] | None:
    """VS Code's trusted list in its state database at `path`: (folder resolved, trusted)."""
    value = None
    for mode in ("ro", "ro&immutable=1"):  # a WAL database wants its `-shm`: as it stands
        try:
            with sqlite3.connect(f"file:{path}?mode={mode}", uri=True, timeout=0.2) as db:
                row = db.execute("SELECT value FROM ItemTable WHERE key = ?", (TRUST_KEY,))
                value = row.fetchone()
            break
        except sqlite3.Error:
            continue
    if not value:
        return None
    try:
        raw = value[0].decode() if isinstance(value[0], bytes) else value[0]
        document = json.loads(raw)
    except (ValueError, TypeError, AttributeError):
        return None
    found: list[tuple[str, bool]] = []
    infos = document.get("uriTrustInfo") if isinstance(document, dict) else None
    for info in infos if isinstance(infos, list) else []:
        uri = info.get("uri") if isinstance(info, dict) else None
        if not isinstance(uri, dict) or uri.get("scheme") != "file" or uri.get("authority"):
            continue
        folder = uri.get("fsPath") or uri.get("path")
        if isinstance(folder, str) and os.path.isabs(folder):
            found.append((os.path.realpath(folder), info.get("trusted") is True))
    return found


def _settings(path: str) -> dict[str, object] | None:
    """The `[settings]` of mise's own config at `path`."""
    text = _text(path)
    try:
        document = tomllib.loads(text) if isinstance(text, str) else None
    except tomllib.TOMLDecodeError:
        return None
    settings = document.get("settings") if document is not None else None
    return settings if isinstance(settings, dict) else None


def _cached(path: str, read: Callable[[str], object]) -> object:
    """What `read(path)` gives, read again only when the file's stat changed (a database's
    `-wal` beside it too)."""
    marks = []
    for name in (path, f"{path}-wal"):
        try:
            st = os.stat(name)
            marks.append((st.st_ino, st.st_mtime_ns, st.st_size))
        except OSError:
            marks.append((0, 0, -1))
    if marks[0][2] < 0:
        return None
    mark = (*marks[0], *marks[1])
    known = _read.get(path)
    if known is not None and known[0] == mark:
        return known[1]
    found = read(path)
    _read[path] = (mark, found)
    return found


def _text(path: str) -> str | None:
    try:
        with open(path, "rb") as file:
            return file.read(MOST_BYTES).decode("utf-8", errors="replace")
    except OSError:
        return None


def _inside(top: str, path: str) -> str | None:
    """`path` (absolute, resolved) relative to the tree `top` when it lies below its top,
    out of any `.git`."""
    if not path.startswith(f"{top.rstrip('/')}/"):
        return None
    place = os.path.relpath(path, top)
    return None if ".git" in place.split("/") else place


def _env_paths(name: str) -> list[str]:
    return [p for p in os.environ.get(name, "").split(os.pathsep) if p]


def _xdg(name: str, home: str, default: str) -> str:
    value = os.environ.get(name)
    return value if value and os.path.isabs(value) else os.path.join(home, default)


def _shown(home: str, path: str) -> str:
    shown = f"~{path.removeprefix(home)}" if path.startswith(f"{home}/") else path
    return printable(shown)
