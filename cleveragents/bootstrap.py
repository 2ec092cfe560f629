"""The composition root: builds the services from real adapters for one repository. It
decides nothing: checks belong to the services, the config to its adapter."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from cleveragents.adapters import interrupts
from cleveragents.adapters.actors.claude_models import PRICES
from cleveragents.adapters.actors.plan_file_reads import (
    new_plan_read,
    plan_file_actions,
    plan_file_commands,
    plan_file_pages,
    reloaded,
)
from cleveragents.adapters.actors.rebuilt import actors, key_present
from cleveragents.adapters.clock import SystemClock
from cleveragents.adapters.config_file import ConfigFile
from cleveragents.adapters.environments.browser.page_environment import PageEnvironment
from cleveragents.adapters.git.checkpoints import GitCheckpoints
from cleveragents.adapters.git.folder_listing import refuse_unenterable
from cleveragents.adapters.git.new_repository import new_repository
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
from cleveragents.application.plan_creation import PlanCreation
from cleveragents.application.plan_inspection import PlanInspection
from cleveragents.application.plan_lifecycle import PlanLifecycleService
from cleveragents.application.plan_recorder import Observer
from cleveragents.domain.plan import Plan

if TYPE_CHECKING:
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
    pages: PageEnvironment  # the plans' environment: the tree, and the page of those with one
    creation: PlanCreation = field(init=False)  # set by `bootstrap`: it needs `claude_code`

    def close(self) -> None:
        self.store.close()

    def browser(self, headed: bool, no_sandbox: bool) -> None:
        """`--headed`: a plan's browser opens in a window on the display, to watch;
        `--no-sandbox`: it runs outside bubblewrap."""
        self.pages.headed = headed
        self.pages.boxed = not no_sandbox

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
        from cleveragents.adapters.actors.claude_code.carried import session_files
        from cleveragents.adapters.git.remotes import GitRemotes
        from cleveragents.application.carried_sessions import carried
        from cleveragents.application.plan_sharing import PlanSharing

        carry = partial(carried, self.store, files=session_files)
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

        return GitRemotes(self.repo).carried_by(plan_id)

    def claude_code(self) -> ClaudeCodeService:
        """Claude Code's plans: new ones, and resuming one (imports nothing until used)."""
        from cleveragents.adapters.actors.claude_code.hooks_off import refuse_if_turned_off
        from cleveragents.adapters.actors.claude_code.program import find_claude, recorded
        from cleveragents.adapters.actors.claude_code.session import ClaudeCodeSession
        from cleveragents.application.claude_code_service import ClaudeCodeService

        def session_for(plan: Plan) -> ClaudeCodeSession:
            program = recorded(plan.actor.source, plan.actor.version)
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
        commit=checkpoints.snapshots.commit_saved,
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
    services = Services(
        repo, store, checkpoints, lifecycle, corrections, operations, inspection, environment
    )
    services.creation = PlanCreation(
        store, lifecycle, config, new_plan_read, key_present, PRICES, services.claude_code
    )
    corrections.coding = services.claude_code
    return services


def bootstrap_new(root: Path, files: dict[str, str]) -> Services:
    """A new repository at `root` with `files` in its first commit (the demo's), and the
    services built on it."""
    new_repository(root, files)
    return bootstrap(root)
