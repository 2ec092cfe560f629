"""Programs the user's git config names by a path of the working tree.

A project's setup script may set `diff.json.textconv = ./scripts/conv.sh`, a filter's
`clean`/`smudge`, a `merge.X.driver`, `core.fsmonitor`, `core.sshCommand`, `gpg.program`
or `credential.helper = !./tools/cred`: the user's next `git diff`, `git status` or `git
fetch` runs that tree file on the host, outside any sandbox. So each value of a setting
not known to be harmless (`domain/git_programs.py`), in every config git reads here
(repository, worktree, global, system, includes: `git config --list` follows them, as git
does), is read for the places of the tree it may run (`domain/config_programs.py`: the files
it names, what its launcher finds, a `cd`'s folder, the whole tree when agents cannot tell);
a file named that lies in the tree (as named, relative to the tree's top where git runs
these, and where its links lead), or in one of those places, is a host-run file
(`domain/host_files.py`), and each is watched around a command (`watched_programs`).
The same holds in each nested repository and submodule (each `.git` the tree's walk finds):
its settings as git reads them there, from its own top; and a tree file its config
includes (`include.path = ../.gitconfig`, from the folder of the including file) is one
more host-run file, since a `core.fsmonitor` written there runs at its next `git status`
(the top repository's includes of tree files are refused at start: `tree_includes.py`).

Cost: one `git config --list` when a config file changed (`config_listings.py`), not per
look; around a command, a listing of the folders a pattern names, and what those places hold,
read whole (`claude_dirs.py`): a launcher's `node_modules` or venv, or the tree, is costly.
"""

from __future__ import annotations

import contextlib
import json
import os
import posixpath
from collections.abc import Iterator, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from cleveragents.adapters.folder_trusts import tree_trusts
from cleveragents.adapters.git.claude_markdown import markdown_files, markdown_lines
from cleveragents.adapters.git.config_listings import user_configs
from cleveragents.adapters.git.envrc_files import envrc_programs
from cleveragents.adapters.git.pattern_links import led, standing
from cleveragents.adapters.git.stamped_reads import Stamp, regular_file, settled, stamp_of
from cleveragents.adapters.git.tree_includes import git_path, holds, include_target, tree_pattern
from cleveragents.adapters.git.tree_modules import module_files
from cleveragents.adapters.git.tree_scripts import (
    below,
    linked_packages,
    outside_places,
    script_places,
)
from cleveragents.adapters.home_git_policy import policed
from cleveragents.adapters.vouch_file import vouched_for
from cleveragents.domain.claude_commands import env_whole, mcp_commands, settings_commands
from cleveragents.domain.command_saves import shown_path
from cleveragents.domain.config_programs import (
    PACKAGE,
    WHOLE,
    Reach,
    hook_lines,
    program_reach,
    programs_on_path,
    runs_program,
    script_reach,
)
from cleveragents.domain.git_programs import harmless, harmless_alias
from cleveragents.domain.host_files import CLAUDE_KEY, included
from cleveragents.domain.interpreters import code_unread
from cleveragents.domain.reach import ANY_FOLDERS, anywhere_of
from cleveragents.domain.rules import mcp_file
from cleveragents.domain.vouches import vouching

if TYPE_CHECKING:
    from cleveragents.adapters.git.config_listings import ConfigListings
    from cleveragents.adapters.git.repository import GitRepository

# Read by their own code: the hooks folder (`own_config.hooks_named`), includes
# (`tree_includes.py`, which refuses one in the tree).
ELSEWHERE = ("core.hookspath", "include.path")
CLAUDE_SETTINGS = ("settings.json", "settings.local.json")  # in a `.claude`
MOST_JSON = 1 << 20  # bytes of a settings file read at most
WHEREVER = ", started in any folder of the tree"  # said of a user's own line's place (F20)
# Each JSON file read, by path: its stat when read and its document (as `config_listings`).
_PARSED: dict[str, tuple[Stamp, object | None]] = {}
MOST_USER_JSON = 1 << 28  # of `~/.claude.json`, which Claude Code reads whole however large
MOST_PROJECTS = 4096  # projects of `~/.claude.json` looked at (one `realpath` each), at most


def config_programs(
    repo: GitRepository,
    listings: ConfigListings,
    nested: Sequence[str] = (),
    claudes: Sequence[str] = (),
    envrcs: Sequence[str] = (),
) -> list[tuple[Reach, str]]:
    """(place in the tree, setting) for each place a setting of the user's git config (as
    `listings` holds it) may run (or names as a file git reads), in the order git lists
    them; a package folder of a Python root whole. The same for each nested repository
    or submodule whose `.git` is in `nested` (`git_dirs.found`), by its own config as git
    reads it there, from its own top, and each tree file that config includes. And what
    Claude Code runs from the settings in `claudes` and the user's (`claude_programs`), what
    direnv loads from each `.envrc` in `envrcs`, and what VS Code or mise trusting it runs."""
    listed = policed(listings.entries(), repo.root)  # `GIT_ALLOW_PROTOCOL=ext` too
    if listed is None:  # pragma: no cover - a config git cannot read already failed `discover`
        return []
    root = Path(os.path.realpath(repo.root))
    found: dict[Reach, str] = {}
    with vouching(vouched_for(root)):  # `core.editor = code --wait`, `code` vouched for
        for key, value in listed:
            if harmless(key) or _read_elsewhere(key, value):
                continue
            for reach in _outside(root, key, value):
                for place in _in_tree(root, reach):
                    found.setdefault(place, key)
                    for further in _run_by(root, place, key, value):
                        found.setdefault(further, key)
        for git in nested:
            found.update((p, k) for p, k in _nested(root, listings, git) if p not in found)
    for place, key in claude_programs(root, claudes):
        found.setdefault(place, key)
    for reach, key in [*envrc_programs(root, envrcs), *tree_trusts(root)]:
        for place in _in_tree(root, reach):
            found.setdefault(place, key)
    found = _below(root, found)
    for place, reach in led(root, list(found), plain=True):  # a link on the way: its target's
        found.setdefault(place, found[reach])
    return list(found.items())


def _below(root: Path, found: dict[Reach, str]) -> dict[Reach, str]:
    """`found` and what its places that no name alone tells run: the configs a tool finds
    anywhere below its folder (`**/eslint.config.js`, one walk, each read), the workspace
    packages a `node_modules` links to in the tree."""
    deep = [p for p in found if p.kind and ANY_FOLDERS in p.path.split("/")]
    for place, path in below(root, deep):
        for further in script_places(root, path, "", place.kind):
            for inside in _in_tree(root, further):
                found.setdefault(inside, found[place])
    for place, key in list(found.items()):
        for linked in linked_packages(root, [place]):
            found.setdefault(linked, key)
    return found


def claude_programs(root: Path, claudes: Sequence[str]) -> list[tuple[Reach, str]]:
    """(place in the tree, `CLAUDE_KEY` and what runs it) for each place a command Claude
    Code runs may run (`domain/claude_commands.py`): the hooks, `statusLine` and helpers of
    each `.claude`'s settings in `claudes` (from the folder holding it, Claude Code's project
    there) and of the user's and the managed settings (from the tree's top), and the stdio
    servers of each `.mcp.json` in `claudes` and of the user's `~/.claude.json`; and what the
    skills, slash commands and subagents of those `.claude` folders and the user's run
    (`claude_markdown.py`)."""
    from cleveragents.adapters.actors.claude_code.hooks_off import managed_files, user_file

    user = Path(os.environ.get("CLAUDE_CONFIG_DIR") or Path.home()) / ".claude.json"
    hosts = [user_file(), *managed_files()]  # drop-ins too; their hooks run on the host
    sources: list[tuple[Path, str, bool]] = [  # (file, project folder, whether a .mcp.json)
        *((host, "", False) for host in hosts),
        (user, "", True),
    ]
    for path in claudes:
        top = posixpath.dirname(path)
        if mcp_file(posixpath.basename(path)):
            sources.append((root / path, top, True))
        else:
            sources += [(root / path / name, top, False) for name in CLAUDE_SETTINGS]
    found: list[tuple[Reach, str]] = []
    done: set[tuple[Reach, str]] = set()  # read once: each place keeps the first key that names it
    for file, top, mcp in sources:
        # `~/.claude.json` keeps every project's history: it grows past a settings file's size.
        document = read_json(file, MOST_USER_JSON if file == user else MOST_JSON)
        if document is None:
            continue
        if mcp and file == user:  # the user's servers, and each project's in the tree
            groups = [("", mcp_commands(document)), *_project_servers(root, document)]
        else:
            groups = [(top, mcp_commands(document) if mcp else settings_commands(document))]
        # A line of the user's own settings (or a server of `~/.claude.json`, which Claude
        # Code starts with no question) runs on the host: its code, and a program agents
        # has no table for (`markdownlint-cli2` loads the tree's `.cjs`), is the whole tree.
        host = file in hosts or file == user
        with _host_lines(root) if host else contextlib.nullcontext():
            for where, lines in groups:
                for setting, line in lines:
                    key = f"{CLAUDE_KEY}{setting} in {_shown(root, file)}"
                    found += _claude_places(root, key, line, (where,), done, setting, host)
    markdown: list[tuple[Path, tuple[str, ...]]] = [(user_file().parent, ("",))]
    tree_claudes = [p for p in claudes if not mcp_file(posixpath.basename(p))]
    markdown += [(root / p, _tops(posixpath.dirname(p))) for p in tree_claudes]
    for claude, tops in markdown:
        for file in markdown_files(claude):
            said = markdown_lines(file)
            if said is None:  # too large to read: it may run anything
                key = f"{CLAUDE_KEY}{_shown(root, file)}"
                reach = Reach(WHOLE, unknown="a skill, command or subagent too large to read")
                found += [(place, key) for top in tops for place in _in_tree(root, reach, top)]
            for setting, line in said or ():
                key = f"{CLAUDE_KEY}{setting} in {_shown(root, file)}"
                mine = claude == user_file().parent and setting.endswith(" hook")  # host-run
                with _host_lines(root) if mine else contextlib.nullcontext():
                    found += _claude_places(root, key, line, tops, done, "", mine)
    return found


def _project_servers(root: Path, document: object) -> list[tuple[str, list[tuple[str, str]]]]:
    """(folder, its servers) for each project of the user's `~/.claude.json` that is the tree
    `root` or a folder in it (a session started in `sub` starts its servers there)."""
    projects = document.get("projects") if isinstance(document, dict) else None
    found: list[tuple[str, list[tuple[str, str]]]] = []
    for key, entry in list(projects.items())[:MOST_PROJECTS] if isinstance(projects, dict) else ():
        if not isinstance(key, str) or not key.startswith("/") or "\0" in key:
            continue
        for place in dict.fromkeys((os.path.normpath(key), os.path.realpath(key))):
            if Path(place).is_relative_to(root):
                folder = Path(place).relative_to(root).as_posix()
                found.append(("" if folder == "." else folder, mcp_commands(entry)))
                break
    return found


@contextlib.contextmanager
def _host_lines(root: Path) -> Iterator[None]:
    """Read a line of the user's settings as a git hook's (`hook_lines`), its code unread,
    the programs the user vouched for read as data (`vouch_file.py`)."""
    with code_unread(), hook_lines(), vouching(vouched_for(root)):
        yield


def _claude_places(
    root: Path,
    key: str,
    line: str,
    tops: Sequence[str],
    done: set[tuple[Reach, str]],
    setting: str = "",
    mine: bool = False,
) -> list[tuple[Reach, str]]:
    """(place, `key`) for each place of the tree the command `line` Claude Code runs in
    one of `tops` may run, and what the tree scripts there run in turn; a place `done`
    holds was read for an earlier line (many skills run scripts of one folder). A line of
    the user's own (`mine`) from the tree's top runs in any folder Claude Code starts in."""
    found: list[tuple[Reach, str]] = []
    for top in tops:
        with programs_on_path():  # `claude-fmt`, a script of the user's on PATH
            reaches = outside_places(root, script_reach(line, top), top)  # `~/.claude/x.sh`
        reaches += anywhere_of(reaches, "Claude Code", WHEREVER) if mine and not top else []
        for reach in map(partial(env_whole, setting), reaches):
            if (reach, top) in done:
                continue
            done.add((reach, top))
            for place in _in_tree(root, reach):
                found += [(place, key), *((p, key) for p in _scripts_of(root, place, top))]
    return found


def _tops(top: str) -> tuple[str, ...]:
    """Where Claude Code runs a skill's or a command's lines of the `.claude` in `top`: its
    project there, or a session at the tree's top that came to it (nested discovery)."""
    return (top, "") if top else ("",)


def _shown(root: Path, file: Path) -> str:
    return shown_path(os.path.relpath(file, root) if file.is_relative_to(root) else str(file))


def read_json(path: Path, most: int = MOST_JSON) -> object | None:
    """The JSON document in the regular file `path` (of at most `most` bytes; a FIFO or a
    device is not opened for reading, a link is followed as Claude Code follows it); None
    when there is none or Claude Code could not read it. Parsed again only when the file's
    stat changed, or changed so recently that a change in the same tick keeps it."""
    with regular_file(path) as found:
        if found is None or found[1].st_size > most:
            return None
        mark = stamp_of(found[1])
        kept = _PARSED.get(str(path))
        if kept is not None and kept[0] == mark:
            return kept[1]
        try:
            data = os.read(found[0], found[1].st_size + 1)
        except OSError:  # pragma: no cover - a file that cannot be read: Claude Code cannot either
            return None
    try:
        document: object = json.loads(data)
    except (ValueError, RecursionError):
        document = None
    if settled([mark]):
        _PARSED[str(path)] = (mark, document)
    return document


def _nested(root: Path, listings: ConfigListings, git: str) -> list[tuple[Reach, str]]:
    """`config_programs` of the nested repository whose `.git` is `git` (relative to the
    tree): its settings' places from its own top, and the tree files it includes."""
    top = posixpath.dirname(git)
    users = {os.path.normpath(p) for p in user_configs()}
    found: list[tuple[Reach, str]] = []
    for origin, key, value in policed(listings.listed(root / git), root) or []:
        # A setting of the user's global or system config is said to be theirs.
        own = "" if os.path.normpath(origin) in users else top
        if included(key):
            target = include_target(root, origin, value)
            reach = Reach(os.path.relpath(target, root), repo=own) if target else None
            found += [(place, key) for place in _in_tree(root, reach)] if reach else []
        elif not (harmless(key) or _read_elsewhere(key, value)):
            for reach in _outside(root, key, value, top):
                for place in _in_tree(root, replace(reach, repo=own), top):
                    found += [(place, key)]
                    found += [(p, key) for p in _run_by(root, place, key, value, top)]
    return found


def _outside(root: Path, key: str, value: str, top: str = "") -> list[Reach]:
    """`program_reach` of the setting `key = value`; of a program (run in `top`), each script
    outside the tree it names, or on PATH by a bare name (`core.editor = ~/bin/edit.sh`),
    read for what it runs of the tree (`tree_scripts.outside_places`) unless vouched for."""
    if not runs_program(key, value):
        return program_reach(key, value)
    with programs_on_path():
        return outside_places(root, program_reach(key, value), "", top, setting=True)


def _run_by(root: Path, place: Reach, key: str, value: str, top: str = "") -> list[Reach]:
    """What the tree script at `place` (a file the setting `key = value` runs, from the
    tree's top; git runs it in `top`) may run in turn (`tree_scripts.py`), in the tree."""
    return _scripts_of(root, place, top) if runs_program(key, value) else []


def _scripts_of(root: Path, place: Reach, top: str) -> list[Reach]:
    """What the tree file at `place`, run as a program in `top`, may run in turn."""
    if place.launcher or place.unknown:
        return []
    further = script_places(root, place.path, top, place.kind)
    return [p for r in further for p in _in_tree(root, replace(r, repo=place.repo))]


def watched_programs(
    repo: GitRepository,
    listings: ConfigListings,
    nested: Sequence[str] = (),
    claudes: Sequence[str] = (),
    envrcs: Sequence[str] = (),
) -> list[str]:
    """The paths of the tree to watch around a command for `config_programs`: each place
    named, and what a pattern matches now (the whole tree: each entry at its top, `.git`
    left to its own look); a new one is found when the look after the command lists it."""
    places = config_programs(repo, listings, nested, claudes, envrcs)
    return watched(repo.root, [r for r, _ in places])


def watched(root: Path, reaches: list[Reach]) -> list[str]:
    """The paths of the tree `root` to watch around a command for the places `reaches`: each
    place named, what a pattern matches now (the whole tree: each entry at its top, `.git`
    left to its own look), and each link standing for a folder of one (`pattern_links.py`)."""
    paths = [p for _, p in below(root, reaches)] + standing(root, reaches)
    for reach in reaches:
        if ANY_FOLDERS in reach.path.split("/"):
            continue  # matched by one walk, above
        if "*" in reach.path and (reach.launcher or reach.unknown):
            found = (p.relative_to(root).as_posix() for p in root.glob(reach.path))
            paths.extend(p for p in found if ".git" not in p.split("/"))
        else:
            paths.append(reach.path)
    return list(dict.fromkeys(paths))


def _in_tree(root: Path, reach: Reach, top: str = "") -> list[Reach]:
    """`reach` (from `top`, where git runs it) as places of the tree: named as is and where its
    links lead, none outside it or in a `.git`; a `cd` to a folder holding `top`: all of it."""
    if reach.unless and (files := module_files(root / top, reach)) is not None:
        return [p for f in files for p in _in_tree(root, f, top)]  # the tree's `-m NAME`
    if reach.launcher or reach.unknown:
        if reach.path.startswith(("/", "~")) and holds(reach.path, root / top):
            return [replace(reach, path=_under(top, WHOLE))]
        inside = tree_pattern(root, reach.path) if reach.path.startswith(("/", "~")) else None
        if inside is None and reach.path.startswith(("/", "~", "..")):
            return []
        path = inside or _under(top, reach.path)  # a `PYTHONPATH` folder's: attack 20 #10
        if not reach.path.endswith(PACKAGE):
            return [replace(reach, path=path)]
        folders = [p.parent.relative_to(root).as_posix() for p in root.glob(path)]
        whole = (replace(reach, path=f) for f in dict.fromkeys(folders))
        return [replace(reach, path=path), *whole]
    full = root / top / git_path(root, reach.path)
    found: list[Reach] = []
    for place in (os.path.normpath(full), os.path.realpath(full)):
        parts = Path(os.path.relpath(place, root)).parts
        if parts and parts[0] not in ("..", ".") and ".git" not in parts:
            found.append(replace(reach, path=Path(*parts).as_posix()))
    return found


def _under(top: str, path: str) -> str:
    """`path` of the tree at `top` as a path from the top of the whole tree."""
    return f"{top}/{path}" if top else path


def _read_elsewhere(key: str, value: str) -> bool:
    """A setting another look takes care of, or an alias naming a harmless git command."""
    if key in ELSEWHERE or (key.startswith("includeif.") and key.endswith(".path")):
        return True
    return key.startswith("alias.") and harmless_alias(value)
