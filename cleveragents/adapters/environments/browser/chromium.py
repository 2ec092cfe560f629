"""Chromium as a process of our own: found, started in its own process group with its own
profile under the git directory, its PID recorded so that what a killed command left is
ended by the next one (by that PID only), and stopped however the command ends."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

from cleveragents.errors import BadInput

SYSTEM_CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
INSTALL = "pip install 'cleveragents[browser]' && playwright install chromium"
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # A page the back-forward cache restores fires no load event for Playwright to see.
    "--disable-features=BackForwardCache",
    "--remote-debugging-port=0",
)
STARTUP_SECONDS = 30.0


def executable(playwright_own: str | None) -> str:
    """Playwright's own Chromium where it is installed, else the system's, else an error
    naming the install command."""
    chosen = os.environ.get("CLEVERAGENTS_CHROMIUM")  # this one, or none at all
    found = (chosen,) if chosen else (playwright_own, *SYSTEM_CHROMIUM, shutil.which("chromium"))
    for candidate in found:
        if candidate and os.access(candidate, os.X_OK) and Path(candidate).is_file():
            return candidate
    raise BadInput("no Chromium found for the plan's browser", hint=f"install one: {INSTALL}")


class Chromium:
    """One running Chromium: `endpoint` is its DevTools address, for Playwright to connect."""

    def __init__(self, home: Path) -> None:
        self.home = home  # <git-dir>/cleveragents/browser
        self.profile = home / "profile"
        self.pid_file = home / "chromium.pid"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, program: str) -> str:
        """Start Chromium (ending the one a killed command left first); its DevTools URL."""
        self.end_leftover()
        self.profile.mkdir(parents=True, exist_ok=True)
        port_file = self.profile / "DevToolsActivePort"
        port_file.unlink(missing_ok=True)
        self.process = subprocess.Popen(
            [program, *FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # its own process group: ended whole, by its PID
        )
        self.pid_file.write_text(f"{self.process.pid}\n")
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            lines = _read_lines(port_file)
            if len(lines) >= 2 and lines[0].isdigit():
                return f"http://127.0.0.1:{lines[0]}"
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        self.stop()
        raise BadInput(
            f"Chromium ({program}) did not start",
            hint=f"check that it runs headless, or install Playwright's: {INSTALL}",
        )

    def stop(self) -> None:
        """End this Chromium and everything it started; forget its PID."""
        if self.process is not None:
            _end_group(self.process.pid)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=10)
            self.process = None
        self.pid_file.unlink(missing_ok=True)

    def end_leftover(self) -> None:
        """A command killed with its browser open left its PID: end that process group,
        when the PID is still a Chromium on this profile (not a PID the system reused)."""
        lines = _read_lines(self.pid_file)
        if lines and lines[0].isdigit():
            pid = int(lines[0])
            if _is_ours(pid, self.profile):
                _end_group(pid)
        self.pid_file.unlink(missing_ok=True)


def _read_lines(path: Path) -> list[str]:
    try:
        return path.read_text().split()
    except OSError:
        return []


def _is_ours(pid: int, profile: Path) -> bool:
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return False
    return f"--user-data-dir={profile}".encode() in command


def _end_group(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)
