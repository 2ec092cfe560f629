"""SiteGuard: a page a model drives stays on its plan's site. A navigation of a page's main
frame to another origin (a link clicked, a form sent, a script setting the location, a
new tab) is stopped before its request leaves, and the action that caused it fails: no
page text can send the model, or what it typed, elsewhere. A redirect of the site itself
is seen only once it has left: the action fails and the page goes back. Plan files go
where their author wrote."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

DEFAULT_PORTS = {"http": 80, "https": 443}


def origin(url: str) -> str:
    """The scheme, host and port of `url` as a browser writes them (no default port, the
    host in lower case, an IPv6 host in brackets)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    host = f"[{host}]" if ":" in host else host
    port = parts.port
    shown = f":{port}" if port is not None and port != DEFAULT_PORTS.get(parts.scheme) else ""
    return f"{parts.scheme}://{host}{shown}"


class SiteGuard:
    """Stops navigations off the site of `url`, and says which it stopped."""

    def __init__(self, url: str) -> None:
        self.origin = origin(url)
        # Every address not of the site, as a browser writes it (the driver matches it as a
        # JavaScript RegExp: requests of the site itself never wait for Python).
        self.pattern = re.compile("^(?!" + re.escape(self.origin + "/") + ")")
        self.stopped: list[str] = []

    def watch(self, context: Any) -> None:
        """Route the context's requests to other origins through `_route`."""
        context.route(self.pattern, self._route)

    def _route(self, route: Any, request: Any) -> None:
        if request.is_navigation_request() and _top_level(request):
            self.stopped.append(request.url)
            route.abort("aborted")  # ERR_ABORTED: the page stays, no error page
        else:
            route.continue_()  # pictures, scripts and frames of other sites: the page's own

    def refusal(self) -> str | None:
        """Why the last action failed, when it started a navigation off the site."""
        stopped, self.stopped = self.stopped, []
        if not stopped:
            return None
        return (
            f"refused: it would leave the plan's site {self.origin} for {stopped[0]!r}; "
            "the navigation was stopped"
        )

    def left(self, now: str) -> str | None:
        """Why the last action failed when the page is off the site now (`now`, its URL):
        a redirect of the site, which no route sees, took it there."""
        if urlsplit(now).scheme in DEFAULT_PORTS and origin(now) != self.origin:
            return (
                f"refused: a redirect took the page off the plan's site {self.origin} to "
                f"{now!r}; the page went back"
            )
        return None


def _top_level(request: Any) -> bool:
    """Whether a navigation request is a page's own (its main frame), not a frame's."""
    from playwright.sync_api import Error

    try:
        return request.frame.parent_frame is None
    except Error:  # a new tab's first request comes before its frame: a page's own
        return True
