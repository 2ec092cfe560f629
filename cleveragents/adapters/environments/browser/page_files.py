"""Page states and screenshots as content-addressed files under the git directory
(`<git-dir>/cleveragents/browser/states/ID.json`, `screenshots/ID.png`): the same page seen
twice is kept once, and no `git clean` or restore of the working tree reaches them.

Read without pydantic: `agents plan decision` lists a decision's page from here.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any


def keep(folder: Path, data: bytes, suffix: str) -> str:
    """Store `data` under its SHA-256 (once); return the id."""
    sha = hashlib.sha256(data).hexdigest()
    target = folder / f"{sha}{suffix}"
    if not target.exists():
        folder.mkdir(parents=True, exist_ok=True)
        partial = target.with_suffix(f"{suffix}.{os.getpid()}.part")
        partial.write_bytes(data)
        partial.replace(target)  # never half a file under the id
    return sha


def browser_home(git_dir: Path) -> Path:
    return git_dir / "cleveragents" / "browser"


def read_kept(git_dir: Path, kind: str, sha: str) -> Any:
    """A kept JSON file (`states`, `trails`) by id; None when this clone does not hold it."""
    try:
        return json.loads((browser_home(git_dir) / kind / f"{sha}.json").read_text())
    except (OSError, ValueError):
        return None


def page_rows(git_dir: Path, page: dict[str, Any]) -> list[tuple[str, str]]:
    """What `agents plan decision` says of a decision's page: URL, title, dialogs, each
    element as (role, name, state, value), and where its screenshot is."""
    home = browser_home(git_dir)
    path = home / "states" / f"{page.get('state')}.json"
    try:
        state = json.loads(path.read_text())
    except (OSError, ValueError):
        return [("page", "its state is not kept in this clone")]
    rows = [("page", str(state.get("url", ""))), ("title", str(state.get("title", "")))]
    dialogs = state.get("dialogs") or []
    rows.append(("dialogs", ", ".join(repr(d) for d in dialogs) or "none"))
    for element in state.get("elements") or []:
        rows.append(("element", _element_line(element)))
    shot = page.get("screenshot")
    if shot:
        rows.append(("screenshot", str(home / "screenshots" / f"{shot}.png")))
    return rows


def _element_line(element: dict[str, Any]) -> str:
    states = element.get("state") or []
    state = f" [{', '.join(states)}]" if states else ""
    value = element.get("value")
    shown = f" = {value!r}" if value is not None else ""
    return f"{element.get('role')} {element.get('name', '')!r}{state}{shown}"
