"""The property that a sandboxed command's overlay, applied after it, leaves the tree as the
same shell script leaves a plain copy of the tree (`overlay_apply.py`).

Each example: a real repository with a random tree (files of random modes and bytes,
folders, links), a random script of writes, appends, removals, folders made anew (an
opaque folder in the overlay), modes, links, renames and a file replaced by a folder and
back; run once by `agents`' environment in the real bubblewrap, over an overlay, and once
by bash in a copy of the tree. The two trees (`.git` aside) must be the same: each path's
kind, mode, bytes or link target.
"""

from __future__ import annotations

import os
import shlex
import shutil
import stat
import subprocess
import time
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.adapters.workspace.environment import WorkspaceEnvironment
from cleveragents.domain.action import RunAction
from cleveragents.domain.command_policy import Confinement
from features.support.properties import reproducible

PATHS = ("a", "b", "d/x", "d/e/y", "d", "d/e", "f", "f/z")
TEXTS = ("one", "two\nlines", "")
ENV = {**os.environ, "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1"}

operations = st.one_of(
    st.tuples(st.just("write"), st.sampled_from(PATHS), st.sampled_from(TEXTS)),
    st.tuples(st.just("append"), st.sampled_from(PATHS), st.sampled_from(TEXTS)),
    st.tuples(st.just("remove"), st.sampled_from(PATHS), st.just("")),
    st.tuples(st.just("anew"), st.sampled_from(PATHS), st.sampled_from(TEXTS)),
    st.tuples(st.just("mode"), st.sampled_from(PATHS), st.sampled_from(("755", "600", "700"))),
    st.tuples(st.just("link"), st.sampled_from(PATHS), st.sampled_from(PATHS)),
    st.tuples(st.just("move"), st.sampled_from(PATHS), st.sampled_from(PATHS)),
    st.tuples(st.just("folder"), st.sampled_from(PATHS), st.just("")),
)
start = st.lists(
    st.tuples(st.sampled_from(("a", "b", "d/x", "d/e/y")), st.sampled_from(TEXTS), st.booleans()),
    max_size=4,
)


def check_property(examples: int, seed: int, tmp: Path) -> int:
    ran = 0

    @reproducible(examples, seed)
    @given(start, st.lists(operations, min_size=1, max_size=6))
    def holds(files: list[tuple[str, str, bool]], script: list[tuple[str, str, str]]) -> None:
        nonlocal ran
        ran += 1
        work = tmp / f"overlay-{ran}"
        root, copy = work / "repo", work / "copy"
        subprocess.run(["git", "init", "--quiet", str(root)], env=ENV, check=True)
        for path, text, executable in files:
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_text(text)
            os.chmod(root / path, 0o755 if executable else 0o644)
        shutil.copytree(root, copy, symlinks=True, ignore=shutil.ignore_patterns(".git"))
        line = "; ".join(_shell(op) for op in script)
        # The apply takes a path changed in the 100 ms before the command for the user's.
        time.sleep(0.15)
        environment = WorkspaceEnvironment(root, root / ".git", notice=lambda _: None)
        outcome = environment.apply(
            RunAction(command=line, timeout=60), Confinement(sandbox=True, network=False)
        )
        assert outcome.wrote is not None, f"no overlay: {outcome.summary}"
        # As the sandbox runs it: no capability (root's would write through a `chmod 500`).
        uncapped = ["setpriv", "--bounding-set=-all", "--inh-caps=-all"] if os.getuid() == 0 else []
        subprocess.run([*uncapped, "bash", "-c", line], cwd=copy, capture_output=True, check=False)
        assert _tree(root) == _tree(copy), f"`{line}`: {outcome.summary}"
        shutil.rmtree(work)

    holds()
    return ran


def _shell(op: tuple[str, str, str]) -> str:
    kind, path, other = op
    p, o = shlex.quote(path), shlex.quote(other)
    parent = f"mkdir -p $(dirname {p}) 2>/dev/null"
    return {
        "write": f"{parent}; printf %s {o} > {p}",
        "append": f"{parent}; printf %s {o} >> {p}",
        "remove": f"rm -rf {p}",
        "anew": f"rm -rf {p} && mkdir -p {p} && printf %s {o} > {p}/new",
        "mode": f"chmod {o} {p}",
        "link": f"{parent}; ln -sfn {o} {p}",
        "move": f"mv -T {p} {o}",
        "folder": f"rm -f {p}; mkdir -p {p}",
    }[kind] + " 2>/dev/null"


def _tree(top: Path) -> dict[str, tuple[str, int, bytes]]:
    found: dict[str, tuple[str, int, bytes]] = {}
    for folder, folders, files in os.walk(top):
        folders[:] = [f for f in folders if not (folder == str(top) and f == ".git")]
        for name in [*folders, *files]:
            full = Path(folder, name)
            st_ = os.lstat(full)
            path = full.relative_to(top).as_posix()
            if stat.S_ISLNK(st_.st_mode):
                found[path] = ("link", 0, os.fsencode(os.readlink(full)))
            elif stat.S_ISDIR(st_.st_mode):
                found[path] = ("folder", stat.S_IMODE(st_.st_mode), b"")
            else:
                found[path] = ("file", stat.S_IMODE(st_.st_mode), full.read_bytes())
    return found
