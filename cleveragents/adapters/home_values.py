"""The values a word of a home startup file may take, as the shell gives them (`~`, `$HOME`,
a variable the files set, `${X:+$X:}`, `${X:-default}`, `${X:=default}`, `$PWD`, `$(pwd)`),
or None when the word holds what agents does not evaluate exactly (`$(realpath ...)`,
`${X%/*}`, `$1`, a variable set nowhere); and whether such a word could name the tree
(`could_name`: it mentions `~`, `$HOME`, the tree's path or a variable that may): then it
is an unknown, the tree whole (`home_shells.py`, `home_moves.py`).

A variable's states: those the files gave it (exact; a conditional assignment, `[ -n
"$SSH_TTY" ] && S=-ssh`, keeps the earlier states too, unset among them: `UNSET`), else,
for a terminal's or session's variable (`TERMINAL`: `$SSH_TTY`, `$DISPLAY`, `$TERM`), any
value (`*`) or unset, whatever agents' own is; else agents' own environment's value or unset
(the login that reads the files may not have it), else unset. An operator form takes every
state: `${X:-d}` is X's value or `d`, so a default naming the tree is read; `${X:+w}` is
`w` or nothing for any variable (only whether it is set counts)."""

from __future__ import annotations

import contextlib
import os
import pwd
import re
from collections.abc import Mapping
from pathlib import Path

MOST = 64  # alternatives of one word, at most: past it, not evaluated
# The `:`-lists of folders or files a program looks through entry by entry (`PATH`,
# `PYTHONPATH`, `XDG_DATA_DIRS`, `PERL5LIB`, `KUBECONFIG`...), zsh's `path`/`fpath` arrays
LISTS = re.compile(r"(?:PATH|DIRS|LIBS?|LIBS_USER|KUBECONFIG)$|^f?path$")
SELF = "/\0own"  # the assigned variable's own earlier value: read where it was set
UNSET = "\0unset"  # among a variable's values: it may be unset (an assignment not taken)
NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
PARAMETER = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-=+?])(.*))?", re.S)
PWD = re.compile(r"\s*pwd(?:\s+-[LP])?\s*")
DIRNAME = re.compile(r"\s*(dirname)(?:\s+--)?\s+(\S+|\"[^\"]*\")\s*")  # `$(dirname X)`
CD_PWD = re.compile(  # `$(cd X && pwd)`
    r"\s*(cd)(?:\s+-[LP]|\s+--)*\s+(\$\([^()]*\)|\S+|\"[^\"]*\")\s*(?:&&|;)\s*pwd(?:\s+-[LP])?\s*"
)
# `~`, `$X`/`${X...}` or an absolute path, and the path text after it, in a word
ANCHOR = re.compile(
    r"(?:(?<![^\s:=(\"'`+-])~|\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?|(?<![^\s:=(\"'`+-])(?=/))"
    r"([^\s:;|&()<>$`'\"{}]*)"
)

OPERATED = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)[^{}]+\}")
# `${ZDOTDIR:-${HOME}}`, `${X:-$HOME}`: either variable's value, `${ZDOTDIR}${HOME}` (a path
# on each: not the home's top for the `}` closing the outer one)
OR_VARIABLE = re.compile(r"\$\{([A-Za-z_]\w*):?[-=+](\$(?:\{[A-Za-z_]\w*\}|[A-Za-z_]\w*))\}")
MODIFIED = re.compile(r"([A-Za-z_]\w*)((?::[th])+)")  # zsh's `${f:t}`: its tail, `:h` its head
SCHEME = re.compile(r"(?:^|[\s=\"'])[A-Za-z][\w+.-]*:$")  # a URL's `unix:` before its `//`
PWDS = re.compile(r"\$\(\s*pwd(?:\s+-[LP])?\s*\)|`\s*pwd(?:\s+-[LP])?\s*`")
LINKS = re.compile(r"\b(?:readlink|realpath)\b|\b(?:cd|pwd)\s+-P\b")  # links followed
HOMES = re.compile(r"(?<![^\s:=(\"'`+-])~|\$\{?HOME\b")
# A command substitution and the path after it: its program's name, the path.
PRINTED = re.compile(
    r"(?:\$\(|`)\s*([^\s()`]*)(?:[^()`]|\([^()]*\))*(?:\)|`)\"?(/[^\s:;|&()<>$`'\"]*)"
)
# Programs whose output names the system's places, never the home's by the user's choice:
# Homebrew's prefix (found outside the home), pkg-config's, the machine's names.
SYSTEM_PRINTERS = frozenset(
    ("brew", "pkg-config", "uname", "arch", "hostname", "lsb_release", "dpkg-architecture")
)
# Variables the user's terminal, login or shell sets, each its own way: agents' own value
# (its `$TERM`, `$SHLVL`) is not the one the user's shell reads. Their value is any (`*`:
# `. ~/dotfiles/term/$TERM.sh` may source any file of `term/`), unless the files set them.
_TERMINAL = (
    "TERM TERM_PROGRAM TERM_PROGRAM_VERSION TERM_SESSION_ID COLORTERM TERMINAL_EMULATOR"
    " DISPLAY WAYLAND_DISPLAY HOSTNAME HOST SHLVL PPID RANDOM SECONDS BASHPID LINENO"
    " EPOCHSECONDS EPOCHREALTIME SRANDOM OLDPWD TTY GPG_TTY TMUX TMUX_PANE STY WINDOWID"
    " VTE_VERSION KITTY_WINDOW_ID WT_SESSION INSIDE_EMACS XDG_SESSION_TYPE XDG_SESSION_ID"
    " XDG_CURRENT_DESKTOP XDG_SESSION_DESKTOP DESKTOP_SESSION XDG_VTNR XDG_SEAT LANG LANGUAGE"
)
TERMINAL = frozenset(_TERMINAL.split())
TERMINAL_PREFIXES = ("SSH_", "LC_", "VSCODE_", "ITERM_", "KITTY_", "WEZTERM_", "KONSOLE_", "SUDO_")
VAGUE = "\0vague"  # in the variables: those set to what may name the tree, not evaluated
UNREAD = "\0unread"  # in the variables: why the files set some agents cannot tell (a dotenv)
KUBE_NAMED = "\0kubenamed"  # in the variables: what a kubeconfig not evaluated is made from
Variables = Mapping[str, "list[str] | None"]


def kept_whole(line: str) -> tuple[str, dict[int, str]]:
    """`line` with each `$(...)`'s (and zsh's `${(f)...}`'s) spaces, quotes and operators as
    private characters (the shell reads it as one piece of its word: `X=$(cd "$HOME" &&
    pwd)/x`), and the map back."""
    back: dict[int, str] = {}
    if "$(" not in line and "${(" not in line:
        return line, back
    out: list[str] = []
    depth, opening, pair = 0, False, "()"
    for at, char in enumerate(line):
        if char == "$" and line[at + 1 : at + 2] in ("(", "{") and not depth:
            pair = "()" if line[at + 1] == "(" else "{}"
            opening = pair == "()" or line[at + 2 : at + 3] == "("  # its `(` / `{` comes next
        elif opening or depth:
            depth, opening = depth + (char == pair[0]) - (char == pair[1]), False
            if char in " \t&;|<>()\"'`":
                back[0xE000 + ord(char)] = char
                char = chr(0xE000 + ord(char))
        out.append(char)
    return "".join(out), back


def values(word: str, variables: Variables, home: str) -> list[str] | None:
    """The values `word` may take (`~` at its start and after `:`, `=`, `}` put in as the
    home), or None when some part of it is not evaluated exactly."""
    if not word.startswith("~") or word == "~" or word.startswith("~/"):
        return _evaluate(_tilde(word, home), variables, home)
    named, _, rest = word[1:].partition("/")
    found: list[str] = []
    for base in _named(named, variables):
        more = _evaluate(
            _tilde(base + ("/" + rest if rest or "/" in word else ""), home), variables, home
        )
        if more is None:
            return None
        found += more
    return found or None


def _named(name: str, variables: Variables) -> list[str]:
    """The folders `~name` may be: `~+` the shell's folder, zsh's named directory (`hash -d
    name=...`, a variable holding an absolute path), the user `name`'s home; none (not
    evaluated) for `~-` or when one of them is not known."""
    if name == "+":
        return _lookup("PWD", variables) or []
    found: list[str] = []
    if "~" + name in variables:
        hashed = variables["~" + name]
        if hashed is None:
            return []
        found += hashed
    if NAME.fullmatch(name) and name in variables:
        known = variables[name]
        found += [one for one in known or [] if one.startswith("/")]
    with contextlib.suppress(KeyError, ValueError):
        found.append(pwd.getpwnam(name).pw_dir)
    return list(dict.fromkeys(found))


def could_name(text: str, variables: Variables, home: str, top: Path) -> bool:
    """Whether `text` (a value not evaluated exactly) mentions a path that is the tree `top`,
    lies in it or holds it (`~`, `$HOME/dotfiles`, the tree's own path, `..`), or a
    variable set to what agents cannot evaluate."""
    tops = {os.path.normpath(str(top)), os.path.realpath(top)}
    text = OR_VARIABLE.sub(r"${\1}\2", PWDS.sub("$PWD", text))
    if LINKS.search(text) and (HOMES.search(text) or home in text or str(top) in text):
        return True  # `$(readlink -f ~/.bashrc)`: where the home's links lead, maybe the tree
    for match in PRINTED.finditer(text):  # `$(python3 -c ...)/dotfiles/bin`: any folder
        tail = match[2].split("/")  # of the home, maybe the tree's
        if match[1] not in SYSTEM_PRINTERS and (top.name in tail or ".." in tail):
            return True
    plain = OPERATED.sub(r"${\1}", text)  # `${HOME%/}/x`: `${HOME}/x` too
    for match in [*ANCHOR.finditer(text), *ANCHOR.finditer(plain)]:
        name, tail = match[1], match[2]
        if name is None and tail.startswith("//") and SCHEME.search(text[: match.start()]):
            continue  # a URL's `unix://$XDG_RUNTIME_DIR/x`: no path
        if name is None:
            bases = [home] if match[0].startswith("~") else [""]
        elif name in variables:
            known = variables[name]
            if known is None:  # set to what agents could not evaluate: it may name the tree
                if name in (variables.get(VAGUE) or []):
                    return True
                continue
            bases = list(known)
        else:
            bases = [os.environ[name]] if name in os.environ else []
        for base in bases:
            if "\0" in base:  # the variable's own earlier value: not named here
                continue
            named = {base + tail, os.path.realpath(base + tail)}  # through a link, too
            if ".." in tail.split("/") or any(_near(n, t) for n in named for t in tops):
                return True
    return False


def _near(path: str, top: str) -> bool:
    """Whether `path` is `top`, holds it or lies in it."""
    if not path.startswith("/"):
        return False
    path = os.path.normpath(path)
    return path == top or top.startswith(path.rstrip("/") + "/") or path.startswith(top + "/")


def _tilde(word: str, home: str) -> str:
    """`word` with a `~` (alone or before `/`) at its start or after `:`, `=`, `}`, `-`,
    `+` as the home (more than the shell does, never less)."""
    return re.sub(r"(?:^|(?<=[:=}+-]))~(?=/|:|}|$)", lambda _: home, word)


def _evaluate(text: str, variables: Variables, home: str) -> list[str] | None:
    done = [""]
    at = 0
    while at < len(text):
        char = text[at]
        if char == "`":
            end = text.find("`", at + 1)
            found = (
                _lookup("PWD", variables) if end > 0 and PWD.fullmatch(text[at + 1 : end]) else None
            )
            at = end + 1
        elif char == "$" and text[at + 1 : at + 2] == "(":
            end = _close(text, at + 1, "(", ")")
            inner = text[at + 2 : end] if end > 0 else ""
            found = _substituted(inner, variables, home) if end > 0 else None
            at = end + 1
        elif char == "$" and text[at + 1 : at + 2] == "{":
            end = _close(text, at + 1, "{", "}")
            found = _parameter(text[at + 2 : end], variables, home) if end > 0 else None
            at = end + 1
        elif char == "$":
            name = NAME.match(text, at + 1)
            found = _lookup(name[0], variables) if name else None
            at = name.end() if name else at + 1
        else:
            plain = re.compile(r"[^$`]*").match(text, at)
            found, at = [plain[0] if plain else char], (plain.end() if plain else at + 1)
        if found is None or at <= 0:
            return None
        done = [one + more for one in done for more in found]
        if len(done) > MOST:
            return None
    return list(dict.fromkeys(done))


def _substituted(inner: str, variables: Variables, home: str) -> list[str] | None:
    """What `$(inner)` prints, for the commands whose output is their words' own: `pwd`,
    `dirname X`, `cd X && pwd` (the idiom `$(cd "$(dirname "$0")" && pwd)`); None else
    (`realpath` follows links the model may change)."""
    if PWD.fullmatch(inner):
        return _lookup("PWD", variables)
    named = DIRNAME.fullmatch(inner) or CD_PWD.fullmatch(inner)
    if named is None:
        return None
    found = _evaluate(_tilde(named[2].replace('"', ""), home), variables, home)
    if found is None or not all(one.startswith("/") for one in found):
        return None
    if named[1] == "dirname":
        return [os.path.dirname(one.rstrip("/")) or "/" for one in found]
    return [os.path.normpath(one) for one in found]


def _close(text: str, at: int, opening: str, closing: str) -> int:
    """Where the `closing` matching the `opening` at `at` lies, or -1."""
    depth = 0
    for index in range(at, len(text)):
        depth += (text[index] == opening) - (text[index] == closing)
        if depth == 0:
            return index
    return -1


def _states(name: str, variables: Variables) -> list[str | None] | None:
    """What `name` may hold where it is read (None in it: unset), or None: not evaluated."""
    if name in variables:
        known = variables[name]
        if known is None:
            return None
        states: list[str | None] = [None if one == UNSET else one for one in known]
        return [*states, None] if SELF in known else states  # own: set or not
    if name in TERMINAL or name.startswith(TERMINAL_PREFIXES):
        return ["*", None]  # the user's own, not agents': any value (`*` matches "" too)
    if name in os.environ:
        return [os.environ[name], None]
    return [None]


def _lookup(name: str, variables: Variables) -> list[str] | None:
    """`$name`: the values it may hold; None when unset or not evaluated (`. $X/x.sh` with X
    set nowhere names no path agents knows)."""
    states = _states(name, variables)
    if states is not None and UNSET in (variables.get(name) or []):  # `unset S`, an
        return list(dict.fromkeys(s or "" for s in states))  # assignment not taken: nothing
    if states is None or not any(s is not None for s in states):
        return None
    return [s for s in states if s is not None]


def either(name: str, given: list[str] | None, variables: Variables) -> list[str] | None:
    """The values of `name` after an assignment of `given` that may not run (`[ -n
    "$SSH_TTY" ] && S=-ssh`, one in an `if`, a loop, a function): `given` or its states
    before (`UNSET` when it may be unset), or None when one of them is not evaluated."""
    states = _states(name, variables)
    if given is None or states is None:
        return None
    values = [*given, *(UNSET if s is None else s for s in states)]
    return bounded(name, list(dict.fromkeys(values)))


def bounded(name: str, values: list[str] | None) -> list[str] | None:
    """`values` of `name`, at most `MOST` of them (attack 24 F10: each `[ -d ~/x ] &&
    PATH=~/x:$PATH` doubled PATH's, 2^20 of them for 20 such lines, a minute a command).
    Past it, a list of folders (`LISTS`: each value holding a `:`) becomes one list of every
    entry any of its values holds, in order (a folder that may be on PATH counts as on it:
    what may run from there is held), and `UNSET` stays one more; any other variable's
    values are not evaluated (None: a path agents cannot name, said), for a union of its
    values is none of them when it is put in a name (`p$S.sh`, attack 25 G12)."""
    if values is None or len(values) <= MOST:
        return values
    lists = [one for one in values if one != UNSET]
    if not (LISTS.search(name) and all(":" in one for one in lists)):
        return None
    union = ":".join(dict.fromkeys(entry for one in lists for entry in one.split(":")))
    return [union, UNSET] if UNSET in values else [union]


def _parameter(inside: str, variables: Variables, home: str) -> list[str] | None:
    """`${inside}`: `${X}`, `${X:-w}`, `${X-w}`, `${X:=w}`, `${X:+w}`, `${X:?w}`; any other
    form (`${X%y}`, `${#X}`, `${X:1}`) is not evaluated."""
    parsed = PARAMETER.fullmatch(inside)
    modified = MODIFIED.fullmatch(inside)
    if parsed is None and modified:  # zsh's `${f:t}`, `${f:h}` (bash's: `${f:0}`, all of it)
        found = _lookup(modified[1], variables)
        for modifier in modified[2].split(":")[1:]:
            cut = os.path.basename if modifier == "t" else os.path.dirname
            found = found and bounded("", list(dict.fromkeys([*found, *map(cut, found)])))
        return found or None
    if parsed is None:
        return None
    name, operator, word = parsed[1], parsed[2], parsed[3] or ""
    if not operator:
        return _lookup(name, variables)
    states = _states(name, variables)
    if states is None:
        return None
    if operator[-1] == "+" and not any(s is not None for s in states):
        states = [*states, UNSET]  # set in the user's shell, maybe: its `w` (value unused)

    def given() -> list[str] | None:
        return _evaluate(_tilde(word, home), variables, home) if word else [""]

    out: list[str] = []
    for state in states:
        empty = state is None or (operator.startswith(":") and state == "")
        if operator[-1] == "+":
            more = [""] if empty else given()
            if more is None and state == UNSET and name not in variables:
                more = []  # `${X:+$X:}`, X set nowhere: its own value, as `$X` alone
        elif operator[-1] == "?":
            more = [] if empty else [state or ""]
        else:  # `-`, `=`
            more = given() if empty else [state or ""]
        if more is None:
            return None
        out += more
    return out or None
