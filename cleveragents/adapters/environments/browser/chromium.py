"""Chromium as a process of our own: found, started by Playwright in its own process group
with its own profile under the git directory, driven over a pipe (no DevTools port: any
local user could connect to one, unauthenticated), its PID recorded so that what a killed
command left is ended by the next one (by that PID only), and stopped however the command
ends."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
from pathlib import Path
from typing import Any

from cleveragents.adapters.environments.browser.chromium_box import ChromiumBox
from cleveragents.errors import BadInput

SYSTEM_CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
INSTALL = "pip install 'cleveragents[browser]' && playwright install chromium"
# Playwright adds --headless, --remote-debugging-pipe, --no-sandbox (outside the box) and
# --disable-back-forward-cache (a page that cache restores fires no load event).
FLAGS = (
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
STARTUP_SECONDS = 30.0
NO_BOX = "install bubblewrap, or pass --no-sandbox to run Chromium outside it"


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
    """One running Chromium, started and driven by Playwright over a pipe."""

    def __init__(self, home: Path) -> None:
        self.home = home  # <git-dir>/cleveragents/browser
        self.profile = home / "profile"
        self.pid_file = home / "chromium.pid"
        self.pid: int | None = None
        self.headed = False  # `--headed`: in a window on the display, to watch

    def start(self, launcher: Any, program: str, box: ChromiumBox | None = None) -> Any:
        """Start Chromium (ending the one a killed command left first) through Playwright's
        `launcher`, over a pipe; its browser context. In `box` (`chromium_box.py`) unless
        the plan runs with `--no-sandbox`: there its own sandbox works, so it is kept."""
        from playwright.sync_api import Error

        display = self.display()
        self.end_leftover()
        self.profile.mkdir(parents=True, exist_ok=True)
        path = program if box is None else box.wrapper(program, self.profile)
        try:
            context = launcher.launch_persistent_context(
                str(self.profile),
                executable_path=path,
                chromium_sandbox=box is not None,
                headless=not self.headed,
                args=list(FLAGS),
                timeout=STARTUP_SECONDS * 1000,
                handle_sigint=False,  # the command ends it, however it ends
                handle_sigterm=False,
                handle_sighup=False,
            )
        except Error as error:
            hint = f"check that it runs headless, or install Playwright's: {INSTALL}"
            if self.headed:
                hint = f"check that it can open a window on the display {display!r}"
            raise BadInput(f"Chromium ({program}) did not start", hint=hint) from error
        self.pid = _leader(self.profile)
        if self.pid is not None:
            self.pid_file.write_text(f"{self.pid}\n")
        return context

    def boxed(self, tree: Path) -> ChromiumBox:
        """The box this Chromium starts in; refused (exit 2) when none can be made here."""
        box = ChromiumBox(self.home, tree)
        box.headed = self.headed
        why = box.unavailable()
        if why is not None:
            raise BadInput(f"{why}: the plan's Chromium runs only in a sandbox", hint=NO_BOX)
        return box

    def display(self) -> str | None:
        """The display a headed Chromium opens its window on; refused when there is none.
        Asked before Playwright starts, so a refusal costs no driver process."""
        display = _display()
        if self.headed and display is None:
            raise BadInput(
                "--headed needs a display, and neither DISPLAY nor WAYLAND_DISPLAY is set",
                hint="run without --headed, or under xvfb-run",
            )
        return display

    def stop(self) -> None:
        """End this Chromium and everything it started; forget its PID."""
        if self.pid is not None and _is_ours(self.pid, self.profile):
            _end_group(self.pid)
        self.pid = None
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


def _display() -> str | None:
    """The display a headed Chromium would open its window on, if any."""
    return os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or None


def _read_lines(path: Path) -> list[str]:
    try:
        return path.read_text().split()
    except OSError:
        return []


def _leader(profile: Path) -> int | None:
    """The PID of the Chromium on `profile` that leads its own process group."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and _is_ours(int(entry.name), profile):
            with contextlib.suppress(OSError):
                if os.getpgid(int(entry.name)) == int(entry.name):
                    return int(entry.name)
    return None  # pragma: no cover - Playwright starts it detached, as its group's leader


def _is_ours(pid: int, profile: Path) -> bool:
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return False
    return f"--user-data-dir={profile}".encode() in command


def _end_group(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)
