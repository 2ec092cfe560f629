"""gdb's Python (and Guile) in a config of the home, as the gdb commands it runs (attack 23
F27): `python gdb.execute('set auto-load safe-path /')`, or a `python` ... `end` block of
such calls, sets the safe-path as the command itself would. Only a call with a plain string
(no escapes, no f-string) is read; any other Python (an `import` of a module, a variable's
command, `gdb.set_parameter`) may set it too: the code is said to be unread, and its
config taken as turning the safe-path on (`cwd_reads`). A file gdb `source`s whose name
ends `.py` gdb runs as Python, `.scm` as Guile (the GEF/pwndbg layout: `source
~/.gdb/init.py`, attack 24 F6): the whole file is read as a `python` block (`script_lines`).
gdb's own `eval "FORMAT", ARGS` runs its formatted string as a command: a plain string with
no `%` or escape is read as that line, any other is unread (a formatted `source`'s plain
arguments read as the files it may source); an `alias NAME = COMMAND` has
each later `NAME ...` read as `COMMAND ...` (`alias src = source`: attack 25 G8).
"""

from __future__ import annotations

import re

# `python CODE`, `py`, `pi`/`python-interactive`, gdb's abbreviations of `python`; Guile.
LINE = re.compile(
    r"^\s*(py(?:t(?:h(?:on?)?)?)?|python-interactive|pi|gu(?:i(?:le?)?)?)(?:\s+(.*))?$"
)
END = re.compile(r"^\s*end\s*$")
CALL = re.compile(r"gdb\s*\.\s*execute\s*\(\s*r?(?:'([^'\\]*)'|\"([^\"\\]*)\")\s*(?:,[^()]*)?\)")
INERT = re.compile(r"(?:import\s+gdb(?:\.\w+)*|pass)")
# gdb's `eval` (`ev`, `eva`: its unique prefixes), and its `alias [-a] [--] NAME = COMMAND`.
EVAL = re.compile(r"^\s*eva?l?\s+(.*)$")
PLAIN = re.compile(r'"([^"\\%]*)"\s*')
# An `eval` of a formatted `source` (`so`...), and the plain strings of its arguments.
SOURCES = re.compile(r'\s*"\s*so(?:u(?:r(?:ce?)?)?)?\s')
ARGUMENT = re.compile(r',\s*"([^"\\%]+)"')
ALIAS = re.compile(r"^\s*alias\s+(?:-a\s+)?(?:--\s+)?([\w-]+(?:\s+[\w-]+)*)\s*=\s*(\S.*?)\s*$")


def gdb_lines(lines: list[str]) -> tuple[list[str], bool]:
    """`lines` of a gdb config with its Python put as the gdb commands its `gdb.execute`
    calls run, its `eval`s and aliases put as the commands they run, and whether some Python,
    Guile or `eval` of it is not read so (it may run anything)."""
    lines, unread = _aliased(lines)
    found: list[str] = []
    at = 0
    while at < len(lines):
        match = LINE.match(lines[at])
        at += 1
        if match is None:
            found.append(lines[at - 1])
            continue
        code = [match[2]] if match[2] and match[2].strip() else []
        if not code:  # a block, up to its `end`
            while at < len(lines) and not END.match(lines[at]):
                code.append(lines[at])
                at += 1
            at += 1
        commands, unknown = _code(code, match[1].startswith("gu"))
        commands, evaled = _aliased(commands, lines)  # `gdb.execute('eval "..."')`: R3
        found += commands
        unread = unread or unknown or evaled
    return found, unread


def script_lines(lines: list[str], language: str) -> tuple[list[str], bool]:
    """`gdb_lines` of a file gdb runs as `language` ("python", "guile") when sourced."""
    found, unread = _code(lines, language == "guile")
    found, evaled = _aliased(found)
    return found, unread or evaled


def _code(code: list[str], guile: bool) -> tuple[list[str], bool]:
    """The gdb commands the Python `code`'s plain `gdb.execute` calls run, and whether any
    other statement (or any Guile) is in it."""
    found: list[str] = []
    unread = False
    for statement in (s.strip() for line in code for s in line.split(";")):
        call = None if guile else CALL.fullmatch(statement)
        if call is not None:
            found += (call[1] if call[1] is not None else call[2]).splitlines()
        elif statement and not statement.startswith("#") and not INERT.fullmatch(statement):
            unread = True
    return found, unread


def _aliased(lines: list[str], config: list[str] | None = None) -> tuple[list[str], bool]:
    """`lines` with each use of an `alias` (of `config`, or of the lines themselves) put as
    its command, and each `eval` of a plain string as that string; whether an `eval` is not
    so read."""
    defined = lines + (config or [])
    aliases = [(m[1].split(), m[2]) for m in map(ALIAS.match, defined) if m is not None]
    found: list[str] = []
    unread = False
    for line in lines:
        words = line.split()
        for name, command in aliases:
            if words[: len(name)] == name:
                line = " ".join([command, *words[len(name) :]])
                break
        match = EVAL.match(line)
        if match is None:
            found.append(line)
            continue
        plain = PLAIN.fullmatch(match[1])
        unread = unread or plain is None
        found += [] if plain is None else [plain[1]]
        if plain is None and SOURCES.match(match[1]):  # `eval "source %s", ".x"`: R4
            found += [f"source {name}" for name in ARGUMENT.findall(match[1])]
    return found, unread
