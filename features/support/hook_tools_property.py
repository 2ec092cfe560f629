"""The property of trust.hook_tools.property.feature: a tool my pre-commit hook runs that
agents has no table for, which loads a config of my tree by its own convention, has that
config refused to the model.

Each example makes a real program of a random name (none agents knows) in a folder outside
the tree on PATH, which runs a config of the tree by a random convention of its own (its
`.NAMErc.sh`, `NAME.config.sh` or `config/NAME.sh`, from the folder it runs in, sourced),
the config leaving a mark; the hook runs the tool by a random form (bare, `cd sub &&`,
`exec`, `env X=1`, `timeout 60`, or through a tree script `sh scripts/lint.sh`), and the
user's own `git commit` runs it. The marked config must be judged host-run (`host_folders`):
an oracle that shares nothing with agents' reading of the hook, only the precondition that
the name is none of its tables'.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from hypothesis import assume, example, given
from hypothesis import strategies as st

from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.host_folders import host_folders
from cleveragents.domain import launchers
from cleveragents.domain.host_files import host_run
from features.support.properties import reproducible

CONVENTIONS = [".{name}rc.sh", "{name}.config.sh", "config/{name}.sh"]
HOOKS = [
    "{name} --check .",
    "cd sub && {name} .",
    "exec {name}",
    "env LINT=1 {name} x.md",
    "timeout 60 {name}",
    "sh scripts/lint.sh",
]
TOOL = '#!/bin/sh\nif [ -f "{config}" ]; then . "./{config}"; fi\nexit 0\n'
CONFIG = "touch {marks}/{mark}\n"
NAMES = st.from_regex(r"[a-z][a-z0-9]{1,8}(-[a-z0-9]{1,6})?", fullmatch=True)


def _known(name: str) -> bool:
    """Whether agents has a table for `name` (the precondition: it must not)."""
    return (
        name in launchers.INERT
        or name in launchers.OPAQUE
        or name in launchers.CONVENTIONS
        or name in launchers.RUNNERS
        or name in launchers.WRAPPERS
        or name in launchers.SHELLS
        or name in launchers.NODE
        or name in launchers.SCRIPTED
        or name in launchers.KEYWORDS
        or bool(launchers.PYTHON.fullmatch(name))
        or shutil.which(name) is not None
        or name in ("cd", "pushd", "source", "export", "xargs", "for", "case", "select", "test")
    )


def commit_through_hook(root: Path, line: str, env: dict[str, str], marks: Path) -> list[str]:
    """The user's `git commit` in `root` through a pre-commit hook running `line`: the tree
    paths its programs marked as loaded (a mark names a path with `!` for `/`)."""
    pre_commit = root / ".git" / "hooks" / "pre-commit"
    pre_commit.write_text(f"#!/bin/sh\n{line}\nexit 0\n")
    pre_commit.chmod(0o755)
    subprocess.run(["git", "add", "--all"], cwd=root, check=True)
    subprocess.run(
        ["git", "commit", "-qm", "user"], cwd=root, env=env, capture_output=True, timeout=60
    )
    return [m.replace("!", "/") for m in os.listdir(marks)]


def check_property(examples: int, seed: int, work: Path) -> int:
    top = Path(tempfile.mkdtemp(prefix="hook-tools-", dir=work))
    root = top / "tree"
    marks = top / "marks"
    tools = top / "bin"
    env = {**os.environ, "PATH": f"{tools}:{os.environ.get('PATH', '')}"}
    env.update({"GIT_AUTHOR_NAME": "a", "GIT_AUTHOR_EMAIL": "a@b"})
    env.update({"GIT_COMMITTER_NAME": "a", "GIT_COMMITTER_EMAIL": "a@b"})
    ran = 0

    @reproducible(examples, seed)
    @example(name="mdlint-cli", convention=0, hook=0)
    @example(name="speller", convention=2, hook=5)
    @given(
        name=NAMES,
        convention=st.integers(0, len(CONVENTIONS) - 1),
        hook=st.integers(0, len(HOOKS) - 1),
    )
    def check(name: str, convention: int, hook: int) -> None:
        nonlocal ran
        assume(not _known(name))
        for folder in (root, marks, tools):
            shutil.rmtree(folder, ignore_errors=True)
        marks.mkdir()
        tools.mkdir()
        subprocess.run(["git", "init", "-q", str(root)], check=True)
        config = CONVENTIONS[convention].format(name=name)
        line = HOOKS[hook].format(name=name)
        where = "sub/" if line.startswith("cd sub") else ""
        files = {
            "src/a.py": "x = 1\n",
            "sub/keep.txt": "k\n",
            f"{where}{config}": CONFIG.format(
                marks=marks, mark=f"{where}{config}".replace("/", "!")
            ),
            "scripts/lint.sh": f"{name} --all\n",
        }
        for path, content in files.items():
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_text(content)
        (tools / name).write_text(TOOL.format(config=config))
        (tools / name).chmod(0o755)
        loaded = commit_through_hook(root, line, env, marks)
        assert loaded, f"`{line}` ran no config: the example proves nothing"
        repo = GitRepository(root=root.resolve(), git_dir=(root / ".git").resolve())
        host = host_folders(repo)
        for path in loaded:
            ran += 1
            said = f"the hook runs `{line}`, whose `{name}` loads {path}"
            assert host_run(path, host) is not None, f"{said}: not refused"

    check()
    return ran
