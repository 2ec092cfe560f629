"""The composition root: builds the services from real adapters for one repository. It
decides nothing: checks belong to the services, the config to its adapter."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cleveragents.adapters import interrupts
from cleveragents.adapters.actors.claude_models import PRICES
from cleveragents.adapters.clock import SystemClock
from cleveragents.adapters.config_file import ConfigFile, model_name
from cleveragents.adapters.environments.browser.page_environment import PageEnvironment
from cleveragents.adapters.git.checkpoints import GitCheckpoints
from cleveragents.adapters.git.folder_listing import refuse_unenterable
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.host_folders import refuse_top_on_import_path
from cleveragents.adapters.host_programs import refuse_top_on_path
from cleveragents.adapters.loader_path import tree_of, trust_loader
from cleveragents.adapters.place import here
from cleveragents.adapters.storage.lock import PlanLocks
from cleveragents.adapters.storage.sqlite import SqliteStore
from cleveragents.adapters.storage.sqlite_rows import state_path
from cleveragents.adapters.workspace.environment import WorkspaceEnvironment
from cleveragents.application.correction_service import CorrectionService
from cleveragents.application.file_restore import FileRestore
from cleveragents.application.operation_log import OperationLog
from cleveragents.application.plan_creation import PlanCreation, PlanFileRead
from cleveragents.application.plan_inspection import PlanInspection
from cleveragents.application.plan_lifecycle import PlanLifecycleService
from cleveragents.application.plan_recorder import Observer
from cleveragents.domain.host_files import HostFolders
from cleveragents.domain.plan import ActorSpec, Check, Plan
from cleveragents.domain.trust import PlannedAction
from cleveragents.errors import BadInput, CleverAgentsError
from cleveragents.ports import Actor

if TYPE_CHECKING:
    from cleveragents.adapters.actors.claude_browser import PageSight
    from cleveragents.application.claude_code_service import ClaudeCodeService
    from cleveragents.application.decision_restore import DecisionRestore
    from cleveragents.application.garbage_collection import GarbageCollection
    from cleveragents.application.plan_deletion import PlanDeletion
    from cleveragents.application.plan_sharing import PlanSharing


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
    creation: PlanCreation = field(init=False)  # set by `bootstrap`: it needs `claude_code`

    def close(self) -> None:
        self.store.close()

    def browser(self, headed: bool, no_sandbox: bool) -> None:
        """`--headed`: a plan's browser opens in a window on the display, to watch;
        `--no-sandbox`: it runs outside bubblewrap."""
        environment = self.lifecycle.environment
        if isinstance(environment, PageEnvironment):
            environment.headed = headed
            environment.boxed = not no_sandbox

    def restores(self) -> DecisionRestore:
        """`agents plan restore`: a decision's files back, the plan's records untouched."""
        from cleveragents.application.decision_restore import DecisionRestore

        return DecisionRestore(
            self.store, self.checkpoints, self.operations, self.corrections.files
        )

    def deletion(self) -> PlanDeletion:
        from cleveragents.application.plan_deletion import PlanDeletion

        return PlanDeletion(self.store, self.operations, self.operations.clock, self.checkpoints)

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
        from cleveragents.adapters.environments.browser import page_sweep
        from cleveragents.adapters.git.reachability import GitReachability
        from cleveragents.application.garbage_collection import GarbageCollection

        return GarbageCollection(
            self.store,
            GitReachability(self.repo),
            self.operations.locks,
            self.operations.clock,
            ConfigFile(self.repo.state_dir).retention,
            self.checkpoints.index,
            self.checkpoints,
            partial(page_sweep.sweep, self.repo.state_dir / "browser"),
        )

    def carried(self, plan_id: str) -> dict[str, bytes]:
        """The files the plan's records commit carries (its Claude Code sessions, pulled)."""
        from cleveragents.adapters.git.remotes import GitRemotes
        from cleveragents.domain.plan_refs import records_ref

        remotes = GitRemotes(self.repo)
        tip = remotes.tip(records_ref(plan_id))
        return remotes.carried(tip) if tip is not None else {}

    def claude_code(self) -> ClaudeCodeService:
        """Claude Code's plans: new ones, and resuming one (imports nothing until used)."""
        from cleveragents.adapters.actors.claude_code.hooks_off import refuse_if_turned_off
        from cleveragents.adapters.actors.claude_code.program import ClaudeProgram, find_claude
        from cleveragents.adapters.actors.claude_code.session import ClaudeCodeSession
        from cleveragents.application.claude_code_service import ClaudeCodeService

        def session_for(plan: Plan) -> ClaudeCodeSession:
            program = ClaudeProgram(plan.actor.source or "claude", plan.actor.version or "")
            return ClaudeCodeSession(
                program,
                self.repo.root,
                self.repo.state_dir,
                lambda: self.carried(plan.id),
                boxed=plan.sandbox,
            )

        def program() -> tuple[str, str]:
            refuse_if_turned_off(self.repo.root)  # before anything is recorded or restored
            found = find_claude(self.repo.root)
            return found.path, found.version

        return ClaudeCodeService(
            self.lifecycle,
            program,
            session_for,
            ConfigFile(self.repo.state_dir).allow_commands,
            str(self.repo.root),
        )


def actors(root: Path, git_dir: Path, sight: PageSight) -> Callable[[ActorSpec], Actor]:
    """Rebuilds the actor a plan was made with, from what the plan stored; Claude sees the
    plan's page through `sight` when it has one."""

    def actor_for(spec: ActorSpec) -> Actor:
        if spec.kind == "scripted" and spec.script is not None:
            from cleveragents.adapters.actors.plan_file import parse_plan_file
            from cleveragents.adapters.actors.scripted import ScriptedActor

            source = spec.source or "plan file"
            return ScriptedActor(parse_plan_file(spec.script, source), source, root)
        if spec.kind == "anthropic":
            from cleveragents.adapters.actors.cassette import RecordingClient
            from cleveragents.adapters.actors.claude_browser import ClaudeBrowserActor

            actor = ClaudeBrowserActor(spec.model or model_name(), root, git_dir, sight)
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


def _key_present() -> bool:
    from cleveragents.adapters.actors.claude import api_key_present  # imports the SDK's types

    return api_key_present()


def _plan_file_read(script: Path) -> PlanFileRead:
    """What the plan file at `script` gives a new plan (refused, exit 2, when invalid)."""
    from cleveragents.adapters.actors.plan_file import load_plan_file

    plan_file, text = load_plan_file(script)
    goal: list[Check] = list(plan_file.goal)
    url = plan_file.browser.url if plan_file.browser else None
    return PlanFileRead(
        plan_file.task,
        goal,
        plan_file.budget,
        plan_file.drift_threshold,
        text,
        url,
        plan_file.claude_steps,
    )


def plan_file_commands(plan: Plan) -> list[str]:
    """What a scripted plan runs (its plan file's commands and its goal checks), for the
    question before a pulled one runs."""
    from cleveragents.adapters.actors import plan_file_commands as found

    script = plan.actor.script or ""
    return found.plan_commands(plan, script, plan.actor.source or "plan file")


def plan_file_actions(
    plan: Plan,
    links: Callable[[], dict[str, str]] | None = None,
    host: Callable[[], HostFolders] | None = None,
) -> list[PlannedAction]:
    """The actions of a scripted plan's plan file, for the question before an edited one
    goes on; `links`: the tree's `.claude` and `.mcp.json` links, `host`: its other folders
    whose files run on the host, read when there is one."""
    from cleveragents.adapters.actors.plan_file_commands import plan_file_actions as found

    if plan.actor.kind != "scripted" or not plan.actor.script:
        return []
    source = plan.actor.source or "plan file"
    return found(plan.actor.script, source, links() if links else None, host() if host else None)


def plan_file_pages(plan: Plan) -> list[str]:
    """The pages a plan opens (its `browser:` URL and its plan file's `goto`s), for the
    question before a pulled one opens them."""
    from cleveragents.adapters.actors.plan_file_pages import plan_pages

    script = plan.actor.script if plan.actor.kind == "scripted" else None
    return plan_pages(plan.browser_url, script or "", plan.actor.source or "plan file")


def bootstrap(
    start: Path,
    observer: Observer | None = None,
    approve: Callable[[str], bool] | None = None,
    *,
    settling: bool = False,
) -> Services:
    """Find the repository at or above `start` and build the services on it (`settling`:
    see `GitRepository.discover`)."""
    # Again here, for the tree `start` lies in: `main` trusted the loader for the working
    # folder's tree before typer read a `-C DIR` it could not (and for callers not `main`).
    refuse_unenterable(start)  # a killed command's `chmod 000 .`: before any git runs
    trust_loader(tree_of(start))  # before any git runs: `discover` runs two
    repo = GitRepository.discover(start, settling=settling)
    if not settling:  # a hook process (settling) runs with `-P`: refusing it guards nothing
        refuse_top_on_import_path(repo.root)
        refuse_top_on_path(repo.root)
    clock = SystemClock()
    store = SqliteStore(state_path(repo), here())
    checkpoints = GitCheckpoints(repo, clock.now)
    workspace = WorkspaceEnvironment(
        repo.root,
        repo.git_dir,
        links=checkpoints.claude_links,
        host=checkpoints.host_folders,
        git_folder=checkpoints.git_folder,
    )
    environment = PageEnvironment(workspace, repo.state_dir / "browser")
    operations = OperationLog(
        store, checkpoints, PlanLocks(repo.state_dir / "locks"), clock, interrupts.deferred
    )
    actor_for = actors(repo.root, repo.git_dir, environment)
    files = FileRestore(store, checkpoints, repo.root)
    lifecycle = PlanLifecycleService(
        store, checkpoints, environment, clock, operations, actor_for, observer, approve, files
    )
    config = ConfigFile(repo.state_dir)
    lifecycle.trust.configured = config.allow_commands
    lifecycle.trust.commands = plan_file_commands
    lifecycle.trust.pages = plan_file_pages
    lifecycle.trust.actions = partial(
        plan_file_actions, links=checkpoints.claude_links, host=checkpoints.host_folders
    )
    corrections = CorrectionService(store, checkpoints, lifecycle, operations, files, reloaded)
    inspection = PlanInspection(store, checkpoints)
    services = Services(repo, store, checkpoints, lifecycle, corrections, operations, inspection)
    services.creation = PlanCreation(
        store, lifecycle, config, _plan_file_read, _key_present, PRICES, services.claude_code
    )
    corrections.coding = services.claude_code
    return services


def bootstrap_new(root: Path, files: dict[str, str]) -> Services:
    """A new repository at `root` with `files` in its first commit (the demo's), and the
    services built on it."""
    from cleveragents.adapters.git.repository import IDENTITY

    for name, text in files.items():
        (root / name).write_text(text)
    repo = GitRepository(root=root, git_dir=root / ".git")
    repo.git("init", "--quiet")
    repo.git("add", "--all")
    repo.git("commit", "--quiet", "--no-gpg-sign", "-m", "initial commit", env=IDENTITY)
    return bootstrap(root)


def session_services(event: dict[str, Any]) -> Services:
    """The services of the repository that holds a recorded Claude Code session's plan
    (`session_home.py`): the one of the event's `cwd` unless another holds it. Built
    `settling`: what a held look's put-back mends (a planted `commondir`) must not keep the
    hook that mends it from running."""
    from cleveragents.adapters.actors.claude_code import session_home

    cwd = Path(str(event.get("cwd") or os.getcwd()))
    services = bootstrap(cwd, settling=True)
    session = event.get("session_id")
    if not isinstance(session, str) or _holds(services, session):
        return services
    for place in session_home.elsewhere(cwd, event.get("transcript_path")):
        try:
            repo = GitRepository.discover(place, settling=True)
        except CleverAgentsError:
            continue
        if repo.root == services.repo.root or not state_path(repo).is_file():
            continue
        other = bootstrap(repo.root, settling=True)
        if _holds(other, session):
            services.close()
            return other
        other.close()
    return services


def _holds(services: Services, session: str) -> bool:
    from cleveragents.application.claude_code_service import KIND

    return any(p.actor.kind == KIND and p.actor.session == session for p in services.store.plans())
