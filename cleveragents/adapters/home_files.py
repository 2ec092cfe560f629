"""The files of the user's home that run on the host at the next login, shell or program, or
that git reads as its global config, where they lie in the working tree: a dotfiles
repository whose `~/.bashrc` links to `bashrc` in the tree, or a tree that is the home itself.

A sandboxed command's `echo ... >> bashrc` would run in the user's next shell. These files
are host-run files (`domain/host_files.py`): the model's file actions on them are refused,
and what a command does to them is put back (`git/claude_dirs.py`). They are:
  * the startup files by name (`STARTUP_FILES`), standing or not;
  * any file or folder the home links into the tree: a dotfiles repository's install links
    far more than a list of names could follow (`~/.ssh/config`, whose `Match exec` runs at
    the next `ssh`; `~/.local/bin/tool`, on PATH; `~/.vim/vimrc`, `~/.gnupg/gpg-agent.conf`,
    `~/.config/systemd/user/x.service`, `~/.config/nvim/lua/user/init.lua`...), file by file
    as GNU stow "unfolds" them. Every dot entry of the home and `~/bin` is walked for
    links, folders and all, but caches (`home_walk.py`), each on a budget of its own, down
    to `MOST_DEPTH` levels and `MOST_ENTRIES` entries; when the walk of one stops at a limit
    before its end and a link into the tree was found there, the tree counts whole
    (`whole`): a link further down could lead anywhere in it; where none was found, the
    roots past a budget (not those past the depth alone) are said once on stderr;
  * what each link of the tree in a folder of the tree the home links to leads to, and
    the link (`~/.vim -> ~/dotfiles/vim`, `vim/plugin/shared.vim -> ../../common/x.vim`:
    vim reads `common/x.vim`), and so on in the folders those lead to (`_links_within`);
  * `$XDG_CONFIG_HOME`, when set, as `~/.config` is (its git files, the folder where it
    lies in the tree), `$XDG_DATA_HOME` and the `$XDG_CONFIG_DIRS`, `$XDG_DATA_DIRS`
    folders where they lie in the tree, the home's folders on PATH (`~/go/bin`,
    `~/node_modules/.bin`, each `$PATH` entry in the home: walked as `~/bin` is, whole
    where they lead into the tree: `run_dirs`), and each link of the tree on the way to
    any of these, not only the end (`home_ways.py`);
  * a file of the tree that is another name of a file of the home (a hard link:
    `home_hard.py`), put back in place;
  * the whole tree when a dot entry of the home leads to its top (`~/.vim ->
    ~/src/vimrc`) or to a folder holding it, in the home or not (`~/.vim ->
    ~/dotfiles/vim`, `~/.vim/pack/dev/start -> /work/plugins`; not `/` nor a folder
    holding the home), or holds it (`~/.config/nvim`, `~/.emacs.d` cloned there), or the
    home's startup files put it on PATH (`~/bin` by Debian's `.profile`: `home_ways.on_path`);
  * when the tree is the home or holds it, every dot entry of the home and `bin`, file or folder,
    standing or not (`dots`): `~/.ssh/authorized_keys`, `~/.vimrc`, systemd user units,
    IPython's startup files... programs look there for what they run or trust;
  * what a shell startup file of them sources or runs by a path agents can name (`.
    ~/.bash_aliases`, `source ~/dot/extra.sh`, an absolute path), read as a hook's script
    is (`git/tree_scripts.py`), and what that runs in turn; what the home's OWN startup
    files and these source by `$HOME`, a variable, a loop's glob or `ZDOTDIR`
    (`home_shells.py`: a sourced path it cannot name, the tree whole). What it runs through a word
    agents cannot name (`eval "$(dircolors -b)"`, in Debian's default `.bashrc`) is not
    counted: it would make every file of a dotfiles tree host-run;
  * what the home's configs of other programs include, run or name of the tree: ssh's,
    vim's, tmux's, readline's read exactly (`home_configs.py`), and any path that a config
    of the table `domain/program_configs.py` mentions (`home_mentions.py`), and the links
    of the tree in the folders so found (`_links_within`).

Cost: per look, an `lstat` of each startup name, a listing of the home's top and of each
folder in its dot entries, `~/bin` and its folders on PATH (at most `MOST_ENTRIES` entries
per root, `scandir` telling links from folders without a `stat`, an `lstat` of each file
for its count of names, stopping at the budget; a listing kept in the process is read
again only when its folder's `lstat` changed), a `realpath` of each link found; the shell
files are read again only when their stat changed (`tree_scripts.py`). Measured (CPU, a
loaded 2-core machine): a home of 5800 dot entries, 16-37 ms at a process's first look,
5-7 ms after; a home at the limit (a developer's `~/.m2`, `~/.npm`, `~/.pyenv`), 90-105
ms first, 30 ms after. The `lstat` of each file adds 20-25 ms to the first look of a home
of 5900 entries (34-40 ms against 13-15), nothing after; a file of the home with a name
outside both the home and the tree (a backup's hard link) costs a walk of the tree at
each look: 13 ms for 20000 files. A Claude Code hook is a process of its own: each pays
the first look. All roots together are walked on `home_walk.MOST_ALL` entries: a home of
12 program folders of 11000 entries each, 360-460 ms first, 22-32 ms after (870-1070 and
65-76 ms when each root had its own 10000 and no more).
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

from cleveragents.adapters.home_hard import hard_links, inode_of
from cleveragents.adapters.home_walk import MOST_ALL, home_links, links_in
from cleveragents.adapters.home_ways import (
    home_roots,
    links_on_the_way,
    on_path,
    startup_config_home,
    xdg_dirs,
    xdg_folder,
    xdg_named,
    xdg_whole,
)
from cleveragents.domain.host_files import STARTUP_FILES
from cleveragents.domain.reach import printable

# Entries of each root of the home looked at, at most, and how deep (the home's dot entries
# are the first level; `home_walk.py`): this walk runs at each look around a command and
# each model file action. Past either the rest of that root is not looked at, and a tree a
# link found there leads into counts whole (`HomeFiles.whole`).
MOST_ENTRIES = 10000
MOST_DEPTH = 8
GIT_FILES = (".gitconfig", ".config/git/config")  # read by git as config, not a shell
MOST_SOURCED = 64  # shell files read for what they source, at most


@dataclass(frozen=True)
class HomeFiles:
    """The home's places in a tree (relative paths): `paths`, files and folders that run
    on the host (`startup_files`); `dots`, where the home itself lies in the tree ("": the
    tree is the home), each dot entry there the host's; `whole`, why the whole tree is the
    host's, or "" (`_whole`)."""

    paths: tuple[str, ...] = ()
    dots: tuple[str, ...] = ()
    whole: str = ""  # why
    config_home: str | None = None  # where `$XDG_CONFIG_HOME` lies in the tree (`home_ways`)
    run_dirs: tuple[tuple[str, str], ...] = ()  # (whose, folder): `home_ways.xdg_dirs`...


_said: set[str] = set()  # the trees said to be whole, in this process
_cut_said: set[tuple[str, str]] = set()  # (home, tree) said to be looked at in part


def startup_files(tree: Path) -> list[str]:
    """The paths in the tree `tree` (relative) of the home's files that run on the host
    (`home_files`)."""
    return list(home_files(tree).paths)


def home_files(tree: Path) -> HomeFiles:
    """The home's places in the tree `tree`: the startup files by name (followed to their
    end, standing or not, or where they lie when the home is the tree or in it), where the
    home's links lead, what the shell ones source, the dot entries of a home in the tree,
    and whether the tree counts whole."""
    home = os.environ.get("HOME")
    if not home or not os.path.isabs(home):
        return HomeFiles()
    top = Path(os.path.realpath(tree))
    found: list[str] = []
    shells: list[str] = []
    programs: list[str] = []  # `~/bin/tool -> proj/scripts/tool`: read as a hook's script
    named = [(name, os.path.join(home, name)) for name in STARTUP_FILES]
    roots = home_roots(home, top)
    walk = home_links(home, MOST_ENTRIES, MOST_DEPTH, roots, MOST_ALL)
    xdg, (dirs, xdg_why) = xdg_folder(top), xdg_dirs(top)
    found += [] if xdg is None else [xdg]
    login_xdg, login_why = startup_config_home(home, top)  # the login shell's own
    dirs += [("of your login shell's $XDG_CONFIG_HOME", folder) for folder in login_xdg]
    more_named = [(root, f"{home}/{root}") for root in roots if root != "."]
    for root, path in more_named:  # a folder of the home on PATH: its programs run by name
        inside = _inside(top, path)
        dirs += [] if inside is None else [(f"your home's {printable(root)}", inside)]
    hard = [(n, p, *i) for n, p in [*named, *xdg_named()] if (i := inode_of(p)) is not None]
    # (a file of a folder the home links into the tree is the tree's own name, not the home's)
    walked = [h for h in walk.hard if not _through(home, h[0]) or _inside(top, h[1]) is None]
    twins, twins_why = hard_links(top, [*walked, *hard])
    known: dict[str, str | None] = {}
    found += [folder for _, folder in dirs]
    for name, path in [*named, *xdg_named(), *walk.links, *more_named]:
        found += links_on_the_way(top, path, known)  # a tree link on the way: the host's too
        inside = _inside(top, path)
        if inside is not None:
            found.append(inside)
            shells += [inside] if _shell(name) else []
            programs += [] if _shell(name) or not _program(top / inside) else [inside]
            programs += _programs(top, inside) if name.split("/")[-1] == "bin" else []
    found += [path for _, path in twins]  # `~/.bashrc` a hard link of the tree's `bashrc`
    inner, inner_why = _links_within(top, found, known)
    found += inner
    shells += [path for name, path in twins if _shell(name)]
    real = Path(os.path.realpath(home))
    at = real.relative_to(top).as_posix() if real.is_relative_to(top) else None
    dots = () if at is None else ("" if at == "." else at,)
    from cleveragents.adapters.home_git_policy import note_exported
    from cleveragents.adapters.home_shells import home_shell_places

    assigned: dict[str, list[str] | None] = {}
    own, why = home_shell_places(top, home, shells, assigned)
    note_exported(home, assigned)  # `export GIT_ALLOW_PROTOCOL=ext`: `home_git_policy.py`
    more, past = _sourced(top, [*shells, *own])
    from cleveragents.adapters.home_assigned import startup_values
    from cleveragents.adapters.home_configs import home_config_places
    from cleveragents.adapters.home_installs import editable_places

    with startup_values(assigned):  # `$DOTFILES/x` in a config: the shell's DOTFILES
        configs, config_runs, config_why = home_config_places(top, home)
    configs += editable_places(top, home)  # `pip install --user -e .`: its package folder
    ran, ran_why = _sourced(top, [*programs, *config_runs], program=True)
    linked, linked_why = _links_within(top, configs, known)  # `vim/x.vim -> ../y.vim`
    more, past = [*configs, *linked, *more, *ran], past or config_why or ran_why or linked_why
    leads = [*walk.links, *more_named, *[(name, str(top / path)) for name, path in twins]]
    whole = _whole(top, real, leads, walk.cuts, roots) or why or past or inner_why
    whole = whole or xdg_whole(top) or xdg_why or twins_why or on_path(home, top) or login_why
    if whole and str(top) not in _said:
        _said.add(str(top))
        sys.stderr.write(
            f"note: every file of the tree counts as your home's, kept from the model: {whole}\n"
        )
    if not whole and walk.over and (home, str(top)) not in _cut_said:
        # (not a root cut by depth alone: perf's `~/.debug`, pyenv's own deep clone)
        _cut_said.add((home, str(top)))
        cuts = ", ".join(printable("home" if c == "." else c) for c in walk.over[:8])
        sys.stderr.write(
            f"note: your home's folders {cuts} hold more entries than agents looks at for "
            f"links into the tree ({MOST_ENTRIES} each, {MOST_ALL} in all): a link there "
            "past those is not kept from the model\n"
        )
    paths = tuple(dict.fromkeys([*found, *own, *more]))
    return HomeFiles(paths, dots, whole, xdg, tuple(dirs))


def _shell(name: str) -> bool:
    """Whether the home's file `name` is a shell's, read for what it sources."""
    shell = name not in GIT_FILES and name.startswith((".bash", ".zsh", ".profile"))
    return shell or name.endswith(".sh")


def _whole(
    top: Path, home: Path, links: list[tuple[str, str]], cuts: list[str], roots: tuple[str, ...]
) -> str:
    """Why the whole tree `top` is the home's (`home`, resolved), or "": it lies in a dot
    entry of the home (`~/.config/nvim`, `~/.dotfiles`: programs read it whole), a link of
    the home leads to its top (`~/.vim -> ~/src/vimrc`) or to a folder holding it, not `/`
    nor one holding the home (`~/.vim -> ~/dotfiles/vim`, the tree a plugin in `pack/`;
    `/work/plugins`, outside the home), or a link into it was found in a folder the walk
    did not finish (`cuts`): a link further down there could lead anywhere in it."""
    if top.is_relative_to(home) and top != home:
        entry = top.relative_to(home).parts[0]
        if entry.startswith("."):
            return f"it lies in your home's {printable(entry)}"
    leads = [(name, Path(os.path.realpath(path))) for name, path in links]
    for name, real in leads:
        if real == top:
            return f"your home's {printable(name)} links to it"
    for name, real in leads:
        # (not a folder on PATH, `roots`: what runs from there is its files, not a tree's)
        if name in roots or home.is_relative_to(real):  # (`/`, the home: every tree)
            continue
        if top.is_relative_to(real):
            return f"your home's {printable(name)} links to a folder that holds it"
    for name, real in leads:
        cut = next((c for c in cuts if c == "." or name.startswith(f"{c}/")), None)
        if cut is not None and real.is_relative_to(top):
            return (
                f"your home's {printable(name)} links into it, and its "
                f"{printable('home' if cut == '.' else cut)} holds more than {MOST_ENTRIES} "
                f"entries (or folders deeper than {MOST_DEPTH}): not all were looked at"
            )
    return ""


def _links_within(
    top: Path, found: list[str], known: dict[str, str | None]
) -> tuple[list[str], str]:
    """What the tree's links in the folders `found` (of the tree `top`, the home's) lead to
    in the tree, and the links on the way (`vim/plugin/shared.vim -> ../../common/x.vim`,
    `~/.vim` linking to `vim`: vim reads `common/x.vim`), and in turn in the folders they
    lead to; and why the tree is the home's whole when one such folder holds more than
    `MOST_ENTRIES` entries (or is deeper than `MOST_DEPTH`), or ""."""
    more: list[str] = []
    todo = [p for p in dict.fromkeys(found) if (top / p).is_dir() and not (top / p).is_symlink()]
    done: set[str] = set()
    while todo:
        folder = todo.pop(0)
        if len(done) >= MOST_SOURCED:
            return more, f"its folders your home's programs read link to more than {MOST_SOURCED}"
        if folder in done or any(folder.startswith(f"{d}/") for d in done):
            continue
        done.add(folder)
        links, cut = links_in(str(top), folder, MOST_ENTRIES, MOST_DEPTH)
        if cut:
            return more, (
                f"your home's programs read its {printable(folder)}, which holds more than "
                f"{MOST_ENTRIES} entries (or folders deeper than {MOST_DEPTH}): the links "
                "there were not all looked at"
            )
        for link in links:
            more += links_on_the_way(top, str(top / link), known)
            inside = _inside(top, str(top / link))
            if inside is not None:
                more.append(inside)
                todo += [inside] if (top / inside).is_dir() else []
    return more, ""


def _through(home: str, name: str) -> bool:
    """Whether the home's entry `name` (relative) is reached through a link of the home."""
    folder = os.path.dirname(name)
    return os.path.realpath(os.path.join(home, folder)) != os.path.join(
        os.path.realpath(home), folder
    ).rstrip("/")


def _inside(top: Path, path: str) -> str | None:
    """Where `path` leads (its links followed to the end), relative to the tree `top`, when
    it lies there, outside any `.git`, and is not the top itself."""
    real = Path(os.path.realpath(path))
    if real == top or not real.is_relative_to(top) or ".git" in real.relative_to(top).parts:
        return None
    return real.relative_to(top).as_posix()


def sourced(top: Path, shells: list[str]) -> list[str]:
    """What the scripts `shells` (relative to the tree `top`) source or run by a path agents
    can name, in the tree, and what those do in turn (`MOST_SOURCED` read at most)."""
    return _sourced(top, shells)[0]


def _programs(top: Path, folder: str) -> list[str]:
    """The programs in the tree's `folder` a `bin` of the home links to (`~/bin ->
    ~/dotfiles/bin`: on PATH), at most `MOST_SOURCED`."""
    try:
        names = sorted(os.listdir(top / folder))[:MOST_SOURCED]
    except OSError:
        return []
    return [f"{folder}/{name}" for name in names if _program(top / folder / name)]


def _program(path: Path) -> bool:
    """Whether the tree file at `path` is a program (a plain file that may be executed)."""
    return path.is_file() and os.access(path, os.X_OK)


def _sourced(top: Path, shells: list[str], program: bool = False) -> tuple[list[str], str]:
    """`sourced`, and why the whole tree is the home's when more than `MOST_SOURCED` were
    to be read, or "". Of a `program` (a home link to a tree program, run by the user) what
    a hook's script would run is the host's too: what an interpreter loads beside it (its
    folder, for `scripts/*.py`; at the tree's top, the files standing there that match:
    a new top module runs only where something imports it). What either runs by a word
    agents cannot name (`exec "$EDITOR" "$@"`, `subprocess.run(sys.argv[1:])`) is not
    counted, as for the shell files: most of a dotfiles `bin` would make its tree whole."""
    from cleveragents.adapters.git.config_programs import _in_tree as in_tree
    from cleveragents.adapters.git.tree_scripts import below, script_places
    from cleveragents.domain.host_binds import path_like
    from cleveragents.domain.reach import ANY_FOLDERS

    found: list[str] = []
    todo = list(dict.fromkeys(shells))
    at = 0
    while at < min(len(todo), MOST_SOURCED):
        at += 1
        for reach in script_places(top, todo[at - 1], "", _kind(top, todo[at - 1])):
            if (reach.launcher and not program) or reach.unknown or "#!" in reach.path:
                continue  # (`#!/bin/sh`: the first line, read as a command)
            for place in in_tree(top, reach):
                if "$" in place.path:
                    continue  # `$f`, `$@`: a word the reader kept as is, no file
                if (
                    reach.data
                    and not path_like(place.path)
                    and not os.path.lexists(top / place.path)
                ):
                    continue  # `notify-send "Task done"`, a kubeconfig read as shell: no file
                path = (
                    place.path.split("*")[0].rpartition("/")[0] if "*" in place.path else place.path
                )
                if "*" in place.path and not path:  # `*.py` at the top: those standing
                    found += (
                        [p for _, p in below(top, [place])]
                        if ANY_FOLDERS in place.path
                        else [p.relative_to(top).as_posix() for p in top.glob(place.path)]
                    )
                    continue
                found.append(path)
                todo += [] if path in todo or place.launcher else [path]
    if len(todo) > MOST_SOURCED:
        whose = "the programs it links to run" if program else "its shell files source"
        return found, f"{whose} more than {MOST_SOURCED} files"
    return found, ""


def _kind(top: Path, path: str) -> str:
    """How the tree file `path` a startup file names is read: a kubeconfig (`export
    KUBECONFIG=~/dot/kubeconfig`, YAML or JSON) as kubectl reads it, for the programs it
    names, not as a script whose words would stand as empty files (attack 22 #11)."""
    from cleveragents.adapters.git.stamped_reads import regular_bytes
    from cleveragents.domain.kube_configs import is_kubeconfig
    from cleveragents.domain.launchers import KUBECONFIG
    from cleveragents.domain.tree_scripts import MOST_BYTES

    found = regular_bytes(top / path, MOST_BYTES, follow=False)
    text = found[0].decode("utf-8", "surrogateescape") if found else ""
    return KUBECONFIG if is_kubeconfig(text) else ""


def in_home_dot(path: str, homes: tuple[str, ...] = ("",)) -> bool:
    """Whether `path` (relative to the tree) lies in a dot entry of a home at one of `homes`
    (`HomeFiles.dots`)."""
    from cleveragents.domain.host_files import home_dot

    return any(home_dot(path, home) is not None for home in homes)
