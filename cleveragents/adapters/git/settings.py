"""The few git settings that decide whether our in-process shortcuts mirror git exactly,
read in one `git config` run per command (the user's, the repository's and the system's
files, as git reads them; keys come back lower-case)."""

from __future__ import annotations

from collections.abc import Mapping

from cleveragents.adapters.git.repository import GitRepository
from cleveragents.errors import GitFailed

KEYS = (
    r"^(core\.(filemode|symlinks|ignorecase|logallrefupdates|sharedrepository|fsync"
    r"|fsyncmethod|excludesfile)|extensions\.refstorage)$"
)


def read(repo: GitRepository, env: Mapping[str, str]) -> dict[str, str | None]:
    """Each of `KEYS` that is set: its last value (None: set with no `=` at all)."""
    try:
        out = repo.git_bytes("config", "--null", "--get-regexp", KEYS, env=env)
    except GitFailed:  # exit 1: none of them is set
        return {}
    found: dict[str, str | None] = {}
    for record in out.split(b"\0"):
        if record:
            key, newline, value = record.partition(b"\n")
            text = value.decode("utf-8", "surrogateescape")
            found[key.decode("utf-8", "surrogateescape")] = text if newline else None
    return found


def flag(settings: Mapping[str, str | None], key: str, default: bool) -> bool | None:
    """A boolean setting as git reads it; None when its value is no boolean git knows."""
    if key not in settings:
        return default
    value = settings[key]
    if value is None:
        return True
    word = value.strip().lower()
    if word in ("true", "yes", "on"):
        return True
    if word in ("false", "no", "off", ""):
        return False
    try:
        return int(word, 0) != 0
    except ValueError:
        return None
