"""The bytes of a plan that tell what its ignored files held, beside today's tree: the files
it saved for undo (`saved_files.py`: an ignored `.env` as it was before a command rotated
a key in it or removed it), and the files its checkpoints carry that its first checkpoint
did not (`cp .env .env.bak`, where `.env.bak` is not ignored, travels in a checkpoint).

Bounded: at most MOST_BLOBS files of each kind, each of at most MOST_BYTES (a bigger one is
not read), MOST_TOTAL bytes in all; a file holding a NUL byte is taken as binary and left.
"""

from __future__ import annotations

import os

from cleveragents.adapters.git.objects import ObjectStore
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.git.saved_names import ESCAPE
from cleveragents.domain.plan_refs import checkpoints_ref, saved_ref
from cleveragents.errors import GitFailed

MOST_BLOBS = 2000
MOST_BYTES = 1 << 20
MOST_TOTAL = 32 << 20


def saved_texts(repo: GitRepository, plan_id: str) -> dict[str, list[str]]:
    """The texts of the files `plan_id` saved for undo, every version, by path; those its
    first checkpoint holds (the user's own tracked or untracked files, saved for their
    modes) and a nested repository's `.git` left out."""
    tip = _tip(repo, saved_ref(plan_id))
    if tip is None:
        return {}
    root = _roots(repo, checkpoints_ref(plan_id))
    shown = set(_listing(repo, "ls-tree", "-r", "-z", "--name-only", root[0])) if root else set()
    blobs = [
        (oid, path) for oid, path in _blobs(repo, tip) if path not in shown and ESCAPE not in path
    ]
    return _grouped(repo, blobs)


def carried_texts(repo: GitRepository, plan_id: str) -> dict[str, list[str]]:
    """The texts of the files the checkpoints of `plan_id` carry that its first checkpoint
    did not, by path: what the plan's commands and actions wrote that travels."""
    ref = checkpoints_ref(plan_id)
    tip = _tip(repo, ref)
    if tip is None:
        return {}
    roots = _roots(repo, ref)
    return _grouped(repo, list(_blobs(repo, tip, *(f"^{r}" for r in roots))))


def _grouped(repo: GitRepository, blobs: list[tuple[str, str]]) -> dict[str, list[str]]:
    blobs = blobs[:MOST_BLOBS]
    objects = ObjectStore(repo)
    sizes = objects.sizes([oid for oid, _ in blobs])
    wanted, total = [], 0
    for oid, path in blobs:
        size = sizes.get(oid, MOST_BYTES + 1)
        if size <= MOST_BYTES and total + size <= MOST_TOTAL:
            wanted.append((oid, path))
            total += size
    read = objects.read(oid for oid, _ in wanted)
    texts: dict[str, list[str]] = {}
    for oid, path in wanted:
        got = read.get(oid)
        if got is not None and got[0] == b"blob" and b"\0" not in got[1]:
            texts.setdefault(path, []).append(got[1].decode("utf-8", "replace"))
    return texts


def _tip(repo: GitRepository, ref: str) -> str | None:
    try:
        return repo.git("rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}").strip() or None
    except GitFailed:
        return None


def _roots(repo: GitRepository, ref: str) -> list[str]:
    tip = _tip(repo, ref)
    return repo.git("rev-list", "--max-parents=0", tip).split() if tip else []


def _blobs(repo: GitRepository, *commits: str) -> list[tuple[str, str]]:
    """(blob id, path) of each blob the chains of `commits` hold (`^C`: not those of C)."""
    out = repo.git_bytes("rev-list", "--objects", "--filter=object:type=blob", *commits)
    found = []
    for line in out.split(b"\n"):
        oid, _, path = line.partition(b" ")
        if path:
            found.append((oid.decode(), os.fsdecode(path)))
    return found


def _listing(repo: GitRepository, *args: str) -> list[str]:
    return [os.fsdecode(p) for p in repo.git_bytes(*args).split(b"\0") if p]
