"""The composition root: builds the services from real adapters for one repository."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from cleveragents.adapters.actors.plan_file import load_plan_file
from cleveragents.adapters.actors.scripted import ScriptedActor
from cleveragents.adapters.clock import SystemClock
from cleveragents.adapters.git.checkpoints import GitCheckpoints
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.storage.sqlite import SqliteStore
from cleveragents.adapters.workspace.environment import WorkspaceEnvironment
from cleveragents.application.plan_inspection import PlanInspection
from cleveragents.application.plan_lifecycle import Observer, PlanLifecycleService
from cleveragents.domain.plan import ActorSpec, Plan
from cleveragents.ports import Actor


@dataclass
class Services:
    """Everything a command needs, wired to one repository."""

    repo: GitRepository
    store: SqliteStore
    checkpoints: GitCheckpoints
    lifecycle: PlanLifecycleService
    inspection: PlanInspection

    def close(self) -> None:
        self.store.close()

    def start_scripted(self, script: Path) -> tuple[Plan, Actor]:
        """A new plan that follows the plan file at `script`."""
        plan_file, text = load_plan_file(script)
        spec = ActorSpec(kind="scripted", source=str(script), script=text)
        plan = self.lifecycle.create(plan_file.task, plan_file.goal, spec)
        return plan, ScriptedActor(plan_file, str(script))


def state_path(repo: GitRepository) -> Path:
    """The store's file; CLEVERAGENTS_STATE_DB redirects it (tests, read-only git dirs)."""
    override = os.environ.get("CLEVERAGENTS_STATE_DB")
    return Path(override) if override else repo.state_dir / "state.db"


def bootstrap(start: Path, observer: Observer | None = None) -> Services:
    """Find the repository at or above `start` and build the services on it."""
    repo = GitRepository.discover(start)
    clock = SystemClock()
    store = SqliteStore(state_path(repo))
    checkpoints = GitCheckpoints(repo, clock.now)
    environment = WorkspaceEnvironment(repo.root, repo.git_dir)
    lifecycle = PlanLifecycleService(store, checkpoints, environment, clock, observer)
    return Services(repo, store, checkpoints, lifecycle, PlanInspection(store))
