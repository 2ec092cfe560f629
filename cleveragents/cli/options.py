"""Options and small helpers shared by several commands."""

from __future__ import annotations

import shlex
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any

import typer

from cleveragents.cli.services import opened
from cleveragents.errors import Cancelled

if TYPE_CHECKING:
    from cleveragents.application.plan_recorder import Observer
    from cleveragents.bootstrap import Services
    from cleveragents.cli.progress import Progress

Json = Annotated[
    bool, typer.Option("--json", help="Print one JSON document on stdout, for scripts.")
]
PlanRef = Annotated[
    str | None,
    typer.Argument(
        help="Plan id or a unique prefix of it; the newest plan when left out.", show_default=False
    ),
]
PlanOption = Annotated[
    str | None,
    typer.Option(
        "--plan",
        "-p",
        help="Plan id or unique prefix; the newest plan by default.",
        show_default=False,
    ),
]
BudgetCalls = Annotated[
    int | None,
    typer.Option(
        "--budget-calls",
        min=1,
        show_default=False,
        help="Actor calls the plan may make in all (default 30, or the plan file's).",
    ),
]
BudgetReplans = Annotated[
    int | None,
    typer.Option(
        "--budget-replans",
        min=0,
        show_default=False,
        help="Replans the plan may make in all (default 5).",
    ),
]
BudgetRetries = Annotated[
    int | None,
    typer.Option(
        "--budget-retries",
        min=0,
        show_default=False,
        help="Retries of one step after its first try (default 3).",
    ),
]


BudgetRequests = Annotated[
    int | None,
    typer.Option(
        "--budget-requests",
        min=1,
        show_default=False,
        help="Requests to the model's service the plan may make in all (no limit by default).",
    ),
]
BudgetTokens = Annotated[
    int | None,
    typer.Option(
        "--budget-tokens",
        min=1,
        show_default=False,
        help="Tokens the plan may use in all: input, output and cache (no limit by default).",
    ),
]
BudgetUsd = Annotated[
    float | None,
    typer.Option(
        "--budget-usd",
        min=0.000001,
        show_default=False,
        help="US dollars the plan may spend in all, at the model's list price "
        "(no limit by default; refused for a model whose price is not known).",
    ),
]


def budget(
    calls: int | None,
    replans: int | None,
    retries: int | None,
    requests: int | None = None,
    tokens: int | None = None,
    usd: float | None = None,
) -> dict[str, Any]:
    """The budget limits the flags set; the others keep their value."""
    given = {
        "actor_calls": calls,
        "replans": replans,
        "retries_per_step": retries,
        "requests": requests,
        "tokens": tokens,
        "usd": usd,
    }
    return {k: v for k, v in given.items() if v is not None}


Yes = Annotated[bool, typer.Option("--yes", "-y", help="Do not ask before restoring files.")]
Headed = Annotated[
    bool,
    typer.Option(
        "--headed", help="Show the plan's browser in a window, to watch (it needs a display)."
    ),
]
DryRun = Annotated[bool, typer.Option("--dry-run", help="Show what would change; change nothing.")]


@contextmanager
def services(
    ctx: typer.Context,
    observer: Observer | None = None,
    approve: Callable[[str], bool] | None = None,
    reading: bool = False,
) -> Iterator[Services]:
    """The services for the repository the command runs in, closed after the block (see
    `cli/services.py`: what a killed command left behind is repaired first; `reading`: a
    view, which reads even when the file system refuses that repair)."""
    with opened(ctx.obj, observer, approve, reading) as built:
        yield built


def command_line() -> str:
    """The command as typed, for the operation log."""
    return shlex.join(["agents", *sys.argv[1:]])


def asking(yes: bool) -> bool:
    """Whether a person is asked before files are restored: on a terminal, without --yes."""
    return not yes and sys.stdin.isatty()


def confirm(question: str, yes: bool, declined: str = "the restore was declined") -> None:
    """Ask on a terminal before files are restored; `--yes` or no terminal (CI) proceeds."""
    if not asking(yes):
        return
    if not yes_to(question):
        raise Cancelled(f"nothing changed: {declined}")


Allow = Annotated[
    list[str] | None,
    typer.Option(
        "--allow-command",
        show_default=False,
        help="A command Claude may run without asking; repeat it for more. Each "
        "simple command of a line must match one, word by word: a trailing * takes "
        "any further arguments ('pytest*' is pytest with any arguments, never "
        "pytest-xdist or pytest/..), another * matches within one word and never "
        "across /. '*' alone allows anything. A line with $(...), backquotes, <(...) "
        "or $((...)) anywhere is asked about, as are others on a terminal; refused "
        "without one. A plan pulled from another clone uses only those given here.",
    ),
]


AllowNetwork = Annotated[
    bool,
    typer.Option(
        "--allow-network",
        help="Let Claude's commands reach the network (their sandbox has none).",
    ),
]
PassEnv = Annotated[
    list[str] | None,
    typer.Option(
        "--pass-env",
        metavar="NAME",
        show_default=False,
        help="An environment variable Claude's commands may see; repeat it for more. "
        "They see PATH, HOME (their own), LANG, the locale's LC_ categories, TERM and TZ, "
        "and no other.",
    ),
]
PassEnvAgain = Annotated[
    list[str] | None,
    typer.Option(
        "--pass-env",
        metavar="NAME",
        show_default=False,
        help="A variable Claude's commands may see from now on, in place of those the plan "
        "was given; repeat it for more.",
    ),
]
NoSandbox = Annotated[
    bool,
    typer.Option(
        "--no-sandbox",
        help="Run Claude's commands (still checked against --allow-command) and the "
        "plan's Chromium outside the bubblewrap sandbox. For machines without bubblewrap.",
    ),
]


def approve_on_terminal(question: str) -> bool:
    """Ask whether a model's command outside the allow list may run; no terminal, no."""
    if not sys.stdin.isatty():
        return False
    return yes_to(question)


def yes_to(question: str) -> bool:
    """A yes/no question on the terminal, no by default. It is one line, as it will run:
    what a model wrote in it cannot erase, reverse or push the question off the screen."""
    from cleveragents.domain.shown_text import visible

    return typer.confirm(visible(question, one_line=True), default=False)


TrustPlan = Annotated[
    bool,
    typer.Option(
        "--trust-plan",
        help="Run the commands of a plan file pulled from another clone, or what an edit "
        "since the run added or changed (commands, actions), as written, outside the "
        "sandbox, and open its web pages (asked about on a terminal, refused without one).",
    ),
]


def trusting(
    s: Services,
    progress: Progress,
    allow: list[str] | None,
    network: bool,
    no_sandbox: bool,
    trust_plan: bool,
    pass_env: list[str] | None = None,
) -> None:
    """What this clone gives the plan's commands on `resume` or `correct`: a plan pulled from
    another clone runs with these, never with the settings it came with."""
    from cleveragents.domain.trust import GivenHere

    trust = s.lifecycle.trust
    passed = None if pass_env is None else tuple(pass_env)
    trust.given = GivenHere(tuple(allow or ()), not no_sandbox, network, trust_plan, passed)
    trust.ask = progress.pausing(yes_to) if sys.stdin.isatty() else None
