"""What of an ignored file's text would tell its secret if found elsewhere: its lines, and
the values it sets, however a command printed them (`env | grep KEY` drops `export `, `jq
-r .key` prints the bare string, a Python dict's repr quotes it with `'`).

A value is what follows `KEY=`, `export KEY=`, `KEY:` or `KEY =` on a line (unquoted, a
trailing ` # comment` of an unquoted one dropped), any quoted string of a line (JSON, YAML,
TOML), and every string of a file that parses as JSON. It counts as secret-looking
(`secret_looking`) when it has at least MIN_VALUE characters and is no plain word: it holds
a digit, a capital after its first character, or a character other than a letter, `-`,
`_`, `.`, `/`, `:` or a space; or it is LONG_VALUE characters or more and no path (no `/`).
So `localhost`, `production`, `my-app-name`, `Development`, `lib/index.js` and
`https://example.org/docs` tell nothing; `hunter2-xyz`, `sk-live-4f1e...`,
`postgres://app:pw@db` and a 20-letter pass phrase do.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

MIN_LINE = 8  # shorter lines (`}`, `done`) are in too many files to tell anything
MIN_VALUE = 8
LONG_VALUE = 20
MOST_VALUES = 4096  # values taken of one file's text; a bigger file's first ones
ASSIGNED = re.compile(r"\s*(?:export\s+)?[A-Za-z_][\w.\-]*\s*[=:]\s*(.*)")
QUOTED = re.compile(r"\"((?:[^\"\\]|\\.)*)\"|'([^']*)'")
PLAIN = re.compile(r"[A-Za-z./][a-z\-_. /:]*")
# The pieces a command's output is cut into to find a value in it: a value found in the
# text is one of these words, or runs across several (`a/b+c`).
TOKENS = re.compile(r"[\s/\\\"'`=:;|&<>(){}\[\],$*?!^+@#%~]+")
CONTEXT = re.compile(r"(?:^|-)\d+-")  # grep's context prefix: `2-`, `path-2-`


def secret_looking(value: str) -> bool:
    """Whether `value` is long and odd enough to be someone's secret (the module's rule)."""
    if len(value) < MIN_VALUE or "\n" in value:
        return False
    return PLAIN.fullmatch(value) is None or (len(value) >= LONG_VALUE and "/" not in value)


def pieces(text: str) -> tuple[set[str], set[str]]:
    """The lines (stripped, of MIN_LINE characters or more) and the secret-looking values
    of an ignored file's text."""
    lines = {line.strip() for line in text.splitlines() if len(line.strip()) >= MIN_LINE}
    found: set[str] = set()
    for value in _values(text):
        if secret_looking(value):
            found.add(value)
            if len(found) >= MOST_VALUES:
                break
    return lines, found


def _values(text: str) -> Iterator[str]:
    yield from _json_strings(text)
    for line in text.splitlines():
        if line.lstrip().startswith(("#", "//", ";")):
            continue
        assigned = ASSIGNED.fullmatch(line)
        if assigned:
            yield _unquoted(assigned.group(1))
        for match in QUOTED.finditer(line):
            yield (match.group(1) if match.group(1) is not None else match.group(2)).strip()


def _unquoted(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1].strip()
    return value.split(" #", 1)[0].strip()


def _json_strings(text: str) -> Iterator[str]:
    """Every string value (not key) of `text` when it is one JSON document."""
    if not text.lstrip().startswith(("{", "[")):
        return
    try:
        document = json.loads(text)
    except ValueError:
        return
    stack = [document]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item.strip()
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def tokens(text: str) -> Iterator[str]:
    """The words of a command's output `TOKENS` cuts it into."""
    return (word for word in TOKENS.split(text) if word)


def anchor(value: str) -> str:
    """The longest word of `value`: a text holding `value` holds it as a word (`tokens`)
    unless the value is glued to other letters there."""
    return max(tokens(value), key=len, default="")


def line_forms(line: str) -> Iterator[str]:
    """What a line of output may be a line of a file as: `cat -A`/`cat -e`'s (`$` at the
    end, a tab as `^I`), and after grep's context prefixes (`2-LINE`, `path-2-LINE`)."""
    if line.endswith("$"):
        yield line[:-1].replace("^I", "\t").strip()
    if "-" not in line:
        return
    for count, match in enumerate(CONTEXT.finditer(line)):
        if count >= 3:
            break
        yield line[match.end() :].strip()
