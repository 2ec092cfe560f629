"""Seeing a plan run: a line per decision, and on a terminal a live status line below them."""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import TracebackType
from typing import TYPE_CHECKING

from cleveragents.cli import output

if TYPE_CHECKING:
    from rich.status import Status
    from rich.text import Text

    from cleveragents.adapters.render.tree_outline import Label
    from cleveragents.domain.decision import Decision
    from cleveragents.domain.plan import Plan


class Progress:
    """The observer of a run. Off for --json and --quiet; plain lines when not a terminal."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.live = enabled and sys.stdout.isatty()
        self.status: Status | None = None

    def __call__(self, decision: Decision, plan: Plan) -> None:
        if not self.enabled:
            return
        output.show(decision_line(decision, self.live))
        if self.live and self.status is None:  # started late: a question may come first
            self.status = output.stdout.status("", spinner="dots")
            self.status.start()
        if self.status is not None:
            self.status.update(status_line(decision, plan))

    def pausing(self, ask: Callable[[str], bool]) -> Callable[[str], bool]:
        """`ask`, with the live status line held while the question is on screen."""

        def asked(question: str) -> bool:
            if self.status is not None:
                self.status.stop()
            try:
                return ask(question)
            finally:
                if self.status is not None:
                    self.status.start()

        return asked

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self.status is not None:
            self.status.stop()


def decision_line(decision: Decision, live: bool) -> Text | str:
    """A decision's line of the tree; where nothing is coloured, its plain text, which a
    pipe gets without rich (`output.show`): the same characters."""
    from cleveragents.adapters.render.tree_outline import decision_label

    label = decision_label(decision, True, None)
    return piped(label) if not live and not output.colour() else _text(label)


def piped(label: Label) -> Text | str:
    """A label a pipe gets: its plain text where no line of it can wrap at the pipe's width
    (a character takes at most two cells), which rich would write the same; else rich's."""
    plain = label.plain()
    return plain if 2 * len(plain) <= output.PIPE_WIDTH else _text(label)


def _text(label: Label) -> Text:
    from cleveragents.adapters.render.tree import text_of

    return text_of(label)


def status_line(decision: Decision, plan: Plan) -> Text:
    """Where the run stands: phase, step, local iteration, and the budget used.

    A Text, since a status line reads markup in a plain string.
    """
    from rich.text import Text

    where = f"step {decision.step}" if decision.step else decision.phase.value
    if "." in decision.id:
        where += f", local {decision.id.split('.', 1)[1]}"
    return Text(
        f"plan {plan.id} · {where} · actor calls {plan.usage.actor_calls}/"
        f"{plan.budget.actor_calls} · replans {plan.usage.replans}/{plan.budget.replans}"
    )
