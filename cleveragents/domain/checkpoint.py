"""A checkpoint: a git commit of the whole working tree (tracked and untracked, not ignored)."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict


class Checkpoint(BaseModel):
    """`id` is the commit; `tree` is the exact state identity of the files."""

    model_config = ConfigDict(frozen=True)

    id: str
    plan_id: str
    tree: str
    label: str
    created_at: datetime
