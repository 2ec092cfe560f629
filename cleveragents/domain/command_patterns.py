"""How an --allow-command pattern matches a simple command: word by word.

A pattern is split at spaces into words; it has no quoting of its own. A command matches
when its words, as bash passes them (quotes removed), equal the pattern's words one by one;
a `*` at the very end of the pattern means "and any further words" (arguments,
redirections), nothing else: `pytest*` is `pytest` with any arguments, never `pytest-xdist`
or `pytest/../x`; `python3 -m unittest*` never matches `python3 -m unittest_pwn`. Elsewhere
`*`, `?` and `[...]` match within one path component of one word (as a shell glob): never
across `/`, and never a `.` or `..` component; nor a word that starts with `-` or `+`
(an option: `python3 *.py` never matches `python3 '-cimport os#.py'`, which runs code)
unless the pattern's word itself starts with that character (`--file=*.py`). The trailing
`*` takes options too: it is the command with any arguments. A command word bash expands
(`$x`, a glob, `~`, braces) is not known before it runs: only the trailing `*` takes it.
The command name must be a plain word.

Some builtins evaluate the names they are given, array index included, so `test -v
'a[$(cmd)]'` runs `cmd`: their arguments must be certain words with no `$`, backquote or
index other than a number, and `declare -i`/`-n` (and its kin) are refused, as a variable
of that kind evaluates what is assigned to it. So are the options with which a builtin runs
a command or loads code (`mapfile -C`, `compgen -C`/`-F`, `hash -p`, `enable -f`, `set -k`),
`fc` and `alias`, and a builtin setting a variable in capitals (`read PATH`, `printf -v
PS4`, `export LD_PRELOAD=...`): such variables change what later commands run. `let` takes
numbers only, as arithmetic elsewhere: a name it evaluates may hold `a[$(cmd)]`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fnmatch import fnmatchcase

# Builtins that evaluate a name or expression they are given (array indexes run `$(...)`).
EVALUATES = frozenset(
    """test [ printf read mapfile readarray wait getopts declare typeset local export readonly
    let unset shift return exit kill ulimit compgen complete caller history fc""".split()  # noqa: SIM905 - a list of words reads best
)
DECLARES = frozenset("declare typeset local export readonly".split())  # noqa: SIM905
# Options with which a builtin runs a command or loads code it is given: `mapfile -C cmd`.
RUNS = {"mapfile": "C", "readarray": "C", "compgen": "CF", "complete": "CF", "hash": "p"}
RUNS |= {"enable": "f", "fc": "es", "alias": "", "set": "k"}  # set -k: `cmd LD_PRELOAD=x`
# Builtins that set the variables they name: never one in capitals (PATH, PS4, BASH_ENV,
# LD_PRELOAD...), which changes what later commands run. printf only with -v.
ASSIGNS = frozenset(
    "read mapfile readarray getopts wait declare typeset local export readonly let unset".split()  # noqa: SIM905
)
ENVIRONMENT = re.compile(r"[A-Z][A-Z0-9_]*(\[|\+?=|$)")
ATTACHED = re.compile(r"-[a-z]+([A-Z][A-Z0-9_]*)")  # `printf -vPATH .`, `read -aPATH`
ASSIGNMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=")
PLAIN_INDEX = re.compile(r"[0-9 @*+-]*")


def matches(words: Sequence[str | None], pattern: str) -> bool:
    """Whether a command of these words (None: bash expands it) matches `pattern`."""
    parts = pattern.split()
    if not parts:
        return False
    rest = parts[-1].endswith("*")
    if rest:
        parts[-1] = parts[-1][:-1]
        if not parts[-1]:
            parts.pop()
    if len(words) < len(parts) or (not rest and len(words) != len(parts)):
        return False
    return all(w is not None and _word_matches(w, p) for w, p in zip(words, parts, strict=False))


def _word_matches(word: str, pattern: str) -> bool:
    if word[:1] in ("-", "+") and pattern[:1] != word[:1]:
        return False  # an option, matched only by a pattern word written as one
    components, patterns = word.split("/"), pattern.split("/")
    if len(components) != len(patterns):
        return False
    for component, part in zip(components, patterns, strict=True):
        if component in (".", "..") or part in (".", ".."):
            if component != part:
                return False
        elif not fnmatchcase(component, part):
            return False
    return True


def evaluated(words: Sequence[str | None]) -> str | None:
    """Why a builtin among these words would evaluate what the check cannot see, or None."""
    at = 0
    while at < len(words) and (w := words[at]) is not None and ASSIGNMENT.match(w):
        at += 1
    name = words[at] if at < len(words) else None
    if name in RUNS:
        options = [w for w in words[at + 1 :] if w is None or w[:1] == "-"]
        always = name in ("fc", "alias") or (name == "set" and "keyword" in words)
        if always or any(w is None or set(w[1:]) & set(RUNS[name]) for w in options):
            return f"`{name}` may run a command or load code it is given"
    if name not in EVALUATES:
        return None
    arguments = words[at + 1 :]
    for before, word in zip((None, *arguments), arguments, strict=False):
        variable = _capitals(name, before, word)
        if variable is not None:
            return f"`{name}` would set `{variable}`, a variable in capitals"
        if word is None:
            return f"`{name}` evaluates names it is given, and an argument is expanded"
        if ("$" in word or "`" in word) and "[" not in word:
            return f"`{name}` may expand what `{word}` holds"
        if "$" in word or "`" in word or not _plain_indexes(word):
            return f"`{name}` evaluates the array index in `{word}`"
        if name == "let" and re.search(r"[A-Za-z_]", word):  # as in ((...)): numbers only
            return "`let` evaluates what the variables it names hold"
        if name in DECLARES and word[:1] in "-+" and set(word[1:]) & set("in"):
            return f"`{name} {word}` makes variables that evaluate what they are given"
    return None


def _capitals(name: str, before: str | None, word: str | None) -> str | None:
    """The variable in capitals this argument would have the builtin set, or None."""
    if word is None or (name not in ASSIGNS and name != "printf"):
        return None
    attached = ATTACHED.match(word)
    if attached and (name in ASSIGNS or word.startswith("-v")):
        return attached[1]
    if (name in ASSIGNS or before == "-v") and ENVIRONMENT.match(word):
        return re.split(r"[\[+=]", word)[0]
    return None


def _plain_indexes(word: str) -> bool:
    return all(PLAIN_INDEX.fullmatch(i[1]) for i in re.finditer(r"\[([^\]]*)", word))
