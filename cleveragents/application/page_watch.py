"""PageWatch: between the steps of a segment, whether the page it was planned on still
holds: a change of screen ends the segment (seed 002), and elements that changed under
the plan ask the actor what the drift means (seed 004), as files do on the tree."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cleveragents.application.plan_recorder import PlanRecorder
from cleveragents.domain.strategy import DriftVerdict
from cleveragents.ports import Actor

if TYPE_CHECKING:
    from cleveragents.domain.page_state import PageState


class PageWatch:
    """The page a segment was planned on, and whether the segment ends at a new screen."""

    def __init__(self, recorder: PlanRecorder, actor: Actor) -> None:
        self.r = recorder
        self.actor = actor
        self.planned_on: PageState | None = None
        self.ends_at_screen_change = False

    def plan_on(self, ends_at_screen_change: bool) -> None:
        """A segment is planned on the page its strategy decision saw."""
        self.planned_on = self.r.page_seen
        self.ends_at_screen_change = ends_at_screen_change

    def replan_why(self) -> str | None:
        """Why to replan before the segment's next step, as the last decision saw the
        page; None when the segment goes on."""
        r, planned = self.r, self.planned_on
        now = self.planned_on = r.page_seen
        if planned is None or now is None:
            return None
        from cleveragents.domain.page_drift import element_similarity, screen_change

        changed = screen_change(planned, now)
        if changed is not None:
            # The plan's own way to another screen is no drift; a segment made for the
            # screen it left asks again when its strategy said it ends there.
            return f"the screen changed: {changed}" if self.ends_at_screen_change else None
        similarity = element_similarity(planned, now)
        if similarity >= r.plan.drift_threshold:
            self.planned_on = planned  # small changes add up, measured from the plan's page
            return None
        verdict: DriftVerdict = r.ask(
            "assess_drift", lambda: self.actor.assess_drift(r.context, similarity)
        )
        if verdict.action == "continue":
            return None
        return (
            f"page drift: similarity {similarity:.2f} is below {r.plan.drift_threshold:g}; "
            f"the actor chose to {verdict.action} the plan"
        )
