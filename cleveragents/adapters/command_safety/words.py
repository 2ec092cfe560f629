"""The words of a simple command as bash passes them to the program, where they are certain.

A word is certain when bash does nothing to it but remove its quotes: plain characters,
backslash escapes, '...' and "..." without `$` or backquotes inside. Anything bash expands
(a `$` of any kind, a glob `*?[`, a brace `{...}`, a tilde, `$'...'` and `$"..."`) gives
None: the word is not known before bash runs, so only a pattern's trailing `*` takes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tree_sitter import Node

# One word each, as bash reads them; anything else is walked for the words in it.
WORDS = frozenset(
    """word number raw_string string ansi_c_string translated_string concatenation
    simple_expansion expansion variable_name test_operator regex extglob_pattern
    variable_assignment heredoc_start file_descriptor""".split()  # noqa: SIM905 - a list of words reads best
)
# Unquoted, these make bash expand the word (globs, braces, tilde), so its value is unknown.
EXPANDS = frozenset("*?[]{}~")
# Inside "...", a backslash escapes only these.
QUOTED_ESCAPES = frozenset('$`"\\\n')


def command_words(nodes: list[Node]) -> tuple[str | None, ...]:
    """The words of these nodes in order: each a certain value or None."""
    found: list[str | None] = []
    for node in nodes:
        if node.type in ("heredoc_body", "heredoc_end", "comment"):
            continue
        if node.type in WORDS:
            found.append(value(node))
        elif node.type == "command_name":
            found.append(program(node))
        elif node.is_named:
            found.extend(command_words(node.children))
        else:
            found.append(text(node))  # `declare`, `>`, `<<`, `=`: a token is its text
    return tuple(found)


def program(name: Node) -> str | None:
    """The command name, only when it is one plain word: no quotes, escapes or expansions."""
    word = name.children[0] if name.children else name
    plain = word.type == "word" and "\\" not in text(word)
    return value(word) if plain else None


def value(node: Node) -> str | None:
    """The word bash passes for this node when it is certain, else None."""
    kind = node.type
    if kind == "word":
        return _unescaped(text(node))
    if kind in ("number", "variable_name", "test_operator", "file_descriptor"):
        return text(node)
    if kind == "raw_string":
        return text(node)[1:-1]
    if kind == "string":
        if any(child.is_named and child.type != "string_content" for child in node.children):
            return None
        return _unescaped_quoted(text(node)[1:-1])
    if kind == "heredoc_start":
        return text(node)
    if kind in ("concatenation", "variable_assignment"):
        parts = [value(c) if c.is_named else text(c) for c in node.children]
        return None if any(p is None for p in parts) else "".join(p or "" for p in parts)
    return None  # expansions, $'...', $"...", regexes, extglobs: bash decides


def _unescaped(word: str) -> str | None:
    out: list[str] = []
    chars = iter(word)
    for char in chars:
        if char == "\\":
            escaped = next(chars, "")
            if escaped != "\n":  # a line continuation is nothing
                out.append(escaped)
        elif char in EXPANDS or char == "$":
            return None
        else:
            out.append(char)
    return "".join(out)


def _unescaped_quoted(inner: str) -> str:
    out: list[str] = []
    chars = iter(inner)
    for char in chars:
        if char == "\\":
            escaped = next(chars, "")
            if escaped in QUOTED_ESCAPES:
                if escaped != "\n":
                    out.append(escaped)
            else:
                out.append(char + escaped)
        else:
            out.append(char)
    return "".join(out)


def text(node: Node) -> str:
    return (node.text or b"").decode("utf-8", errors="surrogateescape")
