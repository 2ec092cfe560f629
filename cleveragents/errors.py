"""One error tree; each error carries the exit code the CLI returns for it (DESIGN.md)."""

from __future__ import annotations

from typing import ClassVar


class CleverAgentsError(Exception):
    """An error the user can act on: one clear line, and what to do next."""

    exit_code = 1
    kind = "error"

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def line(self) -> str:
        """The single stderr line: the fact, then what to do about it."""
        return f"{self.message} ({self.hint})" if self.hint else self.message


class BadInput(CleverAgentsError):
    """Unknown id, bad file, bad path, not a repository: exit 2."""

    exit_code = 2
    kind = "bad_input"


class NotAGitRepository(BadInput):
    kind = "not_a_git_repository"


class UnknownPlan(BadInput):
    kind = "unknown_plan"


class UnknownDecision(BadInput):
    kind = "unknown_decision"


class InvalidPlanFile(BadInput):
    kind = "invalid_plan_file"


class PathRefused(BadInput):
    """An action named a path outside the working tree, or inside `.git`."""

    kind = "path_refused"


class ConflictingState(CleverAgentsError):
    """Locked plan or a store/repository in a state we refuse to touch: exit 3."""

    exit_code = 3
    kind = "conflict"


class GitFailed(ConflictingState):
    """A git plumbing command failed; nothing of the user's was changed by us."""

    kind = "git_failed"
    status: object = None  # git's exit status, when it ran
    stderr: str = ""  # all git said on stderr, when it ran


class PlanFailed(CleverAgentsError):
    """The plan ran and failed or was cancelled: exit 1."""

    exit_code = 1
    kind = "plan_failed"


class BudgetExhausted(CleverAgentsError):
    """A budget ran out: the plan stops with a partial result, resumable. Exit 4."""

    exit_code = 4
    kind = "budget_exhausted"


class ActorUnavailable(CleverAgentsError):
    """The actor (a model's service) could not answer: the plan stops, resumable. Exit 1."""

    exit_code = 1
    kind = "actor_unavailable"


class PageUnavailable(ActorUnavailable):
    """The plan's page could not be opened or read (nothing listens, a name that does not
    resolve, a page that blocks its own main thread): the plan stops as when the model's
    service fails, resumable once the site answers."""

    kind = "page_unavailable"


class Cancelled(CleverAgentsError):
    """The person said no when asked: nothing was changed. Exit 3, as for a conflict
    refused without a terminal to ask on (1 says a plan failed; nothing ran here)."""

    exit_code = 3
    kind = "cancelled"


class Interrupted(KeyboardInterrupt):
    """Ctrl-C, SIGTERM, SIGHUP, or a closed terminal or pipe: the command stops. Exit 130.

    A KeyboardInterrupt, so everything that cleans up after Ctrl-C cleans up after these
    too. `outcome` says what became of the operation it stopped, once that is settled.
    """

    exit_code = 130
    # Typer turns a KeyboardInterrupt into a bare exit 130: the newest one says why.
    latest: ClassVar[Interrupted | None] = None

    def __init__(self, cause: str = "SIGINT", outcome: str | None = None) -> None:
        super().__init__(cause)
        self.cause = cause
        self.outcome = outcome
        self.failed: list[str] = []  # the places its command's put-back could not take back
        Interrupted.latest = self

    def line(self) -> str:
        """The single stderr line: what stopped the command and where that leaves things."""
        return f"interrupted ({self.cause}): " + (
            self.outcome or "what was recorded before stays; see `agents plan ops`"
        )


class ReaderLeft(Interrupted):
    """The reader of a read-only command's output left (`agents plan tree | head`): the
    command ends there, quietly, with exit 0."""

    exit_code = 0

    def __init__(self) -> None:
        super().__init__("stdout closed")


def interrupted_by(stop: BaseException) -> str:
    """A plan's outcome when `stop` cut it short: `interrupted (SIGTERM)`."""
    if not isinstance(stop, Interrupted):
        return "interrupted"
    return f"interrupted ({stop.cause})" + "".join(f"; {line}" for line in stop.failed)


class FileSystemRefused(ConflictingState):
    """The file system refused a write or a removal: a path made immutable (`chattr +i`), no
    permission, a read-only file system, a full disk or quota. A condition of the machine,
    not a bug: exit 3, the path named, and what to do."""

    kind = "file_system"


# The errors of a file system that refuses (errno): not a bug of ours, the machine's state.
REFUSING = {1: "EPERM", 13: "EACCES", 28: "ENOSPC", 30: "EROFS", 122: "EDQUOT"}
FULL = (28, 122)


def file_system_refusal(error: BaseException, pathless: bool = True) -> FileSystemRefused | None:
    """`error` as one line naming the path and what to do, when a file system refused (its
    OSError, or SQLite's full disk); None for any other error. `pathless` False: not an
    OSError naming no file (stdout's, on a full device: the command's own writes name theirs,
    or come through an operation, which says what it could not change)."""
    from cleveragents.domain.shown_text import visible

    found: BaseException | None = error
    while found is not None and not _refusing(found, pathless):
        found = found.__cause__  # what it was raised from; not one it was raised while handling
    if found is None:
        return None
    if isinstance(found, FileSystemRefused):
        return found
    if not isinstance(found, OSError):  # SQLite's: its file is the plan store's
        what, full = "the plan store (.git/cleveragents)", True
        why = "no space left on device"
    else:
        where = found.filename
        what = "the working tree or its checkpoints" if where is None else visible(str(where), True)
        full, why = found.errno in FULL, (found.strerror or str(found)).lower()
    hint = (
        "free space on that file system, then run the command again"
        if full
        else "make it writable (`chattr -i` if `lsattr` shows it immutable, or its mode), "
        "then run the command again"
    )
    return FileSystemRefused(f"cannot change {what}: {why}", hint=hint)


def _refusing(error: BaseException, pathless: bool) -> bool:
    if isinstance(error, FileSystemRefused):
        return True
    if isinstance(error, OSError):
        return error.errno in REFUSING and (pathless or error.filename is not None)
    # sqlite3.OperationalError, not imported here (the read-only views start light)
    return type(error).__name__ == "OperationalError" and "disk is full" in str(error)
