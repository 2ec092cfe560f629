"""Which Claude Code runs: CLEVERAGENTS_CLAUDE_CODE, the Agent SDK's bundled CLI, or a
`claude` on PATH (never one inside the working tree, as for every program agents runs)."""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

from cleveragents.adapters import host_programs
from cleveragents.errors import BadInput

INSTALL = "pip install 'cleveragents[claude-code]'"
VARIABLE = "CLEVERAGENTS_CLAUDE_CODE"


@dataclass(frozen=True)
class ClaudeProgram:
    """The CLI's path and the version it says it is (`2.1.332 (Claude Code)`)."""

    path: str
    version: str


def recorded(source: str | None, version: str | None) -> ClaudeProgram:
    """The Claude Code a plan recorded: its path (`claude` on PATH where it named none)."""
    return ClaudeProgram(source or "claude", version or "")


def bundled() -> str | None:
    """The CLI the `claude-agent-sdk` package bundles, when it is installed."""
    import importlib.util

    spec = importlib.util.find_spec("claude_agent_sdk")
    if spec is None or spec.origin is None:  # pragma: no cover - the test venv has the extra
        return None
    found = Path(spec.origin).parent / "_bundled" / "claude"
    return str(found) if found.is_file() else None


def find_claude(tree: Path) -> ClaudeProgram:
    """The Claude Code to run on `tree`, or BadInput naming the install command."""
    named = os.environ.get(VARIABLE)
    if named:
        path = str(Path(named).absolute())
        if not os.access(path, os.X_OK) or Path(path).is_dir():
            raise BadInput(f"{VARIABLE}={named} is no program", hint=f"fix it, or {INSTALL}")
        if _inside(path, tree):
            raise BadInput(
                f"{VARIABLE}={named} lies inside the working tree, which the agent can write",
                hint="install Claude Code outside it",
            )
    else:
        found = bundled() or host_programs.find("claude", host_programs.tree_of(tree))
        if found is None:  # pragma: no cover - the test venv has the extra
            raise BadInput("Claude Code is not installed", hint=f"install it: {INSTALL}")
        path = found
    return ClaudeProgram(path, version_of(path))


def _inside(path: str, tree: Path) -> bool:
    real, top = Path(os.path.realpath(path)), Path(os.path.realpath(tree))
    return real == top or real.is_relative_to(top)


def version_of(path: str) -> str:
    """What `claude --version` prints, first line; refused when it does not answer."""
    try:
        done = subprocess.run(
            [path, "--version"],
            capture_output=True,
            text=True,
            timeout=60,
            env={"PATH": os.environ.get("PATH", os.defpath), "DISABLE_AUTOUPDATER": "1"},
            stdin=subprocess.DEVNULL,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise BadInput(f"cannot run Claude Code at {path}: {error}", hint=INSTALL) from error
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        raise BadInput(f"{path} --version failed (exit {done.returncode})", hint=INSTALL)
    return lines[0].strip()
