"""The words of a shell script as `config_programs.py` reads them: each command substitution
(`$(…)`, backticks, `<(…)`, `>(…)`) taken out as a script of its own, and each redirection's
target marked (standard input is the script an interpreter runs when it is given none).
"""

from __future__ import annotations

import itertools
import re
import shlex

from cleveragents.domain.reach import SUBSTITUTED

REDIRECTS = frozenset("<>")
PLACE = re.compile(r"\0(\d+)\0")
_NUMBERS = itertools.count()  # unique marks: a `sh -c` string may hold its caller's
DEEPEST = 12  # scripts in scripts (`$(…)`, `sh -c`) read before the tree is taken whole
# What a word may start after: there a `#` starts a comment (`a#b`, `$#`, `${#x}` hold one).
_BEFORE_WORD = frozenset(" \t\n;&|(")


class Target(str):
    """A redirection's target: no word of the command (a file it writes into is the
    shell's, not the tree's to run)."""


class Input(Target):
    """`< FILE`: the command's standard input."""


class Here(Target):
    """`<<< WORD`: the command's standard input is this text."""


def substitutions(text: str, depth: int = 0) -> tuple[str, dict[str, str]]:
    """`text` with each substitution replaced by a mark (`$`, a NUL, its number, a NUL),
    its comments taken out (`# . ./rc` runs nothing), and the script each mark stands
    for; arithmetic (`$((…))`) runs only the substitutions inside it. A ValueError for one
    left open, or arithmetic nested `DEEPEST` deep."""
    if depth > DEEPEST:
        raise ValueError("a command line nested too deep to read")
    out: list[str] = []
    found: dict[str, str] = {}
    at, quote, start = 0, "", True  # `start`: a word may start here (a `#` is a comment)
    while at < len(text):
        char = text[at]
        if char == "#" and start and not quote:  # a comment runs nothing: up to the newline
            at = text.find("\n", at)
            at = len(text) if at < 0 else at
            continue
        start = not quote and char in _BEFORE_WORD
        if char == "'" and quote != '"':
            quote = "" if quote else "'"
        elif quote == "'":
            pass
        elif char == "\\":
            out.append(text[at : at + 2])
            at += 2
            continue
        elif char == '"':
            quote = "" if quote else '"'
        elif (
            char == "`"
            or text.startswith("$(", at)
            or (not quote and text.startswith(("<(", ">("), at))
        ):
            end, script = _substituted(text, at, depth)
            number = str(next(_NUMBERS))
            found[number] = script
            out.append(f"${SUBSTITUTED}{number}{SUBSTITUTED}")
            at = end
            continue
        out.append(char)
        at += 1
    return "".join(out), found


def _substituted(text: str, at: int, depth: int) -> tuple[int, str]:
    """Where the substitution starting at `at` ends, and the script it runs."""
    if text[at] == "`":
        end = at + 1
        while end < len(text) and text[end] != "`":
            end += 2 if text[end] == "\\" else 1
        if end >= len(text):
            raise ValueError("an unclosed substitution")
        return end + 1, re.sub(r"\\([\\`$])", r"\1", text[at + 1 : end])
    close = closing(text, at + 2)
    inner = text[at + 2 : close]
    if text.startswith("$((", at) and closing(inner, 1) == len(inner) - 1:
        _, nested = substitutions(inner[1:-1], depth + 1)  # arithmetic: what it substitutes
        return close + 1, "\n".join(nested.values())
    return close + 1, inner


def closing(text: str, at: int) -> int:
    """The index of the `)` that closes the parenthesis open before `at` (quotes and
    escapes read as the shell reads them); ValueError when none does."""
    depth, quote = 1, ""
    while at < len(text):
        char = text[at]
        if quote:
            quote = "" if char == quote else quote
            at += 2 if char == "\\" and quote == '"' else 1
            continue
        if char == "\\":
            at += 2
            continue
        if char in "'\"":
            quote = char
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0:
            return at
        at += 1
    raise ValueError("an unclosed substitution")


def tokens(text: str) -> list[str]:
    """The words and operators of `text` (substitutions already marked), each redirection's
    target a `Target` (`Input`, `Here`) after the operator's place."""
    lexer = shlex.shlex(text, posix=True, punctuation_chars=";&|()<>\n")
    lexer.whitespace = " \t\r"
    lexer.whitespace_split = True
    lexer.commenters = ""  # `#` starts a comment only at a word's start: read on instead
    found: list[str] = []
    kind: type[Target] | None = None
    for token in lexer:
        if token and set(token) <= REDIRECTS | {"&", "|"} and set(token) & REDIRECTS:
            if found and found[-1].isdigit():
                found.pop()  # `2>`: the descriptor's number
            kinds: dict[str, type[Target]] = {"<": Input, "<>": Input, "<<<": Here}
            kind = kinds.get(token, Target)
        elif kind is not None:
            found.append(kind(token))
            kind = None
        else:
            found.append(token)
    return found
