"""The hook process's composition root: the services of the repository that holds a
recorded Claude Code session's plan (`session_home.py`), wherever its event comes from."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.storage.sqlite_rows import state_path
from cleveragents.bootstrap import Services, bootstrap
from cleveragents.errors import CleverAgentsError


def session_services(event: dict[str, Any]) -> Services:
    """The services of the repository that holds the session's plan: the one of the event's
    `cwd` unless another holds it. Built `settling`: what a held look's put-back mends (a
    planted `commondir`) must not keep the hook that mends it from running."""
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
