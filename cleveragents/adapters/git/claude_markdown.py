"""The skills, slash commands and subagent definitions Claude Code reads, and the command
lines their text makes it run on the host (`domain/claude_skills.py`).

Claude Code reads them from each `.claude` folder of a project (`skills/**/SKILL.md`,
`commands/**/*.md`, `agents/**/*.md`, a nested folder's too as the session comes to it)
and from the user's (`~/.claude`, or `CLAUDE_CONFIG_DIR`). The files themselves are kept
from the model as settings are (`rules.CLAUDE_RUNS`); what is read here is what their lines
run in turn.

Cost: a walk of those folders per look, and each file read again only when its stat
changed (or changed so recently that a change in the same tick would keep it).
"""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

from cleveragents.adapters.folder_walk import walk
from cleveragents.domain.claude_skills import markdown_commands
from cleveragents.domain.rules import name_as_opened

FOLDERS = ("skills", "commands", "agents")
MOST_MARKDOWN = 1 << 20  # bytes of one file read at most: past it, agents cannot tell
RECENT = 2_000_000_000  # ns, as `config_programs.RECENT`
# Each file read, by path: its stat and the folder given when read, and what it runs.
_READ: dict[str, tuple[tuple[object, ...], list[tuple[str, str]]]] = {}


def markdown_files(claude: Path) -> list[Path]:
    """Each skill, slash command and subagent definition in the `.claude` folder `claude`,
    through the links Claude Code follows (a folder met twice is walked once)."""
    found: list[Path] = []
    for kind in FOLDERS:
        seen: set[str] = set()
        for top, folders, files in walk(claude / kind, followlinks=True):
            real = os.path.realpath(top)
            if real in seen:
                folders[:] = []
                continue
            seen.add(real)
            for name in sorted(files):
                opened = name_as_opened(name)
                if opened == "skill.md" if kind == "skills" else opened.endswith(".md"):
                    found.append(Path(top) / name)
    return found


def markdown_lines(file: Path) -> list[tuple[str, str]] | None:
    """(what runs it, command line) for each command the file makes Claude Code run
    (`${CLAUDE_SKILL_DIR}` as the file's folder, whole), [] when there is no regular file
    to read, None when it is too large to read."""
    try:
        fd = os.open(file, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return []
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return []
        if st.st_size > MOST_MARKDOWN:
            return None
        mark = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
        kept = _READ.get(str(file))
        if kept is not None and kept[0] == mark:
            return kept[1]
        data = os.read(fd, st.st_size + 1)
    except OSError:  # pragma: no cover - a file that cannot be read: Claude Code cannot either
        return []
    finally:
        os.close(fd)
    lines = markdown_commands(data.decode("utf-8", "replace"), str(file.parent))
    if st.st_ctime_ns < time.time_ns() - RECENT:
        _READ[str(file)] = (mark, lines)
    return lines
