"""Diffs, edits and merges of trees: the mechanism behind restores of chosen paths.

A scoped restore is an ordinary restore to a tree made for it: the working tree's own
snapshot with the chosen paths taken from the target (or merged), written through a scratch
index, so the user's index and the working tree are not involved until the restore itself.
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path

from cleveragents.adapters.git.nested import OF_TREES
from cleveragents.adapters.git.objects import ObjectStore
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.domain.checkpoint import Differences, TreeEntry

# One record of `git diff-* --raw`: (mode before, mode after, id before, id after, status).
Raw = tuple[str, str, str, str, str]


def raw_records(out: bytes) -> list[dict[str, Raw]]:
    """What `git diff-tree|diff-index|diff-files --raw -z --no-renames` printed, by path:
    one group, or with `diff-tree --stdin` one per pair asked, each after the line that
    names the pair (`BEFORE AFTER`), which no record starts as (records start with `:`)."""
    found: list[dict[str, Raw]] = []
    at = 0
    while at < len(out):
        if out[at : at + 1] != b":":  # a pair's header
            at = out.index(b"\n", at) + 1
            found.append({})
            continue
        meta_end = out.index(b"\0", at)
        name_end = out.index(b"\0", meta_end + 1)
        mode_a, mode_b, oid_a, oid_b, status = out[at + 1 : meta_end].decode().split()
        path = out[meta_end + 1 : name_end].decode("utf-8", "surrogateescape")
        if not found:
            found.append({})
        found[-1][path] = (mode_a, mode_b, oid_a, oid_b, status)
        at = name_end + 1
    return found


def _differences(records: dict[str, Raw]) -> Differences:
    return {
        path: (TreeEntry(mode_a, oid_a), TreeEntry(mode_b, oid_b))
        for path, (mode_a, mode_b, oid_a, oid_b, _) in records.items()
    }


def raw_diff(repo: GitRepository, before: str, after: str) -> Differences:
    """Each path that differs between two trees, with its entry in each."""
    out = repo.git_bytes("diff-tree", "-r", "--raw", "-z", "--no-renames", OF_TREES, before, after)
    return _differences(raw_records(out)[0]) if out else {}


def raw_diffs(repo: GitRepository, pairs: Sequence[tuple[str, str]]) -> list[Differences]:
    """`raw_diff` of each pair of trees, from one git process (`diff-tree --stdin`); as
    opaque to nested repositories (a `.gitmodules`' `update = !cmd` stops git otherwise)."""
    if not pairs:
        return []
    asked = "".join(f"{before} {after}\n" for before, after in pairs).encode()
    args = ["-r", "--raw", "-z", "--no-renames", OF_TREES, "--stdin"]
    out = repo.git_bytes("diff-tree", *args, stdin=asked)
    found = [_differences(records) for records in raw_records(out)]
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


def edited_tree(objects: ObjectStore, base: str, changes: dict[str, TreeEntry]) -> str:
    """`base` with each path of `changes` set to its entry (ABSENT removes it)."""
    if not changes:
        return base
    records = []
    for path, entry in changes.items():
        if entry.absent:
            records.append(f"0 {'0' * len(entry.blob)}\t{path}")
        else:
            records.append(f"{entry.mode} {entry.blob}\t{path}")
    listing = "\0".join(records).encode("utf-8", "surrogateescape") + b"\0"
    return objects.tree_of_paths(listing, base)


def merge_text(
    repo: GitRepository, mine: bytes, base: bytes, theirs: bytes, labels: tuple[str, str, str]
) -> tuple[bytes, int] | None:
    """`git merge-file` of three versions: the merged bytes and how many conflicts it left
    marked; None for binary content, which no text merge can hold. Run as every other git
    command is (`GitRepository.git_outcome`), with the settings that keep git from running
    anything the working tree configures."""
    if any(b"\0" in data for data in (mine, base, theirs)):
        return None
    with tempfile.TemporaryDirectory(prefix="cleveragents-merge-") as scratch:
        paths = []
        for name, data in zip(("mine", "base", "theirs"), (mine, base, theirs), strict=True):
            path = Path(scratch, name)
            path.write_bytes(data)
            paths.append(str(path))
        label_args = [arg for label in labels for arg in ("-L", label)]
        status, out, _ = repo.git_outcome("merge-file", "-p", *label_args, *paths)
    if status < 0 or status > 127:
        return None
    return out, status
