"""The property of trust.tree_scripts.property.feature: every tree script that a script my
git config runs runs in turn (sourced, run by a shell, run itself, through `$0`'s folder) is
refused to the model, and a file none runs is not.

Each example writes random shell scripts into the tree: each leaves a mark when it runs and
runs some others, by a random form (`. ./x`, `sh x`, `bash ./x`, `./x`, `exec`, `"$(dirname
"$0")/x"`, `"${0%/*}/x"`), each once at most (a mark already there: not again, so a cycle
ends); `diff.x.textconv` names one of them, and git itself runs it (`git diff`). Every
script that ran must be judged host-run (`host_folders`): an oracle that shares nothing with
the reading of the scripts. A file that no script names must not be: the reading is not
"the whole tree" for such plain scripts.
"""

from __future__ import annotations

import posixpath
import shutil
import subprocess
import tempfile
from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

from cleveragents.adapters.host_folders import host_folders
from cleveragents.domain.host_files import host_run
from features.support.planting import marks_host_run, textconv_tree
from features.support.properties import reproducible

SCRIPTS = ["tools/a.sh", "tools/b", "lib/c.sh", "d.sh", "lib/sub/e.sh", "f.sh"]
FORMS = [
    ". ./{path}",
    "sh {path}",
    "bash ./{path}",
    "./{path}",
    '. "$(dirname "$0")/{own}"',
    'sh "${{0%/*}}/{own}"',
    "(exec ./{path})",
]
ENTRIES = ["./{path}", "sh {path}", "!sh ./{path}"]
UNTOUCHED = "other/free.txt"


def calls() -> st.SearchStrategy[list[tuple[int, int]]]:
    """Up to two calls (form, script) for each script."""
    one = st.tuples(st.integers(0, len(FORMS) - 1), st.integers(0, len(SCRIPTS) - 1))
    return st.lists(one, max_size=2)


def write_scripts(root: Path, marks: Path, graph: list[list[tuple[int, int]]]) -> None:
    for number, (path, called) in enumerate(zip(SCRIPTS, graph, strict=True)):
        lines = ["#!/bin/sh", f"touch '{marks}/{number}'"]
        for form, target in called:
            named = SCRIPTS[target]
            own = posixpath.relpath(named, posixpath.dirname(path) or ".")
            call = FORMS[form].format(path=named, own=own)
            lines.append(f"[ -e '{marks}/{target}' ] || {call}")
        full = root / path
        full.parent.mkdir(parents=True, exist_ok=True)
        full.write_text("\n".join(lines) + "\n")
        full.chmod(0o755)


def check_property(examples: int, seed: int, work: Path) -> int:
    top = Path(tempfile.mkdtemp(prefix="tree-scripts-", dir=work))
    root, marks, repo = textconv_tree(top, UNTOUCHED, "free\n")
    ran = 0

    @reproducible(examples, seed)
    @example(entry=0, first=0, graph=[[(0, 2)], [], [(4, 4)], [], [(5, 5)], []])
    @example(entry=1, first=3, graph=[[(1, 1)], [(3, 2)], [(0, 0)], [(6, 0)], [], []])
    # sourced in a cycle from lib/sub: each `$0` folder a new read, of names that are not
    # there; those once spent the bound of scripts read, and the whole tree was taken as run
    @example(
        entry=0,
        first=4,
        graph=[[], [(0, 0), (0, 2)], [(0, 1), (0, 3)], [(0, 1)], [(0, 1), (0, 2)], []],
    )
    @given(
        entry=st.integers(0, len(ENTRIES) - 1),
        first=st.integers(0, len(SCRIPTS) - 1),
        graph=st.lists(calls(), min_size=len(SCRIPTS), max_size=len(SCRIPTS)),
    )
    def check(entry: int, first: int, graph: list[list[tuple[int, int]]]) -> None:
        nonlocal ran
        shutil.rmtree(marks, ignore_errors=True)
        marks.mkdir()
        for folder in ("tools", "lib"):
            shutil.rmtree(root / folder, ignore_errors=True)
        for name in ("d.sh", "f.sh"):
            (root / name).unlink(missing_ok=True)
        write_scripts(root, marks, graph)
        value = ENTRIES[entry].format(path=SCRIPTS[first])
        subprocess.run(["git", "config", "diff.x.textconv", value], cwd=root, check=True)
        subprocess.run(
            ["git", "diff", "--textconv"], cwd=root, capture_output=True, timeout=30, check=False
        )
        host = host_folders(repo)
        said = f"diff.x.textconv = {value}, scripts {graph}"
        ran += marks_host_run(host, marks, SCRIPTS, said)
        assert host_run(UNTOUCHED, host) is None, f"{said}: {UNTOUCHED} taken as run"

    check()
    return ran
