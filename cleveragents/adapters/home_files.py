"""The files of the user's home that run on the host at the next login, shell or program, or
that git reads as its global config, where they lie in the working tree: a dotfiles
repository whose `~/.bashrc` links to `bashrc` in the tree, or a tree that is the home itself.

A sandboxed command's `echo ... >> bashrc` would run in the user's next shell. These files
are host-run files (`domain/host_files.py`): the model's file actions on them are refused,
and what a command does to them is put back (`git/claude_dirs.py`). They are:
  * the startup files by name (`STARTUP_FILES`), standing or not;
  * any file or folder the home links into the tree: a dotfiles repository's install links
    far more than a list of names could follow (`~/.ssh/config`, whose `Match exec` runs at
    the next `ssh`; `~/.local/bin/tool`, on PATH; `~/.bash_aliases`, `~/.vimrc`,
    `~/.config/fish`, `~/.tmux.conf`, `~/.npmrc`...). The home is walked for links, not
    whole: its dot entries, the entries of `.config` and of each folder in it, of
    `.local/bin` and of `.ssh`, where programs look for what they run;
  * what a shell startup file of them sources or runs by a path agents can name (`.
    ~/.bash_aliases`, `source ~/dot/extra.sh`, an absolute path), read as a hook's script
    is (`git/tree_scripts.py`), and what that runs in turn. What it runs through a word
    agents cannot name (`eval "$(dircolors -b)"`, in Debian's default `.bashrc`) is not
    counted: it would make every file of a dotfiles tree host-run.

Cost: per look, an `lstat` of each startup name, a listing of the home's top and of the
folders above (at most `MOST_ENTRIES` entries in all), a `realpath` of each link found; the
shell files are read again only when their stat changed (`tree_scripts.py`).
"""

from __future__ import annotations

import os
from pathlib import Path

from cleveragents.domain.host_files import STARTUP_FILES

# Entries of the home looked at, at most: a home's `.config` may hold thousands of folders
# (caches, browsers' profiles), and this walk runs at each look around a command and each
# model file action; past it the rest is not looked at (only links count: a dotfiles
# install links at most a few hundred files).
MOST_ENTRIES = 4096
# The home's folders whose entries are looked at (and, for `.config`, each folder's in it:
# `.config/fish/config.fish`); deeper ones are not: no program looks deeper for its config.
LOOKED_INTO = (".config", ".local/bin", ".ssh")
GIT_FILES = (".gitconfig", ".config/git/config")  # read by git as config, not a shell
MOST_SOURCED = 64  # shell files read for what they source, at most


def startup_files(tree: Path) -> list[str]:
    """The paths in the tree `tree` (relative) of the home's files that run on the host: the
    startup files by name (followed to their end, standing or not, or where they lie when
    the home is the tree or in it), where the home's links lead, and what the shell ones
    source."""
    home = os.environ.get("HOME")
    if not home or not os.path.isabs(home):
        return []
    top = Path(os.path.realpath(tree))
    found: list[str] = []
    shells: list[str] = []
    named = [(name, os.path.join(home, name)) for name in STARTUP_FILES]
    for name, path in [*named, *_home_links(home)]:
        inside = _inside(top, path)
        if inside is not None:
            found.append(inside)
            shell = name not in GIT_FILES and name.startswith((".bash", ".zsh", ".profile"))
            shells += [inside] if shell or name.endswith(".sh") else []
    return list(dict.fromkeys([*found, *sourced(top, shells)]))


def _inside(top: Path, path: str) -> str | None:
    """Where `path` leads (its links followed to the end), relative to the tree `top`, when
    it lies there, outside any `.git`, and is not the top itself."""
    real = Path(os.path.realpath(path))
    if real == top or not real.is_relative_to(top) or ".git" in real.relative_to(top).parts:
        return None
    return real.relative_to(top).as_posix()


def _home_links(home: str) -> list[tuple[str, str]]:
    """The links of the home's dot entries and of `LOOKED_INTO` (name from the home, path),
    at most `MOST_ENTRIES` entries looked at."""
    found: list[tuple[str, str]] = []
    left = [MOST_ENTRIES]

    def links(folder: str, deeper: bool) -> None:
        for entry in _entries(os.path.join(home, folder), left):
            name = f"{folder}/{entry.name}" if folder else entry.name
            if entry.is_symlink():
                found.append((name, entry.path))
            elif deeper and entry.is_dir(follow_symlinks=False):
                links(name, False)

    for entry in _entries(home, left):
        if entry.name.startswith(".") and entry.is_symlink():
            found.append((entry.name, entry.path))
    for folder in LOOKED_INTO:  # one that is a link: found above, or a folder on its way
        if not os.path.islink(os.path.join(home, folder)):
            links(folder, folder == ".config")
    return found


def _entries(folder: str, left: list[int]) -> list[os.DirEntry[str]]:
    """The entries of `folder` (none when it is no folder), as many as `left` allows."""
    try:
        with os.scandir(folder) as listing:
            entries = sorted(listing, key=lambda e: e.name)[: max(left[0], 0)]
    except OSError:
        return []
    left[0] -= len(entries)
    return entries


def sourced(top: Path, shells: list[str]) -> list[str]:
    """What the scripts `shells` (relative to the tree `top`) source or run by a path agents
    can name, in the tree, and what those do in turn (`MOST_SOURCED` read at most)."""
    from cleveragents.adapters.git.config_programs import _in_tree as in_tree
    from cleveragents.adapters.git.tree_scripts import script_places

    found: list[str] = []
    todo = list(dict.fromkeys(shells))
    at = 0
    while at < min(len(todo), MOST_SOURCED):
        at += 1
        for reach in script_places(top, todo[at - 1], ""):
            if reach.launcher or reach.unknown:
                continue
            for place in in_tree(top, reach):
                found.append(place.path)
                todo += [] if place.path in todo else [place.path]
    return found
