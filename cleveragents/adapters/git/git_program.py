"""The git program the runner starts: where it is, and the command lines it is given, logged."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path

from cleveragents.errors import GitFailed


def git_executable(place: Path) -> str:
    """Where `git` is for the working tree `place` lies in: found on PATH once, never in a
    folder of that tree, where a model's command could have planted one (`host_programs`)."""
    from cleveragents.adapters import host_programs

    found = host_programs.find("git", host_programs.tree_of(place))
    if found is None:  # pragma: no cover - git is a prerequisite
        raise GitFailed(
            "git is not installed, or only in a folder of the working tree on PATH",
            hint="install git",
        )
    return found


def trace(command: list[str], cwd: Path, env: Mapping[str, str] | None = None) -> None:
    """Log a git command line at INFO (`agents -v`), with its directory and the environment
    we give it at DEBUG (`-vv`).

    When nothing imported `logging`, nothing configured it and no record could show: it is
    not imported here for that, as it would cost a read-only view a tenth of its start-up.
    """
    logging = sys.modules.get("logging")
    if logging is None:
        return
    logger = logging.getLogger("cleveragents.git")
    if not logger.isEnabledFor(logging.INFO):
        return
    import shlex

    line = shlex.join(command)
    if logger.isEnabledFor(logging.DEBUG):
        given = " ".join(f"{k}={shlex.quote(v)}" for k, v in (env or {}).items())
        line = f"{line}  (in {cwd}{'; ' + given if given else ''})"
    logger.info("%s", line)
