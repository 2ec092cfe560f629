"""The ways a home startup file takes a variable's value away or sets it through code it
runs (attack 24 F3, `home_scan._scan`): `unset X` (`-v`; `-f` names functions) leaves X
unset (`home_values.UNSET`: `$X` puts in nothing), and the assignments and `unset`s of an
`eval`'s code (`eval 'S='`) or a `trap`'s (`trap 'S=' RETURN`: run whenever the signal
comes, so it may not run) are read as the file's own. One in a place that may not run
(after `&&`/`||`, in an `if`, loop or function) is one more value of the variable, its
values before kept (`home_values.either`), as a conditional assignment is; a value agents
does not evaluate (`eval "S=$(cmd)"`) leaves the variable not evaluated (vague): a sourced
path using it is one agents cannot name. An `eval` of a program's text (`eval "$(pyenv
init -)"`) is the dotenv reader's (`home_loads`); of variables' (`eval "$X"`, `"$X$Y"`,
`eval -- "$X"`), each value they may hold is read as code, as code that may not run; a
value agents cannot tell is a program's text as `$(...)` is (conda's `eval
"$__conda_setup"`: review R10) (attack 25 G6). An `unset` of a name agents cannot tell
(`unset "$V"` with V unknown): each known variable may be unset; `unset ${!S*}` (zsh's
`unset -m 'S*'`): each whose name starts with S (matches the pattern: readers30);
`unset 'S[0]'` and an element's assignment (`S[0]=`, element 0 of a scalar is the scalar)
may change the variable itself; zsh's `repeat N S=` may assign S; a nameref's assignment
or unset (`declare -n R=S` then `R=`, `unset R`) is its target's."""

from __future__ import annotations

import re
from fnmatch import fnmatchcase

from cleveragents.adapters.home_assigns import ASSIGNED, NAME, nameref, vague
from cleveragents.adapters.home_values import UNSET, either
from cleveragents.adapters.home_words import STARTS, _expand, _words

_DECLARERS = frozenset(("export", "declare", "typeset", "local", "readonly"))
_ELEMENT = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\[[^\]]*\](\+?)=(.*)", re.S)  # `S[0]=v`
_REF = "\0ref "  # in the variables, before a nameref's name: the variable it names
_INDEXED = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\[[^\]]*\]")  # `S[0]`, an element
_TEXT = re.compile(r"\$(?:([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z_][A-Za-z0-9_]*)\})")  # `$X`
_TEXTS = re.compile(rf"(?:{_TEXT.pattern})+")  # `$X$Y`: variables' text alone
_PREFIX = re.compile(r"\"?\$\{!([A-Za-z_][A-Za-z0-9_]*)[*@]\}\"?")  # `${!S*}`, `"${!S@}"`
_PATTERN = re.compile(r"(?:[A-Za-z0-9_*?]|\[[A-Za-z0-9_-]+\])+")  # zsh's `unset -m 'S*'`


def unset_or_run(
    words: list[str],
    index: int,
    variables: dict[str, list[str] | None],
    home: str,
    maybe: bool,
) -> bool:
    """Whether `words[index]` (at a command's start) is `unset`, `eval` or `trap`; if so,
    the variables it unsets or its code sets are given their values after it in
    `variables` (with those before when it `maybe` does not run)."""
    word = words[index]
    element = _ELEMENT.fullmatch(word)
    if element:  # `S[0]=`: the scalar's own value, or another element's (it stays)
        values = _expand(element[3], variables, home)
        variables[element[1]] = either(element[1], values, variables)
        return True
    if word in _DECLARERS and any(w.startswith("-") and "n" in w for w in words[index + 1 :]):
        for one in words[index + 1 :]:  # `declare -n R=S`: `R=x` later sets S
            named = ASSIGNED.fullmatch(one)
            if named and NAME.fullmatch(named[3]):
                variables[_REF + named[1]] = [named[3]]
        return False  # R itself: `home_shells`
    assigned = ASSIGNED.fullmatch(word)
    if assigned and _REF + assigned[1] in variables and not nameref(words, index):  # `R=x`
        target = (variables[_REF + assigned[1]] or [""])[0]
        values = None if assigned[2] else _expand(assigned[3], variables, home)
        variables[target] = either(target, values, variables) if maybe else values
        vague([target] if variables[target] is None else [], variables)
    if word == "repeat" and index + 2 < len(words):  # zsh's `repeat 1 S=`: maybe, as code
        _run(" ".join(words[index + 2 :]), variables, home, True)
        return True
    if word not in ("unset", "eval", "trap"):
        return False
    given: list[str] = []
    for one in words[index + 1 :]:
        if one in STARTS or one[:1] in ("<", ">"):
            break
        given.append(one)
    if word == "unset":
        if "-f" not in given:
            for name in (one for one in given if not one.startswith("-")):
                _unset(f"-m {name}" if "-m" in given else name, variables, home, maybe)
        return True
    if word == "trap":  # `trap -p`, `trap -- 'S=' RETURN`: its code, run whenever
        given = given[1:] if given[:1] == ["--"] else given
        given, maybe = ([] if given[:1] and given[0].startswith("-") else given[:1]), True
    code = " ".join(given[1:] if given[:1] == ["--"] else given).strip()  # `eval -- "$X"`
    if _TEXTS.fullmatch(code):  # `eval "$X"`, `"$X$Y"`: each value they may hold, as code
        codes = _expand(code, variables, home)  # None: a program's text (conda's
        for one in codes or []:  # `eval "$__conda_setup"`), as `eval "$(...)"`: `home_loads`
            _run(one, variables, home, maybe or len(codes or []) > 1)
        return True
    if not code or code.startswith("$"):
        return True  # a program's text: `home_loads`
    _run(code, variables, home, maybe)
    return True


def _unset(name: str, variables: dict[str, list[str] | None], home: str, maybe: bool) -> None:
    """`unset name`: the variable `name` names (`S`, `'S[0]'`, `"$V"`) unset, or, when
    agents cannot tell which (`$V` unknown, `${!S*}`, zsh's `-m`), each known one maybe."""
    element = _INDEXED.fullmatch(name)
    values = _expand(name, variables, home) if _TEXT.fullmatch(name) else None
    pattern = _prefixed(name)
    if pattern is not None:  # `${!S*}`, zsh's `-m 'S*'`: the names it matches (readers30)
        names = [one for one in variables if NAME.fullmatch(one) and fnmatchcase(one, pattern)]
        maybe = True
    elif NAME.fullmatch(name):  # a nameref's (`declare -n R=S; unset R`): its target too
        names = [name, *(variables.get(_REF + name) or [])]
    elif element:  # `unset 'S[0]'`: element 0 of a scalar is the scalar
        names, maybe = [element[1]], True
    elif values is not None and all(NAME.fullmatch(one) for one in values):  # `unset "$V"`
        names, maybe = values, maybe or len(values) > 1
    else:  # `${!S*}`, zsh's `-m 'S*'`, a `$V` agents cannot tell
        names, maybe = [one for one in variables if NAME.fullmatch(one)], True
    for one in names:
        variables[one] = either(one, [UNSET], variables) if maybe else [UNSET]


def _prefixed(name: str) -> str | None:
    """The pattern of the names `name` unsets when it is bash's `${!S*}` (`"${!S@}"`: the
    variables whose names start with S) or zsh's `-m 'S*'` of plain name characters, `*`,
    `?` and `[...]`; None for any other."""
    prefix = _PREFIX.fullmatch(name)
    if prefix is not None:
        return f"{prefix[1]}*"
    given = name.removeprefix("-m ").strip("'\"") if name.startswith("-m ") else ""
    return given if given and _PATTERN.fullmatch(given) else None


def _run(code: str, variables: dict[str, list[str] | None], home: str, maybe: bool) -> None:
    """The assignments and `unset`s of the shell `code` (an `eval`'s, a `trap`'s) read."""
    inner = _words(code)
    for at, one in enumerate(inner):
        before = inner[at - 1] if at else ""
        if at and before not in STARTS and before not in _DECLARERS:
            continue
        if unset_or_run(inner, at, variables, home, maybe):
            continue
        assigned = ASSIGNED.fullmatch(one)
        if assigned:
            name, value = assigned[1], assigned[3]
            values = None if assigned[2] else _expand(value, variables, home)
            variables[name] = either(name, values, variables) if maybe else values
            vague([name] if variables[name] is None else [], variables)
