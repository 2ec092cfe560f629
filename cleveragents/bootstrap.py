"""The composition root: builds the services from real adapters for one repository."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cleveragents.adapters import interrupts
from cleveragents.adapters.clock import SystemClock
from cleveragents.adapters.environments.browser.page_environment import PageEnvironment
from cleveragents.adapters.git.checkpoints import GitCheckpoints
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.place import here
from cleveragents.adapters.storage.lock import PlanLocks
from cleveragents.adapters.storage.sqlite import SqliteStore
from cleveragents.adapters.storage.sqlite_rows import state_path
from cleveragents.adapters.workspace.environment import WorkspaceEnvironment
from cleveragents.application.correction_service import CorrectionService
from cleveragents.application.file_restore import FileRestore
from cleveragents.application.operation_log import OperationLog
from cleveragents.application.plan_inspection import PlanInspection
from cleveragents.application.plan_lifecycle import PlanLifecycleService
from cleveragents.application.plan_recorder import Observer
from cleveragents.domain.budget import Budget
from cleveragents.domain.command_environment import passed_variables
from cleveragents.domain.plan import ActorSpec, Plan
from cleveragents.domain.restore_scope import Resolution
from cleveragents.errors import BadInput
from cleveragents.ports import Actor

if TYPE_CHECKING:
    from cleveragents.application.claude_code_service import ClaudeCodeService
    from cleveragents.application.garbage_collection import GarbageCollection
    from cleveragents.application.plan_deletion import PlanDeletion
    from cleveragents.application.plan_sharing import PlanSharing
    from cleveragents.domain.retention import Retention


@dataclass
class Services:
    """Everything a command needs, wired to one repository."""

    repo: GitRepository
    store: SqliteStore
    checkpoints: GitCheckpoints
    lifecycle: PlanLifecycleService
    corrections: CorrectionService
    operations: OperationLog
    inspection: PlanInspection

    def close(self) -> None:
        self.store.close()

    def deletion(self) -> PlanDeletion:
        from cleveragents.application.plan_deletion import PlanDeletion

        return PlanDeletion(self.store, self.operations, self.operations.clock)

    def sharing(self) -> PlanSharing:
        """`agents plan push`, `pull`, `export` and `import`."""
        from cleveragents.adapters.git.remotes import GitRemotes
        from cleveragents.application.plan_sharing import PlanSharing

        def carry(plan: Plan) -> dict[str, bytes]:
            if plan.actor.kind != "claude-code":
                return {}
            from cleveragents.adapters.actors.claude_code.carried import session_files
            from cleveragents.application.claude_code_service import sessions_of

            return session_files(sessions_of(self.store, plan))

        return PlanSharing(
            self.store, GitRemotes(self.repo), self.operations, self.operations.clock, carry
        )

    def garbage(self) -> GarbageCollection:
        """`agents gc` and plans' sizes, with the retention policy of the config."""
        from cleveragents.adapters.git.reachability import GitReachability
        from cleveragents.application.garbage_collection import GarbageCollection

        return GarbageCollection(
            self.store,
            GitReachability(self.repo),
            self.operations.locks,
            self.operations.clock,
            lambda: retention(load_config(self.repo)),
            self.checkpoints.index,
        )

    def create_for_task(
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
        from cleveragents.adapters.actors.claude import api_key_present

        config = load_config(self.repo)
        passed = passed_variables(pass_env)
        if not task.strip():
            raise BadInput("the task is empty", hint="say what the agent should do")
        if cassette is not None:
            if not cassette.is_dir():
                raise BadInput(
                    f"no cassette folder {cassette}",
                    hint="record one with `agents plan run TASK --record DIR`",
                )
            spec = ActorSpec(
                kind="replay", source=str(cassette.absolute()), model=model or model_name(config)
            )
        elif not api_key_present():
            raise BadInput(
                "ANTHROPIC_API_KEY is not set", hint="export it, or run a plan file with --script"
            )
        else:
            spec = ActorSpec(
                kind="anthropic",
                model=model or model_name(config),
                record=str(record.absolute()) if record else None,
            )
        _priced(spec.model, budget)
        plan = self.lifecycle.new(
            task, [], spec, Budget().model_copy(update=budget or {}), drift_threshold
        )
        configured = list(config.get("allow_commands", []))
        return plan.model_copy(
            update={
                "allow_commands": [*allow, *configured],
                "sandbox": sandbox,
                "allow_network": network,
                "pass_env": passed,
            }
        )

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
            limits = {"usd": plan.budget.usd, **budget}
            _priced(model or plan.actor.model, limits)
        if plan.actor.kind == "claude-code":
            return self.claude_code().resume(plan.id, command, budget, model)
        return self.lifecycle.resume(plan.id, command, budget, model, passed, resolution)

    def carried(self, plan_id: str) -> dict[str, bytes]:
        """The files the plan's records commit carries (its Claude Code sessions, pulled)."""
        from cleveragents.adapters.git.remotes import GitRemotes
        from cleveragents.domain.plan_refs import records_ref

        remotes = GitRemotes(self.repo)
        tip = remotes.tip(records_ref(plan_id))
        return remotes.carried(tip) if tip is not None else {}

    def claude_code(self) -> ClaudeCodeService:
        """Claude Code's plans: new ones, and resuming one (imports nothing until used)."""
        from cleveragents.adapters.actors.claude_code.program import ClaudeProgram, find_claude
        from cleveragents.adapters.actors.claude_code.session import ClaudeCodeSession
        from cleveragents.application.claude_code_service import ClaudeCodeService

        def session_for(plan: Plan) -> ClaudeCodeSession:
            program = ClaudeProgram(plan.actor.source or "claude", plan.actor.version or "")
            return ClaudeCodeSession(
                program, self.repo.root, self.repo.state_dir, lambda: self.carried(plan.id)
            )

        def program() -> tuple[str, str]:
            found = find_claude(self.repo.root)
            return found.path, found.version

        return ClaudeCodeService(
            self.lifecycle,
            program,
            session_for,
            lambda: list(load_config(self.repo).get("allow_commands", [])),
            str(self.repo.root),
        )

    def create_scripted(
        self,
        script: Path,
        budget: dict[str, Any] | None = None,
        drift_threshold: float | None = None,
    ) -> Plan:
        """A new plan (stored by `lifecycle.start`) that follows the plan file at `script`.

        The budget and drift threshold are the plan file's, with what the command-line
        flags set on top.
        """
        from cleveragents.adapters.actors.plan_file import load_plan_file

        plan_file, text = load_plan_file(script)
        spec = ActorSpec(kind="scripted", source=str(script), script=text)
        limits = (plan_file.budget or Budget()).model_copy(update=budget or {})
        threshold = drift_threshold if drift_threshold is not None else plan_file.drift_threshold
        url = plan_file.browser.url if plan_file.browser else None
        return self.lifecycle.new(plan_file.task, plan_file.goal, spec, limits, threshold, url)


def _priced(model: str | None, budget: dict[str, Any] | None) -> None:
    """Refuse a dollar budget for a model whose price is not known: it could not be kept."""
    from cleveragents.adapters.actors.claude_models import PRICES

    if (budget or {}).get("usd") is not None and model not in PRICES:
        raise BadInput(
            f"--budget-usd needs a model whose price is known; {model}'s is not",
            hint="use --budget-tokens or --budget-requests instead",
        )


def actors(root: Path, git_dir: Path) -> Callable[[ActorSpec], Actor]:
    """Rebuilds the actor a plan was made with, from what the plan stored."""

    def actor_for(spec: ActorSpec) -> Actor:
        if spec.kind == "scripted" and spec.script is not None:
            from cleveragents.adapters.actors.plan_file import parse_plan_file
            from cleveragents.adapters.actors.scripted import ScriptedActor

            source = spec.source or "plan file"
            return ScriptedActor(parse_plan_file(spec.script, source), source, root)
        if spec.kind == "anthropic":
            from cleveragents.adapters.actors.cassette import RecordingClient
            from cleveragents.adapters.actors.claude import AnthropicActor

            actor = AnthropicActor(spec.model or model_name(), root, git_dir)
            if spec.record:
                actor.client = RecordingClient(actor.client, Path(spec.record), root)
            return actor
        if spec.kind == "replay" and spec.source:
            from cleveragents.adapters.actors.cassette import ReplayClient
            from cleveragents.adapters.actors.claude import AnthropicActor

            replay = ReplayClient(Path(spec.source), root)
            return AnthropicActor(spec.model or model_name(), root, git_dir, client=replay)
        raise BadInput(f"this version of cleveragents cannot rebuild a {spec.kind!r} actor")

    return actor_for


def reloaded(spec: ActorSpec) -> ActorSpec:
    """The actor spec with its plan file's text as it is on disk now, when the person edited
    it since (an invalid edit is refused, exit 2); any other spec as it is."""
    if spec.kind != "scripted" or not spec.source or not Path(spec.source).is_file():
        return spec
    from cleveragents.adapters.actors.plan_file import load_plan_file

    _, text = load_plan_file(Path(spec.source))
    return spec if text == spec.script else spec.model_copy(update={"script": text})


def model_name(config: dict[str, Any] | None = None) -> str:
    """The model for the anthropic actor: CLEVERAGENTS_MODEL, the config's, or the default."""
    from cleveragents.adapters.actors.claude_models import DEFAULT_MODEL

    configured = (config or {}).get("model")
    return os.environ.get("CLEVERAGENTS_MODEL") or (
        str(configured) if configured else DEFAULT_MODEL
    )


def load_config(repo: GitRepository) -> dict[str, Any]:
    """`<git-dir>/cleveragents/config.toml` (CLEVERAGENTS_CONFIG elsewhere): `model` and
    `allow_commands`. Kept in the git directory, like the rest of cleveragents' state."""
    import tomllib

    path = Path(os.environ.get("CLEVERAGENTS_CONFIG") or repo.state_dir / "config.toml")
    if not path.is_file():
        return {}
    try:
        config = tomllib.loads(path.read_text())
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise BadInput(f"cannot read the config {path}: {error}") from error
    allow = config.get("allow_commands", [])
    if not isinstance(allow, list) or not all(isinstance(p, str) for p in allow):
        raise BadInput(f"{path}: allow_commands must be a list of shell patterns")
    return config


def retention(config: dict[str, Any]) -> Retention:
    """The config's `keep_plans` (how many of the newest plans `agents gc` keeps) and
    `keep_days` (plans changed within so many days are kept)."""
    from cleveragents.domain.retention import Retention

    plans, days = config.get("keep_plans"), config.get("keep_days")
    if plans is not None and (type(plans) is not int or plans < 0):
        raise BadInput("config: keep_plans must be a whole number, 0 or more")
    if days is not None and (type(days) not in (int, float) or days < 0):
        raise BadInput("config: keep_days must be a number of days, 0 or more")
    return Retention(plans, days)


def plan_file_commands(plan: Plan) -> list[str]:
    """What a scripted plan runs (its plan file's commands and its goal checks), for the
    question before a pulled one runs."""
    from cleveragents.adapters.actors import plan_file_commands as found

    script = plan.actor.script or ""
    return found.plan_commands(plan, script, plan.actor.source or "plan file")


def bootstrap(
    start: Path, observer: Observer | None = None, approve: Callable[[str], bool] | None = None
) -> Services:
    """Find the repository at or above `start` and build the services on it."""
    repo = GitRepository.discover(start)
    clock = SystemClock()
    store = SqliteStore(state_path(repo), here())
    checkpoints = GitCheckpoints(repo, clock.now)
    workspace = WorkspaceEnvironment(repo.root, repo.git_dir)
    environment = PageEnvironment(workspace, repo.state_dir / "browser")
    operations = OperationLog(
        store, checkpoints, PlanLocks(repo.state_dir / "locks"), clock, interrupts.deferred
    )
    actor_for = actors(repo.root, repo.git_dir)
    files = FileRestore(store, checkpoints, repo.root)
    lifecycle = PlanLifecycleService(
        store, checkpoints, environment, clock, operations, actor_for, observer, approve, files
    )
    lifecycle.trust.configured = lambda: list(load_config(repo).get("allow_commands", []))
    lifecycle.trust.commands = plan_file_commands
    corrections = CorrectionService(store, checkpoints, lifecycle, operations, files, reloaded)
    inspection = PlanInspection(store, checkpoints)
    services = Services(repo, store, checkpoints, lifecycle, corrections, operations, inspection)
    corrections.coding = services.claude_code
    return services
