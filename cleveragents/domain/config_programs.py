"""Which words of a git config value name a program by a path: a tree file the user's git
would run (`diff.X.textconv = ./scripts/conv.sh`, `credential.helper = !./x`,
`filter.X.clean = sh tools/clean.sh`) is a host-run file (`domain/host_files.py`).

A value is read as git's shell reads it (a leading `!` dropped): its first word, after any
`NAME=value` assignments, names the program; a bare name is looked up on PATH, so only a
word holding a `/` (or `~`) names a file. When the program is an interpreter (`sh`,
`python3`, ...), its first word that is no option names the script it runs, bare or not.
A value that is no command (`commit.template = .gitmessage`) is a path git reads: its one
word is kept too, which is harmless.
"""

from __future__ import annotations

import posixpath
import shlex

INTERPRETERS = frozenset((
    "sh", "bash", "dash", "zsh", "ksh", "env", "python", "python3", "node", "perl", "ruby",
))  # fmt: skip


def program_words(value: str) -> list[str]:
    """The words of `value` that may name a file git runs or reads, in order."""
    text = value[1:] if value.startswith("!") else value
    try:
        words = shlex.split(text)
    except ValueError:  # an unclosed quote: git's shell would refuse it; words still count
        words = text.split()
    while words and _assignment(words[0]):
        words = words[1:]
    if not words:
        return []
    found = [words[0]] if "/" in words[0] or words[0].startswith("~") else []
    if posixpath.basename(words[0]) in INTERPRETERS:
        script = next((w for w in words[1:] if not w.startswith("-") and not _assignment(w)), None)
        if script is not None:
            found.append(script)
    return found


def _assignment(word: str) -> bool:
    name, equals, _ = word.partition("=")
    return bool(equals) and name.isidentifier()
