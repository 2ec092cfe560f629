"""Claude Code's session files carried with a plan to another machine.

`agents plan push` carries each session file a plan's decisions name beside its records;
on the other clone, before a session is resumed or forked, the carried file is written
where Claude Code looks for it (`<config>/projects/<folder of the tree>/<session>.jsonl`,
the config being CLAUDE_CONFIG_DIR or ~/.claude) when no file of that session is there:
a session of Claude Code's own is never overwritten.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

SESSION = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
LONGEST_FOLDER = 200  # Claude Code shortens longer folder names with a hash of its own


def config_dir() -> Path:
    """Claude Code's configuration folder: CLAUDE_CONFIG_DIR, else ~/.claude."""
    named = os.environ.get("CLAUDE_CONFIG_DIR")
    return Path(named) if named else Path.home() / ".claude"


def session_path(root: Path, session_id: str) -> Path:
    """Where Claude Code keeps the session `session_id` of a run in the tree `root`."""
    folder = re.sub(r"[^a-zA-Z0-9]", "-", os.path.realpath(root))
    return config_dir() / "projects" / folder / f"{session_id}.jsonl"


def session_known(session_id: str) -> bool:
    """Whether a file of the session is under the config folder's projects."""
    return SESSION.fullmatch(session_id) is not None and any(
        config_dir().glob(f"projects/*/{session_id}.jsonl")
    )


def session_files(sessions: dict[str, str | None]) -> dict[str, bytes]:
    """Each session's file (`<id>.jsonl`) as it is now: at the path its hooks named, else
    found under the config folder; a session whose file is nowhere is left out."""
    found = {}
    for session_id, path in sessions.items():
        if not SESSION.fullmatch(session_id):
            continue
        places = [Path(path)] if path and _session_file(Path(path), session_id) else []
        places += sorted(config_dir().glob(f"projects/*/{session_id}.jsonl"))
        for place in places:
            if place.is_file() and not place.is_symlink():
                found[f"{session_id}.jsonl"] = place.read_bytes()
                break
    return found


def _session_file(path: Path, session_id: str) -> bool:
    """Whether a recorded transcript path names a Claude Code session file: `<id>.jsonl` in
    a project folder of a `projects` folder. A pulled record's path is another clone's
    word: anything else (`/etc/shadow`, a key) is never read, so never pushed."""
    return path.name == f"{session_id}.jsonl" and path.parent.parent.name == "projects"


def place_session(root: Path, session_id: str, carried: dict[str, bytes]) -> bool:
    """Write the carried file of `session_id` where Claude Code looks for it, unless one
    is there already or none was carried; whether it was written."""
    data = carried.get(f"{session_id}.jsonl")
    target = session_path(root, session_id)
    if data is None or not SESSION.fullmatch(session_id) or target.exists():
        return False
    if len(target.parent.name) > LONGEST_FOLDER:  # pragma: no cover - a very deep tree
        return False
    target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.partial")
    with open(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as out:
        out.write(data)
    os.replace(partial, target)
    return True
