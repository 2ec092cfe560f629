"""ClaudeCodeService: plans Claude Code carries out, started and resumed as operations."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cleveragents.application.claude_code_run import ClaudeCodeRun, CodingSession
from cleveragents.application.plan_lifecycle import PlanLifecycleService
from cleveragents.application.plan_recorder import PlanRecorder
from cleveragents.application.pulled_plans import pulled
from cleveragents.domain.actor_state import ActorState
from cleveragents.domain.budget import Budget
from cleveragents.domain.checkpoint import Keeping
from cleveragents.domain.command_environment import passed_variables
from cleveragents.domain.decision import Decision
from cleveragents.domain.plan import ActorSpec, Plan, PlanStatus
from cleveragents.errors import BadInput
from cleveragents.ports import PlanStore

KIND = "claude-code"


class ClaudeCodeService:
    """`program` finds the CLI (path, version); `session_for` runs a plan's CLI."""

    def __init__(
        self,
        lifecycle: PlanLifecycleService,
        program: Callable[[], tuple[str, str]],
        session_for: Callable[[Plan], CodingSession],
        configured: Callable[[], list[str]],
        root: str,
    ) -> None:
        self.lifecycle = lifecycle
        self.program = program
        self.session_for = session_for
        self.configured = configured  # the config's allow_commands
        self.root = root

    def new(
        self,
        task: str,
        model: str | None,
        allow: list[str],
        budget: dict[str, Any] | None,
        sandbox: bool = True,
        network: bool = False,
        pass_env: list[str] | None = None,
    ) -> Plan:
        """A new plan, not stored yet; its Bash commands run only when allowed (the flags'
        patterns and the config's), in our sandbox unless `sandbox` is False."""
        passed = passed_variables(pass_env or [])
        if not task.strip():
            raise BadInput("the task is empty", hint="say what the agent should do")
        path, version = self.program()
        spec = ActorSpec(kind=KIND, source=path, version=version, model=model)
        plan = self.lifecycle.new(task, [], spec, Budget().model_copy(update=budget or {}))
        return plan.model_copy(
            update={
                "allow_commands": [*allow, *self.configured()],
                "sandbox": sandbox,
                "allow_network": network,
                "pass_env": passed,
            }
        )

    def start(self, plan: Plan, command: str, begun: Callable[[Plan], None] | None) -> Plan:
        """Run Claude Code on a new plan as one operation (`agents plan undo` undoes it)."""
        operations = self.lifecycle.operations
        with operations.operation(plan, "run", command, new=True) as op:
            op.summary = f"ran plan {plan.id}"
            if begun is not None:
                begun(plan)
            return self._run(plan, operations.keeping(op), resume=False)

    def resume(
        self, plan_ref: str, command: str, budget: dict[str, Any], model: str | None
    ) -> Plan:
        """Continue the plan's session where it stopped, below its newest decision."""
        store = self.lifecycle.store
        plan = store.plan(plan_ref)
        if model is not None:
            raise BadInput(f"--model: plan {plan.id}'s Claude Code session keeps its model")
        if plan.status is PlanStatus.COMPLETED:
            raise BadInput(
                f"plan {plan.id} is completed; there is nothing to resume",
                hint="to redo part of it, use `agents plan correct`",
            )
        path, version = self.program()  # refused here when Claude Code would run unhooked
        with self.lifecycle.operations.operation(plan, "resume", command) as op:
            plan = store.plan(plan.id)
            plan = plan.model_copy(
                update={"budget": plan.budget.model_copy(update=budget), "exhausted": None}
            )
            with store.transaction():
                store.save_plan(plan)
            op.summary = f"resumed plan {plan.id}"
            if pulled(store, plan):  # its source names a program of another machine's
                actor = plan.actor.model_copy(update={"source": path, "version": version})
                plan = plan.model_copy(update={"actor": actor})
            return self._run(plan, self.lifecycle.operations.keeping(op), resume=True)

    def ready(self) -> None:
        """Refused (ConflictingState) when Claude Code cannot run here under our hooks."""
        self.program()

    def correct(
        self, plan: Plan, intervention: Decision, keeping: Keeping
    ) -> tuple[Plan, list[str]]:
        """Carry out a correction just recorded (inside its operation, whose `keeping`
        its calls are given): Claude Code gets the guidance below `intervention`. A Claude
        Code of another version than the plan's runs it, and the notice says so; it is the
        plan's from then on."""
        path, version = self.program()
        notices = []
        if version != plan.actor.version and plan.actor.version is not None:
            notices.append(
                f"plan {plan.id} was recorded with Claude Code {_number(plan.actor.version)}; "
                f"this correction runs Claude Code {_number(version)}"
            )
        if version != plan.actor.version or plan.actor.source != path:
            plan = plan.model_copy(
                update={"actor": plan.actor.model_copy(update={"source": path, "version": version})}
            )
        run = self.session_run(plan, keeping)
        asked = run.correction_asked(intervention)
        assert asked is not None  # the correction service recorded it
        return run.correct(intervention, asked), notices

    def _run(self, plan: Plan, keeping: Keeping, resume: bool) -> Plan:
        run = self.session_run(plan, keeping)
        return run.resume() if resume else run.execute()

    def session_run(self, plan: Plan, keeping: Keeping) -> ClaudeCodeRun:
        """The run of `plan`'s session, its commands held to the patterns in force here
        (those `resume` or `correct` were given too); what its calls save, to `keeping`."""
        life = self.lifecycle
        plan = life.trust.here(plan)
        recorder = PlanRecorder(
            life.store,
            life.checkpoints,
            life.clock,
            plan,
            ActorState(),
            life.observer,
            None,
            life.approve_command,
            keeping=keeping,
        )
        return ClaudeCodeRun(recorder, life.environment, self.session_for(plan), self.root)


def sessions_of(store: PlanStore, plan: Plan) -> dict[str, str | None]:
    """The sessions a Claude Code plan's decisions name, each with the path of its file its
    hooks gave (None when unknown): what `agents plan push` carries to another machine."""
    found: dict[str, str | None] = {plan.actor.session: None} if plan.actor.session else {}
    for decision in store.decisions(plan.id):
        if decision.actor_state_before is None:  # pragma: no cover - every call records one
            continue
        place = store.actor_state(decision.actor_state_before).data.get("claude_code")
        if isinstance(place, dict) and place.get("session_id"):
            named = str(place["session_id"])
            found[named] = found.get(named) or place.get("transcript_path")
    return found


def _number(version: str | None) -> str:
    """`2.1.332` of what `claude --version` says (`2.1.332 (Claude Code)`)."""
    return (version or "of an unknown version").removesuffix(" (Claude Code)")
