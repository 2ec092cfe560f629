"""The JSON documents of `agents hooks`: import them from `domain/documents.py`, which
lists them by name (this module needs its `Document` defined first)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from cleveragents.domain.documents import Document


class HookPlace(BaseModel):
    """One Claude Code settings file and what it holds of our hooks."""

    path: str
    installed: bool
    events: list[str] = Field(description="The hook events our hook is installed for.")
    enforce_policy: bool = Field(description="Whether it denies what our policy refuses.")
    allow_commands: list[str]
    user: bool = Field(description="The user's own settings, not the repository's.")
    git_ignored: bool | None = Field(description="Whether git ignores the repo's file, or null.")
    disabled_by: dict[str, str] | None = Field(
        default=None, description="The file and key turning every hook off (null: none)."
    )
    here: str | None = Field(default=None, description="Whether a user install stands aside here.")


class HookInstalled(HookPlace, Document):
    """`agents hooks install claude-code --json`: the settings file as installed."""


class HookUninstalled(Document):
    """`agents hooks uninstall claude-code --json`."""

    path: str
    removed: bool = Field(description="False when nothing of ours was there.")


class HookStatus(Document):
    """`agents hooks status --json`: the repository's settings (in one) and the user's."""

    claude_code: list[HookPlace]
    vouched: list[str] = Field(description="The programs you vouched for (`hooks vouch`).")
    vouch_file: str = Field(description="The file that keeps them, outside any repository.")


class HookVouched(Document):
    """`agents hooks vouch NAME --json` and `agents hooks unvouch NAME --json`."""

    program: str = Field(description="The program, as kept: a bare name or an absolute path.")
    vouched: bool = Field(description="Whether it is vouched for now.")
    changed: bool = Field(description="False when it already stood so (or agents knows it).")
    vouched_programs: list[str] = Field(description="Every program vouched for now.")
    vouch_file: str
