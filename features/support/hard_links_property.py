"""The property of the sandbox's hard links (`domain/hard_links.py`): whatever a sandboxed
command does to the tree's files, no file outside the tree changes through a hard link.

Each example: a real repository and a store folder beside it (outside the tree); random
groups of names for one file each, in random folders of the tree (an ignored one, a nested
repository's `.git` too): some with a name in the store as well, some with every name in
the tree; a random bound of read-only files. The real `WorkspaceEnvironment` runs, in the
real bubblewrap, one command that does a random operation to each name (an append, an
overwrite, a truncation, a chmod, a rename over, a removal), then makes a marker. Then:
  * every store file has its bytes and mode, and the store lists the same names;
  * within the bound the command ran (the marker); over it, it ran with folders held
    whole, or did not run and its outcome says how many files and what to do;
  * where it ran, each in-tree name's append took (no folder of theirs was held), but in a
    nested repository's `.git`, which the box holds read-only whole.
"""

from __future__ import annotations

import os
import shlex
import stat
import subprocess
import tempfile
from dataclasses import replace
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.adapters.command_safety.bubblewrap import Bubblewrap
from cleveragents.adapters.command_safety.limits import SandboxLimits
from cleveragents.adapters.workspace.environment import WorkspaceEnvironment
from cleveragents.domain.action import ActionOutcome, RunAction
from cleveragents.domain.command_policy import Confinement
from features.support.properties import reproducible

FOLDERS = ["", "src", "node_modules/pkg", "vendor/lib/.git/objects/ab"]
OPERATIONS = {
    "append": "echo appended >> {f}",
    "overwrite": "printf new > {f}",
    "truncate": "truncate -s 0 {f}",
    "chmod": "chmod 600 {f}",
    "rename over": "echo moved > {f}.tmp && mv {f}.tmp {f}",
    "remove": "rm {f}",
}
# (whether one name is in the store, the folders of the tree's names, the operation on each)
GROUP = st.tuples(
    st.booleans(),
    st.lists(st.sampled_from(FOLDERS), min_size=1, max_size=3),
    st.sampled_from(sorted(OPERATIONS)),
)
EXAMPLE = st.tuples(st.lists(GROUP, min_size=1, max_size=6), st.integers(1, 8))
ENV = {
    **os.environ,
    "GIT_AUTHOR_NAME": "m", "GIT_AUTHOR_EMAIL": "m@m",
    "GIT_COMMITTER_NAME": "m", "GIT_COMMITTER_EMAIL": "m@m",
    "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
}  # fmt: skip


def check_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the property; the number of examples that ran."""
    ran = 0

    @reproducible(examples, seed)
    @given(EXAMPLE)
    def holds(example: tuple[list[tuple[bool, list[str], str]], int]) -> None:
        nonlocal ran
        ran += 1
        groups, bound = example
        work = Path(tempfile.mkdtemp(prefix="hard-links-", dir=tmp))
        root, store = _repository(work)
        outside: dict[str, tuple[bytes, int]] = {}
        lines, in_tree, held = [], [], 0
        for number, (stored, folders, operation) in enumerate(groups):
            first = None
            for place, folder in enumerate(folders):
                name = f"{folder}/f{number}-{place}".lstrip("/")
                (root / name).parent.mkdir(parents=True, exist_ok=True)
                if first is None:
                    first = root / name
                    first.write_text(f"file {number}\n")
                else:
                    os.link(first, root / name)
                lines.append(OPERATIONS[operation].format(f=shlex.quote(name)))
                held += stored
                if not stored and operation == "append" and ".git" not in name.split("/"):
                    in_tree.append(name)  # a nested `.git` is read-only whole in the box
            if stored and first is not None:
                os.link(first, store / f"s{number}")
                outside[f"s{number}"] = _state(store / f"s{number}")
        outcome = _run(root, "; ".join([*lines, "touch marker"]), bound)
        assert sorted(p.name for p in store.iterdir()) == sorted(outside), "store names changed"
        for name, before in outside.items():
            assert _state(store / name) == before, f"store file {name} changed"
        if outcome.summary.startswith("refused:"):  # folders held whole were still too many
            assert held > bound, f"refused within the bound: {outcome.summary}"
            assert outcome.summary.startswith(f"refused: {held} file"), outcome.summary
            assert f"CLEVERAGENTS_SANDBOX_HARD_LINKS to {held} or more" in outcome.summary
            assert not (root / "marker").exists(), "a refused command ran"
            return
        assert (root / "marker").exists(), f"the command did not run: {outcome.summary}"
        for name in in_tree:
            assert (root / name).read_text().endswith("appended\n"), f"{name} was held"

    holds()
    return ran


def _repository(work: Path) -> tuple[Path, Path]:
    root, store = work / "repo", work / "store"
    store.mkdir()
    subprocess.run(["git", "init", "--quiet", str(root)], env=ENV, check=True)
    (root / ".gitignore").write_text("node_modules/\n")
    subprocess.run(["git", "init", "--quiet", str(root / "vendor/lib")], env=ENV, check=True)
    return root, store


def _state(path: Path) -> tuple[bytes, int]:
    return path.read_bytes(), stat.S_IMODE(path.stat().st_mode)


def _run(root: Path, command: str, bound: int) -> ActionOutcome:
    limits = replace(SandboxLimits.configured(), hard_links=bound)
    sandbox = Bubblewrap(root, root / ".git", limits)
    environment = WorkspaceEnvironment(root, root / ".git", sandbox, notice=lambda _: None)
    confinement = Confinement(sandbox=True, network=False, pass_env=())
    return environment.apply(RunAction(command=command, timeout=60), confinement)
