"""The property behind "a command line read without typer is read as typer reads it".

`agents plan list`, `show`, `tree`, `log` and `decision` in their plain forms are
answered before typer is imported (`cli/main.py`). Each example is a random command line
of the words those forms and their mistakes are made of. Whenever `read_only_view` takes
one, the view it runs must be called with what the typer app would call it with: the same
command, directory, plan, decision and --json. The views are stand-ins that only record
their arguments.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from cleveragents.cli import decision_view, plan_views
from cleveragents.cli.main import read_only_view
from features.support.properties import reproducible

WORDS = [
    "plan", "list", "show", "tree", "log", "decision", "--json", "--jso", "-C", "-Csub", "sub",
    "4fe", "", "-", "--", "-h", "-p", "--plan", "--version", "x y", "#7", "--depth", "--active",
]  # fmt: skip
# Mostly a start typer would run (or nearly), then any words; sometimes any words at all.
command_lines = st.one_of(
    st.builds(
        lambda start, command, rest: [*start, *command, *rest],
        st.sampled_from([[], ["-C", "sub"], ["-C"], ["-Csub"], ["-C", "-h"], ["-C", ""]]),
        st.sampled_from(
            [
                ["plan", "list"],
                ["plan", "show"],
                ["plan"],
                ["plan", "tree"],
                ["plan", "log"],
                ["plan", "decision"],
            ]
        ),
        st.lists(st.sampled_from(WORDS), max_size=4),
    ),
    st.lists(st.sampled_from(WORDS), max_size=7),
)
# The plain forms, which must be read without typer.
PLAIN = [
    ["plan", "list"],
    ["plan", "list", "--json"],
    ["plan", "show"],
    ["plan", "show", "4fe"],
    ["plan", "show", "--json", "4fe"],
    ["-C", "sub", "plan", "show", "4fe", "--json"],
    ["-C", "plan", "plan", "list"],
    ["plan", "show", "-p", "4fe"],
    ["plan", "show", "--plan", "4fe", "--json"],
    ["plan", "tree"],
    ["plan", "tree", "4fe"],
    ["plan", "tree", "--json"],
    ["plan", "tree", "--json", "-p", "4fe"],
    ["-C", "sub", "plan", "tree", "-p", "4fe"],
    ["plan", "log", "#7"],
    ["plan", "log", "4fe", "-p", "4fe"],
    ["plan", "log", "--plan", "4fe", "#7"],
    ["plan", "decision", "#7"],
    ["plan", "decision", "--json", "#7", "-p", "4fe"],
]

# Always tried too: one command line at each edge of what is read without typer.
EDGES = [
    ["plan", "show", "-h"],
    ["plan", "show", "--jso"],
    ["plan", "show", "--", "4fe"],
    ["plan", "show", "4fe", "x y"],
    ["plan", "show", ""],
    ["plan", "show", "-p", ""],
    ["plan", "show", "-p", "4fe", "4fe"],
    ["plan", "show", "-p", "--json"],
    ["plan", "list", "-p", "4fe"],
    ["plan", "list", "4fe"],
    ["plan", "list", "--json", "--json"],
    ["-C", "-h", "plan", "list"],
    ["-C", "", "plan", "list"],
    ["-C"],
    ["-Csub", "plan", "list"],
    ["plan", "tree", "--json", "--json"],
    ["plan", "tree", "--depth", "4fe"],
    ["plan", "tree", "4fe", "-p", "4fe"],
    ["plan", "log"],
    ["plan", "log", "#7", "#7"],
    ["plan", "log", "--json", "#7"],
    ["plan", "log", "-p", "#7"],
    ["plan", "decision", "#7", "--json", "--json"],
    ["plan", "decision", "-p", "4fe", "--plan", "4fe", "#7"],
    ["plan"],
]


def _calls(args: list[str]) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]] | None:
    """What the view read without typer was called with, and what typer's was; None when
    the command line goes to typer."""
    from cleveragents.cli.app import run

    calls: list[tuple[Any, ...]] = []

    def listed(start: Path, json: bool, size: bool = False) -> int:
        calls.append(("list", start, None, json, size))
        return 0

    def shown(start: Path, ref: str | None, json: bool) -> int:
        calls.append(("show", start, ref, json))
        return 0

    def drawn(start: Path, ref: str | None, json: bool = False) -> int:
        calls.append(("tree", start, ref, json))
        return 0

    def printed(start: Path, ref: str | None, decision: str) -> int:
        calls.append(("log", start, ref, decision))
        return 0

    def described(start: Path, ref: str | None, decision: str, json: bool) -> int:
        calls.append(("decision", start, ref, decision, json))
        return 0

    view = read_only_view(args)
    if view is None:
        return None
    saved = plan_views.list_plans, plan_views.show, plan_views.tree, plan_views.log
    saved_decision = decision_view.decision
    decision_view.decision = described
    plan_views.list_plans, plan_views.show = listed, shown  # type: ignore[assignment]
    plan_views.tree, plan_views.log = drawn, printed  # type: ignore[assignment]
    try:
        view()
        quick = calls[:]
        calls.clear()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            run(args)
    finally:
        plan_views.list_plans, plan_views.show, plan_views.tree, plan_views.log = saved
        decision_view.decision = saved_decision
    return quick, calls


def check_property(examples: int, seed: int) -> int:
    """Check `examples` random command lines (the plain forms and a few mistakes first)."""
    ran = 0
    for plain in PLAIN:
        assert read_only_view(plain) is not None, f"{plain} goes to typer"

    def agrees(args: list[str]) -> None:
        nonlocal ran
        ran += 1
        both = _calls(args)
        if both is not None:
            quick, typer = both
            assert len(quick) == 1 and quick == typer, f"{args}: {quick} without typer, {typer}"

    for known in [*PLAIN, *EDGES]:
        agrees = example(known)(agrees)
    reproducible(examples, seed)(given(command_lines)(agrees))()
    return ran
