"""What the home's shell startup files source into the tree, read line by line: the home's
OWN startup files (`~/.bashrc`, `~/.zshenv`..., plain files outside the tree: a distro's
`.bashrc` with one added `. ~/dotfiles/aliases.sh`), `$ZDOTDIR`'s, and the tree's shell
files they reach (`home_files.py` reads those with the hook reader too).

A sourced path (`.`, `source`) or a command's path is named with `~`, `$HOME`, `${HOME}`,
a variable assigned earlier in the files read (`DOTFILES=~/dotfiles; . $DOTFILES/x`, a
`for rc in ~/dotfiles/bashrc.d/*` loop's variable) or, failing that, one of agents' own
environment (which those files made). A glob's folder is the home's whole; a `ZDOTDIR`
assigned makes that folder's zsh startup files the home's. A sourced path holding any
other `$` (`$(...)`, a variable set nowhere) is an unknown: the whole tree, when these
files reach the tree at all (a plain `.bashrc` that names no path into it leaves it be).
At most `MOST_READ` files are read; past it the tree counts whole.

Cost: an `lstat` and a read of each of the home's startup files (a few KB) per look.
"""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

from cleveragents.adapters.git.stamped_reads import regular_bytes
from cleveragents.domain.reach import printable
from cleveragents.domain.tree_scripts import MOST_BYTES

MOST_READ = 64
SHELL_FILES = (".bashrc", ".bash_profile", ".bash_login", ".profile", ".bash_logout")
ZSH_FILES = (".zshenv", ".zprofile", ".zshrc", ".zlogin", ".zlogout")
STARTS = frozenset((";", "&&", "||", "|", "&", "then", "do", "else", "{", "(", "!", "elif"))
VARIABLE = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)")
ASSIGN = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)=(.*)", re.S)
GLOB = re.compile(r"[*?\[]")


def home_shell_places(top: Path, home: str, inside: list[str]) -> tuple[list[str], str]:
    """The paths of the tree `top` (relative) that the home's own startup files, `$ZDOTDIR`'s
    and the tree's shell files `inside` (relative) source or run, and why the whole tree
    is the home's, or ""."""
    todo = [os.path.join(home, name) for name in (*SHELL_FILES, *ZSH_FILES)]
    todo += [os.path.join(top, path) for path in inside]
    variables: dict[str, list[str] | None] = {"HOME": [home]}
    found: list[str] = []
    unknown = ""
    for zdotdir in _zdotdirs(os.environ.get("ZDOTDIR"), home):
        todo += [os.path.join(zdotdir, name) for name in ZSH_FILES]
    at = 0
    while at < len(todo):
        if at == MOST_READ:
            return found, f"your home's startup files source more than {MOST_READ} files"
        path, at = todo[at], at + 1
        text = _text(path)
        if text is None:
            continue
        targets, zdotdirs, why = _scan(text, variables, home)
        if why and _relative(top, path) is not None:
            inside = [*inside, path]  # a file of the tree: it reaches the tree
        unknown = unknown or (why and f"{why} (in {_shown(top, home, path)})")
        for zdotdir in zdotdirs:
            targets += [(os.path.join(zdotdir, name), False) for name in ZSH_FILES]
        for target, whole in targets:
            place = _relative(top, target)
            if place == "" and whole:
                return found, f"your home's startup files source every file of {target}"
            if place:
                found.append(place)
            home_own = target.startswith(home + "/") and place is None
            if not whole and (place or home_own) and target not in todo:
                todo.append(target)
    if unknown and (found or inside):
        return found, unknown
    return found, ""


def _scan(
    text: str, variables: dict[str, list[str] | None], home: str
) -> tuple[list[tuple[str, bool]], list[str], str]:
    """The absolute paths `text` sources or runs (each with whether it is a glob's folder,
    whole), the `ZDOTDIR`s it sets, and the first sourced path it cannot name."""
    targets: list[tuple[str, bool]] = []
    zdotdirs: list[str] = []
    unknown = ""
    for line in text.splitlines():
        words = _words(line)
        for index, word in enumerate(words):
            start = index == 0 or words[index - 1] in STARTS
            before = words[index - 1] if index else ""
            if before in ("export", "local", "declare", "typeset", "readonly"):
                start = index == 1 or words[index - 2] in STARTS
            assigned = ASSIGN.fullmatch(word) if start else None
            if assigned:
                values = _expand(assigned[2], variables, home)
                if values is None:  # `X="$(...)"`: what it set is in agents' environment
                    values = _environ(assigned[1])
                variables[assigned[1]] = values
                if assigned[1] == "ZDOTDIR" and values:
                    zdotdirs += values
                continue
            if word == "for" and start and words[index + 2 : index + 3] == ["in"]:
                values = []  # `for rc in ~/x/* ~/y; do`: the loop's variable takes each
                for item in words[index + 3 :]:
                    if item in STARTS:
                        break
                    more = _expand(item, variables, home)
                    values = None if values is None or more is None else [*values, *more]
                variables[words[index + 1]] = values
            if not (start or (before in (".", "source") and _at_start(words, index - 1))):
                continue
            if word in (".", "source") or ("/" not in word and "$" not in word):
                continue
            if any(own in word for own in ("BASH_SOURCE", "$0", "dirname")):
                continue  # the file's own folder: the hook reader's (`tree_scripts`)
            values = _expand(word, variables, home)
            if values is None and before in (".", "source"):
                unknown = unknown or f"it sources {printable(word)}, a path agents cannot name"
            for value in values or []:
                if value.startswith("/"):
                    targets.append(_glob_folder(value))
    return targets, zdotdirs, unknown


def _at_start(words: list[str], index: int) -> bool:
    return index >= 0 and (index == 0 or words[index - 1] in STARTS)


def _words(line: str) -> list[str]:
    """The shell words of `line`, quotes taken off, `;`, `&&`... apart; `\\.` as `.`."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    try:
        return list(lexer)
    except ValueError:  # an open quote: the line read as plain words
        return line.split()


def _expand(word: str, variables: dict[str, list[str] | None], home: str) -> list[str] | None:
    """The values of `word` with `~`, `$HOME` and the known variables put in, or None when
    some `$` stays (a variable set nowhere, `$(...)`, `${x%y}`)."""
    if word == "~" or word.startswith("~/"):
        word = home + word[1:]
    values = [word]
    for name in dict.fromkeys(a or b for a, b in VARIABLE.findall(word)):
        known = variables.get(name) if name in variables else _environ(name)
        if known is None:
            return None
        values = [_put(v, name, k) for v in values for k in known]
    return None if any("$" in v or "`" in v for v in values) else values


def _put(word: str, name: str, value: str) -> str:
    """`word` with `$name` and `${name}` as `value`."""

    def one(match: re.Match[str]) -> str:
        return value if (match[1] or match[2]) == name else match[0]

    return VARIABLE.sub(one, word)


def _environ(name: str) -> list[str] | None:
    value = os.environ.get(name)
    return None if value is None else [value]


def _glob_folder(path: str) -> tuple[str, bool]:
    """`path`, or for a glob the folder above its first glob part, whole."""
    parts = path.split("/")
    for index, part in enumerate(parts):
        if GLOB.search(part):
            return "/".join(parts[:index]) or "/", True
    return path, False


def _zdotdirs(value: str | None, home: str) -> list[str]:
    return [value] if value and value.startswith("/") and value != home else []


def _relative(top: Path, path: str) -> str | None:
    """Where `path` leads relative to the tree `top` ("" for the top), or None outside it
    or in a `.git`."""
    real = Path(os.path.realpath(path))
    if not real.is_relative_to(top) or ".git" in real.relative_to(top).parts:
        return None
    return "" if real == top else real.relative_to(top).as_posix()


def _text(path: str) -> str | None:
    """The shell file at `path`, read when it is a plain file (not a link) of at most
    `MOST_BYTES`."""
    found = regular_bytes(path, MOST_BYTES, follow=False)
    if found is None or len(found[0]) > MOST_BYTES:
        return None
    return found[0].decode("utf-8", "replace")


def _shown(top: Path, home: str, path: str) -> str:
    inside = _relative(top, path)
    shown = inside if inside else "~/" + os.path.relpath(path, home)
    return printable(shown)
