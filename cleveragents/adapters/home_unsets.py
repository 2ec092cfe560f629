"""The ways a home startup file takes a variable's value away or sets it through code it
runs (attack 24 F3, `home_shells._scan`): `unset X` (`-v`; `-f` names functions) leaves X
unset (`home_values.UNSET`: `$X` puts in nothing), and the assignments and `unset`s of an
`eval`'s code (`eval 'S='`) or a `trap`'s (`trap 'S=' RETURN`: run whenever the signal
comes, so it may not run) are read as the file's own. One in a place that may not run
(after `&&`/`||`, in an `if`, loop or function) is one more value of the variable, its
values before kept (`home_values.either`), as a conditional assignment is; a value agents
does not evaluate (`eval "S=$(cmd)"`) leaves the variable not evaluated (vague): a sourced
path using it is one agents cannot name. An `eval` of a variable's or a program's text
(`eval "$line"`, `eval "$(pyenv init -)"`) is the dotenv reader's (`home_loads`)."""

from __future__ import annotations

from cleveragents.adapters.home_assigns import ASSIGNED, NAME, vague
from cleveragents.adapters.home_values import UNSET, either
from cleveragents.adapters.home_words import STARTS, _expand, _words

_DECLARERS = frozenset(("export", "declare", "typeset", "local", "readonly"))


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
    if word not in ("unset", "eval", "trap"):
        return False
    given: list[str] = []
    for one in words[index + 1 :]:
        if one in STARTS or one[:1] in ("<", ">"):
            break
        given.append(one)
    if word == "unset":
        if "-f" not in given:
            for name in (one for one in given if NAME.fullmatch(one)):
                variables[name] = either(name, [UNSET], variables) if maybe else [UNSET]
        return True
    if word == "trap":  # `trap -p`, `trap -- 'S=' RETURN`: its code, run whenever
        given = given[1:] if given[:1] == ["--"] else given
        given, maybe = ([] if given[:1] and given[0].startswith("-") else given[:1]), True
    code = " ".join(given)
    if not code or code.lstrip().startswith("$"):
        return True  # a variable's or a program's text: `home_loads`
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
    return True
