"""What the actor knew: a pointer into the message tree plus a small content-addressed blob."""

from __future__ import annotations

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
    """The actor's context at one moment. The store addresses it by content: saving it
    returns its key, stored as parts that states share (a long plan's steps once)."""

    model_config = ConfigDict(frozen=True)

    message_id: int | None = None
    data: dict[str, Any] = Field(default_factory=dict)
