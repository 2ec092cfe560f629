"""The values the home's startup files give variables (`export DOTFILES=~/dotfiles` in
`~/.zshenv`, read by `home_shells.home_shell_places`), for the scan of the home's program
configs (`home_mentions.py`): a config naming `$DOTFILES/hooks/x.sh` names the file the
user's programs, started from that shell, run, though agents' own environment may lack the
variable (a desktop launcher, a service) or hold another value (attack 22 #8). Each value
the files may give it counts, and agents' own; one they set to what agents cannot evaluate
(`export DOTFILES=$(cat ~/.where)`) names a place agents cannot tell: the caller fails
closed."""

from __future__ import annotations

import itertools
import math
import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar

from cleveragents.adapters.home_values import MOST, UNREAD

_VARIABLE = re.compile(r"\$\{([A-Za-z_]\w*)\}|\$([A-Za-z_]\w*)")
_ASSIGNED: ContextVar[Mapping[str, list[str] | None] | None] = ContextVar(
    "startup_values", default=None
)


@contextmanager
def startup_values(values: Mapping[str, list[str] | None]) -> Iterator[None]:
    """Within, `put_in` takes the variables `values` (what the startup files assigned, by
    name; None: not evaluated) as the user's shell holds them."""
    reset = _ASSIGNED.set(values)
    try:
        yield
    finally:
        _ASSIGNED.reset(reset)


def put_in(path: str) -> list[str] | None:
    """`path` with each `$NAME` (`${NAME}`) the startup files set or agents' environment
    holds put in, once for each value it may hold; one set nowhere left as it is
    (`$VIMRUNTIME`, the program's own). Past `MOST` forms (`t$A$B.sh`, each of nine values:
    attack 25 G9), one glob: each variable of many values a `*` (its folder held whole by
    the caller, all it can match), or None when one holds a folder part (`~/d0`: review
    R8). None when
    the startup files set one
    to what agents cannot evaluate, or set variables agents cannot tell (`UNREAD`: a dotenv
    file it cannot name) and this one is set nowhere else (attack 23 F21)."""
    assigned = _ASSIGNED.get() or {}
    parts = _VARIABLE.split(path)
    choices: list[list[str]] = []
    for at in range(0, len(parts), 3):
        choices.append([parts[at]])
        if at + 1 >= len(parts):
            break
        name = parts[at + 1] or parts[at + 2]
        values = list(dict.fromkeys(_values(name, assigned) or []))
        if (name in assigned and assigned[name] is None) or (
            UNREAD in assigned and name not in assigned
        ):
            return None
        shown = f"${{{name}}}" if parts[at + 1] else f"${name}"
        choices.append(values or [shown])
    if math.prod(len(choice) for choice in choices) > MOST:
        if any(".." in v or "/" in v for choice in choices if len(choice) > 1 for v in choice):
            return None  # a folder part: no one glob names it (`$A/t$B.sh`, A `~/d0`...)
        return ["".join(choice[0] if len(choice) == 1 else "*" for choice in choices)]
    return list(dict.fromkeys("".join(form) for form in itertools.product(*choices)))


def unread_said() -> str:
    """Why the startup files set variables agents cannot tell (`UNREAD`), or ""."""
    return "".join((_ASSIGNED.get() or {}).get(UNREAD) or [])


def startup_value(name: str) -> list[str] | None:
    """What `name` may hold in the user's shell (`_values`), or None when the startup files
    set it to what agents cannot evaluate."""
    assigned = _ASSIGNED.get() or {}
    if name in assigned and assigned[name] is None:
        return None
    return list(dict.fromkeys(_values(name, assigned)))


def _values(name: str, assigned: Mapping[str, list[str] | None]) -> list[str]:
    """What `name` may hold in the user's shell: what the startup files give it (not its
    own earlier value, read where it was set) and agents' environment's."""
    own = [os.environ[name]] if name in os.environ else []
    given = [v for v in assigned.get(name) or [] if "\0" not in v]
    return [*given, *own]
