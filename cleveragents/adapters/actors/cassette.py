"""Cassettes: record every exchange with the model's service, and replay them offline.

A cassette is a folder of numbered JSON files, one exchange each: the request body and
the reply as received. Replay hands the replies back in order, through the SDK's own
types, and refuses clearly when a request no longer matches the recorded one.

Requests are kept normalised, so that a cassette recorded in one clone replays in
another: the working tree's absolute path reads `<working tree>`, and durations in
command output (`Ran 3 tests in 0.004s`, `1 passed in 0.12s`) read `<time>`.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from cleveragents.errors import BadInput

TREE = "<working tree>"
# A duration as test runners and timers print it: `0.004s`, `12 ms`, `in 3 seconds`. Not
# `5s` alone (a task's "add a 5s timeout") nor inside a word (`v1.2s`).
DURATION = re.compile(
    r"(?<![\w.])\d+\.\d+\s?(?:ms|s)\b"
    r"|\b(?:in|took|after)\s+\d+(?:\.\d+)?\s?(?:ms|s|sec|secs|seconds?)\b"
)


class RecordingClient:
    """Wraps an SDK client; every `messages.create` is saved into the cassette folder."""

    def __init__(self, client: Any, folder: Path, root: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.messages = _Recorder(client, folder, root)


class ReplayClient:
    """Answers `messages.create` from a cassette: no network, no key."""

    def __init__(self, folder: Path, root: Path) -> None:
        files = sorted(folder.glob("*.json")) if folder.is_dir() else []
        if not files:
            raise BadInput(
                f"no recorded exchanges in {folder}",
                hint="record some with `agents plan run TASK --record DIR`",
            )
        self.messages = _Player([(f, json.loads(f.read_text())) for f in files], root)


class _Recorder:
    def __init__(self, client: Any, folder: Path, root: Path) -> None:
        self.client = client
        self.folder = folder
        self.root = root
        self.count = len(list(folder.glob("*.json")))

    def create(self, **body: Any) -> Any:
        reply = self.client.messages.create(**body)
        self.count += 1
        exchange = {
            "request": normalised(body, self.root),
            "response": reply.model_dump(mode="json"),
        }
        path = self.folder / f"{self.count:04d}.json"
        path.write_text(json.dumps(exchange, indent=1, sort_keys=True) + "\n")
        return reply


class _Player:
    def __init__(self, exchanges: list[tuple[Path, dict[str, Any]]], root: Path) -> None:
        self.exchanges = exchanges
        self.root = root
        self.next = 0

    def create(self, **body: Any) -> Any:
        from anthropic.types import Message

        if self.next >= len(self.exchanges):
            raise BadInput(
                f"the cassette has no exchange left after {len(self.exchanges)}",
                hint="record it again: the plan now asks more than it did",
            )
        path, exchange = self.exchanges[self.next]
        asked = normalised(body, self.root)
        if asked != exchange["request"]:
            raise BadInput(
                f"request {self.next + 1} no longer matches {path.name}: "
                f"{first_difference(exchange['request'], asked)}",
                hint="record the cassette again",
            )
        self.next += 1
        return Message.model_validate(exchange["response"])


def normalised(body: dict[str, Any], root: Path) -> Any:
    """The request as plain JSON data, with what differs between clones and runs replaced."""
    roots = sorted({str(root), os.path.realpath(root)}, key=len, reverse=True)
    # The tree's path, where it ends a path component (not `/tmp/x/repo` in `/tmp/x/repo2`).
    tree = re.compile("|".join(re.escape(r) for r in roots) + r"(?![^/\s'\"`:;,)\]])")

    def clean(value: Any) -> Any:
        if isinstance(value, str):
            return DURATION.sub("<time>", tree.sub(TREE, value))
        if isinstance(value, list):
            return [clean(v) for v in value]
        if isinstance(value, dict):
            return {k: clean(v) for k, v in value.items()}
        return value

    return clean(json.loads(json.dumps(body, default=str, sort_keys=True)))


def first_difference(recorded: Any, asked: Any, where: str = "request") -> str:
    """Where two requests first differ; in a text, the first differing line with the one
    before it."""
    if isinstance(recorded, dict) and isinstance(asked, dict):
        for key in sorted(set(recorded) | set(asked)):
            if recorded.get(key) != asked.get(key):
                return first_difference(recorded.get(key), asked.get(key), f"{where}.{key}")
    if isinstance(recorded, list) and isinstance(asked, list) and len(recorded) == len(asked):
        for i, (a, b) in enumerate(zip(recorded, asked, strict=True)):
            if a != b:
                return first_difference(a, b, f"{where}[{i}]")
    if isinstance(recorded, str) and isinstance(asked, str):
        was, now = recorded.splitlines(), asked.splitlines()
        line = next(
            (i for i, (a, b) in enumerate(zip(was, now, strict=False)) if a != b),
            min(len(was), len(now)),
        )
        before = f" after {json.dumps(was[line - 1])[:80]}" if line else ""
        old = json.dumps(was[line])[:120] if line < len(was) else "(no line)"
        new = json.dumps(now[line])[:120] if line < len(now) else "(no line)"
        return f"{where}, line {line + 1}{before}: was {old}, is now {new}"
    return f"{where} was {json.dumps(recorded)[:120]}, is now {json.dumps(asked)[:120]}"
