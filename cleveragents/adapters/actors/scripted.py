"""ScriptedActor: the embedded default. Follows a YAML plan file; no network, deterministic."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from cleveragents.adapters.actors.plan_file import OptionSpec, PlanFile
from cleveragents.domain.action import ActionOutcome
from cleveragents.domain.local_planning import distance_from_checks
from cleveragents.domain.strategy import (
    ActorContext,
    DistanceEstimate,
    DriftVerdict,
    StepAttempt,
    StepSpec,
    Strategy,
)


class ScriptedActor:
    """Proposes the file's steps not yet completed; at each step, an option not yet tried.

    After a correction it prefers the option whose name or `when` words the guidance
    mentions, then the first option the superseded branch did not use.
    """

    name = "scripted"

    def __init__(self, plan_file: PlanFile, source: str, root: Path) -> None:
        self.plan_file = plan_file
        self.source = source
        self.root = root

    def strategize(self, context: ActorContext) -> Strategy:
        segment, replan_after = self.plan_file.segment(len(context.completed_steps))
        steps = [
            StepSpec(name=s.name, checks=s.check, progress=s.progress, phase=phase)
            for phase, s in segment
        ]
        browser = self.plan_file.browser
        return Strategy(
            atomic=True,
            steps=steps,
            replan_after=replan_after,
            ends_at_screen_change=browser is not None and browser.on_screen_change == "replan",
            rationale=f"the steps of plan file {self.source}",
        )

    def refine(self, context: ActorContext) -> StepAttempt | None:
        assert context.step_index is not None
        step = self.plan_file.step(context.step_index)
        untried = [
            (step.option_name(i), option)
            for i, option in enumerate(step.options)
            if step.option_name(i) not in context.tried_options
        ]
        fix = self._contingency(context)
        if fix is not None:
            return fix
        if not untried:
            return None
        words = set(re.findall(r"\w+", " ".join(context.guidance).lower()))
        superseded = set(context.superseded_options.get(str(context.step_index + 1), []))
        named = [(n, o) for n, o in untried if _mentioned(n, o, words)]
        fresh = [(n, o) for n, o in untried if n not in superseded]
        if named:
            (name, option), why = named[0], "the option the guidance asks for"
        elif fresh and superseded:
            (name, option), why = fresh[0], "the first option the corrected branch did not use"
        elif fresh:
            (name, option), why = fresh[0], "the first option not tried yet"
        else:
            (name, option), why = untried[0], "only options the corrected branch used are left"
        actions = [spec.action() for spec in option.actions]
        return StepAttempt(option=name, actions=actions, rationale=why)

    def _contingency(self, context: ActorContext) -> StepAttempt | None:
        """A known fix for the last failure, followed by the option that failed, once each."""
        assert context.step_index is not None
        step = self.plan_file.step(context.step_index)
        names = [step.option_name(i) for i in range(len(step.options))]
        failed = next((n for n in reversed(context.tried_options) if n in names), None)
        if not context.last_failure or failed is None:
            return None
        for fix in self.plan_file.contingencies:
            if fix.name in context.tried_options:
                continue
            if fix.when_output is not None and re.search(fix.when_output, context.last_failure):
                why = f"the failure's output matches {fix.when_output!r}"
            elif fix.when_missing is not None and not (self.root / fix.when_missing).exists():
                why = f"{fix.when_missing} is missing"
            else:
                continue
            retry = step.options[names.index(failed)].actions
            return StepAttempt(
                option=fix.name,
                actions=[a.action() for a in [*fix.actions, *retry]],
                rationale=f"contingency {fix.name}: {why}; then {failed} again",
            )
        return None

    def propose_local(self, context: ActorContext) -> StepAttempt | None:
        """Another way to do the last local action when exploring; else the first entry of
        the step's `local` list not tried yet."""
        assert context.step_index is not None
        step = self.plan_file.step(context.step_index)
        if context.explore_from is not None:
            base = next(s for s in step.local if s.name == context.explore_from)
            left = [alt for alt in base.explore if alt.name not in context.local_tried]
            if left:
                return StepAttempt(
                    option=left[0].name,
                    actions=[a.action() for a in left[0].actions],
                    rationale=f"another way to {base.name}",
                    alternatives=len(left) - 1,
                    explores=base.name,
                )
        for local in step.local:
            if local.name not in context.local_tried:
                return StepAttempt(
                    option=local.name,
                    actions=[a.action() for a in local.actions],
                    rationale="the next local action of the plan file",
                    alternatives=len(local.explore),
                )
        return None

    def propose_revert(self, context: ActorContext, action: str) -> StepAttempt | None:
        """A plan file says nothing about undoing an irreversible action: no proposal."""
        return None

    def assess_drift(self, context: ActorContext, similarity: float) -> DriftVerdict:
        """What the plan file's `on_drift` says (continue unless it says otherwise)."""
        return DriftVerdict(
            action=self.plan_file.on_drift,
            reasoning=f"the plan file says {self.plan_file.on_drift}",
        )

    def estimate_distance(
        self, context: ActorContext, checks: Sequence[ActionOutcome]
    ) -> DistanceEstimate:
        """The share of the step's progress checks that pass, times 10."""
        passed = sum(1 for c in checks if c.ok)
        return DistanceEstimate(
            distance=distance_from_checks(passed, len(checks)),
            reasoning=f"{passed} of {len(checks)} progress checks pass",
        )


def _mentioned(name: str, option: OptionSpec, words: set[str]) -> bool:
    keys = {w.lower() for w in option.when} | ({name.lower()} if option.name else set())
    return bool(keys & words)
