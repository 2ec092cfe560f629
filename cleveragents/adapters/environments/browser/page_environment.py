"""PageEnvironment: a working tree and, for a plan with a `browser:` section, a web page.

File actions and commands go to the working tree; page actions and expectations go to one
Chromium opened for the command and closed however it ends. Playwright is imported here
only, when a plan opens a page: no other command pays for it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from cleveragents.adapters import host_programs
from cleveragents.domain.action import Action, ActionOutcome
from cleveragents.domain.browser import BrowserAction, PageExpectation
from cleveragents.domain.command_policy import Confinement, ShellLine
from cleveragents.domain.decision import Decision
from cleveragents.domain.plan import Plan

if TYPE_CHECKING:
    from cleveragents.adapters.environments.browser.page_checkpoint import PageCheckpoint
    from cleveragents.adapters.environments.browser.page_session import PageSession
    from cleveragents.adapters.workspace.environment import WorkspaceEnvironment
    from cleveragents.domain.page_state import PageLook, PageState


class PageEnvironment:
    """The working tree's environment with a page beside it while a plan runs."""

    def __init__(self, workspace: WorkspaceEnvironment, home: Path) -> None:
        self.workspace = workspace
        self.home = home  # <git-dir>/cleveragents/browser: profile, PID, screenshots
        self.page: PageSession | None = None
        self.headed = False  # `--headed`: the browser in a window, to watch
        self.boxed = True  # False with `--no-sandbox`: Chromium outside bubblewrap

    @property
    def notice(self) -> Callable[[str], None]:
        return self.workspace.notice

    @contextmanager
    def session(self, plan: Plan, since: Decision | None = None) -> Iterator[None]:
        """While the block runs, the plan's page is open (when it has one), put back as
        the decision `since` saw it when the plan goes on from there."""
        if plan.browser_url is None or self.page is not None:
            yield
            return
        from cleveragents.adapters.environments.browser.page_session import PageSession

        # A model's page stays on its site; a plan file goes where its author wrote.
        stay = plan.actor.kind != "scripted"
        self.page = PageSession(self.home, plan.browser_url, stay_on_site=stay)
        self.page.chromium.headed = self.headed
        try:
            back = self._checkpoint(since)
            tree = host_programs.tree_of(self.workspace.root)
            boxed = self.boxed and plan.sandbox
            self.page.open(back.base if back is not None else None, tree if boxed else None)
            if back is not None:
                assert since is not None
                trail = [(r.action, r.sent, r.after) for r in back.trail]
                self.page.replay(trail, back.state, f"decision {since.id}", back.storage)
            yield
        finally:
            page, self.page = self.page, None
            page.close()

    def _checkpoint(self, since: Decision | None) -> PageCheckpoint | None:
        """The page checkpoint of `since`, when the plan goes on from a decision's page."""
        from cleveragents.adapters.environments.browser.page_checkpoint import read_checkpoint

        if since is None or since.page is None:
            return None
        return read_checkpoint(self.home.parent.parent, since.page, f"decision {since.id}")

    def apply(self, action: Action, confinement: Confinement | None = None) -> ActionOutcome:
        if isinstance(action, BrowserAction | PageExpectation):
            if self.page is None:
                return ActionOutcome(
                    ok=False, summary="no page: add a `browser: {url: ...}` section to the plan"
                )
            return self.page.apply(action)
        return self.workspace.apply(action, confinement)

    def shell_line(self, command: str) -> ShellLine:
        return self.workspace.shell_line(command)

    def mark(self) -> int:
        """How many page actions were taken so far: `rewind` goes back to here."""
        return self.page.mark() if self.page is not None else 0

    def rewind(self, mark: int) -> str | None:
        """Undo the page actions taken since `mark`; what was done, None when nothing was."""
        return self.page.rewind(mark) if self.page is not None else None

    def look(self) -> PageLook | None:
        """What a decision sees of the page now (None without a page)."""
        return self.page.look() if self.page is not None else None

    def screen(self) -> PageState | None:
        """The page's state now (None without a page): what local planning compares and the
        actor is shown, read when an action left it unknown."""
        return self.page.now() if self.page is not None else None

    def page_site(self) -> str | None:
        """The URL the plan's page opened first (None without a page)."""
        return self.page.url if self.page is not None else None
