"""How each interpreter reads its options (attack 18 finding 19): which take code (`perl -e`),
which take a word (`-I DIR`, the rest of the word or the next one), which take only the rest
of their word (`perl -i.bak`, `-0777`, `-l`), whether short options combine (`perl -we`,
`ruby -ne`, `julia -ie`), and the long ones (`--eval=CODE`, `--eval CODE`). `split` reads a
command line's options by them, so code given in any spelling is found: a user hook's
`perl -we 'system("make fmt")'` was read as a script file's name, and fired on the host.
"""

from __future__ import annotations

import re
from typing import NamedTuple


class Grammar(NamedTuple):
    """One interpreter's options: letters (`code`, `valued`) and the pattern of what the
    `attached` letters take of the rest of their word; `aliases` are words read as two
    options (node's `-pe`)."""

    code: str = ""
    valued: str = ""
    attached: dict[str, str] | None = None
    bundles: bool = False
    long_code: frozenset[str] = frozenset()
    long_valued: frozenset[str] = frozenset()
    aliases: frozenset[str] = frozenset()


_REST = ".*"
_PERL = Grammar(
    code="eE",
    valued="I",
    attached={
        "0": r"(?:[xX][0-9a-fA-F]*|[0-7]*)", "l": "[0-7]*", "i": _REST, "M": _REST,
        "m": _REST, "C": _REST, "D": _REST, "d": _REST, "x": _REST, "F": _REST, "V": _REST,
    },
    bundles=True,
)  # fmt: skip
# ruby's `-W` takes one digit or a `:category` (`-W0e CODE` gives code), `-K` one letter,
# `-0` three digits at most (as ruby 3.1 reads them, checked by trust.code_spellings).
_RUBY = Grammar(
    code="e",
    valued="ICEr",
    attached={
        "0": "[0-7]{0,3}", "i": _REST, "F": _REST, "T": "[0-9]*", "W": "(?::.*|[0-7]?)",
        "x": _REST, "K": ".?",
    },
    bundles=True,
    long_valued=frozenset((
        "--enable", "--disable", "--encoding", "--external-encoding", "--internal-encoding",
        "--dump", "--backtrace-limit", "--crash-report",
    )),
)  # fmt: skip
_LUA = Grammar(code="e", valued="l")
_AWK = Grammar(valued="fvF", bundles=True, long_valued=frozenset(("--file",)))
_GAWK = Grammar(
    code="e",
    valued="fvFiElW",
    bundles=True,
    long_code=frozenset(("--source",)),
    long_valued=frozenset((
        "--file", "--include", "--load", "--exec", "--assign", "--field-separator",
    )),
)  # fmt: skip
_PHP = Grammar(
    code="rBRE",
    valued="cdfFztS",
    bundles=True,
    long_code=frozenset(("--run", "--process-begin", "--process-code", "--process-end")),
    long_valued=frozenset(("--php-ini", "--define", "--file", "--process-file")),
)  # fmt: skip
_R = Grammar(code="e", valued="f", long_valued=frozenset(("--file",)))
_JULIA = Grammar(
    code="eE",
    valued="HLJCtpOgm",
    bundles=True,
    long_code=frozenset(("--eval", "--print")),
    long_valued=frozenset(("--load", "--project", "--sysimage", "--home", "--threads")),
)  # fmt: skip
NODE = Grammar(
    code="ep",
    valued="rC",
    long_code=frozenset(("--eval", "--print")),
    long_valued=frozenset((
        "--require", "--import", "--loader", "--experimental-loader", "--env-file",
        "--env-file-if-exists", "--conditions", "--input-type", "--title", "--watch-path",
    )),
    aliases=frozenset(("-pe",)),
)  # fmt: skip
GRAMMARS = {
    "perl": _PERL, "ruby": _RUBY, "lua": _LUA, "lua5.1": _LUA, "lua5.3": _LUA,
    "lua5.4": _LUA, "luajit": _LUA, "awk": _AWK, "mawk": _AWK, "gawk": _GAWK, "php": _PHP,
    "Rscript": _R, "R": _R, "julia": _JULIA, "node": NODE, "nodejs": NODE,
}  # fmt: skip


class Split(NamedTuple):
    """A command line's options, each `(option, value)` (`("-I", "lib")`), the code they
    give, and where its operands start (the script)."""

    options: list[tuple[str, str]]
    code: list[str]
    at: int


def readings(name: str, rest: list[str]) -> list[Split]:
    """Each way `rest` may be read: a long option the grammar does not know may take the
    next word as its value (node's `--disable-warning X script.js`, one of its many) or
    take none (`--enable-source-maps script.js`): both are read, so the script is found
    in either (attack 19 finding 2: the value was read as the script, the script not at
    all)."""
    first = split(name, rest)
    second = split(name, rest, unknown_takes=True)
    return [first] if second == first else [first, second]


def split(name: str, rest: list[str], *, unknown_takes: bool = False) -> Split:
    """Read `rest`, the words after interpreter `name`, by its grammar (none known: each
    word starting with `-` an option of its own); with `unknown_takes`, a long option it
    does not know takes the next word when that is no option."""
    grammar = GRAMMARS.get(name, Grammar())
    options: list[tuple[str, str]] = []
    code: list[str] = []
    at = 0
    while at < len(rest) and rest[at].startswith("-") and rest[at] != "-":
        word = rest[at]
        at += 1
        if word == "--":
            break
        if word.startswith("--"):
            option, equals, value = word.partition("=")
            takes = option in grammar.long_code or option in grammar.long_valued
            unknown = not takes and unknown_takes and name in GRAMMARS
            takes = takes or (unknown and at < len(rest) and not rest[at].startswith("-"))
            if takes and not equals and at < len(rest):
                value, at = rest[at], at + 1
            if option in grammar.long_code:
                code.append(value)
            options.append((option, value))
            continue
        if word in grammar.aliases:  # node's `-pe CODE`
            if at < len(rest):
                code.append(rest[at])
                at += 1
            continue
        at = _short(grammar, word, rest, at, options, code)
    return Split(options, code, at)


def _short(
    grammar: Grammar,
    word: str,
    rest: list[str],
    at: int,
    options: list[tuple[str, str]],
    code: list[str],
) -> int:
    """Read the short options of `word` (combined where the grammar says so), appending
    to `options` and `code`; the index of the next word to read."""
    attached = grammar.attached or {}
    place = 1
    while place < len(word):
        letter = word[place]
        place += 1
        value = word[place:]
        if letter in grammar.code or letter in grammar.valued:
            if not value and at < len(rest):
                value, at = rest[at], at + 1
            if letter in grammar.code:
                code.append(value)
            options.append((f"-{letter}", value))
            return at
        if letter in attached:
            taken = re.match(attached[letter], value)
            length = taken.end() if taken else 0
            options.append((f"-{letter}", value[:length]))
            place += length
        else:
            options.append((f"-{letter}", ""))
        if not grammar.bundles:
            options[-1] = (word, "")
            return at
    return at


class ShellSplit(NamedTuple):
    """A shell's command line: the startup files `--rcfile` names, whether `c` is among its
    options (the first operand is then its code), whether it reads standard input (`-s`,
    `-`), and where its operands start."""

    rcfiles: list[str]
    command: bool
    reads_stdin: bool
    at: int


def shell_split(rest: list[str]) -> ShellSplit:
    """Read the words after `sh` (bash, dash, zsh...): with `c` among its options (`-c`,
    `-ec`, `-c -e`, `-co errexit`) the first word after them is the code; each `o` or `O`
    among them takes a word (`-o pipefail`, `-euo pipefail`)."""
    rcfiles: list[str] = []
    command = reads_stdin = False
    at = 0
    while at < len(rest):
        word = rest[at]
        at += 1
        if word in ("--rcfile", "--init-file"):
            rcfiles += rest[at : at + 1]
            at += 1
        elif word in ("--", "-"):
            reads_stdin = word == "-"
            break
        elif word.startswith("--"):
            continue
        elif word.startswith(("-", "+")) and len(word) > 1:
            at += word.count("o") + word.count("O")
            command = command or (word[0] == "-" and "c" in word)
            reads_stdin = reads_stdin or (word[0] == "-" and "s" in word)
        else:
            at -= 1
            break
    return ShellSplit(rcfiles, command, reads_stdin, min(at, len(rest)))


_SHELL_NAMES = frozenset(("sh", "bash", "dash", "ash", "zsh", "ksh", "mksh", "fish", "busybox"))
_PYTHON_NAME = re.compile(r"(python|pypy)[0-9.]*")


def spliced_into_code(words: list[str], marker: str) -> str:
    """The interpreter whose code `marker` (a command's input, as `xargs -I {}` puts it:
    the model's file name or command, data) stands in (`sh -c 'fmt "{}"'`: a name holding
    `$(...)` runs as code, attack 19 finding 15), or "" when it is a plain argument."""
    if not words:
        return ""
    name = words[0].rsplit("/", 1)[-1]
    rest = words[1:]
    if name in _SHELL_NAMES:
        if name == "busybox" and rest[:1] and rest[0] in _SHELL_NAMES:
            name, rest = rest[0], rest[1:]
        shell = shell_split(rest)
        return name if shell.command and marker in " ".join(rest[shell.at : shell.at + 1]) else ""
    if _PYTHON_NAME.fullmatch(name):
        at = next((i for i, w in enumerate(rest) if re.fullmatch(r"-[A-Za-z]*c", w)), None)
        return name if at is not None and marker in " ".join(rest[at : at + 2]) else ""
    if name in GRAMMARS and any(marker in c for s in readings(name, rest) for c in s.code):
        return name
    return ""
