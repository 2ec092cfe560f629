"""The property behind "a line written without rich is the one rich writes there".

Where nothing is coloured and no terminal reads, `output.show`, `printed`, `note` and
`error_line` write plain text themselves (importing rich costs more than a refusal does);
elsewhere rich's consoles write it. Each example is any text, tabs, escapes, wide and
joining characters and lines longer than a pipe's width included: what each function writes
must be, character for character, what rich's console writes for it to a pipe. So must a
run's progress line (a decision's label of the tree, in styled pieces) given as its plain
text, as `progress.decision_line` gives it to a pipe. And a table (`output.table`,
`key_values`: `plan show`, `plan list`) must be, character for character, what rich's
table without lines writes for the same cells, whatever they hold.
"""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Callable

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.adapters.render.tree_outline import Label
from cleveragents.cli import output
from cleveragents.domain.shown_text import visible
from features.support.properties import reproducible

# Any text, and texts made of pieces that matter to the writers: tabs, newlines, escapes,
# wide and zero-width characters, markup and emoji codes, and runs long enough to wrap.
pieces = st.sampled_from(
    ["\t", "\n", "\r", "\x1b[31m", " ", "漢", "👍🏽", "\u200d", "\u202e", "[b]", ":smile:", "é"]
)
texts = st.one_of(
    st.text(),
    st.lists(st.one_of(pieces, st.text(max_size=8)), max_size=20).map("".join),
    st.tuples(st.text(max_size=4), st.integers(1000, 2600)).map(lambda t: t[0] * t[1]),
)

# A label's pieces as `tree_outline` makes them: what a decision says, its escapes written.
styles = st.sampled_from([None, "", "green", "red", "bold", "dim", "yellow"])
pieces_shown = st.lists(st.tuples(texts.map(visible), styles), max_size=5)
labels = st.builds(Label, pieces_shown, st.booleans(), st.sampled_from(["", "dim"]))


def _captured(write: Callable[[], None]) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        write()
    return out.getvalue(), err.getvalue()


def _by_rich(text: str) -> dict[str, tuple[str, str]]:
    """What rich's consoles write for `text`, as each function asked them before it wrote
    plain text itself."""
    from rich.text import Text

    consoles = output._consoles
    return {
        "show": _captured(lambda: consoles()[0].print(text)),
        "show soft_wrap": _captured(lambda: consoles()[0].print(text, soft_wrap=True)),
        "printed": _captured(
            lambda: consoles()[0].print(Text(visible(text.removesuffix("\n"))), soft_wrap=True)
        ),
        "note": _captured(lambda: consoles()[1].print(f"note: {text}")),
        "error_line": _captured(
            lambda: consoles()[1].print(
                Text.assemble(("error:", "red"), " ", visible(text, one_line=True))
            )
        ),
    }


def _by_output(text: str) -> dict[str, tuple[str, str]]:
    return {
        "show": _captured(lambda: output.show(text)),
        "show soft_wrap": _captured(lambda: output.show(text, soft_wrap=True)),
        "printed": _captured(lambda: output.printed(text)),
        "note": _captured(lambda: output.note(text)),
        "error_line": _captured(lambda: output.error_line(text)),
    }


def check_property(examples: int, seed: int) -> int:
    """Check `examples` random texts; how many ran. Fails too if no example was written
    without rich (the plain writer would then be untested)."""
    ran = plain = 0
    os.environ.pop("FORCE_COLOR", None)
    os.environ.pop("NO_COLOR", None)
    output.use_colour("auto")  # consoles made again, now, for these redirected streams

    @reproducible(examples, seed)
    @given(texts, labels)
    def agrees(text: str, label: Label) -> None:
        from cleveragents.adapters.render.tree import text_of
        from cleveragents.cli.progress import piped

        nonlocal ran, plain
        ran += 1
        plain += "\t" not in text and len(text) < 1000
        assert _by_output(text) == _by_rich(text)
        as_text = _captured(lambda: output.show(piped(label)))
        assert as_text == _captured(lambda: output.show(text_of(label))), label

    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        output.use_colour("auto")  # consoles that see a pipe, not this process's streams
        try:
            agrees()
        finally:
            output.use_colour("auto")
    assert plain > 0, "no example was written without rich"
    return ran


# Cells: any text, ASCII a script would see (spaces, backslashes, brackets) and cells long
# enough that a line passes a pipe's width (4096).
ascii_cells = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=12)
cells = st.one_of(
    ascii_cells,
    texts,
    st.integers(4080, 4098).map(lambda n: "w" * n),
)
tables = st.integers(1, 5).flatmap(
    lambda n: st.tuples(
        st.one_of(st.none(), st.lists(ascii_cells, min_size=n, max_size=n)),
        st.lists(st.lists(cells, min_size=n, max_size=n), min_size=1, max_size=6),
    )
)


def check_table_property(examples: int, seed: int) -> int:
    """Check `examples` random tables; how many ran. Fails too if no table was written
    without rich."""
    from rich.table import Table

    ran = plain = 0
    os.environ.pop("FORCE_COLOR", None)
    os.environ.pop("NO_COLOR", None)

    @reproducible(examples, seed)
    @given(tables)
    def agrees(drawn: tuple[list[str] | None, list[list[str]]]) -> None:
        nonlocal ran, plain
        header, rows = drawn
        ran += 1
        by_rich = Table(*(header or ()), show_header=header is not None, box=None)
        for row in rows:
            by_rich.add_row(*row)
        expected = _captured(lambda: output._consoles()[0].print(by_rich))
        with contextlib.redirect_stdout(io.StringIO()) as probe:
            plain += output._plain_table(probe, [*([header] if header else []), *rows])
        assert _captured(lambda: output.table(header, rows)) == expected, f"{drawn!r:.600}"

    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        output.use_colour("auto")  # consoles that see a pipe, not this process's streams
        try:
            agrees()
        finally:
            output.use_colour("auto")
    assert plain > 0, "no table was written without rich"
    return ran
