"""Page states and screenshots as content-addressed files under the git directory
(`<git-dir>/cleveragents/browser/states/ID.json`, `screenshots/ID.png`): the same page seen
twice is kept once, and no `git clean` or restore of the working tree reaches them.
They hold what Chromium keeps in its 0600 profile (a site's cookies, HttpOnly ones too, its
local storage, what was typed into fields), so the browser's folder is the user's alone
(0700) and each file 0600: a copy no more exposed than Chromium's own.

Read without pydantic: `agents plan decision` lists a decision's page from here.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path
from typing import Any

# What `keep` returns: only such an id is ever joined into a path (a record may be forged).
KEPT_ID = re.compile(r"[0-9a-f]{64}")


def keep(folder: Path, data: bytes, suffix: str) -> str:
    """Store `data` under its SHA-256 (once); return the id."""
    sha = hashlib.sha256(data).hexdigest()
    target = folder / f"{sha}{suffix}"
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.chmod(folder.parent, 0o700)  # the browser's home: files kept by older versions too
    if not target.exists():
        partial = target.with_suffix(f"{suffix}.{os.getpid()}.part")
        fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        partial.replace(target)  # never half a file under the id
    return sha


def browser_home(git_dir: Path) -> Path:
    return git_dir / "cleveragents" / "browser"


def read_kept(git_dir: Path, kind: str, sha: object) -> Any:
    """A kept JSON file (`states`, `trails`) by id; None when this clone does not hold it."""
    if not _kept_id(sha):
        return None
    try:
        return json.loads((browser_home(git_dir) / kind / f"{sha}.json").read_text())
    except (OSError, ValueError):
        return None


def _kept_id(sha: object) -> bool:
    return isinstance(sha, str) and KEPT_ID.fullmatch(sha) is not None


def page_rows(git_dir: Path, page: dict[str, Any]) -> list[tuple[str, str]]:
    """What `agents plan decision` says of a decision's page: URL, title, dialogs, each
    element as (role, name, state, value), and where its screenshot is."""
    home = browser_home(git_dir)
    shot = page.get("screenshot")
    if not all(_kept_id(i) for i in (page.get("state"), shot or "0" * 64)):
        return [("page", "not readable")]  # damaged by hand: no id of it is joined to a path
    state = read_kept(git_dir, "states", page.get("state"))
    if not isinstance(state, dict):
        return [("page", "its state is not kept in this clone")]
    rows = [("page", str(state.get("url", ""))), ("title", str(state.get("title", "")))]
    dialogs = state.get("dialogs") or []
    rows.append(("dialogs", ", ".join(repr(d) for d in dialogs) or "none"))
    for element in state.get("elements") or []:
        rows.append(("element", _element_line(element)))
    if shot:
        rows.append(("screenshot", str(home / "screenshots" / f"{shot}.png")))
    return rows


def _element_line(element: dict[str, Any]) -> str:
    states = element.get("state") or []
    state = f" [{', '.join(states)}]" if states else ""
    value = element.get("value")
    shown = f" = {value!r}" if value is not None else ""
    return f"{element.get('role')} {element.get('name', '')!r}{state}{shown}"
