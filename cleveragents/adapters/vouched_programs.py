"""What a program the user vouched for runs of the tree by its own file (attack 21,
finding 16).

A vouch holds a program's words as data (`domain/vouches.py`), but the program a hook
runs by a vouched name may itself be a wrapper of the tree's: `~/bin/acme-w` holding
`exec ~/proj/tools/acme-w "$@"` (what `npm link` and hand-made shims are), or the console
script of an editable install (`pip install -e .`: `from acme.cli import main`, where
`acme` is the tree's package). Such a file runs the tree's files whatever its words.

The file the vouched name runs (found on PATH, or the vouched path) is read as a git
setting's program outside the tree is (`tree_scripts.outside_places`, `setting`): a binary
runs nothing of the tree, a script what its lines run (read in turn, the programs it runs
by their own files), its `"$@"` standing for the hook's words (read as the vouch reads
them); what agents cannot tell of it (VS Code's `code` running `"$ELECTRON"`) is what the
vouch is for, a place of the tree it names is not. A Python script that imports more than
the standard library loads, whole, each folder of the tree the `.pth` files and editable
finders of its Python name (`python_roots.script_roots`): the tree whole when that is its
top. The vouch covers the rest: a binary, or a script whose reading names nothing of the
tree.

Cost: a PATH lookup, the read of the program's first bytes and of what its lines run
outside the tree, and the globs of its Python's site folders, per vouched program per look.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from dataclasses import replace
from pathlib import Path

from cleveragents.adapters.git.tree_scripts import outside_places
from cleveragents.adapters.python_roots import interpreter_of as _interpreter
from cleveragents.adapters.python_roots import script_roots
from cleveragents.domain.config_programs import ON_PATH, hook_lines, programs_on_path
from cleveragents.domain.reach import WHOLE, Reach, printable
from cleveragents.domain.vouches import runner_module, runs_code, vouching

MOST_BYTES = 1 << 16  # of a Python script, the imports read in this many bytes
# A word of the hook's own (`"$@"`, `$1`, `${2}`): the vouch reads those as data already.
_POSITIONAL = re.compile(r"\$(?:[@*#0-9]|\{[@*#0-9][^}]*\})")
_IMPORT = re.compile(r"^[ \t]*(?:from[ \t]+([A-Za-z_][\w.]*)|import[ \t]+([A-Za-z_][\w.]*))", re.M)
# setuptools' older console script: `load_entry_point('robotframework', 'console_scripts',
# 'robot')()`: the program's own name as installed.
_ENTRY = re.compile(
    r"""load_entry_point\(\s*['"][^'"]*['"]\s*,\s*['"]console_scripts['"]\s*,\s*['"]([^'"]+)['"]"""
)


def behind(program: str, root: Path) -> list[Reach]:
    """What the program the user vouched for as `program` (a bare name found on PATH, an
    absolute or `~/` path) runs of the tree `root` by its own file."""
    top = Path(os.path.realpath(root))
    bare = "/" not in program
    path = shutil.which(program) if bare else os.path.expanduser(program)
    if not path:
        return []
    start = Reach(program, kind=ON_PATH) if bare else Reach(path)
    with vouching(frozenset()), hook_lines(on=False), programs_on_path():
        found = outside_places(top, [start], "", setting=True)
    # What agents cannot tell of it (VS Code's `code` running `"$ELECTRON"`) is what the
    # user vouched for; a place of the tree it names is not.
    kept = [
        replace(r, vouch="")
        for r in found
        if not (r.unknown and r.path == WHOLE) and not _POSITIONAL.search(r.path)
    ]
    return list(dict.fromkeys([*kept, *_imported(program, path, top)]))


def _imported(program: str, path: str, top: Path) -> list[Reach]:
    """The folders of the tree `top` the Python script `path` may import its package from
    (an editable install's), when it imports more than the standard library."""
    folders = [f for f in script_roots(path) if f == str(top) or Path(f).is_relative_to(top)]
    if not folders:
        return []
    try:
        with open(path, "rb") as file:
            text = file.read(MOST_BYTES).decode("utf-8", "replace")
    except OSError:  # unread: what it imports may be anything
        text = ""
    else:
        imports = {(a or b).partition(".")[0] for a, b in _IMPORT.findall(text)}
        if not imports - set(sys.stdlib_module_names):
            return []
    why = (
        f"`{printable(program)}`, a Python program you vouched for that imports its "
        "package from your tree (an editable install)"
    )
    return [Reach(WHOLE, unknown=why) if f == str(top) else Reach(f) for f in folders]


def runner_of(program: str) -> str | None:
    """The runner the program `program` (a bare name found on PATH, an absolute or `~/` path)
    is a Python console script of, whatever name it is installed or copied as (`ptw` of
    `pytest_watch`, a `robot` copied as `rbt`): the runner's package it imports, or the
    runner's name it loads by `load_entry_point`; None for anything else."""
    path = shutil.which(program) if "/" not in program else os.path.expanduser(program)
    if not path or not re.fullmatch(r"python[0-9.]*", os.path.basename(_interpreter(path))):
        return None
    try:
        with open(path, "rb") as file:
            text = file.read(MOST_BYTES).decode("utf-8", "replace")
    except OSError:
        return None
    entries = [name for name in _ENTRY.findall(text) if runs_code(name)]
    return entries[0] if entries else runner_module([a or b for a, b in _IMPORT.findall(text)])
