"""PlanTrust: before a plan's commands run again, the settings in force are this clone's.

Every run, resume and correction goes on through `PlanLifecycleService.continue_from`,
which asks `PlanTrust.here` first: a plan pulled from another clone gets the settings
given here (`domain/trust.py`), and its plan file runs only once a person here vouched
for it, on a terminal or with `--trust-plan`; without a terminal it is refused (exit 3,
as a correction's conflicts are: a person must decide, and CI says so with a flag).
A plan file edited since the run is asked about the same way (`edited`) when the edit adds
or changes a command: a sandboxed command may have written it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from cleveragents.domain.plan import Plan
from cleveragents.domain.trust import GivenHere, settings_here
from cleveragents.errors import Cancelled, ConflictingState
from cleveragents.ports import PlanStore


class PlanTrust:
    """What this clone's person gave (`given`), the config's patterns, and how to ask."""

    def __init__(
        self,
        store: PlanStore,
        configured: Callable[[], list[str]],
        given: GivenHere | None = None,
        ask: Callable[[str], bool] | None = None,
        commands: Callable[[Plan], list[str]] | None = None,
    ) -> None:
        self.store = store
        self.configured = configured
        # The commands of a plan's plan file; None: not known, so there may be some.
        self.commands = commands
        self.given = given or GivenHere()
        self.ask = ask  # None: no terminal to ask on

    def here(self, plan: Plan) -> Plan:
        """The plan with this clone's settings, saved when they changed."""
        if plan.settings_from is None and not self.given.anything():
            return plan
        settled = settings_here(plan, self.given, self.configured())
        if settled is None:
            commands = self.commands(plan) if self.commands else None
            if commands != []:  # a plan file without a command has nothing to vouch for
                self._vouched_for(plan, commands)
            settled = settings_here(plan, replace(self.given, plan_file=True), [])
            assert settled is not None
        if settled != plan:
            with self.store.transaction():
                self.store.save_plan(settled)
        return settled

    def edited(self, before: Plan, after: Plan) -> None:
        """A correction goes on with the plan file as it is now (`after`): the commands it
        adds or changes since the run (`before`) run only once a person here vouched."""
        if self.given.plan_file:
            return
        known = self.commands(before) if self.commands else None
        commands = self.commands(after) if self.commands else None
        new = [c for c in commands or [] if c not in (known or [])]
        if commands is not None and known is not None and not new:
            return  # its text or steps changed, not what it runs
        source = after.actor.source or "plan file"
        if self.ask is None:
            raise ConflictingState(
                f"the plan file {source} changed since the run and adds or changes commands",
                hint="check it, then pass --trust-plan to run them as written",
            )
        listed = "; ".join(f"`{c}`" for c in new)
        question = (
            f"The plan file {source} changed since the run. Run its new commands as "
            f"written, outside the sandbox? {listed}"
        )
        if not self.ask(question):
            raise Cancelled("nothing changed: the edited plan file was not trusted")

    def _vouched_for(self, plan: Plan, commands: list[str] | None) -> None:
        """A person here says the plan file another clone wrote may run its commands."""
        if self.ask is None:
            raise ConflictingState(
                f"plan {plan.id} came from another clone: its plan file's commands run here "
                "only if you vouch for them",
                hint="pass --trust-plan to run them as written, or --allow-command PATTERN "
                "to run only those it matches, in the sandbox",
            )
        source = plan.actor.source or "its plan file"
        listed = "; ".join(f"`{c}`" for c in commands or [])
        question = (
            f"Plan {plan.id} came from another clone. Run the commands of {source} as "
            f"written, outside the sandbox? {listed}"
        )
        if not self.ask(question):
            raise Cancelled("nothing changed: the plan file was not trusted")
