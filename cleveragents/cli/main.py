"""`agents`: the entry point. Errors become exit codes in `exits.py`.

Importing typer and the plan commands is most of what a read-only view would spend, so
`plan list`, `show`, `tree`, `decision` and `log`, asked in their plain forms, are answered
without them (`plan_views.py`); `plan --help` and `plan COMMAND --help` by typer's objects
without typer's parse (`help_view.py`); a plain `plan run` whose plan file cannot be read,
or whose arguments do not go together, is refused before typer too (`run_arguments.py`);
every other command line goes to the typer app (`app.py`).
Measured (CPU, medians of 8, a small plan, 2 cores under load): `plan list` 149 ms here
against 391 ms through typer, `plan show` 155 against 396, `plan show --json` 112 against
350; `python -c pass` 32. The help (CPU, least of 12): `plan --help` 91 ms against 233
through typer, `plan correct --help` 87 against 199, as `agents --help` (89).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from cleveragents.adapters import held_secrets, interrupts
from cleveragents.adapters.loader_path import tree_of, trust_loader
from cleveragents.cli import output
from cleveragents.cli.collector import uncollected
from cleveragents.cli.exits import exit_code, failed
from cleveragents.cli.run_arguments import directory_words, early_refusal
from cleveragents.domain.text_rules import lone_surrogate, shown_bytes
from cleveragents.errors import BadInput


def main(argv: list[str] | None = None) -> int:
    """Run `agents`; map every error to one stderr line and its documented exit code."""
    args = sys.argv[1:] if argv is None else argv
    held_secrets.hide()
    directed = directory_words(args)  # the loader's path trusted before any git runs
    trust_loader(tree_of(Path(directed[0] if directed and directed[0] else ".").absolute()))
    interrupts.install()
    try:
        unreadable = next((arg for arg in args if lone_surrogate(arg)), None)
        if unreadable is not None:  # every command line is kept as text with its operation
            return failed(
                BadInput(
                    f"the argument '{shown_bytes(unreadable)}' is not valid UTF-8 text",
                    hint="give it as UTF-8; a file whose name is not, rename it",
                ),
                "--json" in args,
            )
        view = plan_help(args) or read_only_view(args) or run_refusal(args)
        if view is not None:
            return exit_code(args, view)
        with uncollected():
            from cleveragents.cli.app import run

        return run(args)
    finally:
        interrupts.settle_quietly()  # done: a signal now would only garble the exit


# The read-only views answered without typer: whether each takes --json, and whether it
# takes a plan (show, tree) or a decision (log, decision) as its one plain word.
VIEWS = {
    "list": (True, None),
    "show": (True, "plan"),
    "tree": (True, "plan"),
    "log": (False, "decision"),
    "decision": (True, "decision"),
}


def read_only_view(args: list[str]) -> Callable[[], int] | None:
    """`agents [-C DIR] plan list [--json]`, `plan show [PLAN | -p PLAN] [--json]`,
    `plan tree [PLAN | -p PLAN] [--json]` (its text to a pipe without colour), `plan log
    DECISION [-p PLAN]` or
    `plan decision DECISION [-p PLAN] [--json]`, exactly as typer would run them; None for
    any other command line, even one typer would read the same way (`-CDIR`, `--json
    --json`): typer parses those, and every mistake."""
    if (directed := directory_words(args)) is None:
        return None
    directory, words = directed
    if words[:1] != ["plan"] or len(words) < 2 or words[1] not in VIEWS:
        return None
    command, rest = words[1], words[2:]
    takes_json, word = VIEWS[command]
    json = takes_json and "--json" in rest
    rest = [w for w in rest if w != "--json"] if json else rest
    plan: str | None = None
    named = [i for i, w in enumerate(rest) if w in ("-p", "--plan")]
    if len(named) == 1 and word and named[0] + 1 < len(rest) and _plain(rest[named[0] + 1]):
        plan, rest = rest[named[0] + 1], rest[: named[0]] + rest[named[0] + 2 :]
    removed = len(words) - 2 - len(rest)
    if removed != json + 2 * (plan is not None) or not all(map(_plain, rest)):
        return None  # an option typer knows or refuses, or one given twice
    if len(rest) > (word is not None) or "_AGENTS_COMPLETE" in os.environ:
        return None  # a word too many; click's shell completion
    if word == "plan" and rest:
        if plan is not None:
            return None  # a plan named twice: typer says which wins
        plan = rest[0]
    if command == "tree" and not json and (sys.stdout.isatty() or output.colour()):
        return None  # rich wraps lines below their guides, and colours them
    if word == "decision":
        if not rest:
            return None
        if command == "decision":
            return lambda: _decision(directory, plan, rest[0], json)
        return lambda: _view(directory, lambda start, views: views.log(start, plan, rest[0]))
    if command == "list":
        return lambda: _view(directory, lambda start, views: views.list_plans(start, json))
    if command == "show":
        return lambda: _view(directory, lambda start, views: views.show(start, plan, json))
    return lambda: _view(directory, lambda start, views: views.tree(start, plan, json))


def plan_help(args: list[str]) -> Callable[[], int] | None:
    """`agents [-C DIR] plan --help`, `agents [-C DIR] plan COMMAND --help` (or `-h`), and a
    bare `agents plan`: the help typer would print, written without typer parsing the command
    line (`help_view.py`); None for any other command line."""
    words = args[2:] if args[:1] == ["-C"] and len(args) > 1 and _plain(args[1]) else args
    if words[:1] != ["plan"] or "_AGENTS_COMPLETE" in os.environ:
        return None
    if len(words) == 1 or (len(words) == 2 and words[1] in ("-h", "--help")):
        return lambda: _help(args, None)
    if len(words) == 3 and _plain(words[1]) and words[2] in ("-h", "--help"):
        return lambda: _help(args, words[1])
    return None


def run_refusal(args: list[str]) -> Callable[[], int] | None:
    """`agents plan run` refused before typer, where it would refuse before opening
    anything (`run_arguments.early_refusal`): a typo costs what `--help` costs."""
    return early_refusal(args) if "run" in args else None


def _help(args: list[str], command: str | None) -> int:
    from cleveragents.cli.help_view import show

    with uncollected():  # it imports typer and builds the command
        shown = show(command)
    if shown is None:  # not a plan command: typer says so
        with uncollected():
            from cleveragents.cli.app import run

        return run(args)
    return shown


def _plain(word: str) -> bool:
    """A word typer takes as a value, never as an option."""
    return not word.startswith("-")


def _decision(directory: str | None, plan: str | None, ref: str, json: bool) -> int:
    from cleveragents.cli.decision_view import decision

    return _view(directory, lambda start, _: decision(start, plan, ref, json))


def _view(directory: str | None, shown: Callable[[Path, ModuleType], int]) -> int:
    with uncollected():  # a view makes little garbage, and no cycle that outlives it
        from cleveragents.cli import plan_views

        output.reading()
        start = (Path(directory) if directory else Path.cwd()).absolute()  # as the root callback
        return shown(start, plan_views)
