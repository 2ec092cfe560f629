"""Code a home startup file runs that agents cannot read, and what it may change (attack 25
G18): an `eval` of a program's output (`eval "$(echo S=)"`, `eval "$(pyenv init -)"`), a
`source <(...)` of a program that is not `cat` of a file (read by `home_loads`), a
`. /dev/stdin` of text not a file's (`<<< 'S='`). Such code may assign any variable, but
failing closed on the tree at each would be wrong for nearly every `.bashrc` (`eval
"$(ssh-agent -s)"`, `source <(kubectl completion bash)`): instead each variable the files
set before it counts as possibly changed (`CHANGED`; of a usual init program's output, only
those it sets: `_SETS`), and a LATER sourced or run path using
one is a path agents cannot name (`home_scan._scan`: it fails closed, said), while paths
without variables stay read exactly; a later assignment of the variable not using its own
value makes it known again. And an alias' body is read as its command line where the alias
is used as a command (`alias clr='S='` then `[ -z "$SSH_TTY" ] && clr`): its assignments
apply there, as maybe where the use may not run (`ALIAS`, kept across the files)."""

from __future__ import annotations

import itertools
import re

from cleveragents.adapters.home_assigns import ASSIGNED
from cleveragents.adapters.home_unsets import _run, unset_or_run
from cleveragents.adapters.home_values import NAME
from cleveragents.adapters.home_words import STARTS, _expand

CHANGED = "\0changed"  # in the variables: those unread code may have changed since set
ALIAS = "\0alias "  # in the variables, before an alias' name: its body
_STDIN = frozenset(("/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"))
_OWN = ("HOME", "PWD", "OLDPWD")  # the home read from, where the shell stands: not a setting
# The usual init programs a `.bashrc` evals or sources the output of, and the variables
# (names' starts) that output sets: the others keep their values (`eval "$(pyenv init -)"`).
_PROMPT = ("PROMPT_COMMAND", "PS1", "PS0", "precmd_functions", "preexec_functions")
_SETS: dict[str, tuple[str, ...]] = {
    "pyenv": ("PYENV_", "PATH"),
    "rbenv": ("RBENV_", "PATH"),
    "nodenv": ("NODENV_", "PATH"),
    "ssh-agent": ("SSH_AUTH_SOCK", "SSH_AGENT_PID"),
    "direnv": _PROMPT,
    "starship": ("STARSHIP_", *_PROMPT),
    "zoxide": ("_ZO_", *_PROMPT),
    "dircolors": ("LS_COLORS",),
    "brew": ("HOMEBREW_", "PATH", "MANPATH", "INFOPATH", "fpath"),
    "kubectl": (),
    "helm": (),
}
_TEXTS = re.compile(r"(?:\$(?:[A-Za-z_][A-Za-z0-9_]*|\{[A-Za-z_][A-Za-z0-9_]*\}))+")  # `$X$Y`
_USED = re.compile(r"\$\{?[#!]?([A-Za-z_][A-Za-z0-9_]*)")


def unread_code(
    words: list[str], index: int, variables: dict[str, list[str] | None], home: str
) -> str | None:
    """The program whose code the command at `words[index]` (at a command's start) runs
    that agents cannot read ("" when not said), or None when it runs none: an `eval` of a
    command's output or of variables agents cannot evaluate (`eval "$__conda_setup"`), a
    `source <(...)` of a program not `cat`, a `. /dev/stdin` not fed a file
    (`home_scan._fed` reads that one)."""
    word, rest = words[index], words[index + 1 :]
    if word == "eval":
        code = " ".join(rest[: next((at for at, w in enumerate(rest) if w in STARTS), None)])
        code = code.strip().strip("\"'")
        if _TEXTS.fullmatch(code.removeprefix("-- ")):  # `eval "$X"`, X not known: conda's
            return None if _expand(code.removeprefix("-- "), variables, home) is not None else ""
        if not code.startswith(("$(", "`")):
            return None
        program = code.lstrip("$(`").lstrip().split(maxsplit=1)
        read = program[:1] == ["cat"] or code.lstrip("$(`").startswith("<")  # `$(<~/.vars)`
        return None if read else "".join(program[:1])  # `$(cat ~/.vars)`: `home_loads`
    if word not in (".", "source") or not rest:
        return None
    if rest[0] == "<(":
        return None if rest[1:2] == ["cat"] else "".join(rest[1:2])
    if rest[0] in _STDIN and rest[1:2] != ["<"] and not (index >= 2 and words[index - 1] == "|"):
        return ""
    return None


def mark_changed(variables: dict[str, list[str] | None], program: str) -> None:
    """Each variable set so far (`variables`' names) possibly changed by unread code of
    `program`: of a usual init program (`_SETS`), only the ones its output sets."""
    sets = _SETS.get(program.rpartition("/")[2])
    names = [one for one in variables if NAME.fullmatch(one) and one not in _OWN]
    names = [one for one in names if sets is None or one.startswith(sets)]
    variables[CHANGED] = sorted({*(variables.get(CHANGED) or []), *names})


def set_again(name: str, value: str, variables: dict[str, list[str] | None]) -> None:
    """`name=value` read: `name` known again, unless `value` uses a variable possibly
    changed (`S="$S.x"`, `P=$S`: then `name` is possibly changed too)."""
    changed = [one for one in variables.get(CHANGED) or [] if one != name]
    variables[CHANGED] = [*changed, name] if uses_changed(value, variables) else changed


def uses_changed(word: str, variables: dict[str, list[str] | None]) -> bool:
    """Whether the path `word` uses a variable unread code may have changed."""
    changed = variables.get(CHANGED) or []
    return any(one in changed for one in _used_names(word))


def _used_names(text: str) -> set[str]:
    return {match[1] for match in _USED.finditer(text)}


def read_unread(
    words: list[str],
    index: int,
    variables: dict[str, list[str] | None],
    home: str,
    maybe: bool,
) -> bool:
    """Reads the command starting at `words[index]` for this module's ways: an alias it
    defines kept, an alias it uses run (its body's assignments, maybe where `maybe`), code
    agents cannot read marking the variables changed, an assignment making one known; then
    as `home_unsets.unset_or_run`, whether it was read (an `unset`, `eval`)."""
    word = words[index]
    if word == "alias":
        for one in words[index + 1 :]:
            if one in STARTS:
                break
            name, equals, body = one.partition("=")
            if equals and name and not name.startswith("-"):
                variables[ALIAS + name] = [body]
    elif ALIAS + word in variables:  # `clr`: its body, as the line typed there
        _run((variables[ALIAS + word] or [""])[0], variables, home, maybe)
    if (program := unread_code(words, index, variables, home)) is not None:
        mark_changed(variables, program)
    elif (assigned := ASSIGNED.fullmatch(word)) and not assigned[2]:
        set_again(assigned[1], assigned[3], variables)
    elif word == "for" and words[index + 2 : index + 3] in (["in"], ["("]):  # `for f in $D/*`
        items = itertools.takewhile(lambda one: one not in STARTS, words[index + 3 :])
        set_again(words[index + 1], " ".join(items), variables)
    return unset_or_run(words, index, variables, home, maybe)


def expanded(word: str, variables: dict[str, list[str] | None], home: str) -> list[str] | None:
    """The values of the sourced or run path `word`, None when agents cannot name them
    (`home_words._expand`'s, or it uses a variable unread code may have changed)."""
    return None if uses_changed(word, variables) else _expand(word, variables, home)
