"""A new git repository with its files in a first commit (the demo's throwaway one)."""

from __future__ import annotations

from pathlib import Path

from cleveragents.adapters.git.repository import IDENTITY, GitRepository


def new_repository(root: Path, files: dict[str, str]) -> GitRepository:
    """Write `files` into `root`, make it a repository and commit them."""
    for name, text in files.items():
        (root / name).write_text(text)
    repo = GitRepository(root=root, git_dir=root / ".git")
    repo.git("init", "--quiet")
    repo.git("add", "--all")
    repo.git("commit", "--quiet", "--no-gpg-sign", "-m", "initial commit", env=IDENTITY)
    return repo
