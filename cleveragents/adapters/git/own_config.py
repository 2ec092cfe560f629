"""OwnConfig: a setting of the repository's own configs not known to be harmless, put back
after a Claude Code Bash call (`domain/git_programs.py` says which are harmless).

The configs git reads for this repository and for what its `git status` recurses into are
read with `git config --file --no-includes --list` before the call and after it: `config`
(in the common dir), this worktree's `config.worktree`, each other worktree's, and the
`config` of each submodule's git directory under `modules/` (at any depth, and theirs).
Each setting that is not harmless and that the call added, changed or removed gets its
values as they were (`--unset-all`, then `--add`), named; harmless ones stay as the command
left them. Cost: one `git config` run per config file, before and after each call.
A folder in the tree that `core.hooksPath` names, at the look or as the user's git reads it
(global and system config too: `hooks_folder`), is watched as `.git/hooks` is
(`claude_dirs.py`): git runs each hook there.
"""

from __future__ import annotations

import os
from pathlib import Path

from cleveragents.adapters.git.own_git_dir import common_dir_now
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.git.saved_files import link_on_the_way
from cleveragents.domain.command_saves import shown_path
from cleveragents.domain.git_programs import harmless, harmless_alias
from cleveragents.domain.host_files import TOP, kept_hooks_folder
from cleveragents.errors import GitFailed

OWN = ("config", "config.worktree")
MOST_CONFIGS = 256  # folders of submodule and worktree git dirs looked into, at most
# By file name: each setting not known harmless with its values in order.
Settings = dict[str, dict[str, list[str]]]


class OwnConfig:
    """Looks at the repository's own configs before a command and puts back after it."""

    def __init__(self, repo: GitRepository) -> None:
        self.repo = repo

    def look(self) -> Settings:
        return {name: self._read(name) for name in self._names()}

    def put_back(self, before: Settings | None) -> list[str]:
        """Each setting not known harmless that differs from `before`, as it was; one line
        for each. No look (`None`): nothing to compare with."""
        if before is None:  # pragma: no cover - a look held on disk by an older agents
            return []
        said: list[str] = []
        now = self.look()
        for name in sorted({*before, *now}):
            was, is_now = before.get(name, {}), now.get(name, {})
            where = "" if name in OWN else f" in .git/{shown_path(name)}"
            for key in sorted({*was, *is_now}):
                if was.get(key, []) == is_now.get(key, []) or _harmless_now(key, is_now):
                    continue
                self._set(name, key, was.get(key, []))
                why = "set" if key not in was else "changed" if key in is_now else "removed"
                said.append(f"put back git config {shown_path(key)}{where}: {why} by the command")
        return said

    def hooks_folder(self, settings: Settings | None) -> list[str]:
        """The folders in the working tree that `core.hooksPath` names (`hooks_named`) that
        stand as real folders: git runs each hook there as it does `.git/hooks`, so each is
        watched the same way; so is what `run_through` names."""
        root = self.repo.root
        return [
            inside
            for inside in self.hooks_named(settings)
            if inside != TOP  # the hooks at the top are refused to the model, not watched
            and link_on_the_way(root, inside) is None
            and (root / inside).is_dir()
            and not (root / inside).is_symlink()
        ] + self.run_through()

    def run_through(self) -> list[str]:
        """What git runs in the tree through a link or a setting, standing or not: where a
        hook that is a link leads (`hook_links.py`), a file or a folder, and each file a
        setting names as a program (`config_programs.py`)."""
        from cleveragents.adapters.git.config_programs import config_programs
        from cleveragents.adapters.git.hook_links import hook_link_targets

        root = self.repo.root
        linked = hook_link_targets(self.repo, self.effective_hooks_path())
        programs = [inside for inside, _ in config_programs(self.repo)]
        return [
            inside
            for inside in dict.fromkeys([*linked, *programs])
            if link_on_the_way(root, inside) is None
        ]

    def hooks_named(self, settings: Settings | None) -> list[str]:
        """The folders of the working tree that `core.hooksPath` names, standing or not: in
        `settings` (the repository's own config at a look), and as the user's git reads it
        now (`effective_hooks_path`: global and system config, includes). A relative value
        names a folder of the tree; husky 9's `.husky/_` is kept as the whole `.husky`."""
        named = [*(settings or {}).get("config", {}).get("core.hookspath", [])[-1:]]
        named += (settings or {}).get("config.worktree", {}).get("core.hookspath", [])[-1:]
        named += self.effective_hooks_path()
        root = self.repo.root
        found: list[str] = []
        for value in named:
            full = root / os.path.expanduser(value)
            # As named, and where its links lead (git follows them): both are the hooks'.
            for place in (os.path.normpath(full), os.path.realpath(full)):
                inside = os.path.relpath(place, root)
                if inside == ".":
                    found.append(TOP)  # the tree's top: its files named as hooks
                elif Path(inside).parts[0] not in ("..", ".git"):
                    found.append(kept_hooks_folder(Path(inside).as_posix()))
        return list(dict.fromkeys(found))

    def effective_hooks_path(self) -> list[str]:
        """`core.hooksPath` as the user's git reads it (repository, worktree, global,
        `$XDG_CONFIG_HOME/git/config`, system, includes), without our plumbing's override:
        `git config --get` reads config files only, and runs nothing."""
        code, out, _ = self.repo.git_outcome(
            "config", "--get", "core.hooksPath", env={"GIT_CONFIG_COUNT": "0"}
        )
        value = out.decode("utf-8", "surrogateescape").rstrip("\n")
        return [value] if code == 0 and value else []

    def _names(self) -> list[str]:
        """`config`, `config.worktree`, and each other config file by its path in the
        common dir: `worktrees/X/config.worktree`, `modules/NAME/config` (a submodule's
        name may hold slashes; its own `modules/` and `worktrees/` follow)."""
        names = [*OWN]
        own = os.path.normpath(self.repo.git_dir / "config.worktree")
        common = self._common
        folders = [("", True)]  # (folder in the common dir, whether it is a git dir)
        visits = 0
        while folders and visits < MOST_CONFIGS:
            visits += 1
            folder, git_dir = folders.pop()
            if git_dir:
                if folder:
                    names.append(f"{folder}config")
                for tree in _folders(common / folder / "worktrees"):
                    name = f"{folder}worktrees/{tree}/config.worktree"
                    if os.path.normpath(common / name) != own:
                        names.append(name)
                modules = _folders(common / folder / "modules")
                folders += [(f"{folder}modules/{n}/", False) for n in modules]
                continue
            if (common / folder / "HEAD").is_file():
                folders.append((folder, True))
            else:  # a part of a submodule's name: `modules/a/b` for the submodule `a/b`
                inner = _folders(common / folder)
                folders += [(f"{folder}{n}/", False) for n in inner]
        return names

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
            if key and not harmless(key):
                found.setdefault(key, []).append(value)
        return found

    def _path(self, name: str) -> Path:
        """`config.worktree` is this worktree's; every other name lies in the common dir."""
        return (self.repo.git_dir if name == "config.worktree" else self._common) / name

    @property
    def _common(self) -> Path:
        return common_dir_now(self.repo)

    def _set(self, name: str, key: str, values: list[str]) -> None:
        path = str(self._path(name))
        self.repo.git_outcome("config", "--file", path, "--unset-all", key)
        for value in values:
            self.repo.git_bytes("config", "--file", path, "--add", key, value)


def _harmless_now(key: str, now: dict[str, list[str]]) -> bool:
    """An alias the command set to a harmless value (`git config alias.co checkout`), or
    removed, stays as it left it."""
    return key.startswith("alias.") and all(harmless_alias(v) for v in now.get(key, []))


def _folders(folder: Path) -> list[str]:
    """The names of the folders (not links) in `folder`, sorted; none when it is no folder."""
    try:
        return sorted(e.name for e in os.scandir(folder) if e.is_dir(follow_symlinks=False))
    except OSError:
        return []
