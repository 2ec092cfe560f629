"""Which host-run places of the tree a sandboxed command finds read-only (`host_files.py`).

A put-back after the command (`adapters/git/claude_dirs.py`) comes too late for a file the
host runs while the command runs: a shell the user opens meanwhile sources the model's
`.bashrc`, a dev server reloads its `server.js`, within a second of the write. So each such
place that can be named (a startup file of the home, a hooks folder, a file a hook or a git
setting runs, what stands in a folder of the tree on PATH) is bound read-only in the box,
and each folder on the way to it bound to itself, so that no `mv` of a folder above can put
another in its place (a mount point cannot be renamed; what is in it stays writable). A
name not there yet, in a folder that is, gets an empty read-only file agents makes there
for bwrap to bind over (the host's shell sources an empty file), a login bash's own
(`.bash_profile`, `.bash_login`) one holding what bash reads without it (`LOGIN_NAMES`); one
deeper down, a pattern (`scripts/*.sh`), the tree's top, and whatever lies past `most`
mounts are left to the put-back.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from cleveragents.domain.command_saves import shown_path
from cleveragents.domain.host_files import HOOK_NAMES, TOP, HostFolders
from cleveragents.domain.reach import Reach

# Mounts (places and the folders on their way) a command's box takes at most for what runs
# on the host: each costs bwrap a read of the mount table (`limits.HARD_LINKS`).
MOST_HOST_MOUNTS = 64
# Names whose mere presence changes what the host runs: an empty `~/.bash_profile` made
# for the command's time would keep a login shell from reading `~/.profile`. Each, missing,
# is made holding what a login bash reads in its stead, in bash's order (`login_stand_in`).
LOGIN_NAMES = {".bash_profile": (".bash_login", ".profile"), ".bash_login": (".profile",)}
# A home's entries holding keys, credentials, config, or what a shell or a login runs.
STAKE = frozenset((
    ".ssh", ".gnupg", ".config", ".local", ".profile", ".bashrc", ".bash_profile",
    ".bash_login", ".bash_logout", ".bash_aliases", ".zshrc", ".zshenv", ".zprofile",
    ".zlogin", ".zlogout", ".inputrc", ".xprofile", ".xsessionrc", ".xinitrc", ".pam_environment",
    ".gitconfig", ".git-credentials", ".netrc", ".npmrc", ".pypirc", ".vimrc", ".vim",
    ".emacs", ".emacs.d", ".tmux.conf", ".kube", ".docker", ".aws", ".azure", ".password-store",
    ".pki", ".cargo", ".mozilla", ".claude", ".claude.json", ".envrc",
))  # fmt: skip
# Claude Code's folder at the top of a project (and of a home): a `settings.json` made in
# it while Claude Code runs has its `env` applied to Claude Code's own process for the rest
# of the session, a put-back after the command too late (attack 20 #17). Not there, it
# stands as an empty read-only folder for the command's time; there, it is bound whole.
CLAUDE_FOLDER = ".claude"
# The MCP servers Claude Code starts, at the tree's top: one made while Claude Code runs on
# the host may be read before the put-back (attack 22 #12). Not there, it stands as an empty
# read-only file for a Claude Code command's time (no other: `git status` would list it);
# there, it is bound read-only for every command (`bubblewrap.py`).
MCP_FILE = ".mcp.json"
# A name that looks like a file's: a stem and a suffix starting with a letter (`notes.txt`,
# `.envrc.local`), not a number (`3.14`), a message (`wip: claude`), a revision (`HEAD~1`),
# a jq path (`.tool_input.file_path`) or a format (`+%s`).
_FILE_NAME = re.compile(r"\.?[A-Za-z0-9][A-Za-z0-9-]*(?:\.[A-Za-z][A-Za-z0-9]{0,9})+")


@dataclass(frozen=True)
class HostBinds:
    """What the box binds for the host-run places of the tree (paths in it): `folders`
    bound to themselves (parents first), `kept` (standing) read-only, `made` (names not
    there yet, their folder standing) a read-only file, empty or holding its `written`
    text, `made_folders` an empty read-only folder (`CLAUDE_FOLDER`); `left` to the put-back."""

    folders: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()
    made: tuple[str, ...] = ()
    left: tuple[str, ...] = ()
    # (place, text): a made place holding more than nothing (`login_stand_in`), bound over
    # itself in the box, so the box reads what the host does.
    written: tuple[tuple[str, str], ...] = ()
    made_folders: tuple[str, ...] = ()

    def mounts(self) -> int:
        """Those `planned` counts against its bound (`made_folders`: one a home, beside)."""
        return len(self.folders) + len(self.kept) + len(self.made)


def host_places(host: HostFolders) -> tuple[list[str], list[str]]:
    """The places of `host` that can be named, most at stake first, and the folders where
    the home lies in the tree (each dot entry there is one, read by the adapter)."""
    places: list[str] = [*host.startup]
    places += [h for h in host.hooks if h != TOP]
    places += sorted(HOOK_NAMES) if TOP in host.hooks else []
    places += [link for link in host.linked if link]
    places += [_plain(reach) for reach, _ in host.programs]
    places += [_plain(run.reach) for run in host.hook_runs]
    places += [host.vouches] if host.vouches else []
    places += [host.config_home] if host.config_home else []
    places += [folder for _, folder in host.run_dirs]
    places += path_places(host)
    named = [posixpath.normpath(p) for p in places if p]
    return [p for p in dict.fromkeys(named) if _nameable(p)], list(host.home)


def path_places(host: HostFolders) -> list[str]:
    """The names standing in the folders of the tree on PATH, and what they run."""
    places: list[str] = []
    for on_path in host.on_path:
        places += [f"{on_path.folder}/{name}" for name in sorted(on_path.standing)]
        places += [run for run in on_path.runs if run not in on_path.kept]
    return [posixpath.normpath(p) for p in places if p]


def by_stake(places: list[str], entries: list[str], host: HostFolders) -> list[str]:
    """`places` (`host_places`) with the entries of a home in the tree (`entries`, its dot
    entries and `bin`) in their order of stake: those holding keys, credentials, config or
    what a shell or a login runs (`STAKE`) before the names of PATH folders, which may be
    many (pipx's `~/.local/bin`), the others (`.cache`, `.npm`) after them (attack 20,
    finding 5: a home's `.ssh` came after 70 names of its `bin`, past the bound)."""
    on_path = frozenset(path_places(host))
    first = [e for e in entries if e.rpartition("/")[2] in STAKE]
    later = [e for e in entries if e not in first]
    head = [p for p in places if p not in on_path]
    return [*head, *first, *(p for p in places if p in on_path), *later]


def unmade(host: HostFolders, hidden: Callable[[str], bool]) -> frozenset[str]:
    """The places of `host` that, missing, get no empty read-only file for the command's
    time: those only a `hidden` setting names (a word of `core.sshCommand`, which holds a
    token, or of Claude Code's `env`): a file of that name would show the model a value the
    sandbox keeps from it (`git status` lists it). They are put back after the command."""
    shown = replace(host, programs=tuple(p for p in host.programs if not hidden(p[1])))
    return frozenset(host_places(host)[0]) - frozenset(host_places(shown)[0])


def data_words(host: HostFolders) -> frozenset[str]:
    """The places of `host` named only as words a program may open as data (`Reach.data`):
    no other reach names them."""
    reaches = [reach for reach, _ in host.programs] + [run.reach for run in host.hook_runs]
    data = {_plain(r) for r in reaches if r.data}
    return frozenset(
        posixpath.normpath(p) for p in data - {_plain(r) for r in reaches if not r.data} if p
    )


def path_like(place: str) -> bool:
    """Whether the missing `place`, a word a program may open as data, looks like a path
    the program reads, so that the sandbox makes a mount point for it: a word with a `/`, or
    a name with a file suffix (`notes.txt`). Not `Claude Code`, `Task done`, `add`, `commit`,
    `HEAD~1`, `644`, `3.14`, `@-`, `+%s`, a kubeconfig's `name:` read as shell (attack 21
    #9): each stood as an empty read-only file at the tree's top while each command ran."""
    return "/" in place or bool(_FILE_NAME.fullmatch(place))


def planned(places: Iterable[tuple[str, bool]], most: int) -> HostBinds:
    """The binds for `places` (path, whether it is missing: a name whose folder stands), in
    the order given (most at stake first), within `most` mounts: a place inside another
    goes with it; the folders on the way are counted once; what does not fit is `left`."""
    kinds = dict(places)
    # What a folder place holds goes with it, bound or left; the rest in the order given.
    order = [p for p in kinds if not any(_within(p, o) and p != o for o in kinds)]
    folders: dict[str, None] = {}
    kept: list[str] = []
    made: list[str] = []
    left: list[str] = []
    over: list[str] = []
    for place in order:
        way = [a for a in _ancestors(place) if a not in folders]
        if len(folders) + len(kept) + len(made) + len(way) + 1 > most:
            over.append(place)
            continue
        folders.update(dict.fromkeys(way))
        (made if kinds[place] else kept).append(place)
    # What does not fit one by one, its folder read-only whole where that fits (attack on
    # box19, finding 2: names a command made in a PATH folder of the tree pushed the one the
    # host runs past the bound): only the tree's top, or past the bound again, is left.
    # A folder held whole frees the mounts of what it holds: the places pushed past the bound
    # before it are tried again, one by one first (attack 20, finding 5), until none fits.
    while over:
        pending, over = over, []
        for place in pending:
            folder = posixpath.dirname(place)
            if any(_within(place, k) for k in kept):
                continue  # its folder went read-only for another
            way = [a for a in _ancestors(place) if a not in folders]
            if len(folders) + len(kept) + len(made) + len(way) + 1 <= most:
                folders.update(dict.fromkeys(way))
                (made if kinds[place] else kept).append(place)
                continue
            way = [a for a in _ancestors(folder) if a not in folders]
            rest = [k for k in kept if not _within(k, folder)]  # what it holds goes with it
            rest_made = [m for m in made if not _within(m, folder)]
            if folder and len(folders) + len(rest) + len(rest_made) + len(way) < most:
                folders.update(dict.fromkeys(way))
                # Read-only, it holds its folders where they are: none in it bound writable.
                folders = {f: None for f in folders if not _within(f, folder)}
                kept, made = [*rest, folder], rest_made
            else:
                over.append(place)
        if len(over) == len(pending):
            break
    left += over
    return HostBinds(tuple(folders), tuple(kept), tuple(made), tuple(left))


def login_stand_in(name: str, standing: Callable[[str], bool]) -> str | None:
    """What the made `name` (a `LOGIN_NAMES` one) holds: a login bash reads the first of
    `~/.bash_profile`, `~/.bash_login`, `~/.profile` it can open; so this file reads the
    next of those that stands now (`standing`, a sibling's name) and is readable when bash
    starts, by the same `~` bash expands. One not standing now is not read: a command could
    make it. None for any other name."""
    after = LOGIN_NAMES.get(name)
    if after is None:
        return None
    lines = [
        "# Made by agents while a sandboxed command runs, removed after it: a login bash",
        "# reads here what it reads when this file is not there.",
    ]
    tests = [f"[ -r ~/{n} ]; then . ~/{n}" for n in after if standing(n)]
    if tests:
        lines.append("if " + "; elif ".join(tests) + "; fi")
    return "\n".join(lines) + "\n"


def host_note(binds: HostBinds) -> str:
    """What a failed command's outcome says of the host-run places it could not write."""
    places = [*binds.kept, *binds.made]
    shown = ", ".join(shown_path(p) for p in places[:5]) + (", ..." if len(places) > 5 else "")
    return f"read-only in the sandbox, as your host runs them: {shown}"


def _plain(reach: Reach) -> str:
    """The place `reach` names when it is one file or folder (no pattern), else ""."""
    if reach.launcher or reach.unknown or "*" in reach.path:
        return ""
    return reach.path


def _nameable(path: str) -> bool:
    """A path in the tree, below its top, out of any `.git` (bound read-only already)."""
    parts = path.split("/")
    return not (path.startswith(("/", "~")) or ".." in parts or "." in parts) and not any(
        part.lower() == ".git" for part in parts
    )


def _ancestors(path: str) -> list[str]:
    parts = path.split("/")
    return ["/".join(parts[:n]) for n in range(1, len(parts))]


def _within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(f"{folder}/")
