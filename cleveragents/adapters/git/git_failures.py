"""What a failed git run said, as one `GitFailed` in git's own words."""

from __future__ import annotations

from cleveragents.errors import GitFailed


def check(args: list[str] | tuple[str, ...], status: int, stderr: bytes) -> None:
    """Raise `GitFailed` in git's own words where git failed."""
    if status != 0:
        reason = _reason(stderr, status)
        failed = GitFailed(
            f"git {_subcommand(list(args))} failed: {reason}",
            # git's own advice for a lock file it found, in one line
            hint="another git or agents command is working here; once none is, remove that "
            "file, then retry"
            if reason.startswith("Unable to create") and reason.endswith("File exists.")
            else None,
        )
        failed.status = status
        failed.stderr = stderr.decode("utf-8", "replace")
        raise failed


def _subcommand(args: list[str]) -> str:
    """The git command `args` run, past the `-c NAME=VALUE` settings before it."""
    rest = iter(args)
    for arg in rest:
        if arg == "-c":
            next(rest, None)
        elif not arg.startswith("-"):
            return arg
    return args[0] if args else "git"


def _reason(stderr: bytes, status: int) -> str:
    """git's own words: its `error:` lines (which name the path), else its `fatal:` line
    (not the advice after it: "Unable to create '.../index.lock': File exists." is
    followed by five lines ending "remove the file manually to continue."), else its last."""
    text = stderr.decode("utf-8", "replace").strip()
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    errors = [line.removeprefix("error: ") for line in lines if line.startswith("error: ")]
    if errors:
        return "; ".join(errors[:5]) + (f" (and {len(errors) - 5} more)" if len(errors) > 5 else "")
    fatal = [line.removeprefix("fatal: ") for line in lines if line.startswith("fatal: ")]
    return fatal[0] if fatal else lines[-1] if lines else f"exit {status}"
