"""Where a home startup file's `cd`/`pushd`/`popd` lead (`cd ~/dotfiles && . ./x.sh`:
`x.sh` of the tree), and whether a variable a program loads code or config from
(`READERS`: `PATH`, `PYTHONPATH`, `XDG_CONFIG_HOME`...) names the tree's top: then every
file of it is the home's (`home_shells.py`)."""

from __future__ import annotations

import glob
import itertools
import os
import re
import shlex
import shutil
from pathlib import Path

# Variables naming a folder a program loads code or its config from (`PATH`'s programs,
# `PYTHONPATH`'s modules, `XDG_CONFIG_HOME`'s `git/config`...): set to the tree's top, the
# whole tree is the home's (a subfolder so named is kept as a path: `_mentions`).
_READERS = (
    "PATH PYTHONPATH PYTHONUSERBASE PYTHONHOME PERL5LIB PERLLIB PERL_LOCAL_LIB_ROOT RUBYLIB"
    " NODE_PATH XDG_CONFIG_HOME XDG_CONFIG_DIRS XDG_DATA_HOME XDG_DATA_DIRS XDG_STATE_HOME"
    " GNUPGHOME CARGO_HOME RUSTUP_HOME GIT_TEMPLATE_DIR VIMRUNTIME VIM ZSH ZSH_CUSTOM FPATH"
    " GOPATH GEM_HOME GEM_PATH BUNDLE_USER_HOME NPM_CONFIG_PREFIX npm_config_prefix"
    " LD_LIBRARY_PATH JULIA_DEPOT_PATH JULIA_LOAD_PATH R_LIBS R_LIBS_USER CLASSPATH IPYTHONDIR"
    " JUPYTER_CONFIG_DIR JUPYTER_PATH MPLCONFIGDIR TERMINFO TERMINFO_DIRS DOCKER_CONFIG"
    " ANSIBLE_HOME EMACSLOADPATH GUILE_LOAD_PATH LUA_PATH LUA_CPATH TCLLIBPATH PYENV_ROOT"
    " NVM_DIR RBENV_ROOT SDKMAN_DIR ASDF_DIR ASDF_DATA_DIR WGETRC CURL_HOME"
)
READERS = frozenset(  # zsh's arrays, fish's lists too
    (*_READERS.split(), "path", "fpath", "fish_user_paths", "fish_function_path")
)
# Those whose programs read a folder of theirs, deep (`$XDG_CONFIG_HOME/nvim/`): the tree
# lying in one is the home's whole.
HOLDERS = frozenset(("XDG_CONFIG_HOME", "XDG_CONFIG_DIRS", "XDG_DATA_HOME", "XDG_DATA_DIRS"))
# agents' own environment, read as lines of a startup file (`environ_lines`); the names no
# file can hold.
ENVIRON = "\0your environment"
# Loader variables of the environment another look reads: `PATH`'s folders
# (`host_programs.path_folders`), `PYTHONPATH` (agents' own, `host_folders.own_python`), the
# XDG folders (`home_xdg.py`).
_LOOKED = frozenset(("PATH", "PYTHONPATH", "XDG_STATE_HOME", *HOLDERS))
FISH_SETS = ("set", "fish_add_path")  # fish's `set -gx PYTHONPATH ~/x`, `fish_add_path ~/x`
# fish's own folder: `(dirname (status filename))`, `(status dirname)`, `(path dirname ...)`
FISH_OWN = re.compile(
    r"\((?:dirname|path dirname) \(status (?:filename|-f|--current-filename|current-filename)\)"
    r"\)|\(status (?:dirname|--dirname)\)"
)
ASSIGN = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\+?=(.*)", re.S)  # `X=v`, `X+=v`
CDS = ("cd", "pushd", "popd")
_ALIAS_ENDS = frozenset((";", "&&", "||", "|", "&", "(", ")", ";;"))
_ALIAS_AFTER = _ALIAS_ENDS | {"then", "do", "else", "{", "!", "builtin", "command"}


def alias_bodies(text: str) -> list[str]:
    """The shell code of each alias `text` defines (`alias dev='. ./dev.sh'`, `alias -g`,
    fish's `alias t 'python3 x.py'`), run later wherever the user types its name: each
    read as lines of its own, from where an interactive shell may stand."""
    found: list[str] = []
    for line in text.splitlines():
        lexer = shlex.shlex(line, posix=True, punctuation_chars=";&|()")
        lexer.whitespace_split, lexer.commenters = True, "#"
        try:
            words = list(lexer)
        except ValueError:  # an unclosed quote: bash defines nothing
            continue
        for at, word in enumerate(words):
            if word != "alias" or (at and words[at - 1] not in _ALIAS_AFTER):
                continue
            given = list(itertools.takewhile(lambda w: w not in _ALIAS_ENDS, words[at + 1 :]))
            given = [w for w in given if not w.startswith("-")]
            if given and "=" not in given[0] and len(given) > 1:  # fish: `alias NAME BODY`
                found.append(" ".join(given[1:]))
                continue
            found += [w.partition("=")[2] for w in given if "=" in w]
    return found


def follow_cd(
    verb: str,
    given: list[str],
    here: list[str | None],
    variables: dict[str, list[str] | None],
    home: str,
) -> None:
    """Follow `cd X`, `pushd X` or `popd` in `here` (None: where it leads is not named)."""
    from cleveragents.adapters.home_shells import STARTS, _expand

    given = list(itertools.takewhile(lambda w: w not in STARTS, given))
    given = [w for w in given if not w.startswith("-") or w == "-"]
    if verb == "popd" or given[:1] == ["-"]:  # `cd -`: where it leads is not named
        here[len(here) - bool(here) :] = [] if verb == "popd" else [None]
        return
    values = _expand(given[0], variables, home) if given else [home]
    one = values[0] if values and len(values) == 1 else None
    if one is not None and not one.startswith("/"):
        one = os.path.join(here[-1], one) if here and here[-1] else None
    here[len(here) - (verb == "cd" and bool(here)) :] = [one]


def reader_of_top(
    words: list[str], variables: dict[str, list[str] | None], home: str, top: Path
) -> str:
    """Why the assignment `words[0]` (`PATH=~/x:$PATH`, zsh's `path=(~/x $path)`,
    `PATH+=:~/x`, fish's `set -gx PATH ~/x $PATH`) of a `READERS` variable makes the tree
    `top` the home's whole (an entry naming it), or ""."""
    from cleveragents.adapters.home_shells import STARTS

    if words[0] in FISH_SETS:
        set_words = itertools.takewhile(lambda w: w not in STARTS, words[1:])
        given = [w for w in set_words if not w.startswith("-")] or [""]
        name, values = ("PATH", given) if words[0] != "set" else (given[0], given[1:])
        found = _names_top(name, ":".join(values), variables, home, top)
        return f"its {name} {found}" if name in READERS and found else ""
    assigned = ASSIGN.fullmatch(words[0])
    if assigned is None or assigned[1] not in READERS:
        return ""
    value = assigned[2]
    if not value and words[1:2] == ["("]:
        value = ":".join(itertools.takewhile(lambda w: w != ")", words[2:]))
    found = _names_top(assigned[1], value, variables, home, top)
    return f"its {assigned[1]} {found}" if found else ""


def _names_top(
    name: str, value: str, variables: dict[str, list[str] | None], home: str, top: Path
) -> str:
    """Whether an entry of the `:`-list `value` (`~` put in after each `:`) is `top` (or,
    for `HOLDERS`, holds it), said; the variable's own earlier value (`$PATH` in
    `PATH=~/x:$PATH`) was read where it was set."""
    from cleveragents.adapters.home_shells import _expand, _relative

    for part in value.split(":"):
        if part in (f"${name}", f"${{{name}}}"):
            continue
        for entry in _expand(part, variables, home) or []:
            for one in (e for e in entry.split(":") if e.startswith("/")):
                if _relative(top, one) == "":
                    return "names the tree's top"
                if name in HOLDERS and top.is_relative_to(os.path.realpath(one)):
                    return "holds the tree: its programs read their files there"
    return ""


def fish_conf_d(home: str, config: str) -> list[str]:
    """The `*.fish` files fish sources at every start before `config.fish`: its config
    folder's `conf.d` (`~/.config/fish`, `$XDG_CONFIG_HOME/fish`) and the user's data
    folder's `vendor_conf.d` (`~/.local/share/fish`, `$XDG_DATA_HOME/fish`)."""
    data = os.environ.get("XDG_DATA_HOME", "")
    folders = [os.path.join(home, ".config/fish/conf.d")]
    folders += [os.path.join(config, "fish/conf.d")] if config.startswith("/") else []
    folders += [os.path.join(home, ".local/share/fish/vendor_conf.d")]
    folders += [os.path.join(data, "fish/vendor_conf.d")] if data.startswith("/") else []
    found = (glob.glob(os.path.join(glob.escape(f), "*.fish")) for f in dict.fromkeys(folders))
    return list(dict.fromkeys(p for files in found for p in sorted(files)))


def environ_lines() -> str:
    """`export NAME=VALUE` for each loader variable (`READERS`) of agents' own environment,
    which the user's shell exported (not written in a startup file): the programs that shell
    starts next load from it as from one a startup file sets. As there, only its absolute
    entries are paths (`CLASSPATH=.` names none)."""
    lines: list[str] = []
    for name in sorted(READERS - _LOOKED):
        entries = [e for e in os.environ.get(name, "").split(":") if e.startswith("/")]
        if entries:
            lines.append(f"export {name}={shlex.quote(':'.join(entries))}")
    return "\n".join(lines)


def elsewhere(words: list[str], index: int, home: str, top: Path) -> bool:
    """Whether the word at `index` starts with a `$(cmd ...)` whose program lies outside
    the home and the tree `top` (`$(brew --prefix)`, found on PATH) and that names nothing
    of the home: what it prints is the system's, not a tree in the home."""
    from cleveragents.adapters.home_shells import _words

    if words[index : index + 2] == ["$", "("]:
        inner = list(itertools.takewhile(lambda w: w != ")", words[index + 2 :]))
    elif words[index].startswith("$(") and ")" in words[index]:
        inner = _words(words[index][2:].partition(")")[0])
    else:
        return False
    real_home = os.path.realpath(home)
    if not inner or any(
        w.startswith("~") or "$" in w or w.startswith((home, real_home)) for w in inner
    ):
        return False
    program = shutil.which(inner[0])
    real = os.path.realpath(program) if program else ""
    mine = Path(real).is_relative_to(real_home) or Path(real).is_relative_to(top)
    return bool(real) and not mine and not real.startswith(home + "/")
