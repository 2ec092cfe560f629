"""OverlayBox: a sandboxed command writes into an overlay of the tree, applied after it.

With the tree bound read-write into the sandbox, what a command makes there stands in the
user's tree while it runs: a `docs/.git` whose config names `core.fsmonitor` runs on the
host in the user's own `git status` (attack 27 F1), and what the user saves meanwhile is
not told from the command's (F2). So, before bwrap starts, the child takes a user and
mount namespace of its own (our uid and gid mapped to themselves, its mounts private)
and mounts an overlay ON the tree's root: the tree as the lower layer, a fresh upper and
work folder in `<git dir>/cleveragents/box/<pid>/` (hidden from the box, as agents' whole
folder is). bwrap's `--bind ROOT ROOT` and every read-only hold inside the tree then bind
the overlay's paths: the holds hold as before, and the real tree is never written while
the command runs. After it (bwrap gone, the mount gone with its namespace), the upper is
applied to the tree (`workspace/overlay_apply.py`). The overlay is mounted with
`userxattr,redirect_dir=nofollow,metacopy=off,index=off`: renaming a folder of the lower
layer fails with EXDEV (`mv` and `shutil.move` copy then), so the upper holds no redirect,
and each file in it holds all its bytes.

Probed once (as bwrap is): an old kernel (before 5.11), a file system that cannot be an
overlay's lower or upper layer, or no user namespaces: the commands write straight into
the tree as before, said once on stderr (and so with CLEVERAGENTS_OVERLAY=off in agents'
environment, where an overlay misbehaves). A killed agents leaves its upper behind, never
applied (as a command killed before it wrote); the next command removes it.
Cost: one mount per command, and one walk of the upper after it.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import shutil
import stat
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

CLONE_NEWNS = 0x00020000
CLONE_NEWUSER = 0x10000000
MS_BIND = 0x1000
MS_REC = 0x4000
MS_PRIVATE = 1 << 18
OPTIONS = "userxattr,redirect_dir=nofollow,metacopy=off,index=off"
PROBE_TIMEOUT = 10.0
TURNED_OFF = "CLEVERAGENTS_OVERLAY"  # `off`: commands write straight into the tree


@dataclass(frozen=True)
class Layers:
    """One command's overlay: its folder, its upper layer, its work folder."""

    folder: Path
    upper: Path
    work: Path


class OverlayBox:
    """Makes each sandboxed command's overlay, and says once whether one can be made."""

    def __init__(self, root: Path, git_dir: Path) -> None:
        self.root = root.resolve()
        self.folder = git_dir.resolve() / "cleveragents" / "box"
        self._why: str | bool | None = False  # not probed yet
        self.said = False  # why none can be made, said once

    def unavailable(self, argv: Callable[[list[str]], list[str]]) -> str | None:
        """Why no overlay can be made here (tried once: `true` in the sandbox `argv`
        makes of a command, over an overlay of the tree), or None."""
        if self._why is False:
            off = os.environ.get(TURNED_OFF) == "off"
            self._why = f"turned off ({TURNED_OFF}=off)" if off else self._probe(argv(["true"]))
        assert self._why is not True
        return self._why

    def made(self) -> Layers:
        """A fresh upper and work folder for one command; stale ones of killed runs go."""
        self.clear_stale()
        folder = self.folder / str(os.getpid())
        remove(folder)
        layers = Layers(folder, folder / "up", folder / "work")
        layers.upper.mkdir(parents=True)
        layers.work.mkdir()
        return layers

    def clear_stale(self) -> None:
        """The box folders of agents processes that are gone (killed mid-command)."""
        with contextlib.suppress(OSError), os.scandir(self.folder) as entries:
            for entry in list(entries):
                if not entry.name.isdigit() or not _alive(int(entry.name)):
                    remove(Path(entry.path))

    def enter(self, layers: Layers, pipes: Sequence[str] = ()) -> Callable[[], None]:
        """What the child does before it runs bwrap: the overlay over the tree, in
        namespaces of its own, the tree's FIFOs and sockets `pipes` (paths in it) bound
        over it from the tree (`mounted`)."""
        return _entering(str(self.root), layers, os.getuid(), os.getgid(), pipes)

    def _probe(self, argv: Sequence[str]) -> str | None:
        layers = self.made()
        try:
            tried = subprocess.run(
                argv,
                cwd=self.root,
                env={"PATH": os.defpath},
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=PROBE_TIMEOUT,
                preexec_fn=self.enter(layers),
            )
        except subprocess.SubprocessError:
            return _said(layers)
        except OSError as error:  # pragma: no cover - bwrap vanished since its own probe
            return str(error)
        finally:
            remove(layers.folder)
        if tried.returncode != 0:
            said = tried.stderr.decode("utf-8", errors="replace").strip().splitlines()
            return f"the sandbox over an overlay failed ({said[-1] if said else 'no reason'})"
        return None


def _entering(
    root: str, layers: Layers, uid: int, gid: int, pipes: Sequence[str]
) -> Callable[[], None]:
    def enter() -> None:  # pragma: no cover - runs in the child, between fork and exec
        try:
            mounted(root, layers, uid, gid, pipes)
        except OSError as error:
            with contextlib.suppress(OSError):
                (layers.folder / "why").write_text(error.strerror or str(error))
            raise

    return enter


def mounted(
    root: str, layers: Layers, uid: int, gid: int, pipes: Sequence[str] = ()
) -> None:  # pragma: no cover - runs in the child, between fork and exec
    """In the child (single-threaded after fork): a user and mount namespace of its own,
    our uid and gid mapped to themselves, its mounts private, the overlay over `root`.
    An overlay's FIFO is a pipe of its own, never the tree's (a command and a host
    program talking through one would never meet): each of `pipes` is bound over it from
    the tree, reached through a descriptor opened before the overlay hid it."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0:
        raise _failed("no user namespace", ctypes.get_errno())
    for name, text in (("setgroups", "deny"), ("uid_map", f"{uid} {uid} 1")):
        Path("/proc/self", name).write_text(text)
    Path("/proc/self/gid_map").write_text(f"{gid} {gid} 1")
    if libc.mount(b"none", b"/", None, MS_REC | MS_PRIVATE, None) != 0:
        raise _failed("mounts not made private", ctypes.get_errno())
    options = (
        f"lowerdir={_escaped(root)},upperdir={_escaped(str(layers.upper))},"
        f"workdir={_escaped(str(layers.work))},{OPTIONS}"
    )
    tree = os.open(root, os.O_PATH | os.O_DIRECTORY)
    if libc.mount(b"overlay", os.fsencode(root), b"overlay", 0, os.fsencode(options)) != 0:
        raise _failed("the tree cannot be an overlay's lower layer", ctypes.get_errno())
    for pipe in pipes:
        source, target = os.fsencode(f"/proc/self/fd/{tree}/{pipe}"), os.fsencode(f"{root}/{pipe}")
        if libc.mount(source, target, None, MS_BIND, None) != 0:
            raise _failed(f"{pipe} cannot be bound", ctypes.get_errno())
    os.close(tree)
    os.chdir(root)  # the overlay, not the folder under it


def _failed(what: str, errno: int) -> OSError:  # pragma: no cover - in the child
    return OSError(errno, f"{what}: {os.strerror(errno)}")


def _escaped(path: str) -> str:
    """A path in an overlay's options: `\\`, `,` and `:` escaped."""
    return path.replace("\\", "\\\\").replace(",", "\\,").replace(":", "\\:")


def _said(layers: Layers) -> str:
    try:
        return (layers.folder / "why").read_text().strip() or "no reason given"
    except OSError:
        return "no reason given"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # pragma: no cover - another user's: not ours to remove
        return True
    return True


def remove(path: Path) -> None:
    """A box folder, whole: the overlay's work folder holds one its owner cannot enter."""

    def opened(function: object, name: str, error: object) -> None:
        with contextlib.suppress(OSError):
            os.chmod(os.path.dirname(name), stat.S_IRWXU)
            os.chmod(name, stat.S_IRWXU) if os.path.isdir(name) else None
            shutil.rmtree(name) if os.path.isdir(name) else os.unlink(name)

    if os.path.lexists(path):
        shutil.rmtree(path, onerror=opened)
