"""A page's cookies, local and session storage and history: read from Chromium for a
checkpoint, and put into the fresh page of a command before it opens the plan's URL.

The profile under the git directory keeps cookies and local storage from one command to
the next, so what a page loads with is whatever the last command left. A checkpoint
therefore keeps the storage the page opened with (its `base`): a restore clears the
profile's, puts that one back, and only then opens the URL and takes the actions again.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from cleveragents.adapters.environments.browser.page_files import keep
from cleveragents.domain.page_storage import MAX_STORAGE_BYTES, Cookie, PageStorage

BLANK = "<!doctype html><title></title>"
# A page of no origin (Chromium's own error page) has no storage: reading it throws.
READ = """() => {
  try {
    return [Object.fromEntries(Object.entries(localStorage)),
            Object.fromEntries(Object.entries(sessionStorage))];
  } catch (error) {
    return [{}, {}];
  }
}"""
PUT = """([local, session]) => {
  localStorage.clear();
  sessionStorage.clear();
  for (const [key, value] of Object.entries(local)) localStorage.setItem(key, value);
  for (const [key, value] of Object.entries(session)) sessionStorage.setItem(key, value);
}"""


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def read_storage(context: Any, page: Any, cdp: Any) -> PageStorage:
    """The page's storage now: every cookie, its origin's local and session storage, and
    the URLs of its history up to the current entry."""
    local, session = page.evaluate(READ)
    history = cdp.send("Page.getNavigationHistory")
    urls = [str(e.get("url", "")) for e in history.get("entries", [])]
    return PageStorage(
        origin=origin_of(page.url),
        cookies=_cookies(context),
        local=local,
        session=session,
        history=tuple(urls[: int(history.get("currentIndex", len(urls) - 1)) + 1]),
    )


def prime(context: Any, page: Any, url: str, base: PageStorage | None) -> PageStorage:
    """Before the page opens `url`: its origin's storage as `base` holds it (the profile's
    cookies and storage cleared first), or as the profile has it when `base` is None.
    Storage belongs to an origin, so the page stands on it first: on a blank page of our
    own, answered here, never fetched from the site."""
    origin = origin_of(url)
    blank = f"{origin}/"

    def ours(address: str) -> bool:
        return address == blank

    def answer(route: Any) -> None:
        route.fulfill(status=200, content_type="text/html", body=BLANK)

    page.route(ours, answer)
    try:
        page.goto(blank)
        if base is not None:
            context.clear_cookies()
            if base.cookies:
                context.add_cookies([c.model_dump() for c in base.cookies])
            same = base.origin == origin
            page.evaluate(PUT, [base.local if same else {}, base.session if same else {}])
        local, session = page.evaluate(READ)
    finally:
        page.unroute(ours, answer)
    return PageStorage(origin=origin, cookies=_cookies(context), local=local, session=session)


def keep_storage(home: Path, storage: PageStorage) -> str | None:
    """Keep a storage as a content-addressed file; None when it is too big to keep."""
    text = storage.model_dump_json().encode()
    if len(text) > MAX_STORAGE_BYTES:
        return None
    return keep(home / "storages", text, ".json")


def _cookies(context: Any) -> tuple[Cookie, ...]:
    fields = set(Cookie.model_fields)
    return tuple(
        Cookie.model_validate({k: v for k, v in c.items() if k in fields})
        for c in context.cookies()
    )
