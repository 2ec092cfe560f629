"""Where bash and tree-sitter-bash may split a line's text differently: such a line is
unreadable, whatever the parse says.

bash's blanks are a space and a tab, nothing else; tree-sitter-bash also skips a vertical
tab, a form feed and a carriage return, which to bash are characters of a word, so
`echo ok <VT>#; touch x` was one allowed `echo` to the parse and an `echo`, then `touch x`,
to bash. A line holding any control character but a tab and a new line, or any other
blank (a no-break space, U+2028...), is refused: nothing a model needs is written so.

A `#` starts a comment only at the start of a word, and `\\ ` is a space inside a word:
a comment the parse sees anywhere else (`unittest -q \\ #; rm -rf x`) is a misreading.

A new line ends a command. The parse may put one inside a word (`>$` then a new line
read as one `$`-word with the next line's command), a redirection, a string or an array;
a new line is accepted only between whole commands (where the parse's deepest node at it
is a list, a pipeline, a compound command or the whole program), in a heredoc's body, or
escaped outside quotes (bash joins the lines). A string or an array over several lines is
refused too, when in doubt: it is asked about, never run unasked.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tree_sitter import Node

# Nodes between whose parts a new line separates whole commands, as it does for bash.
BETWEEN_COMMANDS = frozenset(
    """program list pipeline subshell compound_statement do_group if_statement elif_clause
    else_clause while_statement for_statement case_statement case_item
    heredoc_body heredoc_content""".split()  # noqa: SIM905 - a list of words reads best
)
# Where an escaped new line is no line continuation to bash: '...' and comments.
LITERAL = frozenset({"raw_string", "ansi_c_string", "comment"})
# What may stand right before a `#` that starts a comment: a blank, a new line, an operator.
WORD_BREAKS = frozenset(b" \t\n;&|()")


def misread(root: Node, source: bytes, line: str) -> str | None:
    """Why bash may read `line` otherwise than its parse `root` does, or None."""
    odd = next((c for c in line if _odd(c)), None)
    if odd is not None:
        shown = f"\\x{ord(odd):02x}" if ord(odd) < 0x100 else f"\\u{ord(odd):04x}"
        return f"it holds the character {shown}, which bash and this check read differently"
    stack = [root]
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        if node.type == "comment" and not starts_word(source, node.start_byte):
            return "a `#` inside a word is no comment to bash"
    for at, byte in enumerate(source):
        if byte == ord("\n") and not _between_commands(root, source, at):
            return "a new line inside a word, a string or a redirection"
    return None


def starts_word(source: bytes, at: int) -> bool:
    """Whether the character at `at` starts a word for bash: first, or after an unescaped
    blank, new line or operator."""
    if at == 0:
        return True
    return source[at - 1] in WORD_BREAKS and not escaped(source, at - 1)


def escaped(source: bytes, at: int) -> bool:
    """Whether the character at `at` follows an odd number of backslashes."""
    count = 0
    while at - count - 1 >= 0 and source[at - count - 1] == ord("\\"):
        count += 1
    return count % 2 == 1


def _odd(char: str) -> bool:
    if char in "\t\n ":
        return False
    return unicodedata.category(char) == "Cc" or char.isspace()


def _between_commands(root: Node, source: bytes, at: int) -> bool:
    deepest = root.descendant_for_byte_range(at, at + 1)
    if deepest is None:  # pragma: no cover - a byte of the source is always in the tree
        return False
    kind = deepest.type
    if kind in BETWEEN_COMMANDS:
        return True
    if kind == "heredoc_redirect":  # the end of the line a heredoc starts on
        body = [n for n in deepest.children if n.type in ("heredoc_body", "heredoc_end")]
        return bool(body) and body[0].start_byte == at + 1
    return escaped(source, at) and kind not in LITERAL
