"""ConfigListings: the user's git config as git reads it for the repository (or for a nested
one, by its `.git`), read again only when a file it may come from changed. What the user's
environment gives their git (`GIT_CONFIG_COUNT`/`KEY_n`/`VALUE_n`, `GIT_CONFIG_PARAMETERS`,
`GIT_CONFIG_GLOBAL`...) is read as their git reads it (`users_config`).

The model's file actions and the look before a command ask which tree files git runs
(`config_programs.py`) and where a nested repository runs its hooks (`OwnConfig.
nested_hooks`): without this, one `git config --list` per write, and one `git config --get`
per nested repository per write. So a listing (`git config --list --show-origin -z`) is
kept with the stat (device, inode, size, mtime, ctime, or absence) of each file it may
come from: each file it came from, each file an include names (whether it exists yet or
not, whatever its condition), the repository's own configs, the global and system ones git
would read, and `HEAD` when an include depends on the branch. A listing is read again when
one of these changed, or when one had changed so recently (`RECENT`, as `own_config.py`
does) that a change in the same clock tick would keep its stamps.

Cost: a `stat` of a dozen files per ask; one `git config` when something changed.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING

from cleveragents.adapters.git.git_folders import gitdir_of
from cleveragents.adapters.git.own_git_dir import common_dir_now
from cleveragents.adapters.git.tree_includes import include_target, listed_entries, users_config

if TYPE_CHECKING:
    from cleveragents.adapters.git.repository import GitRepository

RECENT = 2_000_000_000  # ns: a file whose ctime is this close to a read is read again
Stamp = tuple[int, int, int, int, int] | None
Entries = list[tuple[str, str]]  # (key, value) in the order git lists them
Listed = list[tuple[str, str, str]]  # (origin file or "", key, value), the same


class ConfigListings:
    """`git config --list` of a repository and of its nested ones, kept while it holds."""

    def __init__(self, repo: GitRepository) -> None:
        self.repo = repo
        self._kept: dict[str, tuple[list[Path], list[Stamp], Listed]] = {}

    def entries(self, git: Path | None = None) -> Entries | None:
        """(key, value) of each setting git reads for the repository (`git`: for the nested
        one whose `.git` that is), without our plumbing's overrides; None when git cannot
        read them there."""
        listed = self.listed(git)
        return None if listed is None else [(key, value) for _, key, value in listed]

    def listed(self, git: Path | None = None) -> Listed | None:
        """`entries` with the file each came from: a relative include names a file from
        that file's folder. A nested repository's whose includes git cannot read: its own
        config's alone."""
        name = "" if git is None else str(git)
        kept = self._kept.get(name)
        if kept is not None and [_stamp(p) for p in kept[0]] == kept[1]:
            return kept[2]
        env = {**users_config(), **({} if git is None else {"GIT_DIR": name})}
        code, out, _ = self.repo.git_outcome("config", "--list", "--show-origin", "-z", env=env)
        if code != 0 and git is not None:  # a file it includes is no config (yet): its
            # own config's include still names a file git reads there once it is one
            own = Path(gitdir_of(str(git)) or git) / "config"
            listing = ("config", "--file", str(own), "--list", "--show-origin", "-z")
            code, out, _ = self.repo.git_outcome(*listing)
        if code != 0:
            self._kept.pop(name, None)
            return None
        listed = listed_entries(out)
        files = self._read_from(git, listed)
        stamps = [_stamp(p) for p in files]
        settled = time.time_ns() - RECENT
        if all(s is None or s[4] < settled for s in stamps):
            self._kept[name] = (files, stamps, listed)
        else:
            self._kept.pop(name, None)
        return listed

    def _read_from(self, git: Path | None, listed: list[tuple[str, str, str]]) -> list[Path]:
        """Every file the listing `listed` came from or may come from next time."""
        root = self.repo.root
        if git is None:
            own = common_dir_now(self.repo)
            files = [own / "config", self.repo.git_dir / "config.worktree"]
            head = self.repo.git_dir / "HEAD"
        else:  # a `gitdir:` file names its folder: the file itself, and what it names
            files = [] if git.is_dir() else [git]
            files += [git / "config", git / "config.worktree", git / "commondir"]
            head = git / "HEAD"
        files += user_configs()
        for origin, key, value in listed:
            if origin:
                files.append(root / origin)
            lowered = key.lower()
            if lowered == "include.path" or (
                lowered.startswith("includeif.") and lowered.endswith(".path")
            ):
                target = include_target(root, origin, value)
                files += [] if target is None else [target]
                if lowered.startswith("includeif.onbranch:"):
                    files.append(head)
        return list(dict.fromkeys(Path(os.path.normpath(f)) for f in files))


def user_configs() -> list[Path]:
    """The global and system configs git reads, standing or not."""
    home = Path(os.path.expanduser("~"))
    xdg = os.environ.get("XDG_CONFIG_HOME") or str(home / ".config")
    named = os.environ.get("GIT_CONFIG_GLOBAL")
    files = [Path(named)] if named else [home / ".gitconfig", Path(xdg) / "git" / "config"]
    return [*files, Path(os.environ.get("GIT_CONFIG_SYSTEM") or "/etc/gitconfig")]


def _stamp(path: Path) -> Stamp:
    try:
        seen = path.stat()
    except OSError:
        return None
    return (seen.st_dev, seen.st_ino, seen.st_size, seen.st_mtime_ns, seen.st_ctime_ns)
