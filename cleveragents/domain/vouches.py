"""The programs a user vouched for (`agents hooks vouch NAME`): ones that read the files
they are given as data and run nothing of the tree, which agents has no table for.

A hook's program agents does not know may load anything of the tree by its own convention
(`launchers.INERT`'s comment): the whole tree is then the hook's, and every model write is
refused or put back. A user whose hook runs a linter or a formatter agents does not know
(`biome`, `dprint`, an in-house `acme-fmt`) says so once, outside any tree: from then on
its words are read as `launchers.CHECKERS`' are, as data. Only a bare name (found on PATH)
or an exact absolute path outside the tree can be vouched for: never a path of the tree
(the adapter leaves those out at each read), never an interpreter, a shell, a launcher or
a project runner, which run the code or the project they are given.
"""

from __future__ import annotations

import posixpath
import re
import shlex
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from cleveragents.domain import launchers as table
from cleveragents.domain.reach import printable

_VOUCHED: ContextVar[frozenset[str]] = ContextVar("vouched", default=frozenset())
# What a program's name may not hold: what the shell expands or splits, quotes, `=` (an
# assignment), control characters.
_UNFIT = re.compile(r"[\s$*?\[\]{}()<>|&;`'\"\\=~!#]")
# Programs that run the code, the script or the command line they are given, or the
# project of their working folder: agents reads what they run itself, a vouch cannot
# stand for that.
_RUNS_CODE = frozenset((
    *table.SHELLS, *table.NODE, *table.SCRIPTED, *table.OPAQUE, *table.WRAPPERS,
    *table.CONVENTIONS, *table.KEYWORDS, *(r.split()[0] for r in table.RUNNERS),
    "xargs", "cd", "pushd", "source", ".", "export", "test", "[", "[[", "for", "case",
))  # fmt: skip


@contextmanager
def vouching(programs: frozenset[str]) -> Iterator[None]:
    """Read every line within holding `programs` (bare names, absolute paths outside the
    tree) to reading the files they are given as data."""
    reset = _VOUCHED.set(programs)
    try:
        yield
    finally:
        _VOUCHED.reset(reset)


def vouched_now() -> frozenset[str]:
    """The programs vouched for now (a cache of reaches keys on them)."""
    return _VOUCHED.get()


def vouched(name: str, program: str) -> bool:
    """Whether the user vouched for `name` run by its bare name, or for the exact absolute
    (or `~/`) path `program` names it by: never one relative to the tree."""
    found = _VOUCHED.get()
    if not found:
        return False
    if "/" not in program:
        return name in found
    return program.startswith(("/", "~/")) and program in found


def refusal(program: str) -> str | None:
    """Why `program` (a bare name, or an absolute path already normalised) cannot be
    vouched for, or None."""
    shown = printable(program)
    name = program.rpartition("/")[2]
    if not program or not program.isprintable() or _UNFIT.search(program):
        return f"'{shown}' is not one program's name or absolute path"
    if "/" in program and not program.startswith("/"):
        return f"{shown} is a relative path: name the program by its bare name or absolute path"
    if program.startswith("-") or name in ("", ".", ".."):
        return f"'{shown}' is not one program's name or absolute path"
    if name in _RUNS_CODE or table.PYTHON.fullmatch(name):
        return (
            f"{printable(name)} runs the code, script or project it is given: agents reads "
            "what it runs itself, and no vouch can stand for that"
        )
    return None


def normalised(program: str) -> str:
    """`program` as it is kept: an absolute path without `.`, `..` or doubled slashes."""
    return posixpath.normpath(program) if program.startswith("/") else program


def known(program: str) -> bool:
    """Whether agents already reads `program` (a bare name) as loading nothing of the tree."""
    return "/" not in program and program in table.INERT


def vouch_command(name: str) -> str:
    """The command that vouches for `name`, as a user types it."""
    return printable(f"agents hooks vouch {shlex.quote(name)}")
