"""New plans and resumed ones, with what is checked before either starts: the task, the key,
the cassette, a dollar budget the model's price can keep, the config's allowed commands."""

from __future__ import annotations

from collections.abc import Callable, Container, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from cleveragents.domain.budget import Budget
from cleveragents.domain.command_environment import passed_variables
from cleveragents.domain.plan import ActorSpec, Plan, PlanFileRead
from cleveragents.domain.restore_scope import Resolution
from cleveragents.errors import BadInput

if TYPE_CHECKING:
    from cleveragents.application.claude_code_service import ClaudeCodeService
    from cleveragents.application.plan_lifecycle import PlanLifecycleService
    from cleveragents.ports import PlanStore


class PlanConfig(Protocol):
    """The repository's config, as plan creation reads it."""

    def allow_commands(self) -> list[str]: ...

    def model(self) -> str: ...


class PlanCreation:
    """Makes the plans `agents plan run` starts, and resumes them (`agents plan resume`)."""

    def __init__(
        self,
        store: PlanStore,
        lifecycle: PlanLifecycleService,
        config: PlanConfig,
        read_plan_file: Callable[[Path], PlanFileRead],
        key_present: Callable[[], bool],
        priced: Container[str],
        claude_code: Callable[[], ClaudeCodeService],
    ) -> None:
        self.store = store
        self.lifecycle = lifecycle
        self.config = config
        self.read_plan_file = read_plan_file
        self.key_present = key_present
        self.priced = priced  # the models whose price is known
        self.claude_code = claude_code

    def for_task(
        self,
        task: str,
        model: str | None,
        allow: list[str],
        budget: dict[str, Any] | None = None,
        drift_threshold: float | None = None,
        cassette: Path | None = None,
        record: Path | None = None,
        sandbox: bool = True,
        network: bool = False,
        pass_env: Sequence[str] = (),
    ) -> Plan:
        """A new plan for Claude to make and carry out (`lifecycle.start` stores it); it runs
        only the allowed commands (the flags' patterns and the config's), in the sandbox
        unless `sandbox` is False.

        With `cassette`, Claude's answers are replayed from a recording: no network, no key.
        """
        configured = self.config.allow_commands()
        passed = passed_variables(pass_env)
        if not task.strip():
            raise BadInput("the task is empty", hint="say what the agent should do")
        if cassette is not None:
            if not cassette.is_dir():
                raise BadInput(
                    f"no cassette folder {cassette}",
                    hint="record one with `agents plan run TASK --record DIR`",
                )
            source = str(cassette.absolute())
            spec = ActorSpec(kind="replay", source=source, model=model or self.config.model())
        elif not self.key_present():
            raise BadInput(
                "ANTHROPIC_API_KEY is not set", hint="export it, or run a plan file with --script"
            )
        else:
            spec = ActorSpec(
                kind="anthropic",
                model=model or self.config.model(),
                record=str(record.absolute()) if record else None,
            )
        self._check_price(spec.model, budget)
        plan = self.lifecycle.new(
            task, [], spec, Budget().model_copy(update=budget or {}), drift_threshold
        )
        return plan.model_copy(
            update={
                "allow_commands": [*allow, *configured],
                "sandbox": sandbox,
                "allow_network": network,
                "pass_env": passed,
            }
        )

    def scripted(
        self,
        script: Path,
        budget: dict[str, Any] | None = None,
        drift_threshold: float | None = None,
        model: str | None = None,
    ) -> Plan:
        """A new plan (stored by `lifecycle.start`) that follows the plan file at `script`;
        one with a page and no steps is Claude's (`model`), on the page.

        The budget and drift threshold are the plan file's, with what the command-line
        flags set on top.
        """
        read = self.read_plan_file(script)
        spec = ActorSpec(kind="scripted", source=str(script), script=read.text)
        if read.by_claude:
            if not self.key_present():
                raise BadInput(
                    f"{script} has no steps: Claude makes them, and ANTHROPIC_API_KEY is not set",
                    hint="export it, or write the plan's steps in the file",
                )
            spec = ActorSpec(kind="anthropic", model=model or self.config.model())
            self._check_price(spec.model, budget)
        limits = (read.budget or Budget()).model_copy(update=budget or {})
        threshold = drift_threshold if drift_threshold is not None else read.drift_threshold
        plan = self.lifecycle.new(read.task, read.goal, spec, limits, threshold, read.browser_url)
        if read.by_claude:  # a model's plan: commands only as allowed (it is given none)
            plan = plan.model_copy(update={"allow_commands": self.config.allow_commands()})
        return plan

    def resume(
        self,
        plan_ref: str | None,
        command: str,
        budget: dict[str, Any],
        model: str | None,
        pass_env: Sequence[str] | None = None,
        resolution: Resolution = Resolution.ASK,
    ) -> Plan:
        """`lifecycle.resume`, refusing a dollar budget the model's price cannot keep."""
        passed = None if pass_env is None else passed_variables(pass_env)
        plan = self.store.plan(plan_ref)
        if plan.actor.kind == "anthropic":
            self._check_price(model or plan.actor.model, {"usd": plan.budget.usd, **budget})
        if plan.actor.kind == "claude-code":
            return self.claude_code().resume(plan.id, command, budget, model)
        return self.lifecycle.resume(plan.id, command, budget, model, passed, resolution)

    def _check_price(self, model: str | None, budget: dict[str, Any] | None) -> None:
        """Refuse a dollar budget for a model whose price is not known: it could not be kept."""
        if (budget or {}).get("usd") is not None and model not in self.priced:
            raise BadInput(
                f"--budget-usd needs a model whose price is known; {model}'s is not",
                hint="use --budget-tokens or --budget-requests instead",
            )
