"""The pages a plan opens: the URL of its `browser:` section (as the plan recorded it and as
its plan file writes it) and every `goto` of its plan file, wherever it stands (steps,
local alternatives, contingencies). A page fetch is an action like a command: the list a
person vouches for before a plan from another clone opens them here, so none may be left
out."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel

from cleveragents.adapters.actors.plan_file import parse_plan_file
from cleveragents.adapters.actors.plan_file_browser import BrowserSpec, GotoSpec


def plan_pages(browser_url: str | None, script: str, source: str) -> list[str]:
    """Each URL the plan (whose page opens at `browser_url`) and its plan file `script`
    may open, once, in the order written; a relative `goto` as written."""
    found = [browser_url] if browser_url else []
    if script:
        found += _pages(parse_plan_file(script, source))
    return list(dict.fromkeys(found))


def _pages(node: Any) -> Iterator[str]:
    todo = [node]
    while todo:  # a stack, not a recursion: a plan file may nest deep
        node = todo.pop()
        if isinstance(node, BrowserSpec):
            yield node.url
        elif isinstance(node, GotoSpec):
            yield node.goto
        elif isinstance(node, BaseModel):
            todo += reversed([value for _, value in node])
        elif isinstance(node, list | tuple):
            todo += reversed(node)
