"""Two more ways the home reaches into a working tree (`home_files.py`):

  * `$XDG_CONFIG_HOME`, when set, is what `~/.config` is to git and to the programs that
    follow the XDG spec: git reads `$XDG_CONFIG_HOME/git/config` as its global config (a
    `core.fsmonitor` there runs at the user's next `git status`, in any repository), and
    `git/attributes`, `git/ignore` beside it. Users point it at a dotfiles repository used
    in place (`XDG_CONFIG_HOME=~/dotfiles/config`), or at a folder of a home that is a
    tree (`~/cfg`). Those git files are startup files wherever they lead (`xdg_named`);
    the folder itself, when it lies in the tree, is the home's whole (autostart entries,
    systemd user units, nvim's config: `config_home`); a tree it leads to, or that lies in
    it, is the home's whole (`xdg_whole`);
  * `$XDG_DATA_HOME` (`applications/*.desktop`, systemd user units, bash-completion's
    completions: all run), and each folder of `$XDG_CONFIG_DIRS` and `$XDG_DATA_DIRS`
    (`autostart`, `applications` there): one that lies in the tree is the home's whole
    there (`xdg_dirs`), one that is the tree or holds it the tree whole; one set to a
    folder of the home is walked for links as a dot entry is (`home_roots`);
  * the home's folders the host runs programs from by name, besides its dot entries and
    `bin`: each `$PATH` entry in the home, `$GOBIN` and each `$GOPATH`'s `bin` (`~/go/bin`
    by default), `~/node_modules/.bin` (`home_roots`): walked for links into the tree, and
    where one leads into the tree (a link itself, or the home in the tree), that folder is
    the home's whole. A `$PATH` entry in the tree that lies in the home (`~/src/app/bin`,
    the tree `~/src/app`) is the tree's, judged as such (`domain/host_files.PathFolder`);
  * what the home's own startup files set for the user's later shells, whatever agents
    was started with (`startup_values`): the folders they put on PATH
    (`PATH="$HOME/bin:$PATH"` in Debian's `.profile`, `export PATH=~/scripts:$PATH`),
    walked as agents' own PATH's are, a tree that is one of them the home's whole
    (`on_path`); an `$XDG_CONFIG_HOME` they set, as agents' own one is, but for the links
    of the tree on the way (`startup_config_home`);
  * a link IN the tree on the way to a home's file (`~/.vimrc -> dl/vimrc ->
    vim/vimrc.real`): re-pointed, it makes the home read another file; each such link is
    the host's too, not only the chain's end (`links_on_the_way`).

Cost: a `readlink` per place on the way of each path followed (the startup names, the
home's links, three git files), each place read once per look, at most `MOST_HOPS` links
per path. Measured (CPU, a loaded 2-core machine): a home of 300 links into a tree, 33-34
ms per look, against 26-28 ms without.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from cleveragents.domain.reach import printable

XDG_GIT_FILES = ("git/config", "git/attributes", "git/ignore")  # what git reads there
MOST_HOPS = 40  # links followed on one way, as the kernel's own limit


def config_home() -> str | None:
    """`$XDG_CONFIG_HOME` when set to an absolute path (git ignores a relative one)."""
    value = os.environ.get("XDG_CONFIG_HOME")
    return value if value and os.path.isabs(value) else None


def xdg_named() -> list[tuple[str, str]]:
    """The files git reads in `$XDG_CONFIG_HOME` (name shown, path), when it is set."""
    folder = config_home()
    if folder is None:
        return []
    return [(f"$XDG_CONFIG_HOME/{name}", os.path.join(folder, name)) for name in XDG_GIT_FILES]


def xdg_folder(top: Path) -> str | None:
    """Where `$XDG_CONFIG_HOME` leads in the tree `top` (relative, outside any `.git`), or
    None: not set, outside the tree, or its top (then `xdg_whole`)."""
    folder = config_home()
    if folder is None:
        return None
    real = Path(os.path.realpath(folder))
    if real == top or not real.is_relative_to(top) or ".git" in real.relative_to(top).parts:
        return None
    return real.relative_to(top).as_posix()


def xdg_whole(top: Path) -> str:
    """Why the whole tree `top` is the home's by `$XDG_CONFIG_HOME`, or "": it leads to the
    tree's top, or the tree lies in it (`XDG_CONFIG_HOME=~/cfg`, the tree `~/cfg/nvim`)."""
    folder = config_home()
    if folder is None:
        return ""
    real = Path(os.path.realpath(folder))
    if top.is_relative_to(real):
        return f"your $XDG_CONFIG_HOME ({printable(folder)}) is it or holds it"
    return ""


XDG_DIRS = ("XDG_DATA_HOME", "XDG_CONFIG_DIRS", "XDG_DATA_DIRS")  # besides XDG_CONFIG_HOME
RUN_ROOTS = ("go/bin", "node_modules/.bin")  # of the home, run by name when on PATH


def home_roots(home: str, top: Path) -> tuple[str, ...]:
    """The folders of the home (relative) to walk besides its dot entries and `bin`: its
    `$PATH` entries (agents' own and those its startup files add: `startup_values`),
    `$GOBIN`, each `$GOPATH`'s `bin`, `RUN_ROOTS`, and `$XDG_DATA_HOME`,
    `$XDG_CONFIG_HOME` when set there; not those that lie in the tree `top` while the home
    does not (the tree's own folders on PATH)."""
    env = os.environ
    places = [*env.get("PATH", "").split(os.pathsep), env.get("GOBIN", "")]
    places += [word for _, word in startup_values(home, PATH_SET)]  # the login shell's
    places += [os.path.join(p, "bin") for p in env.get("GOPATH", "").split(os.pathsep) if p]
    places += [env.get("XDG_DATA_HOME", ""), env.get("XDG_CONFIG_HOME", "")]
    places += [os.path.join(home, root) for root in RUN_ROOTS]
    homes = list(dict.fromkeys([os.path.normpath(home), os.path.realpath(home)]))
    home_in_tree = Path(homes[-1]).is_relative_to(top)
    found: list[str] = []
    for place in places:
        place = os.path.normpath(place) if os.path.isabs(place) else ""
        at = next((h for h in homes if place == h or place.startswith(f"{h}/")), None)
        root = "" if at is None else os.path.relpath(place, at)
        if not root or (not home_in_tree and (Path(homes[-1]) / root).is_relative_to(top)):
            continue
        first = root.split("/")[0]
        walked = first.startswith(".") and root != "."  # the home on PATH: "."
        walked = walked or (root == "." and home_in_tree)  # the tree's, as a PathFolder
        if not (walked or first == "bin") and root not in found:
            found.append(root)
    return tuple(found)


def xdg_dirs(top: Path) -> tuple[list[tuple[str, str]], str]:
    """Where `$XDG_DATA_HOME` and the folders of `$XDG_CONFIG_DIRS`, `$XDG_DATA_DIRS` lie
    in the tree `top` (whose, relative path; outside any `.git`, not its top), and why
    the whole tree is the home's by one of them (it is the tree or holds it), or ""."""
    found: list[tuple[str, str]] = []
    for name in XDG_DIRS:
        for folder in os.environ.get(name, "").split(os.pathsep):
            if not os.path.isabs(folder):
                continue
            real = Path(os.path.realpath(folder))
            if top.is_relative_to(real):
                return found, f"your ${name} ({printable(folder)}) is it or holds it"
            if real.is_relative_to(top) and ".git" not in real.relative_to(top).parts:
                found.append((f"of your ${name}", real.relative_to(top).as_posix()))
    return found, ""


def links_on_the_way(top: Path, path: str, known: dict[str, str | None]) -> list[str]:
    """The links in the tree `top` (relative, outside any `.git`) that the way to `path`
    (absolute) goes through, followed part by part as the kernel does: each one re-pointed
    makes whoever reads `path` read another file. `known`: what each place on the way is
    (a link's target, or None), kept between the paths of one look (they share folders)."""
    found: list[str] = []
    current = "/"
    parts = path.split("/")[1:]
    hops = 0
    while parts and hops < MOST_HOPS:
        part = parts.pop(0)
        if part in ("", "."):
            continue
        if part == "..":
            current = os.path.dirname(current)
            continue
        step = os.path.join(current, part)
        if step not in known:
            try:
                known[step] = os.readlink(step)
            except OSError:  # no link (a folder, a file, nothing yet): on its way as it is
                known[step] = None
        target = known[step]
        if target is None:
            current = step
            continue
        hops += 1
        place = Path(step)
        if place != top and place.is_relative_to(top):
            inside = place.relative_to(top)
            found += [] if ".git" in inside.parts else [inside.as_posix()]
        if target.startswith("/"):
            current = "/"
        parts = [*target.split("/"), *parts]
    return found


# The home's own startup files read for what they set in the environment of the user's
# later shells (`startup_values`), and how much of each at most.
PATH_FILES = (
    ".profile",
    ".bash_profile",
    ".bash_login",
    ".bashrc",
    ".zshenv",
    ".zprofile",
    ".zshrc",
)
FISH_CONFIG = ".config/fish/config.fish"
PATH_BYTES = 1 << 20
# `PATH=X:$PATH`, `export PATH="$HOME/bin:$PATH"`, zsh's `path=(X $path)`, fish's
# `set -gx PATH X $PATH` and `fish_add_path X`: what follows, to the line's end or a `;`.
PATH_SET = re.compile(
    r"(?:\bPATH=|\bpath\+?=\(|\bset\s+(?:-\w+\s+)*PATH\s|\bfish_add_path\s)([^;#\n]*)"
)
# `export XDG_CONFIG_HOME="$HOME/dotfiles/config"`, fish's `set -gx XDG_CONFIG_HOME X`.
XDG_SET = re.compile(r"(?:\bXDG_CONFIG_HOME=|\bset\s+(?:-\w+\s+)*XDG_CONFIG_HOME\s)([^;#\n]*)")
WORD = re.compile(r"[^\s'\"():]+")


def startup_values(home: str, setting: re.Pattern[str]) -> list[tuple[str, str]]:
    """The absolute paths the home's own startup files give a variable by `setting` (`~`,
    `$HOME` and `${HOME}` read as the home; a word holding another `$` left out), each with
    the file's name: what the user's login shell has, whatever agents was started with."""
    found: list[tuple[str, str]] = []
    for name in (*PATH_FILES, FISH_CONFIG):
        try:
            with open(os.path.join(home, name), "rb") as file:
                text = file.read(PATH_BYTES).decode("utf-8", "replace")
        except OSError:
            continue
        for value in setting.findall(text):
            for word in WORD.findall(value):
                word = re.sub(r"^~(?=/|$)|\$\{HOME\}|\$HOME\b", lambda _: home, word)
                if word.startswith("/") and "$" not in word:
                    found.append((name, os.path.normpath(word)))
    return found


def on_path(home: str, top: Path) -> str:
    """Why the whole tree `top` is the home's by its startup files' PATH, or "": one of
    them puts the tree's top on PATH (`~/bin` a tree of scripts, Debian's `.profile`:
    `PATH="$HOME/bin:$PATH"`): the user's login shell runs a file a command plants there
    by name, as when agents' own PATH names it (`host_programs.refuse_top_on_path`)."""
    for name, word in startup_values(home, PATH_SET):
        if Path(os.path.realpath(word)) == top:
            return f"your home's {printable(name)} puts it on PATH ({printable(word)})"
    return ""


def startup_config_home(home: str, top: Path) -> tuple[list[str], str]:
    """Where an `$XDG_CONFIG_HOME` the home's startup files set (not agents' own) lies in
    the tree `top` (relative, outside any `.git`: the home's whole there, git's global
    config in it), and why the whole tree is the home's by one (it is the tree or holds
    it), or ""."""
    found: list[str] = []
    for name, word in startup_values(home, XDG_SET):
        real = Path(os.path.realpath(word))
        if top.is_relative_to(real):
            return found, (
                f"your home's {printable(name)} sets XDG_CONFIG_HOME to it or a folder "
                f"holding it ({printable(word)})"
            )
        if real.is_relative_to(top) and ".git" not in real.relative_to(top).parts:
            found.append(real.relative_to(top).as_posix())
    return found, ""
