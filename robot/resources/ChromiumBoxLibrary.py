"""What a running Chromium can see, read from the host through /proc: its mount and user
namespaces, its uid map, its environment, and the files its root shows (`/proc/PID/root`
is that process's own view of the file system, the one a page that broke out of a
renderer would have)."""

from __future__ import annotations

import os
from pathlib import Path


class ChromiumBoxLibrary:
    ROBOT_LIBRARY_SCOPE = "TEST"

    def chromium_main_processes(self, pids: list[int]) -> list[int]:
        """Of `pids`, the Chromium programs themselves (not bwrap, not the script)."""
        found = []
        for pid in pids:
            try:
                program = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0]
            except OSError:
                continue
            if Path(os.fsdecode(program)).name in ("chromium", "chrome"):
                found.append(int(pid))
        return found

    def namespace_should_differ_from_ours(self, pid: int, kind: str) -> None:
        theirs = os.readlink(f"/proc/{pid}/ns/{kind}")
        ours = os.readlink(f"/proc/self/ns/{kind}")
        assert theirs != ours, f"Chromium {pid} shares our {kind} namespace ({ours})"

    def uid_inside_should_be(self, pid: int, uid: int) -> None:
        """The first uid of the process's user namespace, as its uid map tells it."""
        first = Path(f"/proc/{pid}/uid_map").read_text().split()
        assert first and int(first[0]) == int(uid), f"Chromium {pid} maps uids {first}"
        status = Path(f"/proc/{pid}/status").read_text()
        capabilities = [line for line in status.splitlines() if line.startswith("CapEff:")]
        assert capabilities == ["CapEff:\t0000000000000000"], capabilities

    def command_line_of(self, pid: int) -> list[str]:
        return [os.fsdecode(a) for a in Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")]

    def environment_of(self, pid: int) -> dict[str, str]:
        raw = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
        pairs = [os.fsdecode(entry).partition("=") for entry in raw if entry]
        return {name: value for name, _, value in pairs}

    def seen_by(self, pid: int, path: str) -> bool:
        """Whether `path` exists in the process's own view of the file system."""
        return os.path.lexists(f"/proc/{pid}/root{path}")

    def names_seen_by(self, pid: int, folder: str) -> list[str]:
        return sorted(os.listdir(f"/proc/{pid}/root{folder}"))

    def path_without(self, program: str, folder: str) -> str:
        """A folder of links to every program on PATH but `program`, to be the only PATH:
        a machine where it is not installed, everything else where it was."""
        Path(folder).mkdir(parents=True, exist_ok=True)
        for directory in os.environ.get("PATH", "").split(os.pathsep):
            if not directory or not Path(directory).is_dir():
                continue
            for found in Path(directory).iterdir():
                link = Path(folder) / found.name
                if found.name != program and not link.exists() and os.access(found, os.X_OK):
                    link.symlink_to(found)
        return folder

    def free_display(self) -> str:
        """A display number no X server uses here (no socket, no lock file)."""
        for number in range(60, 200):
            if not any(
                os.path.lexists(path)
                for path in (f"/tmp/.X11-unix/X{number}", f"/tmp/.X{number}-lock")
            ):
                return str(number)
        raise AssertionError("no free display number")  # pragma: no cover

    def listen_on_unix_socket(self, path: str) -> None:
        """A Unix socket listening at `path` until the test ends (a stand-in compositor)."""
        import socket

        server = socket.socket(socket.AF_UNIX)
        server.bind(path)
        server.listen()
        self._sockets = [*getattr(self, "_sockets", []), server]

    def close_unix_sockets(self) -> None:
        for server in getattr(self, "_sockets", []):
            server.close()
        self._sockets = []
