"""The tree's folders a Python package installed editable into the home loads from: the
Python form of a home link into the tree (`pip install --user -e .`, `pipx install -e`,
`uv tool install -e`). Its console script (`~/.local/bin/tool`, on PATH) imports the
package from the tree at the user's next `tool`, any Python of that version imports it
from the user site: host-run.

Read: each `site-packages` of the user site (`~/.local/lib/python3*`, macOS'
`~/Library/Python/3*/lib/python`, `$PYTHONUSERBASE`'s), of pipx' venvs
(`~/.local/share/pipx/venvs/*`, `~/.local/pipx/venvs/*`, `$PIPX_HOME/venvs/*`) and uv's
tools (`~/.local/share/uv/tools/*`, `$UV_TOOL_DIR/*`): each `.pth` line naming a
folder, each `.egg-link`'s first line, each quoted absolute path of an
`__editable__*finder.py` (setuptools' map of package to folder). Where one lies in the
tree, that folder is host-run (`src`, or `tool` mapped alone), not the whole tree; one
naming the tree's TOP (a flat layout, hatchling's `dev-mode-dirs`) makes each `.py` file
and package folder standing at the top host-run (a new top module imports only where
something names it). Whether the console script
is on agents' PATH is not looked at: the user's may differ.

Cost: a listing of each such `site-packages` changed since the last look (`lstat` of
each otherwise) and a read of each `.pth`, `.egg-link` and finder changed since: 0.06 ms
CPU per look for a home with one user site; 30 pipx venvs of 200 entries each, 6.8 ms at
a process' first look, 1.3 ms after.
"""

from __future__ import annotations

import glob
import os
import re
from pathlib import Path

SITES = (
    ".local/lib/python3*/site-packages",
    "Library/Python/3*/lib/python/site-packages",
    ".local/share/pipx/venvs/*/lib/python3*/site-packages",
    ".local/pipx/venvs/*/lib/python3*/site-packages",
    ".local/share/uv/tools/*/lib/python3*/site-packages",
)
MOST_SITES = 256  # site-packages folders read at most
MOST_BYTES = 64 * 1024
QUOTED = re.compile(r"""["'](/[^"'\n]+)["']""")

_listed: dict[str, tuple[int, list[str]]] = {}
_read: dict[str, tuple[tuple[int, int], list[str]]] = {}


def editable_places(top: Path, home: str) -> list[str]:
    """The folders (and, for the tree's top, the files) of the tree `top` that a package
    installed editable into the home at `home` loads from, relative."""
    patterns = [os.path.join(home, site) for site in SITES]
    for variable, venvs in (("PIPX_HOME", "venvs/*"), ("UV_TOOL_DIR", "*"), ("PYTHONUSERBASE", "")):
        value = os.environ.get(variable, "")
        pattern = os.path.join(value, venvs, "lib/python3*/site-packages")
        patterns += [os.path.normpath(pattern)] if value.startswith("/") else []
    sites = [s for pattern in patterns for s in sorted(glob.glob(pattern))][:MOST_SITES]
    found: list[str] = []
    for site in dict.fromkeys(sites):
        for folder in _named(site):
            real = Path(os.path.realpath(folder))
            if real == top:
                found += _top_modules(top)
            elif real.is_relative_to(top) and ".git" not in real.relative_to(top).parts:
                found.append(real.relative_to(top).as_posix())
    return list(dict.fromkeys(found))


def _named(site: str) -> list[str]:
    """The absolute folders the `site-packages` at `site` loads from by its files."""
    try:
        mtime = os.stat(site).st_mtime_ns
    except OSError:
        return []
    kept = _listed.get(site)
    if kept is None or kept[0] != mtime:
        try:
            names = [n for n in os.listdir(site) if _loader(n)]
        except OSError:
            names = []
        kept = (mtime, names)
        _listed[site] = kept
    return [p for name in kept[1] for p in _paths(os.path.join(site, name), name)]


def _loader(name: str) -> bool:
    return name.endswith((".pth", ".egg-link")) or (
        name.startswith("__editable__") and name.endswith(".py")
    )


def _paths(path: str, name: str) -> list[str]:
    """The folders the `.pth`, `.egg-link` or finder at `path` names (kept by its stat)."""
    try:
        seen = os.stat(path)
    except OSError:
        return []
    stamp = (seen.st_mtime_ns, seen.st_size)
    kept = _read.get(path)
    if kept is not None and kept[0] == stamp:
        return kept[1]
    try:
        with open(path, encoding="utf-8", errors="replace") as file:
            text = file.read(MOST_BYTES)
    except OSError:
        text = ""
    site = os.path.dirname(path)
    if name.endswith(".py"):
        found = QUOTED.findall(text)
    else:
        lines = [line.strip() for line in text.splitlines()]
        lines = lines[:1] if name.endswith(".egg-link") else lines
        found = [
            os.path.join(site, line)
            for line in lines
            if line and not line.startswith(("#", "import ", "import\t"))
        ]
    _read[path] = (stamp, found)
    return found


def _top_modules(top: Path) -> list[str]:
    """Each `.py` file and package folder standing at the tree's top."""
    found: list[str] = []
    try:
        entries = list(os.scandir(top))
    except OSError:
        return found
    for entry in entries:
        module = entry.name.endswith((".py", ".pth")) and entry.is_file(follow_symlinks=False)
        package = entry.is_dir(follow_symlinks=False) and os.path.exists(
            os.path.join(entry.path, "__init__.py")
        )
        found += [entry.name] if module or package else []
    return sorted(found)
