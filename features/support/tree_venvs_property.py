"""The property of trust.tree_venvs.property.feature: every file a venv of the tree runs
once activated (its `bin`, `lib`, `pyvenv.cfg`) is host-run, whether or not the venv is on
PATH, wherever it lies at the top or one level down and whatever its name; a file beside it
is not.

Each example makes a tree with a venv (a `pyvenv.cfg`, `bin/activate`, a `site-packages`)
at a random place and name, and picks files in it and beside it; the venv's `activate` is
sourced by a real bash (it leaves a mark): what the user's activation runs must be judged
host-run (`host_folders`), and the files beside it not.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.host_folders import host_folders
from cleveragents.domain.host_files import host_run
from features.support.properties import reproducible

PARENTS = ["", "backend", "services", "tools"]
NAMES = [".venv", "venv", "env", ".tox-py", "py311"]
INSIDE = [
    "bin/activate", "bin/pytest", "bin/git", "bin/python3", "pyvenv.cfg",
    "lib/python3.11/site-packages/zz.pth", "lib/python3.11/site-packages/pkg/__init__.py",
    "lib64/python3.11/site-packages/x.pth",
]  # fmt: skip
BESIDE = ["notes.txt", "src/app.py"]


def check_property(examples: int, seed: int, work: Path) -> int:
    top = Path(tempfile.mkdtemp(prefix="tree-venvs-", dir=work))
    ran = 0

    @reproducible(examples, seed)
    @example(parent=0, name=0, inside=0)
    @example(parent=1, name=0, inside=5)
    @given(
        parent=st.integers(0, len(PARENTS) - 1),
        name=st.integers(0, len(NAMES) - 1),
        inside=st.integers(0, len(INSIDE) - 1),
    )
    def check(parent: int, name: int, inside: int) -> None:
        nonlocal ran
        root = top / "tree"
        shutil.rmtree(root, ignore_errors=True)
        subprocess.run(["git", "init", "-q", str(root)], check=True)
        venv = "/".join(p for p in (PARENTS[parent], NAMES[name]) if p)
        (root / ".gitignore").write_text(f"{NAMES[name]}/\n")
        (root / venv / "bin").mkdir(parents=True)
        (root / venv / "pyvenv.cfg").write_text("home = /usr/bin\n")
        mark = top / "activated"
        mark.unlink(missing_ok=True)
        (root / venv / "bin" / "activate").write_text(f"touch '{mark}'\n")
        (root / venv / "lib" / "python3.11" / "site-packages").mkdir(parents=True)
        subprocess.run(["bash", "-c", f". '{venv}/bin/activate'"], cwd=root, check=True)
        said = f"a venv at {venv}, {INSIDE[inside]}"
        assert mark.exists(), f"{said}: its activate did not run"
        real = root.resolve()
        host = host_folders(GitRepository(root=real, git_dir=real / ".git"))
        for path in (f"{venv}/bin/activate", f"{venv}/{INSIDE[inside]}"):
            assert host_run(path, host) is not None, f"{said}: {path} not taken as run"
        for beside in BESIDE:
            path = "/".join(p for p in (PARENTS[parent], beside) if p)
            assert host_run(path, host) is None, f"{said}: {path} taken as run"
        ran += 1

    check()
    return ran
