"""The property of the retry of a failed settle record (`application/settle_restore.py`):
whichever later commands' put-backs fail again, and whatever the user writes in between,
the paths the settling after a kill could not put back are tried by every later command
that settles until they are back, the planted bytes never stand live, and a path the user
wrote meanwhile is the user's: left as it is, no longer tried (settle31).

Each example: a real repository with the user's nested repository `vendor` and the user's
hooks in it (no checkpoint holds a `.git`: saved records do); a run operation of the real
`OperationLog` in a forked process, its look before the "command" recorded, then a random
set of the hooks overwritten with the model's bytes and the process gone with no word (as
SIGKILL leaves it). Then commands, each the real `OperationLog.settle`: the first with the
put-back of the hooks' saved record failing (an I/O error), then a random number of rounds,
each with a random set of the hooks written by the user first and the put-back failing or
not, and a last round with no fault. After each:
  * no hook holds the model's bytes readable (gone, or with no permission bits);
  * a hook the user wrote stays as written; any other is the user's first bytes, or still
    owed (`Operation.unsettled`, named by `agents plan show`'s summary);
  * the owed set is what is left: the first failure's, less what the user wrote, and empty
    once a put-back did not fail; a path put back is said once, in its round only;
  * after the last round, nothing is owed; and no undo of the repair, nor its redo, writes
    a planted byte back or takes what came back or what the user wrote.
"""

from __future__ import annotations

import errno
import os
import shutil
import stat
import sys
import tempfile
import traceback
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any
from unittest import mock

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.adapters.git.saved_files import FileSaver
from cleveragents.bootstrap import bootstrap
from cleveragents.domain.checkpoint import SavedFiles
from cleveragents.domain.plan import ActorSpec, Plan
from features.support.git_dirs_property import _git
from features.support.properties import reproducible

if TYPE_CHECKING:
    from cleveragents.bootstrap import Services

HOOKS = [f"vendor/.git/hooks/{name}" for name in ("pre-commit", "post-merge", "pre-push")]
PLANTED = b"#!/bin/sh\necho >> planted-ran\n"
ROUNDS = st.lists(st.tuples(st.sets(st.sampled_from(HOOKS)), st.booleans()), max_size=3)


def check_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the property; the number of examples that ran."""
    ran = 0
    work = Path(tempfile.mkdtemp(prefix="settle-retry-", dir=tmp))

    @reproducible(examples, seed)
    @given(st.sets(st.sampled_from(HOOKS), min_size=1), ROUNDS)
    def holds(planted: set[str], rounds: list[tuple[set[str], bool]]) -> None:
        nonlocal ran
        ran += 1
        root = work / f"repo{ran}"
        user = _repository(root)
        _killed_run(root, planted)
        services = bootstrap(root)
        try:
            log, wrote = services.operations, dict[str, bytes]()
            said = _settled(services, fail=True)
            owed = _owed(services)
            assert owed == planted, (owed, said)
            assert log.unsettled is not None, said  # the command fails: exit 3
            _holds(root, user, wrote, owed, (planted, said))
            log.unsettled = None
            for number, (writes, fail) in enumerate([*rounds, (set(), False)]):
                for path in sorted(writes):  # the user's own, between two commands
                    full = root / path
                    if full.exists():
                        full.chmod(0o755)
                    wrote[path] = f"#!/bin/sh\n# mine {number}\n".encode()
                    full.write_bytes(wrote[path])
                before = owed
                said = _settled(services, fail)
                owed = _owed(services)
                what = (planted, rounds, number, said)
                assert owed == (before - writes if fail else set()), what
                assert _said_back(said) == before - writes - owed, what  # once, here
                _holds(root, user, wrote, owed, what)
                assert log.unsettled is None, what  # a retry fails no command
            assert not services.store.unsettled_operations(None)
            repair = next(op.id for op in services.store.operations(None) if op.kind == "repair")
            undo = log.undo(repair, "agents plan undo").operation  # never the planted bytes
            _holds(root, user, wrote, set(), (planted, rounds, "undo"))
            log.undo(undo.id, "agents plan undo")
            _holds(root, user, wrote, set(), (planted, rounds, "redo"))
        finally:
            services.close()
            shutil.rmtree(root, ignore_errors=True)

    holds()
    return ran


def _settled(services: Services, fail: bool) -> str:
    """One command's settling (`services.operations.settle`), the put-back of a hook's
    saved record failing with an I/O error when `fail`; what it said."""
    log = services.operations
    real = FileSaver.put_back

    def put_back(self: FileSaver, saved: SavedFiles, *args: Any, **kwargs: Any) -> list[str]:
        if fail and set(HOOKS) & set(saved.paths):
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        return real(self, saved, *args, **kwargs)

    with mock.patch.object(FileSaver, "put_back", put_back):
        log.settle()
    said = "\n".join(log.notices)
    log.notices.clear()
    return said


def _owed(services: Services) -> set[str]:
    """The paths a repair still owes (`Operation.unsettled`)."""
    ops = services.store.unsettled_operations(None)
    return {path for op in ops if op.unsettled for path in op.unsettled.left}


def _said_back(said: str) -> set[str]:
    """The paths a settling's line says it put back, which an earlier one could not."""
    lines = [line for line in said.splitlines() if "settling after a kill could not" in line]
    back = [line for line in lines if line.startswith("put back ")]
    assert len(back) <= 1, said
    return {p for line in back for p in line[len("put back ") : line.index(", which")].split(", ")}


def _holds(
    root: Path, user: dict[str, bytes], wrote: dict[str, bytes], owed: set[str], what: object
) -> None:
    for path in HOOKS:
        full = root / path
        readable = full.is_file() and stat.S_IMODE(full.stat().st_mode) & 0o444
        data = full.read_bytes() if readable else None
        assert data != PLANTED, (path, what)
        if path in wrote:
            assert data == wrote[path], (path, data, what)
        elif path not in owed:
            assert data == user[path], (path, data, what)


def _repository(root: Path) -> dict[str, bytes]:
    """A repository with the user's nested `vendor` and its hooks; the hooks' bytes."""
    root.mkdir()
    _git(root, "init", "--quiet", "--initial-branch=main")
    (root / "README").write_text("r\n")
    _git(root, "add", "README")
    _git(root, "commit", "--quiet", "-m", "i")
    _git(root, "init", "--quiet", "vendor")
    (root / "vendor" / "v.txt").write_text("v\n")
    _git(root / "vendor", "add", "v.txt")
    _git(root / "vendor", "commit", "--quiet", "-m", "v")
    user = {}
    for path in HOOKS:
        hook = root / path
        hook.write_text(f"#!/bin/sh\n# the user's {hook.name}\nexit 0\n")
        hook.chmod(0o755)
        user[path] = hook.read_bytes()
    return user


def _killed_run(root: Path, planted: set[str]) -> None:
    """A run operation whose look before its command is recorded, `planted` overwritten
    with the model's bytes, and the process gone with no word."""
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child ends with `_exit`
        code = 0
        try:
            services = bootstrap(root)
            now = datetime.now(UTC)
            spec = ActorSpec(kind="scripted", source="plan.yaml", script="task: t\nsteps: []\n")
            plan = Plan(id="c0ffee02", task="t", actor=spec, created_at=now, updated_at=now)
            with services.operations.operation(plan, "run", "agents plan run", new=True) as op:
                assert op.files_before is not None
                tree = services.store.checkpoint(op.files_before).tree
                keep = services.operations.keeping(op).keep
                services.checkpoints.before_command(plan.id, tree, keep)
                for path in sorted(planted):
                    (root / path).write_bytes(PLANTED)
                sys.stdout.flush()
                os._exit(0)  # killed: no put-back, the operation left running
        except BaseException:
            traceback.print_exc()
            code = 1
        os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, "the forked run failed"
