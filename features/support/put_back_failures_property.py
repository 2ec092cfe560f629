"""The property of `adapters/git/put_back_failures.py`: whichever places' put-backs fail
after a command, every other place is still put back, and nothing the command planted
where the host runs things stays live.

Each example: a real repository with the user's `sub/.claude/settings.json` (tracked), an
ignored `.venv/bin` first on PATH and a nested repository `vendor/lib`. The real
`GitCheckpoints` looks before a "command" that plants a random set of what the host runs
(a hook of the nested repository, an fsmonitor in its config or in the own `.git/config`,
a `git` in `.venv/bin`, a FIFO `.mailmap`, a new `other/.claude/settings.json`, the user's
settings rewritten), while a random set of put-backs raises an I/O error (the own `.git`'s,
the nested `.git`s', the `.claude` and PATH folders', the write-back of one file, the own
git config's: its settings are then written back through a copy, `config_writes.py`; the
FIFOs' removal: each is then removed on its own, `inert_pipes`). Then `after_command`, and:
  * no planted file stands as the command wrote it: gone, put back, or (what could not be
    removed) with no permission bits;
  * the lines name each place whose put-back failed, and none when none did; a failure
    that is a refusal (`CleverAgentsError`) keeps its hint, what to do (review30, 10);
  * what the command wrote that is gone is in a commit the lines name;
  * a random set of places and files with a link out of the tree on their way (`lnk ->
    ../outside`: `lnk/.claude`, ...) is neither listed (`_files`) nor removed
    (`remove_made`): the files outside stand as they were (review30, 3).
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import shutil
import subprocess
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from unittest import mock

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.adapters.git.checkpoints import GitCheckpoints
from cleveragents.adapters.git.claude_dirs import ClaudeDirs
from cleveragents.adapters.git.git_dirs import GitDirs
from cleveragents.adapters.git.own_config import OwnConfig
from cleveragents.adapters.git.own_git_dir import OwnGitDir
from cleveragents.adapters.git.put_back_failures import _files, remove_made
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.git.saved_names import escaped
from cleveragents.adapters.workspace import git_waits
from cleveragents.domain.command_saves import CommandLook
from cleveragents.errors import ConflictingState
from features.support.git_dirs_property import ENV, _git
from features.support.properties import reproducible

USER = b'{"user": true}\n'
HINT = "remove the link, then run agents again"  # a refusal's: what to do next
PLANTS = {  # what a command plants, by path: its bytes
    "vendor/lib/.git/hooks/post-commit": b"#!/bin/sh\necho >> planted-ran\n",
    ".venv/bin/git": b"#!/bin/sh\necho >> planted-ran\n",
    "other/.claude/settings.json": b'{"hooks": {"Stop": []}}\n',
    "sub/.claude/settings.json": b'{"hooks": {}}\n',
    "vendor/lib/.git/config": b"[core]\n\tfsmonitor = ./planted.sh\n",
    ".git/config": b"[core]\n\tfsmonitor = ./planted.sh\n",
    ".mailmap": b"",  # a FIFO: `git log` (mailmap on) would wait on it for good
}
FAULTS = {  # a put-back that fails: (class, method), the place its line names (None: a file's)
    ".git": (OwnGitDir, "put_back"),
    "the nested .git folders": (GitDirs, "put_back"),
    ".claude folders, folders on PATH": (ClaudeDirs, "put_back"),
    "sub/.claude/settings.json": (ClaudeDirs, "_write_back"),
    "git config": (OwnConfig, "put_back"),
    "FIFOs": (git_waits, "remove_new"),
}


OUTSIDE = {  # files outside the tree, reached through the link `lnk` on the way
    ".claude/history.jsonl": b"the user's history\n",
    ".claude/settings.json": b'{"user": true}\n',
    "bin/git": b"#!/bin/sh\n",
}


def check_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the property; the number of examples that ran."""
    ran = 0
    work = Path(tempfile.mkdtemp(prefix="put-back-failures-", dir=tmp))

    @reproducible(examples, seed)
    @given(
        st.sets(st.sampled_from(sorted(PLANTS)), min_size=1),
        st.sets(st.sampled_from(sorted(FAULTS))),
        st.sets(st.sampled_from([".claude", "bin", *sorted(OUTSIDE)]), min_size=1),
        st.booleans(),
    )
    def holds(planted: set[str], failing: set[str], linked: set[str], refused: bool) -> None:
        nonlocal ran
        ran += 1
        root = _repository(work / f"repo{ran}")
        _linked_out(root, sorted(f"lnk/{path}" for path in linked))
        look = _around(root, planted, failing, refused)
        said = look.put_back
        why = (sorted(planted), sorted(failing), said)
        for path in planted:
            full = root / path
            if path == ".mailmap":  # gone, or no mode bits: git cannot open it
                assert not full.exists() or not full.stat().st_mode & 0o777, why
            elif full.exists():
                data = full.read_bytes() if full.stat().st_mode & 0o777 else b""
                assert PLANTS[path] not in data, (path, *why)
        named = {
            place for place in FAULTS if any(f"could not put back {place} (" in s for s in said)
        }
        written = (
            "sub/.claude/settings.json" in planted
            and ".claude folders, folders on PATH" not in failing
        )
        expected = {p for p in failing if p != "sub/.claude/settings.json" or written}
        assert named == expected, why
        kept = re.findall(r"kept in commit ([0-9a-f]{12})", "; ".join(said))
        for path in planted:
            if not (root / path).exists() and path not in ("vendor/lib/.git/config", ".mailmap"):
                shown = [_show(root, commit, path) for commit in kept]
                assert PLANTS[path] in shown, (path, *why)
        failed = [s for s in said if s.startswith("could not put back ")]
        if refused and named:  # the refusal's hint, in each line naming a failed place
            assert all(f"({HINT})" in s for s in failed if " (ConflictingState: " in s), why
            assert any(f"({HINT})" in line for line in failed), why
        assert getattr(look, "failed", []) == failed, why  # each said on stderr
        shutil.rmtree(root)

    holds()
    return ran


def _linked_out(root: Path, places: list[str]) -> None:
    """`places` under `lnk -> ../outside` are none of the tree's: not listed, not removed."""
    outside = root.parent / f"{root.name}-outside"
    for path, data in OUTSIDE.items():
        (outside / path).parent.mkdir(parents=True, exist_ok=True)
        (outside / path).write_bytes(data)
    (root / "lnk").symlink_to(f"../{outside.name}")
    assert _files(root, places) == [], places
    assert remove_made(root, places, set()) == [], places
    for path, data in OUTSIDE.items():
        assert (outside / path).read_bytes() == data, (path, places)
    (root / "lnk").unlink()
    shutil.rmtree(outside)


def _repository(root: Path) -> Path:
    root.mkdir(parents=True)
    _git(root, "init", "--quiet", "--initial-branch=main")
    (root / ".gitignore").write_text("/.venv/\n")
    (root / "sub" / ".claude").mkdir(parents=True)
    (root / "sub" / ".claude" / "settings.json").write_bytes(USER)
    (root / ".venv" / "bin").mkdir(parents=True)
    (root / ".venv" / "bin" / "activate").write_text("# the venv's own\n")
    (root / "vendor" / "lib").mkdir(parents=True)
    (root / "vendor" / "lib" / "l.txt").write_text("library\n")
    _git(root / "vendor" / "lib", "init", "--quiet")
    _git(root / "vendor" / "lib", "add", "-A")
    _git(root / "vendor" / "lib", "commit", "--quiet", "-m", "l")
    _git(root, "add", "-A")
    _git(root, "commit", "--quiet", "-m", "i")
    return root


def _around(root: Path, planted: set[str], failing: set[str], refused: bool) -> CommandLook:
    """The real look, the command's plants, the real put-back with `failing` put-backs
    raising (an I/O error, or a refusal with a hint when `refused`); what it said."""
    path = f"{root / '.venv' / 'bin'}{os.pathsep}{os.environ['PATH']}"
    with mock.patch.dict(os.environ, {"PATH": path}):
        checkpoints = GitCheckpoints(GitRepository.discover(root), lambda: datetime.now(UTC))
        tree = checkpoints.create("p1", "before", None).tree
        look = checkpoints.before_command("p1", tree, lambda _: None)
        for name in sorted(planted):
            full = root / name
            full.parent.mkdir(parents=True, exist_ok=True)
            mode = "ab" if name.endswith("config") else "wb"
            if name == ".mailmap":
                os.mkfifo(full)
            else:
                with open(full, mode) as file:
                    file.write(PLANTS[name])
            full.chmod(0o755)
        fails = _refusal if refused else _failure
        patches = [mock.patch.object(*FAULTS[place], side_effect=fails) for place in failing]
        for patch in patches:
            patch.start()
        try:  # a failure that escapes stops the put-back: what stands then is judged
            with contextlib.suppress(OSError):
                checkpoints.after_command(look, lambda _: None)
        finally:
            for patch in patches:
                patch.stop()
    return look


def _failure(*_args: object, **_kwargs: object) -> list[str]:
    raise OSError(errno.EIO, os.strerror(errno.EIO))


def _refusal(*_args: object, **_kwargs: object) -> list[str]:
    raise ConflictingState("the place is refused", hint=HINT)


def _show(root: Path, commit: str, path: str) -> bytes:
    done = subprocess.run(
        ["git", "show", f"{commit}:{escaped(path)}"], cwd=root, env=ENV, capture_output=True
    )
    return done.stdout
