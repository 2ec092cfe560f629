"""Where a line makes bash substitute: looked for in its text, not in tree-sitter's reading.

tree-sitter-bash leaves some substitutions as plain text: `${PWD#$(cmd)}` (an operand read
as a pattern), backquotes in a heredoc's body, `'...'` inside "${x:-...}" (quotes there are
characters, so `$(cmd)` in them runs). So the text of the line is searched instead, with only
what bash certainly never expands left out: '...' and $'...' outside any "...", `${...}` or
arithmetic, comments, and the bodies of heredocs whose delimiter is quoted. What is left,
with its escaped new lines joined as bash joins them (and none inside a word, which the
parse splits in two), may hold no `$(`, `$[`, backquote, `<(` or `>(`, even escaped (when
in doubt, refuse), no `}` right before a redirection (`{a['$(cmd)']}>f` names a variable
whose index bash evaluates), and every `${...}` in it must be plain: a name or a number
index, no indirection, no arithmetic offset.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from cleveragents.adapters.command_safety.lexical import starts_word
from cleveragents.adapters.command_safety.words import text

if TYPE_CHECKING:
    from tree_sitter import Node

SUBSTITUTIONS = {
    "$(": "`$(...)` or `$((...))`",
    "$[": "`$[...]`",
    "`": "backquotes",
    "<(": "`<(...)`",
    ">(": "`>(...)`",
}
# Inside these, '...' is not a quote to bash (or may not be): never left out. Arithmetic
# expands what is inside quotes too: `(( '$(cmd)' ))` runs `cmd`.
QUOTING = frozenset(
    """string expansion heredoc_body translated_string arithmetic_expansion
    c_style_for_statement""".split()  # noqa: SIM905 - a list of words reads best
)
# `${` then a name, positional or special parameter, then an index of digits, @ or *.
PLAIN_PARAMETER = re.compile(r"#?([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])(\[([0-9]+|[@*])\])?")
# What may follow it: `}` or an operator whose operand is a pattern or a word, not arithmetic.
OPERATORS = re.compile(r"}|:?[-=+?]|##?|%%?|//?|/#|/%|\^\^?|,,?|@[QEAaKkULu]|:[0-9]+(:[0-9]+)?}")


def hidden(root: Node, source: bytes) -> str | None:
    """Why the line substitutes where bash runs something, or None."""
    kept = bytearray(source)
    for start, end in _never_expanded(root, source):
        kept[start:end] = b" " * (end - start)
    searched = kept.decode("utf-8", errors="surrogateescape")
    if re.search(r"\S\\\n\S", searched):  # `unittest\` `_pwn`: one word to bash, two parsed
        return "a word goes on after an escaped new line"
    # bash joins a line ending in a backslash to the next before it reads on: `$\` `(cmd)`.
    searched = searched.replace("\\\n", "")
    if re.search(r"\}[<>]", searched):  # `{a['$(cmd)']}>f` evaluates the index, quotes and all
        return "a redirection names a variable (`{name}>`), whose index bash evaluates"
    for token in SUBSTITUTIONS:
        if token in searched:
            return f"it substitutes: {SUBSTITUTIONS[token]} runs what the check cannot see"
    for match in re.finditer(r"\$\{", searched):
        rest = searched[match.end() :]
        name = PLAIN_PARAMETER.match(rest)
        if name is None or not OPERATORS.match(rest, name.end()):
            end = rest.find("}")
            shown = "${" + (rest[: end + 1] if 0 <= end < 40 else rest[:40] + "...")
            return f"it expands `{shown}`, which may evaluate what a variable holds"
    return None


def _never_expanded(root: Node, source: bytes) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    stack = [(root, False)]
    while stack:
        node, quoted = stack.pop()
        if _never(node, quoted, source):
            spans.append((node.start_byte, node.end_byte))
        else:
            arithmetic = node.type == "compound_statement" and text(node).startswith("((")
            inside = quoted or arithmetic or node.type in QUOTING
            stack.extend((child, inside) for child in node.children)
    return spans


def _never(node: Node, quoted: bool, source: bytes) -> bool:
    """Whether bash never expands what is in this node."""
    if node.type == "heredoc_body":
        return _quoted_heredoc(node)
    if quoted:
        return False
    if node.type == "comment":
        return starts_word(source, node.start_byte)
    return node.type in ("raw_string", "ansi_c_string")


def _quoted_heredoc(body: Node) -> bool:
    redirect = body.parent
    starts = [n for n in redirect.children if n.type == "heredoc_start"] if redirect else []
    return bool(starts) and any(q in text(starts[0]) for q in "'\"\\")


def heredoc_misread(root: Node) -> bool:
    """Whether a heredoc's body holds a line that ends it for bash: bash and the parse disagree."""
    stack = [root]
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        if node.type != "heredoc_redirect":
            continue
        start = [text(n) for n in node.children if n.type == "heredoc_start"]
        body = [text(n) for n in node.children if n.type == "heredoc_body"]
        end = [text(n) for n in node.children if n.type == "heredoc_end"]
        delimiter = re.sub(r"[\"'\\]", "", start[0]) if start else None
        strip = any(text(n) == "<<-" for n in node.children)
        lines = [line.lstrip("\t") if strip else line for line in "".join(body).split("\n")]
        if delimiter is None or delimiter in lines or end[:1] not in ([], [delimiter]):
            return True  # pragma: no cover - a guard: no reading of today's grammar trips it
    return False
