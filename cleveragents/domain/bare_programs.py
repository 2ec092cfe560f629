"""The programs a hook's content or a git config program runs by a bare name, which the
shell finds on PATH: a new file of that name in a folder of the tree on PATH would run in
their place (`host_files.PathFolder`), even where no later PATH folder holds one (a hook's
`black --check .` on a machine without black).

Read as `config_programs.py` reads a command line, as far as the program goes: each simple
command's first word after its assignments, the shell's keywords and the wrappers that run
the command after them (`exec`, `env`, `timeout 5`), what `sh -c` runs, and each
substitution's. A word holding a `/` names a file, not a program on PATH; a program agents
cannot name (a variable, a glob) adds nothing: what it may run is the tree's business of
`config_programs.py`.
"""

from __future__ import annotations

import re

from cleveragents.domain import launchers as table
from cleveragents.domain.code_options import shell_split
from cleveragents.domain.shell_words import Target, substitutions, tokens

OPERATORS = frozenset(";&|()\n")
_ASSIGNMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*=")
_NAME = re.compile(r"[A-Za-z0-9_.+-]+")  # a program's name as PATH finds it, nothing expanded


def bare_programs(text: str) -> frozenset[str]:
    """The programs `text`, a shell command line or script, runs by a bare name."""
    try:
        text, scripts = substitutions(text)
        words_of = tokens(text)
    except ValueError:  # an unclosed quote: nothing runs
        return frozenset()
    found: set[str] = set()
    words: list[str] = []
    for token in [*words_of, ";"]:
        if token and set(token) <= OPERATORS and not isinstance(token, Target):
            found |= _program(words)
            words = []
        else:
            words.append(token)
    for script in scripts.values():  # each shorter than `text`: the reading ends
        found |= bare_programs(script)
    return frozenset(found)


def _program(words: list[str]) -> set[str]:
    """The bare name one simple command runs, and what its `sh -c` runs."""
    words = [w for w in words if not isinstance(w, Target)]
    while words and (words[0] in table.KEYWORDS or _ASSIGNMENT.match(words[0])):
        words = words[1:]
    while words and words[0] in table.WRAPPERS:
        command = table.wrapped(words[0], words[1:])
        if command is None:
            return set()
        words = command
    if not words or not _NAME.fullmatch(words[0]):
        return set()
    program, rest = words[0], words[1:]
    split = shell_split(rest) if program in table.SHELLS else None
    if split is not None and split.command and split.at < len(rest):  # `sh -ec CODE`
        return {program, *bare_programs(rest[split.at])}
    return {program}
