"""The home's configs of programs that run or load files, read for any path they mention
(attack 21 findings 8, 17, 18, 20, 21, 22): no parser per program, a fail-closed scan.

The programs that do so have no end (`domain/program_configs.CONFIGS`, one line each:
`direnvrc`, `.npmrc`'s `script-shell`, `~/.kube/config`'s `exec`, cargo's `rustc-wrapper`,
tmux's `#()` jobs, vim's `for ... glob()`, `usercustomize.py`, `~/.ssh/rc`, systemd
drop-ins, window managers' `exec`, terminals, debuggers, REPLs, VS Code's `git.path`...).
Each file of the table standing (its links followed) is read, and each path its text
mentions, anywhere, comments and all, is one the program may run or load:
  * a path named by `/`, `~/`, `$HOME/`, `${HOME}/`, a variable of agents' environment (the
    user's made it), a unit's `%h/`, VS Code's `${env:HOME}`, or a relative one from the
    config's own folder (`../x`, or `a/b` standing there), its quoted pieces joined as the
    shell joins them (the words themselves: `domain/config_mentions.py`), in an emacs init
    file with the suffixes `load` tries (`x.elc`, `x.el`): a file of the tree is
    held and read in turn as a script (`home_files._sourced`), a folder (`~/dotfiles/vim/`,
    one standing) is held whole, a glob's folder whole (all it can match); the tree's
    top (`WorkingDirectory=%h/dotfiles`), or a glob's folder holding the tree (not `/` nor
    one holding the home), keeps the tree whole; a folder holding it named exactly does not
    (`set directory=/tmp`, `WorkingDirectory=%h`); a file of the home's own it names (not
    the tree's) is read as a hook's script outside the tree is, for what it runs of it;
  * a mention agents cannot name exactly: a path holding another `$`, `%`, `{`, `#`, a
    backquote, or built on by an expression (`'~/dotfiles/' . name`, `os.path.join(
    os.path.expanduser("~"), ...)`, `Path.home()`, `getenv("HOME")`; a home expression and
    ONE string, `vim.env.HOME .. "/dotfiles/nvim"`, is that path): the tree whole when
    what is known of it (its folder before the unknown part, the home for a home
    expression) lies in the tree or holds it, said;
  * a kubeconfig (`~/.kube/config`, a file of the home a startup file's `KUBECONFIG`
    names, or a `kubectl --kubeconfig`: `home_kubeconfigs`) is read as kubectl reads it too,
    as YAML (`kube_configs`: a JSON `\\u0075`, a YAML `\\x61` escape), for the programs it
    runs (attack 23 F11, 24 F4);
  * a file of the table agents does not read (over `MOST_BYTES`, a FIFO), or more than
    `MOST_FILES` of them: the tree whole, said.
Not counted: what a config names by a bare word the program looks up (`credsStore =
pass`), relative to the folder the program runs in (direnv's `source_env ./x`), by a
variable set nowhere (`$VIMRUNTIME/x`: but the tree whole, said, when the startup files
set variables agents cannot tell, `home_loads`), by `~user/`; the user's crontab (its spool is not
readable). The exact readers (`home_configs.py`) stay for the forms a scan cannot read
(a relative `Include`, vim's `runtime` names, ssh's `%d`).

Cost, per look: a `stat` of each folder of the table standing (a tree of its names: a
folder once; its listing, and what each glob matched there, its folders for a `**`, kept
in the process while its stat stands), a `stat` of each file found (its mentions kept the
same way), a `realpath` of each mention's folder (kept for the look) and an `lstat` of each
mention.
Measured (CPU, a loaded 2-core machine, a home of 19 such configs naming 15 tree paths):
0.5-0.8 ms a look, 0.1 ms of it the folders, with a user site of 3000 packages too; 1.5
ms with every file read again; with a 20 KB `.vimrc` and a 60 KB VS Code `settings.json`
naming 1800 other paths besides, 12 ms a look; 600 `.desktop` entries, 4.4 ms; an nvim
config of 180 `lua/**` files in 31 folders and 60 packages' `plugin` folders, 2.5-3.5 ms
(68 ms at a process's first look, reading them).
"""

from __future__ import annotations

import fnmatch
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from cleveragents.adapters.git.stamped_reads import regular_bytes
from cleveragents.adapters.home_assigned import put_in, unread_said
from cleveragents.adapters.home_kubeconfigs import MOST_FILES
from cleveragents.adapters.home_kubeconfigs import kubeconfigs as home_kubeconfigs
from cleveragents.adapters.home_words import in_tree
from cleveragents.domain import vim_expressions
from cleveragents.domain.config_mentions import GLOB, UNKNOWN, Mention, scan
from cleveragents.domain.kube_configs import is_kubeconfig, kube_programs
from cleveragents.domain.program_configs import CONFIGS
from cleveragents.domain.reach import printable
from cleveragents.domain.tree_scripts import MOST_BYTES

DEEPEST = 8  # folders a `**` of the table goes down, at most (a deeper file is not read)
VAGUE_PATH = "\0vague"  # `_full`: a variable the startup files set, not evaluated


@dataclass
class Found:
    """What the scan found in the tree `top` (relative paths): places held, files of them
    to read as scripts, why the tree is the home's whole ("": not), and the home's own
    files named, to read as a hook's scripts outside the tree are
    (`home_configs._runs_of`)."""

    places: list[str]
    scripts: list[str]
    whole: str = ""
    own: list[str] = field(default_factory=list)  # the home's own files named (absolute)


# The listing of each folder of the table in this process, by its stat, and what each glob
# matched there.
_listed: dict[str, tuple[tuple[int, int, int], set[str], dict[str, list[str]]]] = {}
FRESH_NS = 2_000_000_000
# The mentions of each file read in this process (None: not read, and why), by its stat.
_read: dict[str, tuple[tuple[int, int, int, int], list[Mention] | None, str]] = {}
EMACS = ("/.emacs", ".el")  # emacs' configs (`~/.emacs`, `init.el`): `load` adds suffixes
LOAD_SUFFIXES = (".elc", ".el", ".so", ".elc.gz", ".el.gz", ".gz")
UNITS = (".service", ".socket", ".timer", ".path", ".conf")  # where `%h` is the home


def _tree(rows: tuple[tuple[str, str], ...]) -> Node:
    """The table's names as a tree of their parts: each folder looked at once."""
    top: Node = {}
    for name, _ in rows:
        node = top
        for part in name.split("/"):
            node = node.setdefault(part, {})
        node[""] = {}  # a name of the table ends here
    return top


Node = dict[str, "Node"]
ROWS = _tree(CONFIGS)
ROWS_CONFIG = _tree(tuple((n[8:], w) for n, w in CONFIGS if n.startswith(".config/")))
ROWS_DATA = _tree(tuple((n[13:], w) for n, w in CONFIGS if n.startswith(".local/share/")))


def config_paths(home: str) -> list[str]:
    """The files of the table standing in the home (and `$XDG_CONFIG_HOME`,
    `$XDG_DATA_HOME`), as absolute paths: each folder on the way listed once (a name looked
    up in its listing, a glob matched against it)."""
    found = _standing(home, ROWS)
    for variable, rows, usual in (
        ("XDG_CONFIG_HOME", ROWS_CONFIG, ".config"),
        ("XDG_DATA_HOME", ROWS_DATA, ".local/share"),
    ):
        base = os.environ.get(variable, "")
        if base.startswith("/") and os.path.normpath(base) != os.path.join(home, usual):
            found += _standing(base, rows)
    return list(dict.fromkeys(found))


def _standing(folder: str, node: Node, depth: int = 0) -> list[str]:
    """The paths below `folder` that the names of `node` match (a glob: each of the
    folder's entries it matches, not a dot one; `**`: `folder` and every folder below it,
    `depth` levels down so far); a folder's listing kept in the process while its stat
    stands (`home_walk._entries`' way)."""
    try:
        st = os.stat(folder)
    except OSError:
        return []
    key = (st.st_mtime_ns, st.st_ctime_ns, st.st_ino)
    kept = _listed.get(folder)
    if kept is None or kept[0] != key:
        try:
            kept = (key, set(os.listdir(folder)), {})
        except OSError:
            return []
        if time.time_ns() - max(key[0], key[1]) > FRESH_NS:  # (a change this tick may not show)
            _listed[folder] = kept
    names, globbed = kept[1], kept[2]
    found: list[str] = []
    for part, below in node.items():
        if not part:
            continue
        if part == "**":  # this folder, and each below it (not a dot one), to `DEEPEST`
            found += _standing(folder, below, depth)
            if "/" not in globbed:  # (its folders, kept with its listing)
                globbed["/"] = [
                    n for n in sorted(names) if n[0] != "." and os.path.isdir(f"{folder}/{n}")
                ]
            for name in globbed["/"] if depth < DEEPEST else []:
                found += _standing(os.path.join(folder, name), {part: below}, depth + 1)
            continue
        if GLOB.search(part):
            if part not in globbed:  # (a site-packages of thousands: matched once)
                globbed[part] = sorted(
                    n for n in names if fnmatch.fnmatchcase(n, part) and n[0] != "."
                )
            matched = globbed[part]
        else:
            matched = [part] if part in names else []
        for name in matched:
            path = os.path.join(folder, name)
            found += [path] if "" in below else []
            found += _standing(path, below) if len(below) > ("" in below) else []
    return found


def mention_places(top: Path, home: str) -> Found:
    """What the home's configs (`CONFIGS`) name of the tree `top`: see the module."""
    result = Found([], [])
    kubeconfigs, result.whole = home_kubeconfigs(top, home)
    configs = list(dict.fromkeys([*config_paths(home), *kubeconfigs]))
    if len(configs) > MOST_FILES:
        result.whole = f"your home holds more than {MOST_FILES} program configs"
        return result
    known: dict[str, str | None] = {}
    folders: dict[str, str] = {}
    seen: set[tuple[str, bool]] = set()  # (a path, built on): one named in many configs
    real_home = os.path.realpath(home)
    for path in configs:
        mentions, unread = _mentions(path)
        if mentions is None:
            if unread:
                why = f"{_said(top, home, path)} is {unread}: agents does not read it"
                result.whole = result.whole or why
            continue
        for mention in mentions:
            for full in _loaded(_full(mention.path, home, path), path):
                if full == VAGUE_PATH:  # it may name any place, the tree's too: fail closed
                    why = f"names {printable(mention.path[:120])}, a path agents cannot name"
                    why += f": {unread_said()}" if unread_said() else ""  # (a dotenv)
                    result.whole = result.whole or f"your home's {_said(top, home, path)} {why}"
                    continue
                if (full, mention.built) in seen:
                    continue
                seen.add((full, mention.built))
                why, inside = _held(
                    top, full, mention.built, real_home, result, folders, known, mention.path
                )
                if why:
                    result.whole = result.whole or f"your home's {_said(top, home, path)} {why}"
                elif (
                    not (inside or mention.built)
                    and full.startswith(home + "/")
                    and os.path.isfile(full)
                ):
                    result.own.append(full)  # `script-shell=~/bin/wrap`: what it runs
    return result


def _held(
    top: Path,
    full: str,
    built: bool,
    home: str,
    result: Found,
    folders: dict[str, str],
    known: dict[str, str | None],
    word: str,
) -> tuple[str, bool]:
    """Adds to `result` what the mention `full` (absolute, maybe holding an unknown part or
    a glob) holds of the tree; why the tree is whole, or "", and whether it lies there."""
    from cleveragents.adapters.home_ways import links_on_the_way

    unknown = UNKNOWN.search(full)
    cut = GLOB.search(full)
    if unknown or built:
        known_part = full[: unknown.start()] if unknown else full
        folder = known_part if known_part.endswith("/") or built else os.path.dirname(known_part)
        folder = os.path.normpath(folder) if folder else ""
        if folder in ("", "/"):
            return "", False  # `$VIMRUNTIME/x`, `"/" .. x`: nothing of a place
        real = _real(folder, folders)
        if in_tree(top, real) is not None or _holds(real, top):
            said = f"{word} and what it adds" if built and word != "~/" else word
            said = "your home and what it adds" if word == "~/" else said
            return f"names {printable(said[:120])}, a path agents cannot name", True
        return "", False
    folder_whole = full.endswith("/")
    if cut:
        full = full[: cut.start()].rpartition("/")[0] or "/"
        folder_whole = True
    full = os.path.normpath(full)
    if full == "/":
        return "", False
    real = _real(full, folders)
    place = in_tree(top, real)
    if place is None:  # (a folder holding the tree, `set directory=/tmp`: none of it)
        if cut and _holds(real, top) and not _holds(real, Path(home)):
            return f"names {printable(word)}, a glob whose folder holds the tree", False
        return "", False
    result.places += links_on_the_way(top, full, known)
    if place == "":
        return f"names {printable(word)}, the tree's top", True
    result.places.append(place)
    if not folder_whole and not (top / place).is_dir():
        result.scripts.append(place)
    return "", True


def _loaded(paths: list[str], config: str) -> list[str]:
    """`paths`, and for an emacs config each with the suffixes its `(load "~/x")` tries
    (`x.elc`, `x.el`, a module's `x.so`, compressed or not) besides the bare name."""
    if not config.endswith(EMACS):
        return paths
    plain = [p for p in paths if not (p == VAGUE_PATH or p.endswith("/") or UNKNOWN.search(p))]
    plain = [p for p in plain if not GLOB.search(p)]
    return [*paths, *(p + suffix for p in plain for suffix in LOAD_SUFFIXES)]


def _said(top: Path, home: str, path: str) -> str:
    """The config at `path` as the user knows it: from the tree's top, or `~/...`."""
    inside = in_tree(top, os.path.realpath(path))
    return printable(inside if inside else "~/" + os.path.relpath(path, home))


def _real(path: str, folders: dict[str, str]) -> str:
    """Where `path` (absolute, normal) leads, its folder's `realpath` kept in `folders`
    for the look (a config names many paths of a few folders)."""
    folder, name = os.path.split(path)
    if name in ("", ".", ".."):
        return os.path.realpath(path)
    if folder not in folders:
        folders[folder] = os.path.realpath(folder)
    real = os.path.join(folders[folder], name)
    return os.path.realpath(real) if os.path.islink(real) else real


def _holds(folder: str, top: Path) -> bool:
    """Whether the folder `folder` (resolved) holds `top`, or is it; not `/`."""
    return folder != "/" and (str(top) == folder or str(top).startswith(folder + "/"))


def _full(path: str, home: str, config: str) -> list[str]:
    """The absolute forms of the mention `path`: `~` and `$HOME` put in, a variable the
    home's startup files set or agents' environment holds put in (an unset one left), a
    relative one from the folder of `config` (where the program reads it: not where a link
    of it leads); vim's `<sfile>` as `config`, and where a link of it leads (vim 9 says the
    link, others the file); `VAGUE_PATH` for a variable the startup files set to what agents
    cannot evaluate."""
    if path.startswith("<sfile>"):
        return vim_expressions.sfile(path, (config, os.path.realpath(config))) or []
    if path == "~" or path.startswith("~/"):
        path = home + path[1:]
    for name in ("${HOME}", "$HOME", "${env:HOME}", "${userHome}"):
        if path.startswith(name):
            path = home + path[len(name) :]
    forms = put_in(path)  # each value the user's shell may give a variable (attack 22 #8)
    if forms is None:
        return [VAGUE_PATH]
    return [full for form in forms for full in _one_full(form, config)]


def _one_full(path: str, config: str) -> list[str]:
    """`_full` of one form of the mention, its variables put in."""
    if path.startswith("/"):
        return [path]
    if path.startswith(("./", "../")):
        return [os.path.join(os.path.dirname(config), path)]
    full = os.path.join(os.path.dirname(config), path)  # `dotfiles/x` from `~/.Renviron`
    # (only one standing: most programs read a bare `a/b` from where they run, and
    # `Plug 'tpope/vim-fugitive'` names no file)
    return [full] if not path.startswith("$") and os.path.lexists(full) else []


def _mentions(path: str) -> tuple[list[Mention] | None, str]:
    """The mentions of the config at `path` (kept by its stat), or None and why it was
    not read ("" when there is none, or a folder)."""
    try:
        st = os.stat(path)
    except OSError:
        return None, ""
    key = (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
    kept = _read.get(path)
    if kept is not None and kept[0] == key:
        return kept[1], kept[2]
    found = regular_bytes(path, MOST_BYTES, follow=True)
    mentions: list[Mention] | None = None
    if found is None:
        unread = "" if os.path.isdir(path) else "a file agents cannot read"
    elif len(found[0]) > MOST_BYTES:
        unread = f"longer than {MOST_BYTES // 1024} KiB"
    else:
        text = found[0].decode("utf-8", "replace")
        mentions, unread = [] if "\0" in text else scan(text, unit=path.endswith(UNITS)), ""
        if "\0" not in text and is_kubeconfig(text):  # as kubectl reads it: `\u0075`, `\/` (F11)
            named = [r.path for r in kube_programs(text, path) if not r.unknown]
            mentions += [Mention(one) for one in named if one.startswith("/")]
    if time.time_ns() - max(key[2], key[3]) > FRESH_NS:  # (as a folder's listing)
        _read[path] = (key, mentions, unread)
    return mentions, unread
