"""Running the real `agents` command (and git) the way the guarantee tests do: a test
identity, none of git's redirections from the caller's environment, no input."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

# Redirections that would point git at another repository or index than the test's.
HIDDEN = ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_CONFIG_PARAMETERS")


def environment() -> dict[str, str]:
    """The caller's environment less git's redirections, with a commit identity."""
    env = {k: v for k, v in os.environ.items() if k not in HIDDEN}
    for who in ("AUTHOR", "COMMITTER"):
        env[f"GIT_{who}_NAME"] = "Test User"
        env[f"GIT_{who}_EMAIL"] = "test@example.com"
    return env


def run(binary: Path, repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`agents ARGS` in `repo`, its output captured; at most two minutes."""
    return subprocess.run(
        [str(binary), *args],
        cwd=repo,
        capture_output=True,
        text=True,
        env=environment(),
        stdin=subprocess.DEVNULL,
        timeout=120,
        check=False,
    )
