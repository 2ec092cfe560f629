"""What the actor knew: a pointer into the message tree plus a small content-addressed blob."""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Message(BaseModel):
    """One message of a plan's conversation. Messages form a tree: a revert branches it."""

    model_config = ConfigDict(frozen=True)

    id: int
    plan_id: str
    parent_id: int | None
    role: str
    content: str
    created_at: datetime


class ActorState(BaseModel):
    """The actor's context at one moment; `key` addresses it by content."""

    model_config = ConfigDict(frozen=True)

    message_id: int | None = None
    data: dict[str, Any] = Field(default_factory=dict)

    @property
    def key(self) -> str:
        canonical = json.dumps(
            {"message_id": self.message_id, "data": self.data},
            sort_keys=True,
            separators=(",", ":"),
        )
        return hashlib.sha256(canonical.encode()).hexdigest()[:32]
