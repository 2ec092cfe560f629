"""One `git cat-file --batch` kept running for the small reads of a command's object store.

A checkpoint after a command reads the trees of the folders along the paths it changed;
those of a clone are packed, which only git reads. Starting a git for each such read cost
about as much as the rest of the checkpoint's own work (2.6 ms of some 40 at 10,000 files,
where the target is 1.5x `git status`): the process is started at the first small read and
answers the later ones. Large reads (a restore's blobs) start a git of their own, as before.

The process only reads objects, and ends when its input closes: when the command ends, or
is killed, and at once after any error or interrupt during a read (the next read starts
another). It sees the objects written since it started (loose ones are looked up on each
read, and packs again when one is missing).
"""

from __future__ import annotations

import io
import os
import subprocess
import threading
import weakref
from typing import IO

from cleveragents.adapters import interrupts
from cleveragents.adapters.git.git_program import git_executable, trace
from cleveragents.adapters.git.repository import GitRepository, plumbing_environment

# Names of a read written whole into the pipe (64 KiB) before any answer is read, so that
# neither git nor we wait on the other; a larger read starts a git of its own.
MOST_ASKED = 4096


class BatchReader:
    """Reads objects through one `cat-file --batch` of `repo`, started at the first read."""

    def __init__(self, repo: GitRepository) -> None:
        self.repo = repo
        self._process: subprocess.Popen[bytes] | None = None
        self._ending: weakref.finalize[[subprocess.Popen[bytes]], BatchReader] | None = None
        self._lock = threading.Lock()
        _READERS.add(self)

    def read(self, names: list[str]) -> list[tuple[bytes, bytes] | None] | None:
        """Each object's kind and bytes (None: git has none of that name); None for a read
        this does not answer (too large, or git would not start or stopped): the caller
        runs a git of its own, which says what is wrong."""
        asked = "".join(f"{name}\n" for name in names).encode("utf-8", "surrogateescape")
        if len(asked) > MOST_ASKED:
            return None
        with self._lock:
            try:
                process = self._started()
                assert process.stdin is not None and process.stdout is not None
                process.stdin.write(asked)
                process.stdin.flush()
                return [_answer(process.stdout) for _ in names]
            except (OSError, EOFError):
                self.close()
                return None
            except BaseException:  # an interrupt mid-read: the pipe's place is lost
                self.close()
                raise

    def read_all(self, names: list[str]) -> list[tuple[bytes, bytes] | None]:
        """`read`, answered whole: a small read by the git kept running, a large one by a
        git of its own (whose failure raises `GitFailed`, saying what is wrong; an answer
        cut short, which git's exit 0 rules out, `EOFError`)."""
        kept = self.read(names)
        if kept is not None:
            return kept
        asked = "".join(f"{name}\n" for name in names).encode("utf-8", "surrogateescape")
        out = io.BytesIO(self.repo.git_bytes("cat-file", "--batch", stdin=asked))
        return [_answer(out) for _ in names]

    def close(self) -> None:
        """End the process (its input closed; it exits), if one runs."""
        process, self._process = self._process, None
        if process is not None:
            _end(process)

    def _forked(self) -> None:
        """In a forked child: the process is the parent's, which ends it; the child lets go
        of its copies of the pipes (holding its input open, they would keep it running)."""
        process, self._process = self._process, None
        if self._ending is not None:
            self._ending.detach()
        if process is not None:
            for pipe in (process.stdin, process.stdout):
                if pipe is not None:
                    pipe.close()

    def _started(self) -> subprocess.Popen[bytes]:
        if self._process is not None and self._process.poll() is None:
            return self._process
        interrupts.raise_if_swallowed()
        args = ["cat-file", "--batch"]
        trace(["git", *args], self.repo.root)
        self._process = subprocess.Popen(
            [git_executable(self.repo.root), *args],
            cwd=self.repo.root,
            env=plumbing_environment(self.repo.root),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,  # on an error the caller's own git says it
        )
        self._ending = weakref.finalize(self, _end, self._process)
        return self._process


_READERS: weakref.WeakSet[BatchReader] = weakref.WeakSet()


def _after_fork() -> None:
    for reader in list(_READERS):
        reader._forked()


os.register_at_fork(after_in_child=_after_fork)


def _answer(out: IO[bytes]) -> tuple[bytes, bytes] | None:
    """One object's answer: `OID KIND SIZE` and its bytes, or `NAME missing` (`ambiguous`)."""
    header = out.readline()
    if not header.endswith(b"\n"):
        raise EOFError("git ended")
    parts = header.split(b" ")
    if len(parts) != 3 or not parts[2].rstrip(b"\n").isdigit():
        return None
    size = int(parts[2])
    body = out.read(size + 1)
    if len(body) != size + 1:
        raise EOFError("git ended")
    return parts[1], body[:size]


def _end(process: subprocess.Popen[bytes]) -> None:
    """Close the process's input and wait for it to exit (it reads nothing more)."""
    try:
        if process.stdin is not None:
            process.stdin.close()
    except OSError:  # pragma: no cover - git ended already
        pass
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:  # pragma: no cover - git stuck on a slow disk
        process.kill()
        process.wait()
    if process.stdout is not None:
        process.stdout.close()
