"""The writes of the own config's put-back (`own_config.py`), failing closed.

A command could keep a setting that runs commands (`core.fsmonitor`) past the put-back by
leaving `.git/config.lock`: git's `config --unset-all` then fails ("could not lock config
file"), and that failure went unread, so the user's next `git status` ran the model's
command. Now a lock the command made (a file standing since the look; agents' own lock
is held, so no git of agents' is writing) is removed first, named; every git write's
status is read; and after the put-back the settings are read again: one that did not
take raises (`PutBackFailures.each` names the place). The failed place is then made inert
(`make_inert`): the settings written into a copy of the config file, put in its place at
once (never through git's lock), or, where even that fails, the config left with no
permission bits: the user's git then refuses it instead of running the model's command.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from cleveragents.adapters.git.git_failures import check
from cleveragents.domain.command_saves import shown_path
from cleveragents.domain.git_programs import harmless, harmless_change
from cleveragents.domain.shown_text import visible
from cleveragents.errors import GitFailed

if TYPE_CHECKING:
    from cleveragents.adapters.git.own_config import OwnConfig, Settings
    from cleveragents.adapters.git.repository import GitRepository
    from cleveragents.domain.box_holds import Held

SLACK = 50_000_000  # ns: a file's ctime may lag the clock read at the look by a tick
UNSET_NONE = 5  # `git config --unset-all` of a key not there: nothing to do


def parse(out: bytes) -> dict[str, list[str]]:
    """The settings not known harmless of `git config -lz` output, each key's values."""
    found: dict[str, list[str]] = {}
    for record in out.decode("utf-8", "surrogateescape").split("\0"):
        key, _, value = record.partition("\n")
        if key and not harmless(key):
            found.setdefault(key, []).append(value)
    return found


def set_values(
    repo: GitRepository, path: Path, key: str, values: list[str], at: int | None
) -> list[str]:
    """`key` of the config at `path` given `values` (none: removed), raising when git
    could not; first a `config.lock` the command left (made since `at`) removed: its line."""
    said = drop_lock(repo.root, path, at)
    if os.path.exists(path) and not os.path.isfile(path):  # a FIFO would hold git for good
        raise GitFailed(f"{shown_path(path.name)} is no regular file: git cannot write it")
    args = ("config", "--file", str(path), "--unset-all", key)
    code, _, err = repo.git_outcome(*args)
    if code not in (0, UNSET_NONE):
        check(args, code, err)
    for value in values:
        repo.git_bytes("config", "--file", str(path), "--add", key, value)
    return said


def drop_lock(root: Path, path: Path, at: int | None) -> list[str]:
    """Remove `PATH.lock` when the command left it (no folder; changed since `at`): the
    line naming it, or none. One standing from before is left: git then fails, said."""
    lock = path.with_name(f"{path.name}.lock")
    try:
        st = lock.lstat()
    except OSError:
        return []
    if at is None or stat.S_ISDIR(st.st_mode) or st.st_ctime_ns < at - SLACK:
        return []
    try:
        lock.unlink()
    except OSError:
        return []  # git fails on it next: that failure is raised and said
    shown = shown_path(os.path.relpath(lock, root))
    return [f"removed {shown}: the command left it, and it kept git from putting back the config"]


def differing(
    config: OwnConfig, before: Settings, holds: Held
) -> list[tuple[str, str, list[str], list[str]]]:
    """Each setting not known harmless that differs from `before` as read now: its
    config's name, key, values before and now; none in a config the box `holds`."""
    found: list[tuple[str, str, list[str], list[str]]] = []
    root, now = os.path.realpath(config.repo.root), config.settings_now()
    for name in sorted({*before, *now}):
        real = os.path.realpath(config._path(name))  # a link's target: maybe the tree's
        if holds is not None and holds.holds_at(root, real):
            continue  # out of the command's reach: the user's `git config` meanwhile
        was, is_now = before.get(name, {}), now.get(name, {})
        for key in sorted({*was, *is_now}):
            old, new = was.get(key, []), is_now.get(key, [])
            if old != new and not harmless_change(
                key, old, new, submodule=config._in_tree(name, new)
            ):
                found.append((name, key, old, new))
    return found


def check_taken(config: OwnConfig, before: Settings, holds: Held) -> None:
    """Raise when a setting not known harmless still differs from `before` (read again)."""
    left = differing(config, before, holds)
    if left:
        keys = ", ".join(sorted({visible(key, one_line=True) for _, key, _, _ in left}))
        raise GitFailed(f"git config {keys} still differs from before the command")


def make_inert(config: OwnConfig, before: Settings | None, holds: Held = None) -> list[str]:
    """After a failed put-back: each config whose settings still differ from `before`
    written back in a copy put in its place, or left with no permission bits; a line each."""
    if before is None:  # pragma: no cover - a look held on disk by an older agents
        return []
    changes: dict[str, dict[str, list[str]]] = {}
    for name, key, old, _ in differing(config, before, holds):
        changes.setdefault(name, {})[key] = old
    lines: list[str] = []
    for name, settings in sorted(changes.items()):
        path = config._path(name)
        shown = shown_path(os.path.relpath(path, config.repo.root))
        keys = ", ".join(sorted(visible(key, one_line=True) for key in settings))
        try:
            rewrite(config.repo, path, settings)
            lines.append(f"wrote {keys} back into {shown} itself, not through git's lock")
        except Exception as error:  # any failure: the file is then left unreadable
            why = visible(str(error), one_line=True)
            try:
                os.chmod(path, 0)
            except OSError as also:
                why = visible(also.strerror or str(also), one_line=True)
                lines.append(f"could not make {shown} inert ({why}): remove {keys} from it")
                continue
            lines.append(
                f"left {shown} with no permission bits (writing {keys} back failed: {why}); "
                f"remove {keys} from it, then `chmod 644 {shown}`: until then git refuses it"
            )
    return lines


def rewrite(repo: GitRepository, path: Path, settings: dict[str, list[str]]) -> None:
    """`settings` written into a copy of the config at `path` (git locks the copy's own
    name), read back, then put in its place at once; raising when any of that fails."""
    if not stat.S_ISREG(path.lstat().st_mode):  # a FIFO would hold the read for good
        raise GitFailed(f"{shown_path(path.name)} is no regular file")
    fd, name = tempfile.mkstemp(prefix=f"{path.name}.cleveragents-", dir=path.parent)
    copy = Path(name)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(path.read_bytes())
        os.chmod(copy, stat.S_IMODE(path.stat().st_mode))
        for key, values in settings.items():
            set_values(repo, copy, key, values, None)
        now = parse(repo.git_bytes("config", "--file", str(copy), "--no-includes", "-lz"))
        if any(now.get(key, []) != values for key, values in settings.items()):
            raise GitFailed(f"{shown_path(path.name)}: the copy still differs once written")
        os.replace(copy, path)
    except BaseException:
        with contextlib.suppress(OSError):
            copy.unlink()
        raise
