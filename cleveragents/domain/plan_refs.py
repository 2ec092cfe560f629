"""Where a plan's refs live in the repository: all under `refs/cleveragents/`, none of the
user's. Checkpoints, commit on commit, keep every checkpoint reachable; records exist once
a plan was pushed, pulled or exported (`adapters/git/remotes.py`); a fetch lands under
INCOMING before a pull decides what to take."""

PLANS = "refs/cleveragents/plans/"
RECORDS = "refs/cleveragents/records/"
INCOMING = "refs/cleveragents/incoming/"


def checkpoints_ref(plan_id: str) -> str:
    return f"{PLANS}{plan_id}"


def records_ref(plan_id: str) -> str:
    return f"{RECORDS}{plan_id}"
