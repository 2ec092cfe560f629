"""What the HTML picture shows of a browser decision's page: its URL, what changed on it, and
its screenshot embedded as a `data:` URI, so the page stays one file that fetches nothing.

Screenshots are the stored PNGs as they are (no image library re-encodes them here): one is
embedded only when it is at most `SHOT_CAP` bytes and the page's `PAGE_CAP` is not spent;
otherwise the page names the file. Every text of the page's (a URL, a title, an element's
name) goes through `html.escape`: a name holding `<script>` shows as text.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from dataclasses import dataclass, replace
from html import escape
from pathlib import Path

from cleveragents.adapters.environments.browser.page_files import browser_home, read_kept
from cleveragents.domain.decision import Decision
from cleveragents.domain.page_state import readable_page

SHOT_CAP = 256 * 1024  # bytes of one screenshot embedded; a bigger one is named by its path
PAGE_CAP = 8 * 1024 * 1024  # bytes of screenshots one page embeds in all
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@dataclass(frozen=True)
class PageView:
    """One decision's page as the HTML picture shows it."""

    url: str | None
    changes: str
    sent: tuple[str, ...] = ()
    shot: bytes | None = None  # the PNG embedded
    shot_path: Path | None = None  # where the screenshot is, when it is not embedded
    why_not: str = ""  # why it is not embedded


def page_views(git_dir: Path, decisions: Sequence[Decision]) -> dict[str, PageView]:
    """The page of each decision that looked at one, screenshots read within the caps."""
    shots = browser_home(git_dir) / "screenshots"
    left = PAGE_CAP
    views: dict[str, PageView] = {}
    for decision in decisions:
        if decision.page is None:
            continue
        page = readable_page(decision.page)
        if page is None:  # hand-edited out of shape: no id of it is joined into a path
            views[decision.id] = PageView(url=None, changes="page not readable")
            continue
        # The whole state kept has the URL; what changed has it only when it changed.
        state = read_kept(git_dir, "states", page.state)
        view = PageView(
            url=state.get("url") if isinstance(state, dict) else page.changes.url,
            changes=page.changes.describe(),
            sent=page.sent,
        )
        shot_id = page.screenshot
        if shot_id:
            path = shots / f"{shot_id}.png"
            shot, why_not = _readable(path, min(SHOT_CAP, left))
            left -= len(shot or b"")
            view = replace(view, shot=shot, shot_path=path, why_not=why_not)
        views[decision.id] = view
    return views


def _readable(path: Path, cap: int) -> tuple[bytes | None, str]:
    """The PNG at `path` when it is one and fits in `cap` bytes; else None and why not."""
    try:
        size = path.stat().st_size
        if size > cap:
            return None, f"{size:,} bytes, over the {cap:,} bytes the page may still embed"
        data = path.read_bytes()
    except OSError:
        return None, "not kept in this clone"
    if not data.startswith(PNG_SIGNATURE):
        return None, "not a PNG"
    return data, ""


def page_part(decision_id: str, view: PageView) -> str:
    """The decision's page in its `<details>` body: URL, what changed, the screenshot."""
    url = f"<code>{escape(view.url)}</code>" if view.url else "its URL is not kept in this clone"
    sent = (
        f'<p class="page-sent">sent {escape(", ".join(view.sent))} to the server</p>\n'
        if view.sent
        else ""
    )
    if view.shot is not None:
        data = base64.b64encode(view.shot).decode("ascii")
        alt = escape(f"the page at decision {decision_id}")
        shot = f'<img class="shot" alt="{alt}" src="data:image/png;base64,{data}">\n'
    elif view.shot_path is not None:
        shot = (
            f'<p class="shot-path">screenshot not embedded ({escape(view.why_not)}): '
            f"<code>{escape(str(view.shot_path))}</code></p>\n"
        )
    else:
        shot = ""
    return (
        f'<h3>page</h3>\n<p class="page-url">{url}</p>\n'
        f'<p class="page-changes">{escape(view.changes)}</p>\n{sent}{shot}'
    )
