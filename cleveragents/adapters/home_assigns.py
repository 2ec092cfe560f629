"""The ways a home startup file gives a variable a value past `X=v` (`home_scan._scan`):
`X+=v` (an append: evaluated), `X=(a b)` (an array: `$X` is its first element, evaluated),
`declare -n R=HOME` (a name reference: `$R` is HOME's value), and the builtins that set one
from what they read or print (`read`, `mapfile`/`readarray`, `printf -v`): not evaluated, so
the variable is vague (`home_values.VAGUE`: a path it names may be the tree's). zsh's named
directories (`hash -d dots=~/dotfiles`: `~dots`) are kept as `~dots` among the variables,
for `home_values` to put in; the file's own path in zsh's forms (`${0:A:h}`,
`${${(%):-%x}:A:h}`: `:A` follows its links, `:h` is its folder) is put in as the shell
does (`zsh_own_put`). A project runner given a folder of the tree by any word (`make -C
~/dotfiles`, `npm --prefix ~/dotfiles run build`, `python3 ~/dotfiles`) runs what that folder
holds (its Makefile, package.json and what they run): the folder whole; so is the folder of
a file of the tree a project runner is given (`make -f ~/dotfiles/Makefile`:
`runner_folders`)."""

from __future__ import annotations

import itertools
import os
import re
import shlex
from collections.abc import Callable
from pathlib import Path

from cleveragents.adapters.home_moves import OPTION, QUIET
from cleveragents.adapters.home_values import KUBE_NAMED, SYSTEM_PRINTERS, VAGUE, could_name
from cleveragents.adapters.home_words import RUNS, STARTS, _expand, _relative
from cleveragents.domain.launchers import INERT, OPAQUE
from cleveragents.domain.reach import printable

NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
SUBSCRIPT = re.compile(r"\[([^\]]*)\]=(.*)", re.S)  # `[0]=v`, `[key]=v` in `X=(...)`
ASSIGNED = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(\+?)=(.*)", re.S)  # `X=v`, `X+=v`
# zsh's file's own path (`$0` in a sourced file, `${(%):-%x}`) with its modifiers (`:A:h`)
ZSH_OWN = re.compile(r"\$\{(?:0|\$\{\(%\):-%[xN]\}|\(%\):-%[xN])((?::[A-Za-z])*)\}")
# Builtins setting a variable from what they read or print, with the options taking a value.
_SETTERS = {"read": "adinNptu", "mapfile": "dnOsuCc", "readarray": "dnOsuCc", "printf": ""}
_MODIFIERS: dict[str, Callable[[str], str]] = {
    "A": os.path.realpath,
    "a": os.path.abspath,
    "h": os.path.dirname,
    "t": os.path.basename,
}
_DECLARES = ("declare", "typeset", "local", "export", "readonly")


def zsh_own_put(text: str, path: str) -> str:
    """`text` with zsh's forms of its own path (`${0:A:h}`, `${${(%):-%x}:h}`) put in as
    the shell word of what they give, `path` being the file as the shell named it: `:A`
    follows links, `:a` makes it absolute, `:h` is its folder, `:t` its name; a form with
    another modifier is left (not evaluated: the reader takes it as an unknown)."""

    def put(match: re.Match[str]) -> str:
        value = path
        for modifier in match[1].split(":")[1:]:
            if modifier not in _MODIFIERS:
                return match[0]
            value = _MODIFIERS[modifier](value)
        return shlex.quote(value)

    return ZSH_OWN.sub(put, text)


def array_value(words: list[str]) -> list[str]:
    """The values `$X` may take after `X=(a b)` (`words[0]` is the empty value, `words[1]`
    its `(`): bash's element 0 (`[0]=v` or the first word before any subscript) and zsh's
    first element (`[k]=v`'s `v` too); an empty one when there is none. A subscript agents
    does not evaluate (`[$i]=v`) may be 0: its value counts."""
    elements: list[str] = []
    zero: list[str] = []
    at: int | None = 0
    for word in words[2:]:
        if word in (")", ");") or word in STARTS:
            break
        keyed = SUBSCRIPT.fullmatch(word)
        value = keyed[2] if keyed else word
        if keyed:
            at = int(keyed[1]) if keyed[1].isdigit() else None if "$" in keyed[1] else -1
        zero += [value] if at in (0, None) else []
        elements.append(value)
        at = None if at is None else at + 1 if at >= 0 else -1
    found = [*zero[:1], *elements[:1], *zero[1:]] or [""]
    return list(dict.fromkeys(found))


def array_elements(words: list[str]) -> list[str]:
    """Every element `X=(a [1]=b)` (`words[0]` the empty value, `words[1]` its `(`) gives."""
    found = itertools.takewhile(lambda one: one not in (")", ");") and one not in STARTS, words[2:])
    return [keyed[2] if (keyed := SUBSCRIPT.fullmatch(one)) else one for one in found]


def nameref(words: list[str], index: int) -> bool:
    """Whether the assignment `words[index]` is of `declare -n`, `typeset -n`, `local -n`."""
    at = index - 1
    flags = ""
    while at > 0 and words[at].startswith("-"):
        flags, at = flags + words[at], at - 1
    return at >= 0 and words[at] in _DECLARES and "n" in flags


def referred(value: str, variables: dict[str, list[str] | None], home: str) -> list[str] | None:
    """`declare -n R=value`: `$R` is the named variable's value (None: not evaluated)."""
    return _expand("${" + value + "}", variables, home) if NAME.fullmatch(value) else None


def others_set(words: list[str], index: int) -> list[str]:
    """The variables the builtin `words[index]` sets from what it reads or prints (`read
    -r D`, `mapfile -t A`, `printf -v D ...`): none when it is not one."""
    word = words[index]
    if word not in _SETTERS:
        return []
    given = []
    for one in words[index + 1 :]:
        if one in STARTS or one[:1] in ("<", ">"):
            break
        given.append(one)
    if word == "printf":
        return [given[1]] if given[:1] == ["-v"] and given[1:2] else []
    names: list[str] = []
    at = 0
    while at < len(given):
        one = given[at]
        if one.startswith("-") and len(one) > 1:
            at += 1 + bool(one[-1] in _SETTERS[word])  # `-d ''`, `-a A`: its value
            if one[-1] == "a" and word == "read" and at - 1 < len(given):
                names.append(given[at - 1])  # `read -a A`: A is set
            continue
        names.append(one)
        at += 1
    names = [n for n in names if NAME.fullmatch(n)]
    return names or (["REPLY"] if word == "read" else ["MAPFILE"] if word != "printf" else [])


def printed(word: str) -> bool:
    """Whether `word` holds a `$(cmd)` or `` `cmd` `` of a program that may print a path of
    the home (any but `home_values.SYSTEM_PRINTERS`: `$(git config dotfiles.dir)`)."""
    programs = re.findall(r"(?:\$\(|`)\s*([^\s()`]*)", word)
    return any(program not in SYSTEM_PRINTERS for program in programs)


def vague(names: list[str], variables: dict[str, list[str] | None]) -> None:
    """`names` set to what agents does not evaluate: each may name the tree."""
    for name in names:
        variables[name] = None
        if name == "KUBECONFIG":  # (`read KUBECONFIG`: made from what agents cannot tell)
            variables[KUBE_NAMED] = None
    variables[VAGUE] = [*(variables.get(VAGUE) or []), *names]


def named_directories(
    words: list[str], index: int, variables: dict[str, list[str] | None], home: str
) -> None:
    """zsh's `hash -d NAME=PATH` (`words[index]` is `hash`): `~NAME` is PATH from here on."""
    if words[index + 1 : index + 2] != ["-d"]:
        return
    for one in words[index + 2 :]:
        if one in STARTS:
            break
        name, equals, value = one.partition("=")
        if equals and name:
            variables["~" + name] = _expand(value, variables, home)


def runner_folders(
    words: list[str],
    index: int,
    variables: dict[str, list[str] | None],
    home: str,
    top: Path,
) -> tuple[list[tuple[str, bool]], str, str]:
    """The folders of the tree `top` the command `words[index]` (at a command's start) is
    given by a word (`make -C ~/dotfiles`, `--directory=~/dotfiles`, `npm --prefix X`,
    `python3 X`): each whole, as a project runner runs what that folder holds (for a project
    runner, `launchers.OPAQUE`, a file's folder too: `make -f ~/dotfiles/Makefile`); why a
    word given to a project runner that agents cannot evaluate may name the tree, or ""; and
    why the tree is whole when the folder is its top, or "". The shell's builtins and
    programs that run nothing of a folder (`ls`, `git -C`) are left."""
    program = os.path.basename(words[index])
    if program in QUIET | INERT | RUNS | STARTS or "=" in words[index]:
        return [], "", ""
    found: list[tuple[str, bool]] = []
    why = said = ""
    for word in words[index + 1 :]:
        if word in STARTS or word in (")", ");"):
            break
        given = OPTION.sub("", word, count=1)  # `--directory=X`, `-CX`: X
        values = _expand(given, variables, home)
        if values is None:
            plain = not word.startswith("-") or "=" in word  # not `-j$(nproc)`
            maybe = could_name(given, variables, home, top) or printed(given)
            if program in OPAQUE - {"eval"} and not why and plain and maybe:
                shown = f"{printable(program)} in {printable(given)}"
                why = f"it runs {shown}, a folder agents cannot name"
            continue
        for value in values:
            if not value.startswith("/") or _relative(top, value) is None:
                continue
            if os.path.isdir(value):
                found.append((value, True))
            elif program in OPAQUE - {"eval"} and os.path.isfile(value):  # `make -f X/Makefile`
                found.append((os.path.dirname(value), True))  # what it runs lies beside it
            if found and _relative(top, found[-1][0]) == "" and not said:
                shown = f"{printable(program)} {printable(word)}"
                said = f"it runs {shown}: every file of the tree's project may run there"
    return found, why, said
