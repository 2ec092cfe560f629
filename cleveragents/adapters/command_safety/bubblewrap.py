"""Bubblewrap: the sandbox a model's commands run in.

The working tree is the one writable place (its git directory is not: checkpoints and the
plan's records live there); everything else is read-only, `/tmp` is fresh and empty, and
the command has its own PID, IPC, UTS and (unless the plan allows it) network namespaces,
no capabilities, and no ANTHROPIC_API_KEY: nothing of the agents process is visible in
`/proc`. bwrap stays in our process group, so the interrupt handling that kills the group
kills the sandbox; its PID namespace's init dying kills everything left inside it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

PROBE_TIMEOUT = 10.0
NOT_INSTALLED = "bwrap (bubblewrap) is not installed"


class Bubblewrap:
    """Builds the bwrap command line for one working tree; probes once whether bwrap works."""

    def __init__(self, root: Path, git_dir: Path) -> None:
        self.root = root.resolve()
        self.git_dir = git_dir.resolve()
        self._probed: tuple[str | None, str | None] | None = None  # (bwrap, why not)

    def unavailable(self) -> str | None:
        """Why no command can be sandboxed here (bwrap missing, no namespaces), or None."""
        return self._probe()[1]

    def argv(self, command: list[str], network: bool) -> list[str]:
        """`command` (an argv) inside the sandbox. Call `unavailable()` first."""
        bwrap = self._probe()[0]
        assert bwrap is not None, "the sandbox is unavailable"
        return [bwrap, *self._options(network), "--", *command]

    def _options(self, network: bool) -> list[str]:
        # --new-session is left out on purpose: the command has no terminal (stdin is
        # /dev/null, and we started it in a session of its own), and a new session would take
        # it out of the process group that Ctrl-C and timeouts kill.
        options = ["--unshare-all", *(["--share-net"] if network else [])]
        options += ["--die-with-parent", "--cap-drop", "ALL"]
        options += ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"]
        options += ["--bind", str(self.root), str(self.root)]
        # After the tree's bind: the git directory inside it goes back to read-only. One
        # outside it (a worktree's, a separate git dir) is read-only already.
        for git in dict.fromkeys([self.git_dir, self.root / ".git"]):
            if git.is_relative_to(self.root) and (git.exists() or git.is_symlink()):
                options += ["--ro-bind", str(git), str(git)]
        return [*options, "--chdir", str(self.root)]

    def _probe(self) -> tuple[str | None, str | None]:
        """Where bwrap is, or why the sandbox cannot be made here: tried once, with `true`."""
        if self._probed is None:
            bwrap = shutil.which("bwrap")
            why = NOT_INSTALLED if bwrap is None else self._try(bwrap)
            self._probed = (None if why else bwrap, why)
        return self._probed

    def _try(self, bwrap: str) -> str | None:
        try:
            tried = subprocess.run(
                [bwrap, *self._options(False), "--", "true"],
                cwd=self.root,
                env={"PATH": os.defpath},
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=PROBE_TIMEOUT,
            )
        except (OSError, subprocess.TimeoutExpired) as error:  # pragma: no cover - a broken bwrap
            return f"bwrap cannot run here ({error})"
        if tried.returncode == 0:
            return None
        said = tried.stderr.decode("utf-8", errors="replace").strip().splitlines()
        return f"bwrap cannot make a sandbox here ({said[-1] if said else 'no reason given'})"
