"""The one place that moves and deletes refs: `update` and `delete`.

A checkpoint ref is moved in-process, as `git update-ref REF NEW OLD` does with the files
backend: one git process less per checkpoint (2-3 ms, most of a step's git time once the
tree is built in-process).

Git's own locking is kept: `<ref>.lock` is created exclusively (a git or agents command
holding it makes this fail, as it makes git fail), the ref's value is checked to still be
OLD (its loose file, else `packed-refs`), NEW is written into the lock file, which is then
renamed over the ref. No hook runs for it (ours run none: `core.hooksPath=/dev/null`).

Where git would do more or otherwise, git does it (`move` returns False before taking the
lock): a reflog for the ref (one exists, or `core.logAllRefUpdates=always`), another ref
storage (`extensions.refStorage`), shared-repository permissions, fsync of references
(`core.fsync`), or a ref that is not a plain loose or packed value.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Mapping
from pathlib import Path

from cleveragents.adapters.git.modes import OBJECT_ID
from cleveragents.adapters.git.repository import GitRepository


class Moved(Exception):
    """The ref is not where the caller said it was (or is locked): nothing changed."""


def update(
    repo: GitRepository,
    ref: str,
    new: str,
    old: str | None,
    config: Callable[[], Mapping[str, str | None]] | None = None,
) -> None:
    """Point `ref` at `new` if it points at `old` now (None: if it does not exist): with
    `config` (the repository's settings, `settings.read`) in-process where that is exactly
    what git would do (a ref that exists already, settings that ask nothing more), else
    `update-ref`. Raises `Moved` (in-process) or `GitFailed` (git) where it did not move."""
    settled = old is not None and config is not None and in_process(config())
    if settled and move(repo.common_dir, ref, new, old):
        return
    repo.git("update-ref", ref, new, old or "0" * len(new))


def delete(repo: GitRepository, ref: str, old: str | None = None) -> None:
    """Delete `ref` (and its reflog), if it points at `old` when one is given."""
    repo.git("update-ref", "-d", ref, *([old] if old else []))


def in_process(config: Mapping[str, str | None]) -> bool:
    """Whether the repository's settings (`settings.read`) leave a ref update to what
    `move` does."""
    storage = config.get("extensions.refstorage") or "files"
    logs = config.get("core.logallrefupdates") or ""
    return (
        storage.lower() == "files"
        and logs.strip().lower() != "always"
        and "core.sharedrepository" not in config
        and "core.fsync" not in config
        and "core.fsyncmethod" not in config
    )


def move(common_dir: Path, ref: str, new: str, old: str | None) -> bool:
    """Point `ref` at `new` if it points at `old` now (None: if it does not exist). False
    when git must do it (see the module's notes); raises `Moved` when git would refuse."""
    if os.path.lexists(common_dir / "logs" / ref):
        return False
    target = common_dir / ref
    lock = target.with_name(target.name + ".lock")
    try:
        handle = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except FileNotFoundError:
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError:  # a file where a folder of the ref must be: git says what
            return False
        handle = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except FileExistsError as error:
        raise Moved(f"Unable to create '{lock}': File exists.") from error
    try:
        with os.fdopen(handle, "wb") as out:
            now = _value(common_dir, ref)
            if now is False:
                os.unlink(lock)
                return False
            if now != old:
                raise Moved(f"cannot lock ref '{ref}': is at {now} but expected {old}")
            out.write(f"{new}\n".encode())
        os.replace(lock, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(lock)
        raise
    return True


def _value(common_dir: Path, ref: str) -> str | bool | None:
    try:
        data = (common_dir / ref).read_bytes()
    except (FileNotFoundError, NotADirectoryError):
        return _packed(common_dir, ref)
    except OSError:
        return False
    found = OBJECT_ID.fullmatch(data.rstrip(b"\n"))
    return found.group().decode() if found and data.endswith(b"\n") else False


def _packed(common_dir: Path, ref: str) -> str | bool | None:
    try:
        text = (common_dir / "packed-refs").read_bytes()
    except FileNotFoundError:
        return None
    except OSError:
        return False
    name = ref.encode("utf-8", "surrogateescape")
    for line in text.splitlines():
        oid, _, rest = line.partition(b" ")
        if rest == name:
            return oid.decode() if OBJECT_ID.fullmatch(oid) else False
    return None
