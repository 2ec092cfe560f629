"""OwnConfig: a setting of the repository's own config that makes git run a program, put
back after a Claude Code Bash call (`domain/git_programs.py` says which).

The repository's `.git/config` (and `config.worktree`) is read with `git config --file
--no-includes --list` before the call and after it; each such setting the call added,
changed or removed gets its values as they were (`--unset-all`, then `--add`), named. Other
settings stay as the command left them. Cost: two `git config` runs per call.
A folder in the tree that `core.hooksPath` named at the look (`hooks_folder`) is watched
as `.git/hooks` is (`claude_dirs.py`): git runs each hook there.
"""

from __future__ import annotations

import os
from pathlib import Path

from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.git.saved_files import link_on_the_way
from cleveragents.domain.command_saves import shown_path
from cleveragents.domain.git_programs import runs_program
from cleveragents.errors import GitFailed

FILES = ("config", "config.worktree")
# By file name: each program-running key with its values in order.
Settings = dict[str, dict[str, list[str]]]


class OwnConfig:
    """Looks at the repository's own config before a command and puts back after it."""

    def __init__(self, repo: GitRepository) -> None:
        self.repo = repo

    def look(self) -> Settings:
        return {name: self._read(name) for name in FILES}

    def put_back(self, before: Settings | None) -> list[str]:
        """Each program-running setting that differs from `before`, as it was; one line
        for each. No look (`None`): nothing to compare with."""
        if before is None:  # pragma: no cover - a look held on disk by an older agents
            return []
        said: list[str] = []
        for name, now in self.look().items():
            was = before.get(name, {})
            for key in sorted({*was, *now}):
                if was.get(key, []) == now.get(key, []):
                    continue
                self._set(name, key, was.get(key, []))
                why = "set" if key not in was else "changed" if key in now else "removed"
                said.append(f"put back git config {shown_path(key)}: {why} by the command")
        return said

    def hooks_folder(self, settings: Settings | None) -> list[str]:
        """The folder in the working tree that `core.hooksPath` names in `settings`, if any:
        git runs each hook there as it does `.git/hooks`, so it is watched the same way."""
        if not settings:
            return []
        named = [*settings.get("config", {}).get("core.hookspath", [])]
        named += settings.get("config.worktree", {}).get("core.hookspath", [])
        if not named:
            return []
        inside = os.path.relpath(self.repo.root / named[-1], self.repo.root)
        first = Path(inside).parts[0]
        if first in (".", "..", ".git") or link_on_the_way(self.repo.root, inside) is not None:
            return []
        folder = self.repo.root / inside
        return [inside] if folder.is_dir() and not folder.is_symlink() else []

    def _read(self, name: str) -> dict[str, list[str]]:
        path = self._path(name)
        if not path.is_file():
            return {}
        try:
            out = self.repo.git_bytes("config", "--file", str(path), "--no-includes", "-lz")
        except GitFailed:  # pragma: no cover - a config git cannot read: git refuses it too
            return {}
        found: dict[str, list[str]] = {}
        for record in out.decode("utf-8", "surrogateescape").split("\0"):
            key, _, value = record.partition("\n")
            if key and runs_program(key, value):
                found.setdefault(key, []).append(value)
        return found

    def _path(self, name: str) -> Path:
        """`config` is shared by every worktree; `config.worktree` is this one's."""
        return (self.repo.common_dir if name == "config" else self.repo.git_dir) / name

    def _set(self, name: str, key: str, values: list[str]) -> None:
        path = str(self._path(name))
        self.repo.git_outcome("config", "--file", path, "--unset-all", key)
        for value in values:
            self.repo.git_bytes("config", "--file", path, "--add", key, value)
