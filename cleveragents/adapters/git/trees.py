"""Diffs, edits and merges of trees: the mechanism behind restores of chosen paths.

A scoped restore is an ordinary restore to a tree made for it: the working tree's own
snapshot with the chosen paths taken from the target (or merged), written through a scratch
index, so the user's index and the working tree are not involved until the restore itself.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

from cleveragents.adapters.git.nested import OF_TREES
from cleveragents.adapters.git.repository import (
    IDENTITY,
    PLUMBING_ENV,
    GitRepository,
    git_executable,
    trace,
)
from cleveragents.domain.checkpoint import Differences, TreeEntry


def raw_diff(repo: GitRepository, before: str, after: str) -> Differences:
    """Each path that differs between two trees, with its entry in each."""
    out = repo.git_bytes("diff-tree", "-r", "--raw", "-z", "--no-renames", OF_TREES, before, after)
    fields = out.split(b"\0")
    found = {}
    for meta, name in zip(fields[::2], fields[1::2], strict=False):
        mode_a, mode_b, blob_a, blob_b, _ = meta.decode().lstrip(":").split()
        path = name.decode("utf-8", "surrogateescape")
        found[path] = (TreeEntry(mode_a, blob_a), TreeEntry(mode_b, blob_b))
    return found


def raw_diffs(repo: GitRepository, pairs: Sequence[tuple[str, str]]) -> list[Differences]:
    """`raw_diff` of each pair of trees, from one git process (`diff-tree --stdin`)."""
    if not pairs:
        return []
    asked = "".join(f"{before} {after}\n" for before, after in pairs).encode()
    out = repo.git_bytes("diff-tree", "-r", "--raw", "-z", "--no-renames", "--stdin", stdin=asked)
    found: list[Differences] = []
    at = 0
    while at < len(out):
        if out[at : at + 1] != b":":  # a pair's header: `BEFORE AFTER\n`
            at = out.index(b"\n", at) + 1
            found.append({})
            continue
        meta_end = out.index(b"\0", at)
        name_end = out.index(b"\0", meta_end + 1)
        mode_a, mode_b, blob_a, blob_b, _ = out[at + 1 : meta_end].decode().split()
        path = out[meta_end + 1 : name_end].decode("utf-8", "surrogateescape")
        found[-1][path] = (TreeEntry(mode_a, blob_a), TreeEntry(mode_b, blob_b))
        at = name_end + 1
    assert len(found) == len(pairs), "git diff-tree --stdin answered another number of pairs"
    return found


def line_counts(
    repo: GitRepository, before: str, after: str
) -> dict[str, tuple[int | None, int | None]]:
    """Lines added and removed per path that differs; (None, None) for binary content."""
    args = ["-r", "--numstat", "-z", "--no-renames", "--no-textconv", OF_TREES, before, after]
    out = repo.git_bytes("diff-tree", *args)
    counts: dict[str, tuple[int | None, int | None]] = {}
    for record in out.split(b"\0"):
        if record:
            added, removed, name = record.split(b"\t", 2)
            path = name.decode("utf-8", "surrogateescape")
            counts[path] = (_count(added), _count(removed))
    return counts


def _count(field: bytes) -> int | None:
    return None if field == b"-" else int(field)


def diff_stat(repo: GitRepository, before: str, after: str, width: int) -> str:
    """git's own `--stat` of two trees, `width` columns wide, without colour."""
    return repo.git(
        "diff-tree",
        "-r",
        "--no-renames",
        "--no-color",
        "--no-textconv",
        OF_TREES,
        f"--stat={width}",
        before,
        after,
    )


def edited_tree(repo: GitRepository, base: str, changes: dict[str, TreeEntry]) -> str:
    """`base` with each path of `changes` set to its entry (ABSENT removes it)."""
    if not changes:
        return base
    records = []
    for path, entry in changes.items():
        if entry.absent:
            records.append(f"0 {'0' * len(entry.blob)}\t{path}")
        else:
            records.append(f"{entry.mode} {entry.blob}\t{path}")
    with tempfile.TemporaryDirectory(prefix="cleveragents-tree-") as scratch:
        env = {"GIT_INDEX_FILE": str(Path(scratch, "index")), **IDENTITY}
        repo.git("read-tree", base, env=env)
        listing = "\0".join(records).encode("utf-8", "surrogateescape") + b"\0"
        repo.git_with_input(listing, "update-index", "-z", "--index-info", env=env)
        return repo.git("write-tree", env=env)


def blob_of(repo: GitRepository, data: bytes) -> str:
    """Store `data` as a blob, raw, and return its id."""
    return repo.git_with_input(data, "hash-object", "-w", "--no-filters", "--stdin")


def merge_text(
    repo: GitRepository, mine: bytes, base: bytes, theirs: bytes, labels: tuple[str, str, str]
) -> tuple[bytes, int] | None:
    """`git merge-file` of three versions: the merged bytes and how many conflicts it left
    marked; None for binary content, which no text merge can hold."""
    if any(b"\0" in data for data in (mine, base, theirs)):
        return None
    with tempfile.TemporaryDirectory(prefix="cleveragents-merge-") as scratch:
        paths = []
        for name, data in zip(("mine", "base", "theirs"), (mine, base, theirs), strict=True):
            path = Path(scratch, name)
            path.write_bytes(data)
            paths.append(str(path))
        label_args = [arg for label in labels for arg in ("-L", label)]
        command = ["git", "merge-file", "-p", *label_args, *paths]
        trace(command, repo.root)
        result = subprocess.run(
            [git_executable(repo.root), *command[1:]],
            cwd=repo.root,
            env={**os.environ, **PLUMBING_ENV},
            capture_output=True,
            check=False,
        )
    if result.returncode < 0 or result.returncode > 127:
        return None
    return result.stdout, result.returncode
