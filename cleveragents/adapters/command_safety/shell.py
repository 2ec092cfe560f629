"""How bash reads a command line: every simple command in it, its text and its words.

tree-sitter-bash (MIT, maintained with tree-sitter itself) reads the whole bash grammar:
arithmetic, `case`, `[[ ]]`, heredoc bodies and `${...}` with the substitutions inside them.
It never fails: what it cannot read becomes an ERROR node, and such a line is unchecked.
A node kind this module does not know is unchecked too, so a newer grammar cannot slip a
command past it. Where tree-sitter-bash splits text otherwise than bash (control characters
taken as blanks, a `#` inside a word taken for a comment, a new line inside a word), the
line is unreadable too (`lexical`).

No parser sees what bash does with values at run time: arithmetic evaluates a variable's
value as an expression, and `x='a[$(cmd)]'; echo $((x))` runs `cmd`. Arithmetic on
variables, array indexes that are not numbers, `${!x}`, `${x@P}` and substring offsets
are therefore unchecked as well. So is any substitution (`$(...)`, backquotes, `<(...)`,
`$((...))`), wherever it stands: in a word, a `${...}` operand, a heredoc's body; it is
looked for in the text of the line (`substitutions`), not only in tree-sitter's reading,
which leaves some as plain text. The sandbox, not this module, is the boundary.
"""

from __future__ import annotations

import itertools
from functools import cache
from typing import TYPE_CHECKING

from cleveragents.adapters.command_safety.lexical import misread
from cleveragents.adapters.command_safety.substitutions import heredoc_misread, hidden
from cleveragents.adapters.command_safety.words import command_words
from cleveragents.domain.command_policy import ShellLine, SimpleCommand
from cleveragents.domain.text_rules import lone_surrogate

if TYPE_CHECKING:
    from tree_sitter import Node, Parser

# Nodes that only hold other nodes or plain words: walked, nothing to check themselves.
STRUCTURE = frozenset(
    """program list pipeline subshell compound_statement do_group if_statement elif_clause
    else_clause while_statement case_statement case_item negated_command
    redirected_statement file_redirect heredoc_redirect heredoc_body heredoc_start heredoc_end
    heredoc_content herestring_redirect file_descriptor command_name concatenation string
    string_content raw_string ansi_c_string translated_string word number simple_expansion
    special_variable_name variable_name array
    brace_expression extglob_pattern regex comment test_operator unary_expression
    binary_expression parenthesized_expression ternary_expression postfix_expression
    variable_assignments""".split()  # noqa: SIM905 - a list of words reads best
)
SIMPLE = frozenset({"command", "declaration_command", "unset_command"})
# Inside these, an assignment is part of a command, not a simple command of its own.
HOLDS_ASSIGNMENTS = frozenset({"command", "declaration_command", "variable_assignments"})
# Arithmetic evaluates what these name: `x` holding `a[$(cmd)]` runs `cmd`.
NAMES = frozenset({"variable_name", "word", "simple_expansion", "expansion", "subscript"})
NUMERIC_TESTS = frozenset({"-eq", "-ne", "-lt", "-le", "-gt", "-ge", "-v", "-R"})
ARITHMETIC = "arithmetic evaluates what variables hold"
UNREADABLE = "bash syntax this check cannot read"


@cache
def _parser() -> Parser:
    from tree_sitter import Language, Parser
    from tree_sitter_bash import language

    return Parser(Language(language()))


def read_line(line: str) -> ShellLine:
    """Every simple command of `line` as written (with its redirections), outermost first."""
    try:
        source = line.encode("utf-8", errors="surrogateescape")
    except UnicodeEncodeError:  # a lone surrogate (JSON's `\ud800`): no shell reads it
        return ShellLine(unchecked=f"it holds {lone_surrogate(line)}, which is not a character")
    root = _parser().parse(source).root_node
    if root.has_error or heredoc_misread(root):
        return ShellLine(unchecked=UNREADABLE)
    commands: list[SimpleCommand] = []
    spans: dict[int, tuple[int, int]] = {}  # a command with its redirections: a wider text
    redirects: dict[int, list[Node]] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        why = _unchecked(node)
        if why is not None:
            return ShellLine(unchecked=why)
        if node.type == "redirected_statement":
            _widen(node, spans, redirects)
        if _is_simple(node):
            if _spans_lines(node, source):
                return ShellLine(unchecked=UNREADABLE)
            start, end = spans.get(node.id, (node.start_byte, node.end_byte))
            words = command_words(_words_of(node) + redirects.get(node.id, []))
            written = source[start:end].decode("utf-8", errors="surrogateescape")
            commands.append(SimpleCommand(written, words))
        stack.extend(reversed(node.named_children))
    substituted = hidden(root, source)  # what tree-sitter-bash read as plain text
    if substituted is not None:
        return ShellLine(unchecked=substituted)
    differently = misread(root, source, line)  # where bash splits the text otherwise
    if differently is not None:
        return ShellLine(unchecked=f"{UNREADABLE}: {differently}")
    return ShellLine(commands=tuple(commands))


def _words_of(command: Node) -> list[Node]:
    """The nodes a command's words come from; a bare assignment is one word."""
    if command.type in ("variable_assignment", "variable_assignments"):
        return [command]
    return list(command.children)


def _is_simple(node: Node) -> bool:
    if node.type in SIMPLE:
        return True
    if node.type == "test_command":  # `[ ... ]` is the `[` command; `[[ ... ]]` is syntax
        return _first_token(node) == "["
    if node.type in ("variable_assignment", "variable_assignments"):
        return node.parent is None or node.parent.type not in HOLDS_ASSIGNMENTS
    return False


def _spans_lines(command: Node, source: bytes) -> bool:
    """Whether the parse put words of two lines into one command, which bash never does.

    tree-sitter-bash does, in `a | b | c` followed by a line with a heredoc: that line's
    command becomes arguments of `c`. A new line between two words is escaped, or wrong.
    """
    for before, after in itertools.pairwise(command.children):
        gap = source[before.end_byte : after.start_byte]
        if b"\n" in gap.replace(b"\\\n", b""):
            return True
    return False


def _unchecked(node: Node) -> str | None:
    """Why this node makes its line unchecked, or None."""
    kind = node.type
    if kind == "function_definition":
        return "it defines a function"
    if kind in ("command_substitution", "process_substitution", "arithmetic_expansion"):
        return f"it substitutes: {kind.replace('_', ' ')} runs what the check cannot see"
    if kind == "for_statement":  # `for PATH in .; do pytest; done` runs ./pytest
        names = [_text(n) for n in node.children if n.type == "variable_name"][:1]
        upper = names and names[0][:1].isupper()
        return f"a loop sets `{names[0]}`, a variable in capitals" if upper else None
    if kind == "c_style_for_statement":
        return _arithmetic(node)
    if kind == "compound_statement" and _first_token(node) == "((":
        return _arithmetic(node)
    if kind == "test_command" and _first_token(node) == "[[":
        tests = {_text(n) for n in _descendants(node) if n.type == "test_operator"}
        return ARITHMETIC if tests & NUMERIC_TESTS else None
    if kind == "subscript":
        index = node.named_children[1:]
        plain = all(n.type == "number" or _text(n) in ("@", "*") for n in index)
        return None if plain else "an array index: " + ARITHMETIC
    if kind == "expansion":
        return _expansion(node)
    if kind == "regex" and not _pattern_place(node):  # `( echo ==;touch g )`: the parse
        return UNREADABLE  # takes `;touch g` for a regex; bash, for a command
    if kind in ("variable_assignment", "test_command") or kind in SIMPLE or kind in STRUCTURE:
        return None
    return f"it uses {kind.replace('_', ' ')}"


def _arithmetic(node: Node) -> str | None:
    names = any(n.type in NAMES for n in _descendants(node, stop="command_substitution"))
    return ARITHMETIC if names else None


def _expansion(node: Node) -> str | None:
    tokens = [_text(n) for n in node.children if not n.is_named]
    if "!" in tokens:
        return "an indirect expansion: " + ARITHMETIC
    if "@" in tokens and tokens[tokens.index("@") + 1 :][:1] == ["P"]:
        return "a prompt expansion runs what a variable holds"
    if ":" in tokens and any(n.type != "number" for n in node.named_children[1:]):
        return "a substring offset: " + ARITHMETIC
    return None


def _pattern_place(node: Node) -> bool:
    """Whether `node` stands where bash reads a pattern: in `[[ ... ]]` or `${x#...}`."""
    above = node.parent
    while above is not None:
        if above.type == "expansion" or (
            above.type == "test_command" and _first_token(above) == "[["
        ):
            return True
        above = above.parent
    return False


def _descendants(node: Node, stop: str | None = None) -> list[Node]:
    """Every node below `node`, not looking inside nodes of kind `stop` (checked apart)."""
    found: list[Node] = []
    stack = list(node.children)
    while stack:
        below = stack.pop()
        found.append(below)
        if below.type != stop:
            stack.extend(below.children)
    return found


def _widen(
    statement: Node, spans: dict[int, tuple[int, int]], words: dict[int, list[Node]]
) -> None:
    """A simple command's text runs to its last redirection; a heredoc's body is not in it.
    Its redirections are words of it too (a pattern's trailing `*` takes them)."""
    body, *redirects = statement.named_children
    if not _is_simple(body):
        return
    end = body.end_byte
    taken: list[Node] = []
    for redirect in redirects:
        taken.append(redirect)
        if redirect.type == "heredoc_redirect":
            starts = [n for n in redirect.children if n.type == "heredoc_start"]
            end = max(end, starts[0].end_byte if starts else redirect.start_byte)
            break  # what follows on the line is nested under the heredoc, walked apart
        end = max(end, redirect.end_byte)
    spans[body.id] = (statement.start_byte, end)
    words[body.id] = taken


def _first_token(node: Node) -> str:
    return _text(node.children[0]) if node.children else ""


def _text(node: Node) -> str:
    return (node.text or b"").decode("utf-8", errors="surrogateescape")
