"""The property that no sandboxed command changes any nested git directory of the tree
(`adapters/command_safety/nested_gits.py`), while the nested repositories' own files stay
writable: each example a real repository holding a random set of nested kinds, one command
in the real bubblewrap doing random operations on random names of their git directories."""

from __future__ import annotations

import os
import shlex
import subprocess
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.adapters.command_safety.bubblewrap import Bubblewrap
from cleveragents.adapters.workspace.environment import WorkspaceEnvironment
from cleveragents.domain.action import RunAction
from cleveragents.domain.command_policy import Confinement
from features.support.properties import reproducible

ENV = {"PATH": os.defpath, "HOME": "/nonexistent", "GIT_CONFIG_NOSYSTEM": "1"}
# Each kind: its worktree folder (None: a bare one) and its git directory, in the tree.
KINDS = {
    "clone": ("clone", "clone/.git"),
    "separate": ("vendor/x", ".store/x"),
    "worktree": ("wt2", None),  # a linked worktree of the top: its git dir is in the top's
    "bare": (None, "mirror.git"),
    "linked": ("linked", "lstore"),  # `linked/.git` a link to a bare one
}
NAMES = ["HEAD", "commondir", "config.worktree", "hooks/pre-commit", "info/attributes",
         "worktrees/x/gitdir", "objects/info/alternates", "packed-refs", "config"]  # fmt: skip
OPERATIONS = {
    "write": "printf x > {f}",
    "append": "printf x >> {f}",
    "remove": "rm {f}",
    "move": "mv -f {f} {f}.away",
    "link": "ln -sfn /tmp {f}",
    "chmod": "chmod 0777 {f}",
    "move above": "mv -f {a} {a}.away",  # the folder holding it (a `.git`'s worktree)
}
EXAMPLE = st.tuples(
    st.lists(st.sampled_from(sorted(KINDS)), min_size=1, max_size=len(KINDS), unique=True),
    st.lists(
        st.tuples(st.sampled_from(sorted(KINDS)), st.sampled_from([".git", *NAMES]),
                  st.sampled_from(sorted(OPERATIONS))),
        min_size=1, max_size=8,
    ),
)  # fmt: skip


def check_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the property; the number of examples that ran."""
    ran = 0

    @reproducible(examples, seed)
    @given(EXAMPLE)
    def holds(example: tuple[list[str], list[tuple[str, str, str]]]) -> None:
        nonlocal ran
        ran += 1
        kinds, operations = example
        root = Path(tempfile.mkdtemp(prefix="nested-gits-", dir=tmp)) / "repo"
        _repository(root, kinds)
        lines, targets = [], []
        for kind, name, operation in operations:
            if kind not in kinds or (kind, name) == ("linked", ".git"):
                continue  # a `.git` link cannot be bound (README: left to the put-back)
            folder, git_dir = KINDS[kind]
            if name == ".git":
                target = f"{folder or git_dir}/.git"  # a bare one: a `.git` made inside it
            else:
                target = f"{git_dir or folder + '/.git'}/{name}"
            quoted = shlex.quote(target)
            above = shlex.quote(os.path.dirname(target))
            step = OPERATIONS[operation].format(f=quoted, a=above)
            lines.append(f"{{ {step}; }} 2>/dev/null && echo {quoted} >> changed.txt")
            targets.append(target)
        own = [f"{KINDS[k][0]}/own.txt" for k in kinds if KINDS[k][0] is not None]
        lines += [f"echo own > {shlex.quote(path)}" for path in own]
        before = {t: _state(root / t) for t in targets}
        outcome = _run(root, "; ".join([*lines, "touch marker"]))
        assert (root / "marker").exists(), f"the command did not run: {outcome.summary}"
        changed = root / "changed.txt"
        said = changed.read_text() if changed.exists() else ""
        assert not said, f"the command changed a nested git directory: {said!r}"
        for target, state in before.items():
            assert _state(root / target) == state, f"{target} changed"
        for path in own:
            assert (root / path).read_text() == "own\n", f"{path} was not writable"

    holds()
    return ran


def _repository(root: Path, kinds: list[str]) -> None:
    def git(*args: str, cwd: Path = root) -> None:
        subprocess.run(["git", *args], cwd=cwd, env=ENV, check=True, capture_output=True)

    root.mkdir(parents=True)
    git("init", "-q")
    (root / "a.txt").write_text("a\n")
    git("add", "a.txt")
    git("-c", "user.name=u", "-c", "user.email=u@x", "commit", "-q", "-m", "a")
    if "clone" in kinds:
        git("init", "-q", "clone")
    if "separate" in kinds:
        (root / ".store").mkdir()
        git("init", "-q", f"--separate-git-dir={root}/.store/x", "vendor/x")
    if "worktree" in kinds:
        git("worktree", "add", "-q", "--detach", "wt2")
    if "bare" in kinds:
        git("init", "-q", "--bare", "mirror.git")
    if "linked" in kinds:
        git("init", "-q", "--bare", "lstore")
        (root / "linked").mkdir()
        (root / "linked" / ".git").symlink_to("../lstore")


def _state(path: Path) -> tuple[str, bytes, int] | None:
    """What a name holds: kind, bytes (a link's target) and mode; None when missing."""
    try:
        st = path.lstat()
    except (FileNotFoundError, NotADirectoryError):
        return None
    if path.is_symlink():
        return ("link", os.fsencode(os.readlink(path)), st.st_mode)
    if path.is_dir():
        return ("folder", "\0".join(sorted(os.listdir(path))).encode(), st.st_mode)
    return ("file", path.read_bytes(), st.st_mode)


def _run(root: Path, command: str) -> object:
    sandbox = Bubblewrap(root, root / ".git")
    environment = WorkspaceEnvironment(root, root / ".git", sandbox, notice=lambda _: None)
    confinement = Confinement(sandbox=True, network=False, pass_env=())
    return environment.apply(RunAction(command=command, timeout=60), confinement)
