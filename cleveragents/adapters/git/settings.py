"""The few git settings that decide whether our in-process shortcuts mirror git exactly,
read in one `git config` run per command (the user's, the repository's and the system's
files, as git reads them; keys come back lower-case)."""

from __future__ import annotations

import re
import stat
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


def shared(settings: Mapping[str, str | None]) -> int:
    """`core.sharedRepository` as git reads it (`git_config_perm`): 0 when the umask alone
    decides, 0o660 for group, 0o664 for everybody, or a file mode given in octal as its
    negative (it replaces the permission bits, instead of adding to them)."""
    if "core.sharedrepository" not in settings:
        return 0
    value = settings["core.sharedrepository"]
    if value is None:
        return 0o660
    words = {"umask": 0, "group": 0o660, "all": 0o664, "world": 0o664, "everybody": 0o664}
    if value in words:
        return words[value]
    if not re.fullmatch(r"\s*[-+]?[0-7]+|", value):  # no octal number: a boolean
        return 0o660 if flag(settings, "core.sharedrepository", False) else 0
    number = int(value or "0", 8)
    if number in (0, 1, 2):  # git's old spellings of umask, group and everybody
        return (0, 0o660, 0o664)[number]
    return -(number & 0o666)  # git refuses a mode without 0600; so does every git command


def shared_folder_mode(shared: int, mode: int) -> int:
    """The permission bits git gives a folder it made with `mode` in a shared repository
    (`adjust_shared_perm`): `shared` as `shared()` returns it."""
    tweak = -shared if shared < 0 else shared
    if not mode & stat.S_IWUSR:
        tweak &= ~0o222
    if mode & stat.S_IXUSR:
        tweak |= (tweak & 0o444) >> 2  # read bits copied to execute bits
    new = (mode & ~0o777) | tweak if shared < 0 else mode | tweak
    new |= (new & 0o444) >> 2
    if new & 0o060:  # set-group-id matters only where the group has access
        new |= stat.S_ISGID
    return new
