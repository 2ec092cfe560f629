"""The state of an open page now, read once and kept until the next action changes it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cleveragents.errors import PageUnavailable

if TYPE_CHECKING:
    from cleveragents.adapters.environments.browser.page_session import PageSession
    from cleveragents.domain.page_state import PageState


def screen(session: PageSession) -> PageState:
    """The page's state, as the last action left it or read afresh (after a failed action
    or expectation); PageUnavailable when the page does not answer."""
    from playwright.sync_api import Error

    try:
        session.state = session.state or session.read()
    except Error as error:  # pragma: no cover - a page blocked between two reads of it
        raise PageUnavailable(
            f"the page at {session.page.url} did not answer: {error}".splitlines()[0],
            hint="fix the page, or the step that made it busy",
        ) from error
    return session.state
