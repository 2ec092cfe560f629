"""The home's startup code past its files' plain lines: the loader variables agents' own
environment holds (read as one more startup file, `environ_lines`), fish's `conf.d` files,
alias bodies (shell code run when typed), the code a `sh -c` runs (`shell_strings`), and a
`$(cmd)` whose program prints the system's places (`elsewhere`), or no path it runs
(`not_run`): read by
`home_shells.home_shell_places` as the files are."""

from __future__ import annotations

import glob
import itertools
import os
import shlex
import shutil
from pathlib import Path

from cleveragents.adapters.home_moves import HOLDERS, READERS
from cleveragents.adapters.home_values import SYSTEM_PRINTERS, Variables, could_name, values
from cleveragents.adapters.loader_path import started_value

# agents' own environment, read as lines of a startup file (`environ_lines`); the names no
# file can hold.
ENVIRON = "\0your environment"
# Loader variables of the environment another look reads: `PATH`'s folders
# (`host_programs.path_folders`), `PYTHONPATH` (agents' own, `host_folders.own_python`), the
# XDG folders (`home_xdg.py`).
_LOOKED = frozenset(("PATH", "PYTHONPATH", "XDG_STATE_HOME", *(HOLDERS - {"XDG_CACHE_HOME"})))
_SHELLS = frozenset(("sh", "bash", "dash", "zsh", "ksh", "ash"))
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
        entries = [e for e in started_value(name).split(":") if e.startswith("/")]
        if entries:
            lines.append(f"export {name}={shlex.quote(':'.join(entries))}")
    return "\n".join(lines)


def shell_strings(text: str) -> list[str]:
    """The shell code each `sh -c STRING` (`bash -c`, `zsh -c`...) of `text` runs: read as
    lines of its own (`sh -c "cd ~/dotfiles && make"`)."""
    found: list[str] = []
    for line in text.splitlines():
        if "-c" not in line:
            continue
        lexer = shlex.shlex(line, posix=True, punctuation_chars=";&|()")
        lexer.whitespace_split, lexer.commenters = True, "#"
        try:
            words = list(lexer)
        except ValueError:
            continue
        for at, word in enumerate(words[:-2]):
            if os.path.basename(word) in _SHELLS and words[at + 1] == "-c":
                found.append(words[at + 2])
    return found


def not_run(words: list[str], index: int, variables: Variables, top: Path) -> bool:
    """Whether the word at `index`, a path agents cannot name where a command starts, is no
    path the home runs of the tree `top`: an array's first element (`fpath=($ZSH/x/$p
    $fpath)`: no command; its reader's entries are `home_moves.reader_of_top`'s), a path
    built on a positional parameter (`work() { . ~/venvs/$1/bin/activate; }`: what the user
    types when calling it, no value of the files') whose known part neither lies in the
    tree nor holds it (`~/src/$1/.envrc` does: `home_values.could_name`), a variable
    set to one too (`$ZSH_CUSTOM/$filepath`), or `elsewhere`."""
    from cleveragents.adapters.home_words import POSITIONAL, typed_forms

    home = (variables.get("HOME") or [""])[0]
    if index >= 2 and words[index - 1] == "(" and words[index - 2].endswith("="):
        return True
    forms = values(words[index], variables, home)  # (`$1` kept)
    forms = forms or typed_forms(words[index], None, variables, home) or words[index : index + 1]
    typed = [one for one in forms if POSITIONAL.search(one)]  # (and unset: `local` in a body)
    if typed and all(one in typed or "$" not in one for one in forms):
        near = [typed_near(one, top) for one in typed]  # (a typed word: one folder level)
        known = [could_name(one, variables, home, top) for one in forms if one not in typed]
        return not any(near + known)
    return elsewhere(words, index, home, top)


def typed_near(form: str, top: Path) -> bool:
    """Whether `form`, a path built on a positional parameter (`/$1.plugin.zsh`: a local
    left empty before it), may be, hold or lie in the tree `top` for a typed name (one
    folder level, as `~/src/$1/.envrc` can) or holds what agents cannot check."""
    from fnmatch import fnmatchcase

    from cleveragents.adapters.home_words import POSITIONAL

    pattern = POSITIONAL.sub("*", form.replace("\0unset", ""))
    if "$" in pattern or ".." in pattern.split("/") or not pattern.startswith("/"):
        return True
    folder = pattern.partition("*")[0].rpartition("/")[0]  # its known folder, links followed
    real = os.path.realpath(folder or "/").rstrip("/") + "/" + pattern[len(folder) + 1 :]
    tops = {os.path.normpath(str(top)), os.path.realpath(top)}
    forms = [os.path.normpath(one).split("/") for one in (pattern, real)]
    return any(all(map(fnmatchcase, one.split("/"), parts)) for one in tops for parts in forms)


def elsewhere(words: list[str], index: int, home: str, top: Path) -> bool:
    """Whether the word at `index` starts with a `$(cmd ...)` whose program is one known to
    print the system's places only (`$(brew --prefix)`: `SYSTEM_PRINTERS`), lies outside
    the home and the tree `top` (found on PATH) and names nothing of the home: what it
    prints is the system's, not a tree in the home. Any other program may print a path of
    the home (`$(git config --global dotfiles.dir)`, `$(python3 -c ...)`)."""
    from cleveragents.adapters.home_words import _words

    if words[index : index + 2] == ["$", "("]:
        inner = list(itertools.takewhile(lambda w: w != ")", words[index + 2 :]))
    elif words[index].startswith("$(") and ")" in words[index]:
        inner = _words(words[index][2:].partition(")")[0])
    else:
        return False
    real_home = os.path.realpath(home)
    if (
        not inner
        or inner[0] not in SYSTEM_PRINTERS
        or any(w.startswith("~") or "$" in w or w.startswith((home, real_home)) for w in inner)
    ):
        return False
    program = shutil.which(inner[0])
    real = os.path.realpath(program) if program else ""
    mine = Path(real).is_relative_to(real_home) or Path(real).is_relative_to(top)
    return bool(real) and not mine and not real.startswith(home + "/")
