"""Where a plan's refs live in the repository: all under `refs/cleveragents/`, none of the
user's. Checkpoints, commit on commit, keep every checkpoint reachable; records exist once
a plan was pushed, pulled or exported (`adapters/git/remotes.py`); a fetch lands under
INCOMING before a pull decides what to take. Files saved for undo (the user's ignored
files, nested repositories whole) are commits on SAVED, a chain of their own that no
push, pull or export ever sends; no checkpoint has one as a parent."""

from typing import NamedTuple

PLANS = "refs/cleveragents/plans/"
RECORDS = "refs/cleveragents/records/"
INCOMING = "refs/cleveragents/incoming/"
SAVED = "refs/cleveragents/saved/"
# The subjects of the commits of files saved for undo (older versions put them among the
# checkpoints: such a chain is never sent).
SAVED_SUBJECTS = ("cleveragents saved files: ", "cleveragents removed files: ")


class Fetched(NamedTuple):
    """A plan's refs as a fetch found them: its records commit, and its checkpoint commit
    (None when it has none there)."""

    records: str
    checkpoints: str | None


def checkpoints_ref(plan_id: str) -> str:
    return f"{PLANS}{plan_id}"


def records_ref(plan_id: str) -> str:
    return f"{RECORDS}{plan_id}"


def saved_ref(plan_id: str) -> str:
    return f"{SAVED}{plan_id}"


def holds_saved_files(commit: bytes) -> bool:
    """Whether the commit object's bytes are those of files saved for undo (its message
    opens with a saved-files subject): a checkpoint named as saved files is not."""
    message = commit.partition(b"\n\n")[2]
    return message.startswith(tuple(subject.encode() for subject in SAVED_SUBJECTS))
