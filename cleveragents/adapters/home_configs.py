"""What the home's own configs of programs other than shells and git include or run from
the tree: `~/.ssh/config`'s `Include` (and the commands its `Match exec`, `ProxyCommand`,
`LocalCommand`, `KnownHostsCommand` run, the library a `PKCS11Provider` names: every `ssh`,
every `git push` over ssh, runs them), vim's `source`/`runtime`/`luafile` and the folders
it puts on its `runtimepath` (`~/.vimrc`, `~/.vim/vimrc`, nvim's `init.vim`, `init.lua`'s
`dofile`/`loadfile`, and the module a `require` finds on nvim's runtime path, read in turn:
`_modules`), tmux's `source-file` and `run-shell`/`if-shell` commands
(`~/.tmux.conf`, `~/.config/tmux/tmux.conf`), readline's `$include` (`~/.inputrc`). Every
other program config that runs or loads what it names (and these too) is scanned for the
paths it mentions, failing closed (`home_mentions.py`): these exact readers stay for what
a scan cannot name (a relative `Include`, vim's `runtime` names, ssh's `%d`).

An included file of the tree is host-run and read in turn by the same reader (an included
ssh config may include more); a file a command names is host-run and read as a hook's
script is (`home_files._sourced`), and what a script of the home's own a command names
(`ProxyCommand ~/bin/proxy`) runs of the tree, read as a hook's script outside the tree is
(`tree_scripts.outside_places`); a glob's folder in the tree is host-run whole, and the
home's own files it matches are read. A path named with `~`, `$HOME`, ssh's `%d`, a
variable of agents' environment (the user's made it), or (for
ssh, tmux and readline) relative to the file naming it, is followed; vim's `<sfile>` and
an `:execute` of strings, `$HOME` and `expand()` are evaluated (`domain/vim_expressions.py`),
as is nvim's `dofile(vim.fn.expand("~/x.lua"))`; one holding any other `$`, `%` or vim
expression (`exe 'so' g:dir`, `dofile(vim.fn.stdpath(...) .. x)`), or a file agents does
not read (over `MOST_BYTES`, a FIFO), is an unknown: the whole tree when these files reach
it or it lies in the home, said. At most `MOST_READ` files are read; past it the tree
counts whole. emacs' `(load ...)` is left to the mention scan, and a folder `init.lua`
puts on the runtimepath by a variable (lazy.nvim's `rtp:prepend(lazypath)`, its data
folder) is not read.

Cost: a read of each of these configs standing (a few KB each) and of each tree file they
include, per look: 0.2-0.5 ms CPU for a home with three of them including three files.
"""

from __future__ import annotations

import glob
import os
import re
from collections.abc import Callable
from pathlib import Path

from cleveragents.adapters.home_words import (
    MOST_READ,
    VARIABLE,
    _glob_folder,
    _relative,
    _shown,
    _text,
)
from cleveragents.domain import vim_expressions
from cleveragents.domain.reach import printable

SSH, VIM, LUA, TMUX, INPUTRC = "ssh", "vim", "lua", "tmux", "inputrc"
MOST_MODULES = 4 * MOST_READ  # Lua modules read (a big nvim config's: AstroNvim's ~150)
QUOTES = "\"'"
CONFIGS = (
    (".ssh/config", SSH),
    (".vimrc", VIM),
    (".vim/vimrc", VIM),
    (".gvimrc", VIM),
    (".exrc", VIM),
    (".config/nvim/init.vim", VIM),
    (".config/nvim/init.lua", LUA),
    (".tmux.conf", TMUX),
    (".config/tmux/tmux.conf", TMUX),
    (".inputrc", INPUTRC),
)
SSH_COMMANDS = ("proxycommand", "localcommand", "knownhostscommand")
SSH_FILES = ("pkcs11provider", "securitykeyprovider")  # a library ssh loads
VIM_SOURCE = re.compile(
    r"^\s*:?\s*(so(?:u(?:r(?:c(?:e)?)?)?)?|ru(?:n(?:t(?:i(?:m(?:e)?)?)?)?)?|luaf(?:ile)?"
    r"|py3?f(?:ile)?|pyxf(?:ile)?|rubyf(?:ile)?|perlf(?:ile)?)!?\s+(.+?)\s*$"
)
VIM_EXECUTE = re.compile(r"^\s*:?\s*exe(?:c(?:u(?:t(?:e)?)?)?)?\b.*\b(?:so|source|ru|runtime)\b")
VIM_EXE = re.compile(r"^\s*:?\s*exe(?:c(?:u(?:t(?:e)?)?)?)?\s+(.*?)\s*$")
VIM_PATHS = re.compile(
    r"^\s*:?\s*(?:set?|setg(?:lobal)?)\s+.*\b(?:rtp|runtimepath|pp|packpath)\s*[+^]?=\s*(\S+)"
)
LUA_FILE = re.compile(  # (`dofile(vim.fn.expand("~/x.lua"))`: the file expand names)
    r"\b(?:dofile|loadfile)\s*\(?\s*(?:vim\.(?:fn\.expand|fs\.normalize)\s*\(\s*)?"
    r"(?:([\"'])(.*?)\1|([^\s)]+))"
)
LUA_PATHS = re.compile(
    r"\b(?:rtp|runtimepath|packpath)\s*:\s*(?:append|prepend)\s*\(\s*([\"'])(.*?)\1"
)
LUA_SOURCE = re.compile(  # (not Lua's `source = x`, `source(x)`)
    r"\bsource!?\s+(?![=(){},;]|\.\.)([^\s\"'\]]+)|\bcmd\.source\s*\(\s*([\"'])(.*?)\2"
)
LUA_COMMENT = re.compile(r"^((?:[^\"'-]|\"[^\"]*\"|'[^']*'|-(?!-))*)--.*$")  # code, then `--`
TMUX_SOURCE = re.compile(
    r"\bsource(?:-file)?\s+((?:-[A-Za-z]+\s+)*)([^\s;'\"]+|'[^']*'|\"[^\"]*\")"
)
TMUX_RUN = re.compile(r"\b(?:run-shell|run|if-shell|if)\b(.*)")
SYSTEM = ("$VIMRUNTIME", "$VIM/", "${VIMRUNTIME}")  # vim's own folders, not a home's
# A path a command names: by `~`, `/`, ssh's `%d` or `$HOME`.
PIECE = re.compile(r"(?:~|%d|\$\{?HOME\}?|/)[^\s'\"`;|&()<>=,]*")


def home_config_places(top: Path, home: str) -> tuple[list[str], list[str], str]:
    """The paths of the tree `top` (relative) the home's configs include, the tree files
    their commands run (to be read as scripts), and why the whole tree is the home's, or "":
    by the exact readers here, and by the mention scan of every program config of the home
    (`home_mentions.py`)."""
    from cleveragents.adapters.home_mentions import mention_places

    found, programs, why = _exact_places(top, home)
    mentioned = mention_places(top, home)
    found += mentioned.places
    programs += mentioned.scripts
    for place in _runs_of(top, mentioned.own[:MOST_READ]):  # `script-shell=~/bin/wrap`
        found.append(place)
        programs.append(place)
    return found, programs, why or mentioned.whole


def _exact_places(top: Path, home: str) -> tuple[list[str], list[str], str]:
    """`home_config_places` of the exact readers: ssh, vim, tmux, readline."""
    config = os.environ.get("XDG_CONFIG_HOME", "")
    todo = [(os.path.join(home, name), kind) for name, kind in CONFIGS]
    if config.startswith("/"):
        todo += [
            (os.path.join(config, "nvim/init.vim"), VIM),
            (os.path.join(config, "nvim/init.lua"), LUA),
        ]
        todo += [(os.path.join(config, "tmux/tmux.conf"), TMUX)]
    if os.environ.get("INPUTRC", "").startswith("/"):
        todo.append((os.environ["INPUTRC"], INPUTRC))
    from cleveragents.adapters.home_ways import links_on_the_way

    found: list[str] = []
    programs: list[str] = []
    known: dict[str, str | None] = {}
    mine: list[str] = []  # the home's own scripts the configs' commands run
    runtime: list[str] = []  # the folders the configs put on vim's runtimepath
    unknown = ""
    at = past = 0  # entries read, and of them the modules a `require` loads
    required: set[str] = set()
    while at < len(todo):
        (path, kind), at = todo[at], at + 1
        past += path in required
        if at - past > MOST_READ or past > MOST_MODULES:
            many = f"{MOST_READ} files" if at - past > MOST_READ else f"{MOST_MODULES} Lua modules"
            return found, programs, f"your home's configs include more than {many}"
        text, unread = _text(path)
        if text is None:
            why = f"{_shown(top, home, path)} is {unread}: agents does not read it"
            unknown = unknown or (why if unread else "")
            continue
        includes, commands, folders, why = _read(kind, text, path, home)
        unknown = unknown or (why and f"{why} (in {_shown(top, home, path)})")
        runtime += folders
        for module in _modules(kind, text, home, runtime):  # `require('user')`: read in turn
            place = _relative(top, module)
            found += [] if place is None else links_on_the_way(top, module, known)
            found += [place] if place else []
            readable = (module, LUA) not in todo and _readable(top, home, module)
            todo += [(module, LUA)] if readable else []
            required.add(module)
        for included, run in [*((p, False) for p in includes), *((p, True) for p in commands)]:
            target, whole = _glob_folder(included)
            place = _relative(top, target)
            found += [] if place is None else links_on_the_way(top, target, known)
            if place == "":
                return (
                    found,
                    programs,
                    f"your home's {_shown(top, home, path)} includes every file of the tree",
                )
            found += [place] if place else []
            programs += [place] if place and run and not whole else []
            if run and place is None and target.startswith(home + "/") and not whole:
                mine.append(target)  # `ProxyCommand ~/bin/proxy`: the user's own script
            if run:
                continue
            matched = sorted(glob.glob(included))[:MOST_READ] if whole else [included]
            todo += [
                (m, kind) for m in matched if (m, kind) not in todo and _readable(top, home, m)
            ]
        for folder in folders:  # a folder on vim's runtimepath: vim loads its plugins
            place = _relative(top, _glob_folder(folder)[0])
            if place == "":
                return (
                    found,
                    programs,
                    f"your home's {_shown(top, home, path)} loads every file of the tree",
                )
            found += [place] if place else []
    for place in _runs_of(top, mine[:MOST_READ]):
        found.append(place)
        programs.append(place)
    if unknown and (found or top.is_relative_to(os.path.realpath(home))):
        return found, programs, unknown
    return found, programs, ""


def _modules(kind: str, text: str, home: str, added: list[str]) -> list[str]:
    """The files of the Lua modules `text` requires (`require('user.keys')`, `pcall(require,
    'x')`, a vim file's `lua require'x'`) on nvim's runtime path as it finds them: its config
    and data `site` folders (`lua/user/keys.lua`, `lua/user/keys/init.lua`), their start
    packages and `after`, and the folders the configs read so far add (`added`); each one
    standing, the first nvim loads and any it may (readers31). nvim's own runtime holds none
    of the home's."""
    modules = vim_expressions.required(text) if kind in (VIM, LUA) else []
    if not modules:
        return []
    config, data = os.environ.get("XDG_CONFIG_HOME", ""), os.environ.get("XDG_DATA_HOME", "")
    own = [os.path.join(home, ".config/nvim"), os.path.join(home, ".local/share/nvim/site")]
    own += [os.path.join(config, "nvim")] if config.startswith("/") else []
    own += [os.path.join(data, "nvim/site")] if data.startswith("/") else []
    own += [os.path.join(home, ".vim")] if kind == VIM else []
    folders: list[str] = []
    for folder in dict.fromkeys([*own, *added]):
        starts = sorted(glob.glob(os.path.join(glob.escape(folder), "pack/*/start/*")))
        folders += [folder, *starts[:MOST_READ], os.path.join(folder, "after")]
    found: list[str] = []
    for module in modules:
        name = module.replace(".", "/")
        for end in (f"lua/{name}.lua", f"lua/{name}/init.lua"):
            found += [p for f in folders if os.path.isfile(p := os.path.join(f, end))]
    return list(dict.fromkeys(found))


def _runs_of(top: Path, scripts: list[str]) -> list[str]:
    """The tree files the home's own scripts `scripts` (outside the tree) run or source by a
    path agents can name, read as a hook's script outside the tree is
    (`tree_scripts.outside_places`); what they run by a word it cannot name: not counted."""
    from cleveragents.adapters.git.tree_scripts import outside_places
    from cleveragents.domain.config_programs import Reach

    found: list[str] = []
    for reach in outside_places(top, [Reach(script) for script in dict.fromkeys(scripts)], ""):
        path = os.path.expanduser(reach.path)
        if reach.unknown or reach.launcher or "$" in path or "#!" in path:
            continue
        place = _relative(top, path) if path.startswith("/") else None
        found += [place] if place else []
    return found


def _readable(top: Path, home: str, path: str) -> bool:
    """Whether an included file is read in turn: the tree's, or the home's own."""
    return _relative(top, path) is not None or path.startswith(home + "/")


def _read(
    kind: str, text: str, path: str, home: str
) -> tuple[list[str], list[str], list[str], str]:
    """What the config `text` at `path` includes, the paths its commands name, the folders
    it puts on vim's runtimepath (all absolute), and the first it cannot name."""
    includes: list[str] = []
    commands: list[str] = []
    folders: list[str] = []
    unknown = ""
    here = os.path.dirname(path)

    def add(to: list[str], word: str, base: str | None) -> None:
        nonlocal unknown
        full = _path(word.strip(QUOTES), home, base)
        if full is None:
            unknown = (
                unknown or f"it includes {printable(word.strip(QUOTES))}, a path agents cannot name"
            )
        else:
            to.append(full)

    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith(("#", '"', "--")):
            continue
        if kind == SSH:
            key, _, rest = stripped.replace("=", " ", 1).partition(" ")
            key, rest = key.lower(), rest.strip()
            if key == "include":
                for word in rest.split():
                    add(includes, word, os.path.join(home, ".ssh"))
            elif key in SSH_FILES:
                add(commands, rest, None)
            elif key in SSH_COMMANDS or (key == "match" and "exec" in rest.lower()):
                commands += _pieces(rest, home)
        elif kind == VIM:
            unknown = unknown or _vim(line, path, home, (includes, folders), add)
        elif kind == LUA:
            line = LUA_COMMENT.sub(r"\1", line)  # `x = 1 -- the source of it`: no path
            for match in LUA_FILE.finditer(line):
                if match[1]:
                    add(includes, match[2], None)
                else:
                    why = f"it runs {printable(stripped[:80])}, a path agents cannot name"
                    unknown = unknown or why
            for match in LUA_PATHS.finditer(line):
                add(folders, match[2], None)
            for match in LUA_SOURCE.finditer(line):
                add(includes, match[1] or match[3], None)
        elif kind == TMUX:
            for match in TMUX_SOURCE.finditer(line):
                if "F" in match[1] or "#{" in match[2]:
                    unknown = (
                        unknown or f"it includes {printable(match[2])}, a path agents cannot name"
                    )
                else:
                    add(includes, match[2], here)
            if (run := TMUX_RUN.search(line)) is not None:
                commands += _pieces(run[1], home)
        elif kind == INPUTRC and stripped.startswith("$include"):
            add(includes, stripped[len("$include") :].strip(), here)
    return includes, commands, folders, unknown


def _vim(
    line: str,
    path: str,
    home: str,
    into: tuple[list[str], list[str]],
    add: Callable[[list[str], str, str | None], None],
) -> str:
    """Add what a vim line of the config at `path` sources (`into`'s first) or puts on the
    runtimepath (its second), `<sfile>` and an `:execute`'s expression evaluated
    (`domain/vim_expressions.py`); the line when it sources what agents cannot name."""
    includes, folders = into
    scripts = (path, os.path.realpath(path))  # `<sfile>`: the link, or where it leads
    if (match := VIM_EXE.match(line)) is not None:
        lines = vim_expressions.executed(match[1], scripts, lambda n: _variable(n, home))
        if lines is None:
            said = f"it runs {printable(line.strip()[:80])}, a path agents cannot name"
            return said if VIM_EXECUTE.match(line) else ""
        return next((s for run in lines if (s := _vim(run, path, home, into, add))), "")
    if (match := VIM_SOURCE.match(line)) is not None:
        name = match[2].split("|")[0].strip()
        if name.startswith(SYSTEM):
            return ""  # `source $VIMRUNTIME/defaults.vim`: vim's own
        if match[1].startswith("ru"):
            for word in name.split():
                includes += _runtime(word, home, folders)
            return ""
        for each in vim_expressions.sfile(name, scripts) or [name]:
            add(includes, each, None)
    elif (match := VIM_PATHS.match(line)) is not None:
        for word in match[1].split(","):
            for each in vim_expressions.sfile(word, scripts) or [word]:
                add(folders, each, None)
    return ""


def _variable(name: str, home: str) -> str | None:
    """An environment variable's value in the user's vim: the home, or agents' own."""
    return home if name == "HOME" else os.environ.get(name)


def _path(word: str, home: str, base: str | None) -> str | None:
    """`word` as an absolute path: `~`, `$HOME`, `%d`, a variable of agents' environment
    (which the user's made) put in, relative from `base`; None when it holds another `$`,
    `%`, a vim expression, or is relative with no `base`."""
    if word == "~" or word.startswith("~/"):
        word = home + word[1:]
    for name in ("${HOME}", "$HOME", "%d"):
        word = word.replace(name, home)
    word = VARIABLE.sub(lambda m: os.environ.get(m[1] or m[2], m[0]), word)
    if not word or "$" in word or "%" in word or "<" in word or "`" in word or "(" in word:
        return None
    if not word.startswith("/"):
        return None if base is None else os.path.normpath(os.path.join(base, word))
    return os.path.normpath(word)


def _pieces(command: str, home: str) -> list[str]:
    """The absolute paths a command line names (`~/dotfiles/bin/proxy %h`)."""
    found = (_path(piece, home, None) for piece in PIECE.findall(command))
    return [p for p in found if p is not None and p != "/"]


def _runtime(name: str, home: str, folders: list[str]) -> list[str]:
    """Where vim's `runtime name` looks: each folder on its runtimepath (the home's own
    and those the config added so far)."""
    if "$" in name or "<" in name:
        return []  # a runtime name is relative to folders agents reads: none of the tree
    own = [os.path.join(home, ".vim"), os.path.join(home, ".config/nvim")]
    return [os.path.join(folder, name) for folder in [*own, *folders]]
