"""The limits a sandboxed command runs under, and naming the one that stopped it.

Memory (RLIMIT_DATA: what a process writes to, not the address space it reserves), the
size of one file it writes (RLIMIT_FSIZE), the processes it may have (RLIMIT_NPROC; when
`agents` runs as root, whose processes Linux never counts, a pids cgroup), and the size of
its `/tmp` and `/dev/shm` (tmpfs); and how many files hard-linked outside the tree it
binds read-only (`domain/hard_links.py`). Each can be changed with an environment variable.
"""

from __future__ import annotations

import contextlib
import os
import resource
import signal
import time
from dataclasses import dataclass
from pathlib import Path

from cleveragents.errors import BadInput

MIB = 1024 * 1024
# (name, environment variable, default in its unit, unit in bytes)
MEMORY = ("memory", "CLEVERAGENTS_SANDBOX_MEMORY_MB", 2048, MIB)
FILE = ("file size", "CLEVERAGENTS_SANDBOX_FILE_MB", 1024, MIB)
PROCESSES = ("process", "CLEVERAGENTS_SANDBOX_PROCESSES", 1024, 1)
TMPFS = ("/tmp size", "CLEVERAGENTS_SANDBOX_TMP_MB", 512, MIB)
# bwrap takes each read-only file with a mount that reads the whole mount table: 256 add
# 0.2-0.5 s to a command, 1000 about 4 s; it takes at most 9000 arguments in all
# (`benchmarks/hard_links.py`).
HARD_LINKS = ("hard-linked file", "CLEVERAGENTS_SANDBOX_HARD_LINKS", 256, 1)
MOST_HARD_LINKS = 2500
# What a program prints when a limit refused it; looked for in the end of its output.
SIGNS = {
    "memory": (b"MemoryError", b"Cannot allocate memory", b"out of memory", b"bad_alloc"),
    "process": (b"Resource temporarily unavailable", b"Cannot fork", b"fork: retry"),
    "file size": (b"File too large", b"File size limit exceeded"),
    "/tmp size": (b"No space left on device",),
}
# Where cgroup v1's pids hierarchy and the v2 unified one are mounted.
PIDS_V1, UNIFIED = Path("/sys/fs/cgroup/pids"), Path("/sys/fs/cgroup")


@dataclass(frozen=True)
class SandboxLimits:
    """The limits of one sandbox, in bytes and processes."""

    memory_bytes: int
    file_bytes: int
    processes: int
    tmpfs_bytes: int
    hard_links: int = HARD_LINKS[2]  # files hard-linked outside the tree bound read-only

    @classmethod
    def configured(cls) -> SandboxLimits:
        """The defaults, with what the CLEVERAGENTS_SANDBOX_* variables set on top; a value
        that is no whole number from 1 up is refused (exit 2)."""
        memory, file, processes, tmpfs = (
            _setting(*limit) for limit in (MEMORY, FILE, PROCESSES, TMPFS)
        )
        links = _setting(*HARD_LINKS, most=MOST_HARD_LINKS)
        return cls(memory, file, processes, tmpfs, hard_links=links)

    def apply(self) -> None:  # pragma: no cover - runs in the child, between fork and exec
        """Set the limits on this process (the sandbox's bwrap, before it starts)."""
        resource.setrlimit(resource.RLIMIT_DATA, (self.memory_bytes, self.memory_bytes))
        resource.setrlimit(resource.RLIMIT_FSIZE, (self.file_bytes, self.file_bytes))
        resource.setrlimit(resource.RLIMIT_NPROC, (self.processes, self.processes))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

    def stopped_by(self, code: int, tail: bytes, processes_refused: bool) -> str | None:
        """The limit that stopped a command that ended with `code` having printed `tail`
        last, in words ("the memory limit (2 GiB)"), or None when none did."""
        if code == 0:
            return None
        if processes_refused:
            return self.named("process")
        if code == 128 + signal.SIGXFSZ:  # bwrap's way to say its command was killed by it
            return self.named("file size")
        for name, signs in SIGNS.items():
            if any(sign in tail for sign in signs):
                return self.named(name)
        return None

    def named(self, name: str) -> str:
        amount = {
            "memory": _size(self.memory_bytes),
            "file size": _size(self.file_bytes),
            "process": str(self.processes),
            "/tmp size": _size(self.tmpfs_bytes),
        }[name]
        return f"the {name} limit ({amount})"


class PidsCgroup:
    """A pids cgroup of its own for one command, when `agents` runs as root: the one way
    to bound the processes of a user Linux does not count."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def made(cls, limit: int) -> PidsCgroup | None:
        """A new cgroup holding at most `limit` processes, or None when none can be made."""
        if os.geteuid() != 0:  # pragma: no cover - the tests run as root; RLIMIT_NPROC then
            return None
        name = f"cleveragents-{os.getpid()}-{time.monotonic_ns()}"
        for own in _own_cgroups():
            path = own / name
            try:
                path.mkdir()
            except OSError:  # pragma: no cover - a host without this hierarchy
                continue
            try:
                (path / "pids.max").write_text(str(limit))
            except OSError:  # pragma: no cover - a hierarchy without the pids controller
                path.rmdir()
                continue
            return cls(path)
        return None  # pragma: no cover - a host whose cgroups root cannot write

    def enter(self) -> None:  # pragma: no cover - runs in the child, between fork and exec
        """Move this process (the sandbox's bwrap, before it starts) into the cgroup."""
        (self.path / "cgroup.procs").write_text("0")

    def refused(self) -> bool:
        """Whether a process was refused for the limit."""
        with contextlib.suppress(OSError):
            for line in (self.path / "pids.events").read_text().splitlines():
                key, _, count = line.partition(" ")
                if key == "max" and count.strip() != "0":
                    return True
        return False

    def remove(self) -> None:
        """Remove the cgroup once the processes the sandbox's end killed are gone."""
        for _ in range(50):
            try:
                self.path.rmdir()
                return
            except OSError:  # pragma: no cover - the killed processes not yet reaped
                time.sleep(0.02)


def _own_cgroups() -> list[Path]:
    """The cgroups this process is in that can hold a pids cgroup of its own, v1's first:
    one made below them keeps whatever limits the host set on them."""
    found: list[Path] = []
    with contextlib.suppress(OSError):
        for line in Path("/proc/self/cgroup").read_text().splitlines():
            _, controllers, path = line.split(":", 2)
            if "pids" in controllers.split(","):
                found.insert(0, PIDS_V1 / path.lstrip("/"))
            elif not controllers:
                found.append(UNIFIED / path.lstrip("/"))
    # Only where a cgroup file system is: a tmpfs in its place would take any folder.
    return [own for own in found if (own / "cgroup.procs").is_file()]


def _setting(name: str, variable: str, default: int, unit: int, most: int | None = None) -> int:
    """The limit `variable` sets (unset or empty: the default); anything else than a whole
    number from 1 up (to `most`) is refused, never silently replaced by the default."""
    given = os.environ.get(variable, "")
    if not given:
        return default * unit
    text = given.strip()
    if not (text.isascii() and text.isdigit() and 0 < int(text) <= (most or int(text))):
        what = "megabytes (MiB)" if unit == MIB else "files" if most else "processes"
        raise BadInput(
            f"{variable}={given!r} is not a {name} limit: it takes a whole number of "
            f"{what}, 1 or more{f' and at most {most}' if most else ''}",
            hint=f"set it to one (e.g. {default}, the default), or unset it",
        )
    return int(text) * unit


def _size(amount: int) -> str:
    if amount % (1024 * MIB) == 0:
        return f"{amount // (1024 * MIB)} GiB"
    return f"{amount // MIB} MiB"
