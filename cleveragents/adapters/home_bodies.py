"""A function's body read where it is called (oh-my-zsh's `_omz_source`): a path its body
sources built on its argument through a `local` (`local filepath="$1"`, then `source
"$ZSH_CUSTOM/$filepath"`) is kept as a form of the argument (`$ZSH_CUSTOM/$1`), and each
call the files make (`_omz_source "plugins/$plugin/$plugin.plugin.zsh"`) sources that form
with the argument put in, evaluated with the variables as they are at the call (a variable
set after the definition counts). The files it names are the home's own, read in turn as
any sourced one: what they source of the tree is found. A call agents cannot evaluate adds
nothing here: the body's own reading (`home_environ.not_run`, an unknown where the form's
known part may be the tree) already said what it may source."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

from cleveragents.adapters.home_unread import expanded
from cleveragents.adapters.home_values import UNSET
from cleveragents.adapters.home_words import POSITIONAL, STARTS, typed_forms
from cleveragents.domain.reach import printable

BODY = "\0body "  # in the sourcers, before a function's name: its sourced forms, one a line
_NAMED = re.compile(r"\$\{([A-Za-z_]\w*)\}|\$([A-Za-z_]\w*)")


def body_form(word: str, variables: dict[str, list[str] | None], own: set[str]) -> str:
    """`word`, a path a function's body sources, with each of its `own` (local) variables
    that holds one positional parameter (`local filepath="$1"`) put back as it: "" when the
    form then uses none, or another local (read where it is defined: `home_environ.not_run`)."""

    def put(match: re.Match[str]) -> str:
        name = match[1] or match[2]
        held = [one for one in variables.get(name) or [] if one != UNSET] if name in own else []
        return held[0] if len(held) == 1 and POSITIONAL.fullmatch(held[0]) else match[0]

    form = _NAMED.sub(put, word)
    others = {one[1] or one[2] for one in _NAMED.finditer(form)} & own  # its locals' values
    return form if POSITIONAL.search(form) and not others else ""  # (then: `not_run`'s)


def called_paths(
    forms: str, words: list[str], index: int, variables: dict[str, list[str] | None], home: str
) -> tuple[list[str], str]:
    """The absolute paths the call at `words[index]` sources by its function's `forms`
    (`BODY`'s), its arguments put in, with `variables` as they are at the call, and why one
    is a path agents cannot name ("": none is)."""
    given = list(itertools.takewhile(lambda one: one not in STARTS, words[index + 1 :]))
    found: list[str] = []
    for form in forms.splitlines():
        each = given if re.search(r"\$\{?[@*]", form) else [""]  # `"$@"`: each argument
        for argument in each:

            def put(match: re.Match[str], argument: str = argument) -> str:
                at = match[0].strip("${}")
                if not at.isdigit():
                    return argument
                return given[int(at) - 1] if int(at) <= len(given) else ""

            path = POSITIONAL.sub(put, form)
            values = expanded(path, variables, home)
            if values is None:
                called = f"{printable(path)} (by {printable(words[index])})"
                return found, f"it sources {called}, a path agents cannot name"
            found += values
    return [one for one in found if one.startswith("/")], ""


def typed_unknown(
    sourcers: dict[str, str], variables: dict[str, list[str] | None], home: str, top: Path
) -> str:
    """Why a function's body sources what agents cannot name when the user types its name
    after the files ran (any argument: one folder level, as `home_environ.not_run` reads
    it), with the variables as the files leave them; "" when none does."""
    from cleveragents.adapters.home_environ import typed_near

    for key, forms in sourcers.items():
        for form in forms.splitlines() if key.startswith(BODY) else []:
            found = typed_forms(form, None, variables, home)
            if found is None or any(typed_near(one, top) for one in found):
                called = f"{printable(form)} (by {printable(key.removeprefix(BODY))})"
                return f"it sources {called}, a path agents cannot name"
    return ""
