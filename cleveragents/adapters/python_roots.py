"""The folders of a working tree that the Python a hook's tool runs has on its import path
(`domain/tool_configs.import_roots`): an editable install's `.pth` (`pip install -e
packages/x` of a monorepo's own mypy or pylint plugin) names a folder of the tree, where
the tool finds a plugin its config names by module.

The Pythons read: every `python3` and `python` on PATH (not the first alone: a hook runs
with its own PATH, a venv activated after agents started, an IDE's) and the interpreter of
every `mypy`, `dmypy`, `pylint` and `flake8` on PATH (their `#!` line), and each venv of the
tree (`.venv`, `venv`: a hook's `entry: .venv/bin/mypy`, `uv run mypy`, `poetry run mypy`
run that one, on PATH or not); of each, the `site-packages` and `dist-packages` folders of
its prefix (a venv's `lib/pythonX.Y/site-packages`), and the user's site. A version
manager's shim first on PATH (pyenv's, asdf's, mise's: a script or a link in a `shims`
folder, which runs the version a `.python-version` of the working folder, the model's to
write, names) stands for every version that manager holds (`versions/*`, `installs/python/*`
beside `shims`, `MOST_VERSIONS` at most); another wrapper script (`exec /opt/tools/bin/python3
"$@"`) for the Pythons it `exec`s by an absolute path, read `DEPTH` deep. A `.pth` line
naming a folder (not an `import` line) is a root; a setuptools editable finder
(`__editable___*_finder.py`) names its packages' folders in its `MAPPING`: the folder
holding each is a root. Only folders inside the tree count; the tree's top is left out (a
config's own folder is looked in already).

Cost: a `stat` per tool per PATH folder, a few `glob`s and the reads of the `.pth` files
(and of a wrapper's first 64 KiB), once per tree per process.
"""

from __future__ import annotations

import glob
import os
import re
import shutil
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

TOOLS = ("python3", "python", "mypy", "dmypy", "pylint", "flake8")
SITES = (
    "lib/python3*/site-packages", "lib/python3*/dist-packages", "lib/python3/dist-packages",
    "local/lib/python3*/dist-packages", "lib64/python3*/site-packages",
)  # fmt: skip
MOST_BYTES = 1 << 16  # a `.pth` or finder larger than this is not read
MOST_VERSIONS = 64  # the versions of one version manager read, at most (in name order)
DEPTH = 3  # wrappers that `exec` wrappers, read this deep
# Where pyenv (`versions/3.12.1`, a pyenv-virtualenv's `versions/NAME` link), asdf and mise
# (`installs/python/3.12.1`) keep the Pythons their shims run, beside the `shims` folder.
SHIMMED = ("versions", "installs/python")
_EXEC = re.compile(r"""^[ \t]*exec[ \t]+(?:-\S+[ \t]+)*["']?(/[^\s"';&|]+)""", re.M)
_QUOTED = re.compile(r"""['"](/[^'"\n]+)['"]""")


@lru_cache(maxsize=16)
def tree_import_roots(root: Path) -> tuple[str, ...]:
    """The folders of the tree `root` (resolved), from its top, on the import path of the
    Pythons the hooks' tools run."""
    from cleveragents.adapters.host_programs import tree_venvs

    top = os.path.realpath(root)
    found: dict[str, None] = {}
    venvs = [os.path.join(top, v) for v in tree_venvs(Path(top), [])]
    for path in _site_files(venvs):
        for folder in _named(path):
            real = os.path.realpath(folder)
            if real != top and real.startswith(top + os.sep):
                found[Path(os.path.relpath(real, top)).as_posix()] = None
    return tuple(found)


def script_roots(script: str) -> list[str]:
    """The folders (resolved) the `.pth` files and editable finders of the Python the
    `#!` line of `script` runs name, and of the user's site: where an editable install
    (`pip install -e .`) puts its package for that script to import; none when `script`
    is no Python script."""
    python = _interpreter(script)
    if python == script or not re.fullmatch(r"python[0-9.]*", os.path.basename(python)):
        return []
    prefixes = dict.fromkeys(
        os.path.dirname(os.path.dirname(p)) for p in (python, os.path.realpath(python))
    )
    sites = [os.path.join(p, s) for p in prefixes for s in SITES]
    sites.append(os.path.expanduser("~/.local/lib/python3*/site-packages"))
    found: dict[str, None] = {}
    for site in sites:
        for path in sorted(glob.glob(os.path.join(site, "*.pth"))) + sorted(
            glob.glob(os.path.join(site, "__editable__*.py"))
        ):
            found.update(dict.fromkeys(os.path.realpath(f) for f in _named(path)))
    return list(found)


def _site_files(venvs: Sequence[str] = ()) -> list[str]:
    """The `.pth` files and editable finders of the Pythons the tools on PATH run, and of
    the venvs `venvs` (their prefixes)."""
    prefixes: dict[str, None] = dict.fromkeys(venvs)
    for tool in TOOLS:
        for program in _on_path(tool):
            python = _interpreter(program) if tool not in ("python3", "python") else program
            for named in dict.fromkeys((python, os.path.realpath(python))):
                prefixes[os.path.dirname(os.path.dirname(named))] = None
            prefixes.update(dict.fromkeys(_behind(program)))
    sites = [os.path.join(p, s) for p in prefixes for s in SITES]
    sites.append(os.path.expanduser("~/.local/lib/python3*/site-packages"))
    files: list[str] = []
    for site in sites:
        files += sorted(glob.glob(os.path.join(site, "*.pth")))
        files += sorted(glob.glob(os.path.join(site, "__editable___*_finder.py")))
    return files


def _behind(program: str, depth: int = 0) -> list[str]:
    """The prefixes of the Pythons the shim or wrapper `program` may run: each version of
    the manager whose `shims` folder holds it; the Pythons a wrapper script `exec`s by an
    absolute path (a wrapper there read in turn, `DEPTH` deep)."""
    folder = os.path.dirname(program)
    if os.path.basename(folder) == "shims":
        home = os.path.dirname(folder)
        found: list[str] = []
        for kept in SHIMMED:
            found += sorted(glob.glob(os.path.join(glob.escape(home), kept, "*")))[:MOST_VERSIONS]
        return found
    text = _head(program)
    if depth >= DEPTH or not text.startswith("#!"):
        return []
    prefixes: list[str] = []
    for target in dict.fromkeys(_EXEC.findall(text)):
        for named in dict.fromkeys((target, os.path.realpath(target))):
            if re.fullmatch(r"python[0-9.]*", os.path.basename(named)):
                prefixes.append(os.path.dirname(os.path.dirname(named)))
        prefixes += _behind(target, depth + 1)
    return list(dict.fromkeys(prefixes))


def _head(program: str) -> str:
    """The first `MOST_BYTES` of the script `program` as text; "" when it is no script (a
    program: its first two bytes only are read) or cannot be read."""
    try:
        with open(program, "rb") as file:
            start = file.read(2)
            return (
                (start + file.read(MOST_BYTES)).decode("utf-8", "replace") if start == b"#!" else ""
            )
    except OSError:
        return ""


def _on_path(tool: str) -> list[str]:
    """Every executable `tool` in a folder of PATH, in PATH's order (`shutil.which` gives
    the first only)."""
    found: list[str] = []
    for folder in os.environ.get("PATH", os.defpath).split(os.pathsep):
        if os.path.isabs(folder) and (program := shutil.which(tool, path=folder)):
            found.append(program)
    return list(dict.fromkeys(found))


def interpreter_of(program: str) -> str:
    """The interpreter of the script `program`'s `#!` line; `program` when it has none."""
    return _interpreter(program)


def _interpreter(program: str) -> str:
    """The interpreter of a script's `#!` line (`env python3` found on PATH); the script
    itself when it has none."""
    try:
        with open(program, "rb") as file:
            line = file.readline(512).decode("utf-8", "replace")
    except OSError:
        return program
    words = line[2:].split() if line.startswith("#!") else []
    if words and os.path.basename(words[0]) == "env" and len(words) > 1:
        return shutil.which(words[-1]) or program
    return words[0] if words else program


def _named(path: str) -> list[str]:
    """The folders a `.pth` file's lines or an editable finder's `MAPPING` name."""
    try:
        with open(path, "rb") as file:
            text = file.read(MOST_BYTES).decode("utf-8", "replace")
    except OSError:
        return []
    if path.endswith(".py"):
        return [os.path.dirname(p) for p in _QUOTED.findall(text)]
    folder = os.path.dirname(path)
    lines = (line.strip() for line in text.splitlines())
    return [
        os.path.join(folder, line)
        for line in lines
        if line and not line.startswith(("#", "import ", "import\t"))
    ]
