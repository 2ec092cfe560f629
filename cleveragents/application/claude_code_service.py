"""ClaudeCodeService: plans Claude Code carries out, started and resumed as operations."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cleveragents.application.claude_code_run import ClaudeCodeRun, CodingSession
from cleveragents.application.plan_lifecycle import PlanLifecycleService
from cleveragents.application.plan_recorder import PlanRecorder
from cleveragents.domain.actor_state import ActorState
from cleveragents.domain.budget import Budget
from cleveragents.domain.plan import ActorSpec, Plan, PlanStatus
from cleveragents.errors import BadInput

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
        self, task: str, model: str | None, allow: list[str], budget: dict[str, Any] | None
    ) -> Plan:
        """A new plan, not stored yet; its Bash commands run only when allowed (the flags'
        patterns and the config's)."""
        if not task.strip():
            raise BadInput("the task is empty", hint="say what the agent should do")
        path, version = self.program()
        spec = ActorSpec(kind=KIND, source=path, version=version, model=model)
        plan = self.lifecycle.new(task, [], spec, Budget().model_copy(update=budget or {}))
        return plan.model_copy(update={"allow_commands": [*allow, *self.configured()]})

    def start(self, plan: Plan, command: str, begun: Callable[[Plan], None] | None) -> Plan:
        """Run Claude Code on a new plan as one operation (`agents plan undo` undoes it)."""
        operations = self.lifecycle.operations
        with operations.operation(plan, "run", command, new=True) as op:
            op.summary = f"ran plan {plan.id}"
            if begun is not None:
                begun(plan)
            return self._run(plan, resume=False)

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
        with self.lifecycle.operations.operation(plan, "resume", command) as op:
            plan = store.plan(plan.id)
            plan = plan.model_copy(
                update={"budget": plan.budget.model_copy(update=budget), "exhausted": None}
            )
            with store.transaction():
                store.save_plan(plan)
            op.summary = f"resumed plan {plan.id}"
            return self._run(plan, resume=True)

    def _run(self, plan: Plan, resume: bool) -> Plan:
        life = self.lifecycle
        recorder = PlanRecorder(
            life.store,
            life.checkpoints,
            life.clock,
            plan,
            ActorState(),
            life.observer,
            None,
            life.approve_command,
        )
        run = ClaudeCodeRun(recorder, life.environment, self.session_for(plan), self.root)
        return run.resume() if resume else run.execute()
