"""What the sandbox tests set up on the host: listening Unix sockets, a FIFO, a sparse file,
and `agents` run with its peak memory measured."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import sysconfig
import tempfile
import threading
from pathlib import Path

PRINT_SITE_PACKAGES = "import sysconfig; print(sysconfig.get_path('purelib'))"


class SandboxLibrary:
    """One per test: the sockets it listens on are closed and removed in its teardown."""

    ROBOT_LIBRARY_SCOPE = "TEST"

    def __init__(self) -> None:
        self.sockets: list[tuple[socket.socket, str]] = []

    def make_work_directory_outside_tmp(self) -> str:
        """A fresh folder under /var/tmp: the sandbox's own /tmp would hide one under /tmp
        anyway, and the test is about what is beside the working tree."""
        return os.path.realpath(tempfile.mkdtemp(prefix="agents-robot-", dir="/var/tmp"))

    def make_work_directory_under_opt(self) -> str:
        """A fresh folder under /opt, a system folder the sandbox shows whole, as an app's
        checkout there (`/opt/APP/repo`) lies."""
        return os.path.realpath(tempfile.mkdtemp(prefix="agents-robot-", dir="/opt"))

    def listen_on_unix_socket(self, path: str) -> None:
        """A real listening socket at `path`, accepting (and closing) every connection."""
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        server.bind(path)
        server.listen(8)
        self.sockets.append((server, path))
        threading.Thread(target=_accept_all, args=(server,), daemon=True).start()

    def stop_listening(self) -> None:
        """Close every socket this test opened, and remove its file."""
        for server, path in self.sockets:
            server.close()
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)
        self.sockets.clear()

    def make_agents_environment_in(self, folder: str) -> str:
        """A virtual environment at `folder` (the usual project `.venv` in the tree) whose
        Python imports this `agents` through a `.pth`: returns its site-packages."""
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", folder], check=True)
        made = subprocess.run(
            [f"{folder}/bin/python", "-c", PRINT_SITE_PACKAGES],
            check=True,
            capture_output=True,
            text=True,
        )
        site_packages = made.stdout.strip()
        ours = sysconfig.get_path("purelib")
        line = f"import site; site.addsitedir({ours!r})\n"
        Path(site_packages, "agents_here.pth").write_text(line)
        return site_packages

    def make_fifo(self, path: str) -> None:
        os.mkfifo(path)

    def make_sparse_file(self, path: str, size: int) -> None:
        """A file of `size` bytes that takes no room on the disk (all a hole)."""
        with open(path, "wb") as file:
            file.truncate(int(size))

    def run_agents_measuring_memory(self, cwd: str, work: str, *args: str) -> tuple[int, int]:
        """`agents ARGS` in `cwd`, stdout and stderr into files in `work`; its exit code and
        the peak resident memory (KiB) of the agents process itself, from wait4."""
        env = {**os.environ, "GIT_CEILING_DIRECTORIES": work}
        with (
            open(Path(work, "agents.stdout"), "wb") as out,
            open(Path(work, "agents.stderr"), "wb") as err,
        ):
            process = subprocess.Popen(
                ["agents", *args],
                cwd=cwd,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=err,
            )
            _, status, usage = os.wait4(process.pid, 0)
            process.returncode = os.waitstatus_to_exitcode(status)
        return process.returncode, usage.ru_maxrss


def _accept_all(server: socket.socket) -> None:
    while True:
        try:
            connection, _ = server.accept()
        except OSError:  # closed by stop_listening
            return
        connection.close()
