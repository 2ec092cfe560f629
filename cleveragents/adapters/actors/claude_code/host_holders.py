"""Who holds a lease of a user's hook past its timeout (`host_leases.py`), said to the user:
the hook (its setting and command line, as data) and the processes still holding it (attack
17 finding 2: a `SessionStart` hook's `nohup npm run dev &` held every later model command,
and the refusal named no hook and no process)."""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from pathlib import Path

from cleveragents.domain.reach import printable

MOST_SHOWN = 120  # characters of a command line in the message
# What a hook's line begins with to start nothing in a run of ours (`session.RUN` is set
# there): a service it starts (`nohup npm run dev &`) holds every model command otherwise.
SKIP = '[ -n "$CLEVERAGENTS_RUN" ] && exit 0;'
MOST_PIDS = 5  # processes named


@dataclass
class Holder:
    """What the hook told of itself when it asked (its line, its socket's inode)."""

    line: str = ""
    inode: int = 0
    seconds: float = 0.0


def holder(asked: dict[str, object], seconds: float) -> Holder:
    line, inode = asked.get("line"), asked.get("inode")
    return Holder(
        line=line if isinstance(line, str) else "",
        inode=inode if isinstance(inode, int) and not isinstance(inode, bool) else 0,
        seconds=seconds,
    )


def past_timeout(held: Holder) -> str:
    """Why the model's command does not run: the hook, the processes holding it, what to do."""
    return (
        f"a hook of your own settings ({_named(held)}) still runs on the host past its timeout "
        f"({held.seconds:g} s){_by(held)}: no command of the model runs beside it; end those "
        f"processes, or start what must keep running yourself before `agents plan run` and "
        f"begin the hook's line with `{SKIP}` (agents sets CLEVERAGENTS_RUN)"
    )


def waiting(held: Holder, left: float) -> str:
    """The progress line of a command waiting on `held` (attack 17 finding 2: the user's
    terminal showed nothing for up to 600 s)."""
    return (
        f"a command of the model waits for a hook of your own settings ({_named(held)}), "
        f"still running on the host{_by(held)}: it runs once they end, or not at all in "
        f"{left:.0f} s (a service the hook starts: begin its line with `{SKIP}`)"
    )


def _named(held: Holder) -> str:
    settings = _settings_of(held.line)
    return f"the {' or '.join(settings) or 'hook'} `{one_line(held.line)}`" if held.line else "hook"


def _by(held: Holder) -> str:
    pids = holding(held.inode)
    by = ", ".join(f"pid {pid} (`{one_line(command)}`)" for pid, command in pids)
    return f", held by {by}" if by else ""


def holding(inode: int) -> list[tuple[int, str]]:
    """(pid, command line) of the processes of the hook whose lease is the socket `inode`:
    the descendants of its keeper (`host_keeper.py`, the one holding the socket), at most
    `MOST_PIDS`; none when it cannot be told (another user's, a hidden /proc)."""
    if inode <= 0:
        return []
    target, parents = f"socket:[{inode}]", _parents()
    keepers = set()
    for pid in parents:
        with contextlib.suppress(OSError):  # gone meanwhile, or not ours to read
            if any(_link(f"/proc/{pid}/fd/{fd}") == target for fd in os.listdir(f"/proc/{pid}/fd")):
                keepers.add(pid)
    found = []
    for pid in sorted(parents):
        if pid in keepers or not _below(pid, keepers, parents):
            continue
        with contextlib.suppress(OSError):
            raw = Path(f"/proc/{pid}/cmdline").read_bytes()
            found.append((pid, " ".join(w.decode(errors="replace") for w in raw.split(b"\0") if w)))
        if len(found) >= MOST_PIDS:
            break
    return found


def _parents() -> dict[int, int]:
    """Each process's parent, as /proc tells."""
    found = {}
    try:
        pids = [int(p) for p in os.listdir("/proc") if p.isdigit()]
    except OSError:
        return {}
    for pid in pids:
        with (
            contextlib.suppress(OSError, IndexError, ValueError),
            open(f"/proc/{pid}/stat", "rb") as file,
        ):
            found[pid] = int(file.read().rpartition(b")")[2].split()[1])
    return found


def _below(pid: int, keepers: set[int], parents: dict[int, int]) -> bool:
    seen = set()
    while pid in parents and pid not in seen:
        seen.add(pid)
        pid = parents[pid]
        if pid in keepers:
            return True
    return False


def _link(path: str) -> str:
    try:
        return os.readlink(path)
    except OSError:
        return ""


def _settings_of(line: str) -> list[str]:
    """The settings of the user's files giving `line` (`PostToolUse hook`)."""
    from cleveragents.adapters.actors.claude_code.hooks_off import managed_files, user_file
    from cleveragents.adapters.git.config_programs import read_json
    from cleveragents.domain.claude_commands import raw_commands

    found: list[str] = []
    for path in [*managed_files(), user_file()]:
        found += [s for s, ran in raw_commands(read_json(path)) if ran == line and s not in found]
    return found


def one_line(text: str) -> str:
    """`text` as data on one line of a message: blanks as one space, escaped, cut."""
    flat = printable(" ".join(text.split()))
    return flat if len(flat) <= MOST_SHOWN else flat[: MOST_SHOWN - 1] + "…"
