"""Cassettes: record every exchange with the model's service, and replay them offline.

A cassette is a folder of numbered JSON files, one exchange each: the request body as
sent and the reply as received. Replay hands the replies back in order, through the
SDK's own types, and refuses clearly when a request no longer matches the recorded one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cleveragents.errors import BadInput


class RecordingClient:
    """Wraps an SDK client; every `messages.create` is saved into the cassette folder."""

    def __init__(self, client: Any, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.messages = _Recorder(client, folder)


class ReplayClient:
    """Answers `messages.create` from a cassette: no network, no key."""

    def __init__(self, folder: Path) -> None:
        files = sorted(folder.glob("*.json")) if folder.is_dir() else []
        if not files:
            raise BadInput(
                f"no recorded exchanges in {folder}",
                hint="record some with `agents plan run TASK --record DIR`",
            )
        self.messages = _Player([(f, json.loads(f.read_text())) for f in files])


class _Recorder:
    def __init__(self, client: Any, folder: Path) -> None:
        self.client = client
        self.folder = folder
        self.count = len(list(folder.glob("*.json")))

    def create(self, **body: Any) -> Any:
        reply = self.client.messages.create(**body)
        self.count += 1
        exchange = {"request": _canonical(body), "response": reply.model_dump(mode="json")}
        path = self.folder / f"{self.count:04d}.json"
        path.write_text(json.dumps(exchange, indent=1, sort_keys=True) + "\n")
        return reply


class _Player:
    def __init__(self, exchanges: list[tuple[Path, dict[str, Any]]]) -> None:
        self.exchanges = exchanges
        self.next = 0

    def create(self, **body: Any) -> Any:
        from anthropic.types import Message

        if self.next >= len(self.exchanges):
            raise BadInput(
                f"the cassette has no exchange left after {len(self.exchanges)}",
                hint="record it again: the plan now asks more than it did",
            )
        path, exchange = self.exchanges[self.next]
        asked = _canonical(body)
        if asked != exchange["request"]:
            raise BadInput(
                f"request {self.next + 1} no longer matches {path.name}: "
                f"{_first_difference(exchange['request'], asked)}",
                hint="record the cassette again",
            )
        self.next += 1
        return Message.model_validate(exchange["response"])


def _canonical(body: dict[str, Any]) -> Any:
    """The request as plain JSON data (tool results and blocks as the SDK would send them)."""
    return json.loads(json.dumps(body, default=str, sort_keys=True))


def _first_difference(recorded: Any, asked: Any, where: str = "request") -> str:
    if isinstance(recorded, dict) and isinstance(asked, dict):
        for key in sorted(set(recorded) | set(asked)):
            if recorded.get(key) != asked.get(key):
                return _first_difference(recorded.get(key), asked.get(key), f"{where}.{key}")
    if isinstance(recorded, list) and isinstance(asked, list) and len(recorded) == len(asked):
        for i, (a, b) in enumerate(zip(recorded, asked, strict=True)):
            if a != b:
                return _first_difference(a, b, f"{where}[{i}]")
    return f"{where} was {json.dumps(recorded)[:120]}, is now {json.dumps(asked)[:120]}"
