"""Rewrite a plan's records on a bare remote, as anyone who can push there could."""

from __future__ import annotations

import json
import os
import subprocess


def _git(remote: str, *args: str, stdin: bytes | None = None) -> str:
    done = subprocess.run(
        ["git", "-C", remote, *args],
        input=stdin,
        capture_output=True,
        check=True,
        env={
            **os.environ,
            "GIT_AUTHOR_NAME": "a",
            "GIT_AUTHOR_EMAIL": "a@b",
            "GIT_COMMITTER_NAME": "a",
            "GIT_COMMITTER_EMAIL": "a@b",
        },
    )
    return done.stdout.decode().strip()


def set_the_plan_record_field(remote: str, plan: str, field: str, value: str) -> None:
    """The plan record's `body` field `field` (dotted: `actor.source`) set to `value`, in a
    new records commit on top of the remote's."""
    ref = f"refs/cleveragents/records/{plan}"
    text = _git(remote, "show", f"{ref}:records.jsonl")
    records = [json.loads(line) for line in text.splitlines()]
    *path, last = field.split(".")
    for record in records:
        if record["type"] == "plan":
            place = record["body"]
            for part in path:
                place = place[part]
            place[last] = value
    forged = b"".join(json.dumps(r, sort_keys=True).encode() + b"\n" for r in records)
    blob = _git(remote, "hash-object", "-w", "--stdin", stdin=forged)
    tree = _git(remote, "mktree", stdin=f"100644 blob {blob}\trecords.jsonl\n".encode())
    parent = _git(remote, "rev-parse", ref)
    _git(remote, "update-ref", ref, _git(remote, "commit-tree", tree, "-p", parent, "-m", "forged"))
