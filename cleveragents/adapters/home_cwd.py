"""What the home's own setup has a program read from whatever folder it starts in
(`domain/cwd_reads.py`): vim's `set exrc`, gdb's auto-load safe-path, a relative path an
ssh or tmux command runs, a shell startup file's relative `source`, a relative
`PYTHONSTARTUP`. Each of these files of the home standing (its links followed) is read,
and vim's and nvim's plugin files and nvim's `lua/` modules, where a config sets its options
too (LazyVim's `lua/config/options.lua`), and the files of the home these source in turn
(`~/.vim/opts.vim`, ssh's `Include conf.d/*`, `. ~/.bash_functions`, each file a loop
sources, Fedora's `for rc in ~/.bashrc.d/*; do . "$rc"; done`: attack 23 F2, F5, F6, F27),
as their own kind, a few levels deep; and what a `packadd`, an autoload function's call, a
shell file's VIMINIT, `vim -u` or `gdb -ix` names (attack 25 G7, G13), and the module a
Lua `require` finds on nvim's runtime path (one it does not find there is Lua's `./x.lua`
of the folder nvim starts in: `domain/vim_expressions.py`, readers30). Not read: a path
only another variable names, a `cd` function's command run by a bare path. oh-my-zsh's
dotenv, `~/.psqlrc`'s `\\i` and emacs' local eval are read so too (attack 23 F16).

Cost: a `stat` of each (about 35 names, and what the globs match) per look, a read of those
changed since (a few KB); for each Lua module one requires, a `stat` of each place nvim
looks it up in until found (a glob of each runtime folder's start packages).
"""

from __future__ import annotations

import glob
import os
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from cleveragents.adapters.git.pattern_links import led
from cleveragents.adapters.home_words import _text
from cleveragents.domain.cwd_reads import (
    EMACS,
    GDB,
    IPYTHON,
    LLDB,
    NVIM,
    PSQL,
    SHELL,
    SSH,
    TMUX,
    VIM,
    reads,
    script_kind,
    sourced,
    started,
)
from cleveragents.domain.hg_reads import hg_reads
from cleveragents.domain.host_files import STARTUP_FILES
from cleveragents.domain.reach import Reach, printable
from cleveragents.domain.vim_expressions import required

HOME_FILES = (
    (".vimrc", VIM), (".vim/vimrc", VIM), (".gvimrc", VIM), (".exrc", VIM),
    (".gdbinit", GDB), (".lldbinit", LLDB), (".ssh/config", SSH), (".tmux.conf", TMUX),
    (".bash_aliases", SHELL), (".config/fish/config.fish", SHELL), (".emacs", EMACS),
    (".emacs.el", EMACS), (".emacs.d/init.el", EMACS), (".emacs.d/early-init.el", EMACS),
    (".psqlrc", PSQL), (".emacs.d/custom.el", EMACS), (".spacemacs", EMACS),
    (".doom.d/config.el", EMACS),
)  # fmt: skip
CONFIG_FILES = (
    ("nvim/init.vim", NVIM), ("nvim/init.lua", NVIM), ("gdb/gdbinit", GDB),
    ("gdb/gdbearlyinit", GDB), ("tmux/tmux.conf", TMUX), ("emacs/init.el", EMACS),
    ("emacs/early-init.el", EMACS), ("emacs/custom.el", EMACS), ("doom/config.el", EMACS),
)  # fmt: skip
# Where a vim or nvim config sets its options too (LazyVim's `lua/config/options.lua`).
GLOBS = (
    (".vim/plugin/*.vim", VIM), (".vim/after/plugin/*.vim", VIM), (".psqlrc-*", PSQL),
    (".ipython/profile_*/ipython_config.py", IPYTHON),
    (".ipython/profile_*/ipython_kernel_config.py", IPYTHON),
)  # fmt: skip
CONFIG_GLOBS = (("nvim/plugin/*", NVIM), ("nvim/after/plugin/*", NVIM), ("nvim/lua/**/*.lua", NVIM))
MOST_GLOBBED = 256  # files of those globs read, at most, each
DEEPEST, MOST_SOURCED = 4, 64  # files sourced in turn: levels, and files, at most
# nvim's own runtime folders, where a `require`d module may stand (`$VIMRUNTIME/lua/vim/lsp.lua`).
SYSTEM_RUNTIME = (
    "/usr/share/nvim/runtime", "/usr/local/share/nvim/runtime",
    "/usr/share/nvim/site", "/usr/local/share/nvim/site",
)  # fmt: skip
# Each file read in this process, by its stat and the modules it requires that the runtime
# path holds: what it makes a program read, and the files of the home it sources.
Mark = tuple[tuple[int, int, int, int], tuple[str, ...], dict[str, str]]
_read: dict[tuple[str, str, str, str], tuple[Mark, list[Reach], list[tuple[str, str]]]] = {}


def cwd_reads(tree: Path) -> list[Reach]:
    """The places of the tree `tree` (patterns with `**`) the home's setup has a program
    read from the folder it starts in, and those hg reads in any `.hg`, home or not."""
    home = os.environ.get("HOME")
    if not home or not os.path.isabs(home):
        return [replace(reach, any_case=True) for reach in hg_reads()]
    top = os.path.realpath(tree)
    given = os.environ.get("XDG_CONFIG_HOME", "")  # as the shell that started agents sets it
    given = given if given.startswith("/") else ""
    config = given or os.path.join(home, ".config")
    shells = [n for n in STARTUP_FILES if n.startswith((".bash", ".zsh", ".profile"))]
    todo = [(os.path.join(home, name), kind) for name, kind in HOME_FILES]
    todo += [(os.path.join(home, name), SHELL) for name in shells]
    zdotdir = os.environ.get("ZDOTDIR", "")
    if zdotdir.startswith("/") and zdotdir != home:
        todo += [(os.path.join(zdotdir, n), SHELL) for n in shells if n.startswith(".z")]
    todo += [(os.path.join(config, name), kind) for name, kind in CONFIG_FILES]
    for pattern, kind in [
        *((os.path.join(home, g), k) for g, k in GLOBS),
        *((os.path.join(config, g), k) for g, k in CONFIG_GLOBS),
    ]:
        todo += [(p, kind) for p in sorted(glob.glob(pattern, recursive=True))[:MOST_GLOBBED]]
    found: list[Reach] = hg_reads()  # whatever the home holds (`domain/hg_reads.py`)
    level, real_home = list(dict.fromkeys(todo)), os.path.realpath(home)
    seen = set(level)  # by path: a loop of sources through links ends at DEEPEST
    for _ in range(DEEPEST + 1):
        deeper: list[tuple[str, str]] = []
        for path, kind in level:
            reaches, more = _of(path, kind, top, real_home, home, given)
            found += reaches
            for pattern, of in more:
                # (a name that is not there spends none of the bound: `autoload/x.vim`
                # is looked for in four runtime folders)
                matched = glob.glob(pattern) if glob.has_magic(pattern) else [pattern]
                matched = [m for m in matched if os.path.lexists(m)]
                for each in sorted(matched)[:MOST_GLOBBED]:
                    key = (os.path.normpath(each), script_kind(of, each))
                    if key not in seen and len(seen) < len(todo) + MOST_SOURCED:
                        seen.add(key)
                        deeper.append((each, key[1]))
        level = deeper
    found = list(dict.fromkeys(found))
    found += [place for place, _ in led(Path(top), found)]  # where a link on the way leads
    # Opened by name in any folder: in any case on a case-insensitive disk (attack 23 F31).
    return [replace(reach, any_case=True) for reach in dict.fromkeys(found)]


def _of(
    path: str, kind: str, top: str, real_home: str, home: str, given: str
) -> tuple[list[Reach], list[tuple[str, str]]]:
    """What the config `path` of `kind` has a program read from its folder, and the files
    of the home it sources (absolute, or globs) with the kind each is read as (`given`: the
    shell's `XDG_CONFIG_HOME`, "" when it sets none)."""
    try:
        st = os.stat(path)
    except OSError:
        return [], []
    stat = (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
    known = _read.get((path, kind, top, given))
    if known is not None and known[0][0] == stat:
        modules = known[0][1]
        if known[0] == (stat, modules, _resolved(modules, kind, home, given)):
            return known[1], known[2]
    text, _ = _text(path)
    modules = tuple(required(text)) if text is not None and kind in (VIM, NVIM) else ()
    resolved = _resolved(modules, kind, home, given)
    shown = printable("~/" + os.path.relpath(path, home) if path.startswith(home + "/") else path)
    found = (
        [] if text is None else reads(kind, text, shown, top, real_home, given, frozenset(resolved))
    )
    more = (
        []
        if text is None
        else [(p, kind) for p in sourced(kind, text, os.path.dirname(path), home)]
    )
    more += [] if text is None else started(kind, text, home, given)
    # A module found in the home's runtime folders: read in turn (its own `require`s).
    more += [(p, kind) for p in resolved.values() if p.startswith(home + "/")]
    _read[(path, kind, top, given)] = ((stat, modules, resolved), found, more)
    return found, more


def _resolved(modules: tuple[str, ...], kind: str, home: str, given: str) -> dict[str, str]:
    """Each of the Lua `modules` that vim's or nvim's runtime path holds (its config folder,
    its data `site`, their start packages and `after`, its own runtime), and the file it is:
    such a one is not looked for in the folder it starts in."""
    if not modules:
        return {}
    if kind == VIM:
        own = [os.path.join(home, ".vim")]
    else:
        data = os.environ.get("XDG_DATA_HOME", "")
        data = data if data.startswith("/") else os.path.join(home, ".local/share")
        own = [os.path.join(given or os.path.join(home, ".config"), "nvim")]
        own.append(os.path.join(data, "nvim/site"))
    folders: list[str] = []
    for folder in own:
        starts = sorted(glob.glob(os.path.join(glob.escape(folder), "pack/*/start/*")))
        folders += [folder, *starts[:MOST_GLOBBED], os.path.join(folder, "after")]
    runtime = os.environ.get("VIMRUNTIME", "")
    folders += [runtime] if kind != VIM and runtime.startswith("/") else []
    folders += list(SYSTEM_RUNTIME) if kind != VIM else []
    found: dict[str, str] = {}
    for module in modules:
        name = module.replace(".", "/")
        ends = (f"lua/{name}.lua", f"lua/{name}/init.lua", f"lua/{name}.so")
        where = (os.path.join(f, end) for f in folders for end in ends)
        hit = next((w for w in where if os.path.isfile(w)), None)
        if hit is not None:
            found[module] = hit
    return found


def cwd_new(reads: list[Reach], path: str) -> str | None:
    """What is said of a new file at `path`, removed, in a place of `reads` (`cwd_reads`) or
    a link standing where its folder would (`Reach.on_way`); None: in none of them."""
    for reach in reads:
        if reach.covers(path) or reach.on_way(path):
            runs = f"{reach.launcher} would run it in whatever folder it starts in"
            return f"new, {runs} ({reach.hint})"
    return None


def cwd_said(tree: Path) -> Callable[[str], str | None]:
    """What is said of a new file at a path of the tree `tree`, removed (`cwd_new`), by
    what the home's programs read from their folder now (`cwd_reads`)."""
    reads = cwd_reads(tree)
    return lambda path: cwd_new(reads, path)
