"""PageSession: one Chromium page driven by Playwright for one command, with the journal of
the actions taken on it (page before, page after, requests sent) the reverter works from."""

from __future__ import annotations

import fnmatch
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from cleveragents.adapters.environments.browser.chromium import Chromium, executable
from cleveragents.adapters.environments.browser.page_files import keep
from cleveragents.adapters.environments.browser.page_reading import read_state
from cleveragents.adapters.environments.browser.page_site import SiteGuard
from cleveragents.adapters.environments.browser.page_storage import (
    keep_storage,
    prime,
    read_storage,
)
from cleveragents.domain.action import ActionOutcome
from cleveragents.domain.action_reverter import (
    CHANGING_METHODS,
    WEBSOCKET,
    changed_data,
    inverse,
    same_page,
)
from cleveragents.domain.browser import BrowserAction, ElementRef, PageExpectation
from cleveragents.domain.page_state import PageLook, PageState, changes
from cleveragents.domain.page_storage import PageStorage, storage_differences
from cleveragents.errors import ConflictingState, PageUnavailable


def _milliseconds(name: str, default: int) -> int:
    text = os.environ.get(name, "")
    return int(text) if text.isdigit() else default


ACTION_TIMEOUT = _milliseconds("CLEVERAGENTS_BROWSER_TIMEOUT_MS", 5000)
EXPECT_TIMEOUT = _milliseconds("CLEVERAGENTS_BROWSER_EXPECT_MS", 2000)
SETTLE_MS = 50  # after an action, for the requests it started to be seen


@dataclass
class Taken:
    """One page action in the journal."""

    action: BrowserAction
    before: PageState
    after: PageState
    methods: list[str] = field(default_factory=list)
    after_id: str | None = None  # `after` kept, once a look needed it


class PageSession:
    """A page at `url` in a Chromium of our own; every action journaled. With
    `stay_on_site` (a model drives it), no navigation leaves the site of `url`."""

    def __init__(self, home: Path, url: str, stay_on_site: bool = False) -> None:
        self.url = url
        self.guard = SiteGuard(url) if stay_on_site else None
        self.home = home
        self.chromium = Chromium(home)
        self.journal: list[Taken] = []
        self.requests: list[str] = []  # methods of the requests seen since the last action
        self.state: PageState | None = None
        self.sent: list[str] = []  # data-changing requests since the last look
        self._playwright: Any = None
        self.page: Any = None
        self.cdp: Any = None
        self.context: Any = None
        self.base: PageStorage | None = None  # the storage the page opened with

    def open(self, base: PageStorage | None = None, tree: Path | None = None) -> None:
        """Open the page; with `base`, from that storage instead of the profile's. Chromium
        runs in a box (`chromium_box.py`) unless `tree` (the working tree) is None."""
        self.chromium.display()  # a refusal before Playwright is imported or started
        box = None if tree is None else self.chromium.boxed(tree)
        from playwright.sync_api import Error, sync_playwright

        self._playwright = sync_playwright().start()
        own = self._playwright.chromium.executable_path
        context = self.chromium.start(self._playwright.chromium, executable(own), box)
        self.context = context
        if self.guard is not None:
            self.guard.watch(context)
        self._attach(context.pages[0] if context.pages else context.new_page())
        try:
            self.base = prime(context, self.page, self.url, base)
            self.page.goto(self.url)
            self.state = self.read()
        except Error as error:
            raise PageUnavailable(
                f"the page {self.url} could not be opened: {_first_line(error)}",
                hint="make the site answer, or fix the plan's `browser: url`",
            ) from error

    def _attach(self, page: Any) -> None:
        self.page = page
        self.page.set_default_timeout(ACTION_TIMEOUT)
        self.page.on("request", lambda request: self.requests.append(request.method))
        self.page.on("websocket", self._socket_opened)
        self.cdp = self.context.new_cdp_session(self.page)

    def _socket_opened(self, socket: Any) -> None:
        """Each message the page sends on it counts as data sent (`WEBSOCKET`)."""
        socket.on("framesent", lambda _frame: self.requests.append(WEBSOCKET))

    def close(self) -> None:
        """End the browser and Playwright's driver, whatever state they are in."""
        try:
            if self._playwright is not None:
                self._playwright.stop()
        except Exception:  # pragma: no cover - the driver already gone; the browser goes next
            pass
        finally:
            self._playwright = None
            self.chromium.stop()

    def read(self) -> PageState:
        # Reading has no timeout of its own: a page that blocks its main thread would hang
        # it for good. A probe that has one makes that a Playwright error instead.
        self.page.wait_for_function("true", timeout=ACTION_TIMEOUT)
        return read_state(self.page, self.cdp)

    def apply(self, action: BrowserAction | PageExpectation) -> ActionOutcome:
        from playwright.sync_api import Error

        try:
            if isinstance(action, PageExpectation):
                return self.expect(action)
            before = self.state or self.read()
            self.requests.clear()
            self.take(action)
            self.page.wait_for_timeout(SETTLE_MS)
            if self.guard is not None and (refused := self._off_site(self.guard)) is not None:
                self.state = None
                return ActionOutcome(ok=False, summary=refused)
            after = self.state = self.read()
            taken = Taken(action, before, after, list(self.requests))
            self.journal.append(taken)
            self.sent += [m for m in taken.methods if m.upper() in CHANGING_METHODS]
            why = changed_data(taken.methods)
            summary = f"{action.describe()}: at {after.url}"
            return ActionOutcome(
                ok=True, summary=summary + (f"; irreversible: {why}" if why else "")
            )
        except (Error, AssertionError) as error:
            self.state = None  # read afresh before the next action
            return ActionOutcome(ok=False, summary=_first_line(error))

    def _off_site(self, guard: SiteGuard) -> str | None:
        """Why the action just taken fails: it started a navigation off the plan's site
        (stopped), or a redirect took the page there (it goes back)."""
        if (stopped := guard.refusal()) is not None:
            return stopped
        if (left := guard.left(self.page.url)) is not None:
            self.page.go_back()
            return left
        return None

    def take(self, action: BrowserAction) -> None:
        page, op = self.page, action.op
        if op == "goto":
            assert action.url is not None
            page.goto(urljoin(self.url, action.url))
        elif op == "back":
            page.go_back()
        elif op == "press":
            page.keyboard.press(action.key)  # to the element that has the focus
        else:
            assert action.element is not None
            element = self.locate(action.element)
            if op == "click":
                element.click()
            elif op == "fill":
                element.fill(action.text)
            elif op == "check":
                element.check()
            elif op == "uncheck":
                element.uncheck()
            else:
                element.select_option(label=action.option)

    def locate(self, element: ElementRef) -> Any:
        found = self.page.get_by_role(element.role, name=element.name, exact=True)
        return found.nth(element.nth) if element.nth is not None else found

    def expect(self, expectation: PageExpectation) -> ActionOutcome:
        from playwright.sync_api import expect

        if expectation.url is not None:
            pattern = urljoin(self.url, expectation.url)
            ok = fnmatch.fnmatchcase(self.page.url, pattern)
            return ActionOutcome(ok=ok, summary=f"url is {self.page.url}")
        assert expectation.element is not None
        target = expect(self.locate(expectation.element))
        wait = {"timeout": EXPECT_TIMEOUT}
        {
            "visible": lambda: target.to_be_visible(**wait),
            "hidden": lambda: target.to_be_hidden(**wait),
            "checked": lambda: target.to_be_checked(**wait),
            "unchecked": lambda: target.to_be_checked(checked=False, **wait),
            "enabled": lambda: target.to_be_enabled(**wait),
            "disabled": lambda: target.to_be_disabled(**wait),
        }[expectation.state]()
        if expectation.value is not None:
            target.to_have_value(expectation.value, **wait)
        return ActionOutcome(ok=True, summary=f"{expectation.describe()}: yes")

    def mark(self) -> int:
        return len(self.journal)

    def rewind(self, mark: int) -> str | None:
        """Undo the actions since `mark`, newest first, by their inverses (seed 000); when
        they do not reach the page as it was, put it back on a fresh page instead."""
        from playwright.sync_api import Error

        taken = self.journal[mark:]
        if not taken:
            return None
        done: list[str] = []
        for entry in reversed(taken):
            how = inverse(entry.action, entry.before, entry.after, entry.methods)
            if how.irreversible is not None:
                del self.journal[mark:]
                return _said(done) + f"; {entry.action.describe()} is {how.describe()}: kept"
            try:
                for step in how.steps:
                    self.take(step)
                    self.page.wait_for_timeout(SETTLE_MS)
            except Error as error:  # pragma: no cover - needs a page that breaks its own way out
                del self.journal[mark:]
                self.state = None
                return _said(done) + f"; could not {how.describe()}: {_first_line(error)}"
            done.extend(s.describe() for s in how.steps)
        kept = self.journal[:mark]
        del self.journal[mark:]
        self.state = self.read()
        if same_page(self.state, taken[0].before):
            return _said(done)
        return _said(done) + "; the page still differs" + self.reopen(kept, taken[0].before)

    def reopen(self, kept: list[Taken], expected: PageState) -> str:
        """The page as `kept` left it, on a fresh page: the storage it opened with, its URL,
        and the actions of `kept` taken again, the page compared after each. What was done."""
        from playwright.sync_api import Error

        self.page.close()
        self._attach(self.context.new_page())
        self.journal, self.state = [], None
        try:
            self.base = prime(self.context, self.page, self.url, self.base)
            self.page.goto(self.url)
            self.state = self.read()
            trail = [(t.action, t.methods, t.after) for t in kept]
            self.replay(trail, expected, "the checkpoint")
        except (Error, ConflictingState) as error:
            return f"; not put back on a fresh page either: {_first_line(error)}"
        return f"; put back on a fresh page ({len(kept)} actions taken again)"

    def look(self) -> PageLook:
        """The page now, its state and a screenshot kept as content-addressed files, and
        the trail of actions in effect since it opened (what a later command replays).
        PageUnavailable when the page does not answer (it blocks its main thread)."""
        from playwright.sync_api import Error

        try:
            state = self.state = self.state or self.read()
            shot = self.page.screenshot(type="png")
            storage = read_storage(self.context, self.page, self.cdp)
        except Error as error:
            self.state = None
            raise PageUnavailable(
                f"the page at {self.page.url} did not answer: {_first_line(error)}",
                hint="fix the page, or the step that made it busy",
            ) from error
        text = state.model_dump_json().encode()
        trail = json.dumps([self._trail_entry(t) for t in self.journal]).encode()
        look = PageLook(
            state=state,
            state_id=keep(self.home / "states", text, ".json"),
            screenshot_id=keep(self.home / "screenshots", shot, ".png"),
            trail_id=keep(self.home / "trails", trail, ".json"),
            sent=tuple(sorted(set(self.sent))),
            storage_id=keep_storage(self.home, storage),
            base_id=keep_storage(self.home, self.base) if self.base is not None else None,
        )
        self.sent = []
        return look

    def now(self) -> PageState:
        """The page's state now, read when an action left it unknown; PageUnavailable
        when the page does not answer."""
        from playwright.sync_api import Error

        try:
            state = self.state = self.state or self.read()
        except Error as error:  # pragma: no cover - a page busy between a look and an ask
            raise PageUnavailable(
                f"the page at {self.page.url} did not answer: {_first_line(error)}",
                hint="fix the page, or the step that made it busy",
            ) from error
        return state

    def _trail_entry(self, taken: Taken) -> dict[str, Any]:
        if taken.after_id is None:
            text = taken.after.model_dump_json().encode()
            taken.after_id = keep(self.home / "states", text, ".json")
        entry = {"action": taken.action.model_dump(mode="json"), "sent": taken.methods}
        return entry | {"state": taken.after_id}

    def replay(
        self,
        trail: Sequence[tuple[BrowserAction, list[str], PageState | None]],
        expected: PageState,
        where: str,
        storage: PageStorage | None = None,
    ) -> None:
        """Put a fresh page where a decision left it: the trail's actions taken again, the
        page compared after each with the one recorded then, and at the end with the state
        (and `storage`) recorded there. ConflictingState when it differs, or when an action
        on the way changed a server's data (taking it again would send that request again)."""
        for action, sent, _ in trail:
            why = changed_data(sent)
            if why is not None:
                raise ConflictingState(
                    f"the page cannot be put back as {where} left it: "
                    f"{action.describe()} is irreversible ({why})",
                    hint="correct a decision after it, or run the plan again",
                )
        for action, _, after in trail:
            outcome = self.apply(action)
            if not outcome.ok:
                raise ConflictingState(
                    f"the page cannot be put back as {where} left it: "
                    f"{action.describe()}: {outcome.summary}",
                    hint="the site changed since; run the plan again",
                )
            if after is not None and self.state is not None:
                _same_or_refuse(self.state, after, where, f" (at {action.describe()})")
        now = self.state = self.read()
        _same_or_refuse(now, expected, where, "")
        if storage is not None:
            differs = storage_differences(storage, read_storage(self.context, self.page, self.cdp))
            if differs is not None:
                raise ConflictingState(
                    f"the page cannot be put back as {where} left it: {differs}",
                    hint="the site changed since; run the plan again",
                )


def _same_or_refuse(now: PageState, expected: PageState, where: str, at: str) -> None:
    if not same_page(now, expected):
        raise ConflictingState(
            f"the page cannot be put back as {where} left it: after its actions again, "
            f"{changes(expected, now).describe()}{at}",
            hint="the site changed since; run the plan again",
        )


def _said(done: list[str]) -> str:
    return "page: " + ("; ".join(done) if done else "nothing to undo")


def _first_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return text[0] if text else type(error).__name__
