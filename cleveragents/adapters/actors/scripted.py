"""ScriptedActor: the embedded default. Follows a YAML plan file; no network, deterministic."""

from __future__ import annotations

from cleveragents.adapters.actors.plan_file import PlanFile
from cleveragents.domain.strategy import ActorContext, StepAttempt, StepSpec, Strategy


class ScriptedActor:
    """Proposes the file's steps; at each step, the options in order, skipping those tried."""

    name = "scripted"

    def __init__(self, plan_file: PlanFile, source: str) -> None:
        self.plan_file = plan_file
        self.source = source

    def strategize(self, context: ActorContext) -> Strategy:
        steps = [StepSpec(name=s.name, checks=s.check) for s in self.plan_file.steps]
        return Strategy(steps=steps, rationale=f"the steps of plan file {self.source}")

    def refine(self, context: ActorContext) -> StepAttempt | None:
        assert context.step_index is not None
        step = self.plan_file.steps[context.step_index]
        for index, option in enumerate(step.options):
            name = step.option_name(index)
            if name not in context.tried_options:
                return StepAttempt(
                    option=name,
                    actions=[spec.action() for spec in option.actions],
                    rationale="the first option of the plan file not tried yet",
                )
        return None
