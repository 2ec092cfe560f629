"""OwnConfig: a setting of the repository's own configs not known to be harmless, put back
after a Claude Code Bash call (`domain/git_programs.py` says which are harmless).

The configs git reads for this repository and for what its `git status` recurses into are
read with `git config --file --no-includes --list` before the call and after it: `config`
(in the common dir), this worktree's `config.worktree`, each other worktree's, and the
`config` of each submodule's git directory under `modules/` (at any depth, and theirs).
Each setting that is not harmless and that the call added, changed or removed gets its
values as they were (`--unset-all`, then `--add`), named; harmless ones stay as the command
left them, as does a config the box held read-only (the host's). Cost: one `git config`
run per config file, before and after each call.
A folder in the tree that `core.hooksPath` names, at the look or as the user's git reads it
(global and system config too: `hooks_folder`), or that a nested repository's or a
submodule's own names, is watched as `.git/hooks` is (`claude_dirs.py`): git runs each hook
there; so is each submodule's `hooks` under `.git/modules/`. The model's file actions ask
for the top repository's at each write (`host_folders.py`), and the look before a command,
and reuse the value read last: a write cannot change it (no config git reads lies in the
tree, `tree_includes.py`), a command can, so it is read afresh after each command and again
after a put-back.
"""

from __future__ import annotations

import os
import posixpath
import stat
import time
from collections.abc import Sequence
from pathlib import Path

from cleveragents.adapters.git import config_writes, git_dirs
from cleveragents.adapters.git.config_listings import ConfigListings
from cleveragents.adapters.git.git_folders import gitdir_of, with_common
from cleveragents.adapters.git.hook_contents import HookContents
from cleveragents.adapters.git.own_git_dir import common_dir_now, folder_names
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.git.saved_files import link_on_the_way
from cleveragents.adapters.git.tree_includes import git_path, users_config
from cleveragents.domain.box_holds import Held
from cleveragents.domain.command_saves import shown_path
from cleveragents.domain.hook_runs import HookRun
from cleveragents.domain.host_files import TOP, kept_hooks_folder
from cleveragents.errors import GitFailed

OWN = ("config", "config.worktree")
RECENT = 2_000_000_000  # ns: a config whose ctime is this close to its read is read again
MOST_CONFIGS = 256  # folders of submodule and worktree git dirs looked into, at most
# By file name: each setting not known harmless with its values in order.
Settings = dict[str, dict[str, list[str]]]


class OwnConfig:
    """Looks at the repository's own configs before a command and puts back after it."""

    def __init__(self, repo: GitRepository) -> None:
        self.repo = repo
        self._hooks_path: list[str] | None = None  # the effective one, while it holds
        self._settings: dict[Path, tuple[tuple[int, ...], dict[str, list[str]]]] = {}
        self._known: dict[str, git_dirs.Listing] = {}  # the walk's folder listings
        self._found: list[str] | None = None  # the `.git`s the walk found last
        self.claudes: list[str] = []  # the `.claude`s and `.mcp.json`s the walk found last
        self.envrcs: list[str] = []  # the `.envrc`s the walk found last (`envrc_files.py`)
        self.listings = ConfigListings(repo)  # the user's git config, while it holds
        self.hook_contents = HookContents()  # what the hook files run, while it holds
        self.behind: list[str] = []  # what `hooks_folder` left out for a link on its way
        self.at: int | None = None  # when `look` read last

    def look(self) -> Settings:
        self.at = time.time_ns()  # a `config.lock` standing since is the command's
        return self.settings_now()

    def settings_now(self) -> Settings:
        return {name: self._read(name) for name in self._names()}

    def put_back(
        self, before: Settings | None, put: Sequence[str] = (), holds: Held = None
    ) -> list[str]:
        """`put` (what was put back elsewhere), then each setting not known harmless that
        differs from `before`, as it was (but in a config the box `holds` read-only: the
        host's); one line for each; and, when anything was put back while a hook runs the
        whole tree, why (`whole_why`). No look (`None`): nothing to compare with."""
        said = [*put, *self._settings_back(before, holds)]
        why = self.whole_why() if said else None
        return [*said, why] if why is not None else said

    def whole_why(self) -> str | None:
        """Why every file of the tree runs on the host, when a hook's content does (`pytest`,
        `make`: agents cannot tell which files it runs), as last read; else None."""
        from cleveragents.domain.hook_runs import hook_why
        from cleveragents.domain.reach import WHOLE

        whole = [r for r in self.hook_runs(reuse=True) if r.reach.path == WHOLE]
        return f"why: every file of the tree {hook_why(whole[0])}" if whole else None

    def _settings_back(self, before: Settings | None, holds: Held) -> list[str]:
        """Each setting put back as it was (a lock the command left first removed), then
        read again: one that did not take raises (`config_writes.py`)."""
        if before is None:  # pragma: no cover - a look held on disk by an older agents
            return []
        said: list[str] = []
        for name, key, old, new in config_writes.differing(self, before, holds):
            said += config_writes.set_values(self.repo, self._path(name), key, old, self.at)
            where = "" if name in OWN else f" in .git/{shown_path(name)}"
            why = "set" if not old else "changed" if new else "removed"
            said.append(f"put back git config {shown_path(key)}{where}: {why} by the command")
        if said:  # a value put back may be core.hooksPath
            self._hooks_path = None
            config_writes.check_taken(self, before, holds)
        return said

    def hooks_folder(self, settings: Settings | None, *, reuse: bool = False) -> list[str]:
        """The folders in the working tree that `core.hooksPath` names (`hooks_named`), and
        the `hooks` of each submodule's git directory under `.git/modules/` (`module_hooks`),
        that stand as real folders: git runs each hook there as it does `.git/hooks`, so
        each is watched the same way; so is what `run_through` names. What is left out for
        a link on its way (or a hooks folder that is a link) goes into `behind`: the links
        on its way are watched instead (`link_ways.py`)."""
        root = self.repo.root
        hooks = [
            inside
            for inside in [*self.hooks_named(settings, reuse=reuse), *self.module_hooks()]
            if inside != TOP  # the hooks at the top are refused to the model, not watched
        ]
        through = self.run_through(reuse=True)  # hooks_named has just read it
        self.behind = [
            inside
            for inside in dict.fromkeys([*hooks, *through])
            if link_on_the_way(root, inside) is not None
            or (inside in hooks and (root / inside).is_symlink())
        ]
        return [
            inside
            for inside in hooks
            if link_on_the_way(root, inside) is None
            and (root / inside).is_dir()
            and not (root / inside).is_symlink()
        ] + [inside for inside in through if link_on_the_way(root, inside) is None]

    def run_through(self, *, reuse: bool = False) -> list[str]:
        """What git runs in the tree through a link, a setting or a hook's content, standing
        or not, reached through a link or not: where a hook that is a link leads
        (`hook_links.py`), a file or a folder, each file a setting names as a program
        (`config_programs.py`), and what a hook file runs (`hook_contents.py`)."""
        from cleveragents.adapters.git.config_programs import watched, watched_programs

        root = self.repo.root
        linked = self.hook_links(reuse=reuse)
        nested = self.nested(reuse=reuse)
        programs = watched_programs(self.repo, self.listings, nested, self.claudes, self.envrcs)
        hooked = watched(
            Path(os.path.realpath(root)), [r.reach for r in self.hook_runs(reuse=True)]
        )
        return [
            inside
            for inside in dict.fromkeys([*linked, *programs, *hooked])
            if inside != TOP  # the hooks at the top are refused to the model, not watched
        ]

    def bare_programs(self) -> frozenset[str]:
        """The programs run by a bare name (`domain/bare_programs.py`) by the hooks git runs
        (as last read), git config programs and the user's Claude Code settings."""
        from cleveragents.adapters.git.hook_contents import hook_texts
        from cleveragents.adapters.git.user_claude import user_claude_lines
        from cleveragents.domain.bare_programs import bare_programs
        from cleveragents.domain.config_programs import runs_program

        texts = hook_texts(self.hook_folders(reuse=True))
        entries = self.listings.entries() or []
        texts += [value.removeprefix("!") for key, value in entries if runs_program(key, value)]
        texts += user_claude_lines()
        return frozenset().union(*(bare_programs(text) for text in texts))

    def hook_runs(self, *, reuse: bool = False) -> list[HookRun]:
        """What the hook files of every hooks folder git runs (`hook_folders`) run of the
        tree (`hook_contents.py`), read again only when one changed."""
        return self.hook_contents.runs(self.repo.root, self.hook_folders(reuse=reuse))

    def hook_folders(self, *, reuse: bool = False) -> list[tuple[str, str]]:
        """Each hooks folder git runs hooks from (absolute), with the top of the tree it
        runs them in (relative; "" for the top repository): `core.hooksPath` as the user's
        git reads it there, or the `hooks` of its common dir; for the top repository and
        each nested repository or submodule (each `.git` the walk finds; `reuse`: as the
        last walk found them, and `core.hooksPath` as read last)."""
        root = self.repo.root
        named = self.effective_hooks_path(reuse=reuse)
        own = root / os.path.expanduser(named[-1]) if named else self._common / "hooks"
        found = [(str(own), "")]
        for git in self.nested(reuse=reuse):
            top = posixpath.dirname(git)
            value = self._nested_value(root / git)
            if value:
                found.append((str(root / top / os.path.expanduser(value)), top))
                continue
            target = gitdir_of(str(root / git)) or str(root / git)
            found.append((str(Path(with_common(target)[-1]) / "hooks"), top))
        return found

    def module_hooks(self) -> list[str]:
        """The `hooks` folder of each submodule's git directory in the common dir (`modules/`
        at any depth, as `_names` finds them), relative to the tree when it lies in it: a
        hook there runs at the user's next commit in the submodule, or its checkout at
        `git submodule update`. A linked worktree's own folder under `worktrees/` has none
        git runs: its hooks are the common dir's."""
        root = self.repo.root
        found: list[str] = []
        for name in self._names():
            folder, _, last = name.rpartition("/")
            if last == "config" and folder:
                inside = os.path.relpath(self._common / folder / "hooks", root)
                if not inside.startswith(".."):
                    found.append(Path(inside).as_posix())
        return found

    def hooks_named(self, settings: Settings | None, *, reuse: bool = False) -> list[str]:
        """The folders of the working tree that `core.hooksPath` names, standing or not: in
        `settings` (the repository's own config at a look), and as the user's git reads it
        now (`effective_hooks_path`: global and system config, includes; `reuse`: as read
        last when that still holds), and each nested
        repository's or submodule's own (`nested_hooks`). A relative value names a folder
        of the tree; husky 9's `X/_` is kept as the whole `X`."""
        named = [*(settings or {}).get("config", {}).get("core.hookspath", [])[-1:]]
        named += (settings or {}).get("config.worktree", {}).get("core.hookspath", [])[-1:]
        named += self.effective_hooks_path(reuse=reuse)
        found = [place for value in named for place in self._inside("", value)]
        return list(dict.fromkeys([*found, *self.nested_hooks()]))

    def hook_links(self, *, reuse: bool = False) -> list[str]:
        """What of the tree git runs as a hook through a link (`hook_links.py`), from the
        `hooks` of every git directory the walk finds (`git_dirs`), of each nested
        repository's `.git` folder in the tree, and the folders `core.hooksPath` names as
        the user's git reads it (`reuse`: as read last, and the `.git`s the last walk found:
        `hooks_named` has just walked)."""
        from cleveragents.adapters.git.hook_links import hook_link_targets

        root = self.repo.root
        folders = [str(git / "hooks") for git in self.git_dirs()]
        nested = [root / git for git in self.nested(reuse=reuse)]
        folders += [str(git / "hooks") for git in nested if git.is_dir() and not git.is_symlink()]
        folders += [str(root / git_path(root, v)) for v in self.effective_hooks_path(reuse=reuse)]
        return hook_link_targets(root, folders)

    def git_dirs(self) -> list[Path]:
        """This worktree's git dir, the common dir, and each git dir in it: each submodule's
        under `modules/` at any depth, each linked worktree's under `worktrees/`."""
        found = [self.repo.git_dir, self._common]
        found += [self._path(name).parent for name in self._names() if name not in OWN]
        return list(dict.fromkeys(found))

    def nested_hooks(self) -> list[str]:
        """The folders of the tree where a nested repository or a submodule of it (each
        `.git` the walk finds) runs its hooks by its own `core.hooksPath`: its `git commit`
        runs them on the host. Its value is read as the user's git reads it there (its
        own configs, then the global and system ones); a relative one names a folder of its
        own tree. The tree's top itself counts only as the top repository's."""
        found: list[str] = []
        for git in self._walk():
            top = posixpath.dirname(git)
            value = self._nested_value(self.repo.root / git)
            if value:
                found += [p for p in self._inside(top, value) if p != TOP]
        return found

    def nested(self, *, reuse: bool = False) -> list[str]:
        """Each `.git` of the tree (`git_dirs.found`): as the last walk found them with
        `reuse`, when there was one."""
        return self._found if reuse and self._found is not None else self._walk()

    def _walk(self) -> list[str]:
        """Each `.git` of the tree (`git_dirs.found`), kept for `hook_links` to reuse; each
        `.claude` and `.mcp.json` it passes in `claudes` (`config_programs.claude_programs`),
        each `.envrc` in `envrcs`."""
        claudes: list[str] = []
        envrcs: list[str] = []
        self._found = git_dirs.found(self.repo.root, self._known, claudes, envrcs=envrcs)
        self.claudes, self.envrcs = claudes, envrcs
        return self._found

    def _nested_value(self, git: Path) -> str | None:
        """`core.hooksPath` as the user's git reads it in the repository whose `.git` is
        `git` (a folder, or a `gitdir:` file): its own configs, then the global and system
        ones, with includes (`config_listings.py`: read again only when one changed)."""
        listed = self.listings.entries(git) or []
        values = [value for key, value in listed if key == "core.hookspath"]
        return values[-1] if values and values[-1] else None

    def _inside(self, top: str, value: str) -> list[str]:
        """Where `value` of a `core.hooksPath` read for the tree at `top` (relative to
        the repository's tree; `%(prefix)/`, `~` as git reads them) lies in the tree: as
        named, and where its links lead (git follows them); none outside it or in `.git`."""
        root = self.repo.root
        full = root / top / git_path(root, value)
        found: list[str] = []
        for place in (os.path.normpath(full), os.path.realpath(full)):
            inside = os.path.relpath(place, root)
            if inside == ".":
                found.append(TOP)  # the tree's top: its files named as hooks
            elif Path(inside).parts[0] not in ("..", ".git"):
                found.append(kept_hooks_folder(Path(inside).as_posix()))
        return found

    def effective_hooks_path(self, *, reuse: bool = False) -> list[str]:
        """`core.hooksPath` as the user's git reads it (repository, worktree, global,
        `$XDG_CONFIG_HOME/git/config`, system, includes, what the user's environment gives
        git: `GIT_CONFIG_COUNT`, `git -c`), without our plumbing's override:
        `git config --get` reads config files only, and runs nothing. With `reuse`, the
        value read last, if any."""
        if reuse and self._hooks_path is not None:
            return self._hooks_path
        code, out, _ = self.repo.git_outcome(
            "config", "--get", "core.hooksPath", env=users_config()
        )
        value = out.decode("utf-8", "surrogateescape").rstrip("\n")
        self._hooks_path = [value] if code == 0 and value else []
        return self._hooks_path

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
                for tree in folder_names(common / folder / "worktrees"):
                    name = f"{folder}worktrees/{tree}/config.worktree"
                    if os.path.normpath(common / name) != own:
                        names.append(name)
                modules = folder_names(common / folder / "modules")
                folders += [(f"{folder}modules/{n}/", False) for n in modules]
                continue
            if (common / folder / "HEAD").is_file():
                folders.append((folder, True))
            else:  # a part of a submodule's name: `modules/a/b` for the submodule `a/b`
                inner = folder_names(common / folder)
                folders += [(f"{folder}{n}/", False) for n in inner]
        return names

    def _read(self, name: str) -> dict[str, list[str]]:
        """The settings of the config file `name`, not known harmless; read again only when
        the file changed since (its inode, size, mtime or ctime) or had just changed then."""
        path = self._path(name)
        seen = _stat(path)
        if seen is None or not stat.S_ISREG(seen.st_mode):
            return {}
        mark = (seen.st_dev, seen.st_ino, seen.st_size, seen.st_mtime_ns, seen.st_ctime_ns)
        kept = self._settings.get(path)
        if kept is not None and kept[0] == mark:
            return {key: list(values) for key, values in kept[1].items()}
        try:
            out = self.repo.git_bytes("config", "--file", str(path), "--no-includes", "-lz")
        except GitFailed:  # pragma: no cover - a config git cannot read: git refuses it too
            return {}
        found = config_writes.parse(out)
        # A file changed this close to its read could change again with the same stamps.
        if seen.st_ctime_ns < time.time_ns() - RECENT:
            self._settings[path] = (mark, {key: list(values) for key, values in found.items()})
        return found

    def _path(self, name: str) -> Path:
        """`config.worktree` is this worktree's; every other name lies in the common dir."""
        return (self.repo.git_dir if name == "config.worktree" else self._common) / name

    @property
    def _common(self) -> Path:
        return common_dir_now(self.repo)

    def _in_tree(self, name: str, worktrees: list[str]) -> bool:
        """Whether `name` is a submodule's config (`modules/...`) and each folder named
        (`core.worktree`, relative to that git dir) lies in the working tree."""
        if not name.startswith("modules/"):
            return False
        git_dir, root = self._path(name).parent, self.repo.root.resolve()
        return all((git_dir / v).resolve().is_relative_to(root) for v in worktrees)


def _stat(path: Path) -> os.stat_result | None:
    try:
        return path.stat()
    except OSError:
        return None
