"""The property that Claude Code's file tools never write into a git directory of another
name (`adapters/git/git_folders.py`), and are let through everywhere else in the tree."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from features.support.properties import reproducible

# Folders of the tree made by `git_directories`, and where a write into them is refused.
FOLDERS = ["mirror", "lstore", "vstore", "linked/.git", "plain", "odd", "half", "wt", "other"]
GIT_DIRECTORIES = ("mirror", "lstore", "vstore", "half/refs")
PARTS = ["x", "HEAD", "objects", "refs", "hooks", "config", ".git", ".", "info"]


def git_directories(root: Path) -> None:
    """A bare repository, a nested one whose git directory lies elsewhere in the tree, one
    reached through a `.git` link, a linked worktree, a plain nested repository, a `.git`
    file naming nothing, a folder holding HEAD and objects/ but no refs/ yet, one holding
    HEAD and a `commondir` naming a folder with objects/ and refs/, and one with HEAD only."""

    def git(*args: str) -> None:
        subprocess.run(["git", *args], cwd=root, check=True, capture_output=True)

    git("init", "-q", "--bare", "mirror")
    git("init", "-q", "--bare", "lstore")
    git("init", "-q", f"--separate-git-dir={root}/vstore", "vendor/lib")
    git("init", "-q", "plain")
    git("worktree", "add", "-q", "--detach", "wt")
    (root / "linked").mkdir()
    (root / "linked" / ".git").symlink_to("../lstore")
    (root / "odd").mkdir()
    (root / "odd" / ".git").write_text("not a gitdir line\n")
    (root / "half" / "objects").mkdir(parents=True)
    (root / "half" / "HEAD").write_text("ref: refs/heads/main\n")
    for name in ("shared/objects", "shared/refs", "taken", "pointer"):
        (root / name).mkdir(parents=True)
    for name in ("taken", "pointer"):  # `taken` is one, its objects/ and refs/ in `shared`
        (root / name / "HEAD").write_text("ref: refs/heads/main\n")
    (root / "taken" / "commondir").write_text("../shared\n")


def check(examples: int, seed: int, work: Path) -> int:
    from cleveragents.adapters.git.checkpoints import GitCheckpoints
    from cleveragents.adapters.git.repository import GitRepository
    from cleveragents.domain.tool_effects import setting_written
    from features.steps.claude_code_writes_steps import now
    from features.support.claude_dirs_property import claude_repository

    root = claude_repository(work / "git-folders")
    git_directories(root)
    checkpoints = GitCheckpoints(GitRepository.discover(root), now)
    ran = 0

    @reproducible(examples, seed)
    @given(
        st.sampled_from(FOLDERS),
        st.lists(st.sampled_from(PARTS), min_size=1, max_size=3),
        st.sampled_from(["Write", "Edit", "MultiEdit", "NotebookEdit"]),
        st.booleans(),
    )
    def holds(folder: str, parts: list[str], tool: str, absolute: bool) -> None:
        nonlocal ran
        ran += 1
        path = "/".join([folder, *parts])
        given_path = f"{root}/{path}" if absolute else path
        key = "notebook_path" if tool == "NotebookEdit" else "file_path"
        said = setting_written(
            tool,
            {key: given_path},
            str(root),
            os.path.realpath,
            checkpoints.claude_links,
            checkpoints.git_folder,
        )
        normal = os.path.normpath(path)
        refused = ".git" in normal.split("/") or any(
            normal == d or normal.startswith(f"{d}/") for d in GIT_DIRECTORIES
        )
        if refused:
            assert said is not None and said.startswith("git's own files"), (path, said)
        else:
            assert said is None, (path, said)

    holds()
    return ran
