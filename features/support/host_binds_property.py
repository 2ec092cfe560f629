"""The property of `domain/host_binds.py` and `adapters/command_safety/host_mounts.py`: in
the real bubblewrap sandbox, no host-run place the box binds takes a byte of the command's
while it runs, and none is moved away.

Each example: a real repository with random places of the host (files that stand, a folder
holding some, names not there yet in a folder that stands, some deep) and a random bound on
the mounts. A command in the box appends to, writes, removes, renames over and makes folders
in every bound place, and renames every folder on the way to them; then it says so through
a FIFO and waits on another. From outside, while it waits, every bound place is read. It
holds that:
  * every place is bound (kept, made, or inside one of them) or `left`, the mounts within
    the bound, the folders bound to themselves exactly those on the way to the bound ones,
    and none left that the mounts still free would hold;
  * while the command runs and after it, each bound place that stood holds what it held
    (a folder: the same files, the same bytes), each bound name not there before holds
    nothing of the command's (the empty file bwrap made), and no folder was moved;
  * after the command (`mount_points.made`), no bound name that was not there before stands;
  * the tree's `.claude`, not there, stands as an empty folder while the command runs (what
    it makes there fails: attack 20 #17), and not after it.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.adapters.command_safety.bubblewrap import Bubblewrap
from cleveragents.adapters.command_safety.host_mounts import host_binds
from cleveragents.adapters.command_safety.mount_points import made
from cleveragents.domain.host_binds import HostBinds
from cleveragents.domain.host_files import HostFolders
from features.support.properties import reproducible

NAMES = ["rc", "a/rc", "a/b/rc", "a/b/c/rc", "c/tool", "d", "d/inner", "e/sub/x.sh"]
PLACES = st.lists(st.tuples(st.sampled_from(NAMES), st.booleans()), min_size=1, max_size=6)
Shot = dict[str, bytes]  # path in the tree: bytes, or a kind


def check_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the property; the number of examples that ran."""
    ran = 0
    work = Path(tempfile.mkdtemp(prefix="host-binds-", dir=tmp))

    @reproducible(examples, seed)
    @given(PLACES, st.integers(min_value=1, max_value=12))
    def example(places: list[tuple[str, bool]], most: int) -> None:
        nonlocal ran
        ran += 1
        root = work / f"tree{ran}"
        shutil.rmtree(root, ignore_errors=True)
        root.mkdir()
        subprocess.run(["git", "init", "-q", str(root)], check=True)
        wanted = dict(places)
        for name, stands in wanted.items():
            if stands and _room(root, name) and not (root / name).is_dir():  # `d` after `d/x`
                (root / name).parent.mkdir(parents=True, exist_ok=True)
                (root / name).write_bytes(b"the user's\n")
        for name in wanted:  # a name not there yet: its folder stands
            if _room(root, name):
                (root / name).parent.mkdir(parents=True, exist_ok=True)
        binds = host_binds(root, HostFolders(startup=tuple(wanted)), most)
        _hold_plan(root, binds, list(wanted), most)
        before = _shot(root)
        bound = [*binds.kept, *binds.made, *binds.made_folders]
        assert binds.made_folders == (".claude",), binds
        os.mkfifo(root / "written.fifo")
        os.mkfifo(root / "go.fifo")
        sandbox = Bubblewrap(root, root / ".git")
        assert sandbox.unavailable() is None, sandbox.unavailable()
        # As `agents` does: the command line first, then the mount points made.
        argv = sandbox.argv(["sh", "-c", _attack(bound, binds.folders)], False, host=binds)
        state = root / ".git" / "cleveragents"
        with made(root, binds.made, state, binds.written, binds.made_folders):
            box = subprocess.Popen(argv, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            threading.Thread(target=_release, args=(box, root), daemon=True).start()
            try:
                with open(root / "written.fifo", "rb") as pipe:  # every write of it is done
                    pipe.read()
                during = _shot(root)
                _go(root / "go.fifo", box)
                said = box.communicate(timeout=60)[0]
            finally:
                if box.poll() is None:
                    box.kill()
                    box.wait()
            after = _shot(root)
        for shot in (during, after):
            _hold_places(binds, before, shot, said)
        for name in [*binds.made, *binds.made_folders]:
            assert not os.path.lexists(root / name), f"{name} stands after the command"

    example()
    return ran


def _release(box: subprocess.Popen[bytes], root: Path) -> None:
    """Once the box ends, open the other end of the FIFO the check waits on, so that it goes
    on (and fails) when the command never reached it (bwrap refused to start)."""
    box.wait()
    with contextlib.suppress(OSError):  # no reader: the check was not waiting
        os.close(os.open(root / "written.fifo", os.O_WRONLY | os.O_NONBLOCK))


def _go(fifo: Path, box: subprocess.Popen[bytes]) -> None:
    """Let the command end: open the FIFO it waits on, once it does (or it has ended)."""
    while box.poll() is None:
        try:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
            return
        except OSError:  # ENXIO: the command does not read it yet
            time.sleep(0.01)


def _room(root: Path, name: str) -> bool:
    """Whether `name` can stand in the tree beside what stands: no file on its way."""
    parts = name.split("/")
    return not any((root.joinpath(*parts[:n])).is_file() for n in range(1, len(parts)))


def _hold_plan(root: Path, binds: HostBinds, names: list[str], most: int) -> None:
    assert binds.mounts() <= most, binds
    mounted = [*binds.kept, *binds.made]
    for name in names:  # what a folder place holds goes with it, bound or left
        inside = any(name == m or name.startswith(f"{m}/") for m in mounted)
        left = any(name == m or name.startswith(f"{m}/") for m in binds.left)
        assert inside or left, f"{name} neither bound nor left: {binds}"
    way = {"/".join(m.split("/")[:n]) for m in mounted for n in range(1, m.count("/") + 1)}
    assert set(binds.folders) == way, binds
    for name in binds.left:  # past the bound only when it does not fit (attack 20, finding 5)
        if any(name.startswith(f"{m}/") for m in mounted) or not _room(root, name):
            continue  # in a place bound, or where no file can stand (under a file)
        parts = name.split("/")
        on_way = ["/".join(parts[:n]) for n in range(1, len(parts))]
        more = len([f for f in on_way if f not in binds.folders]) + 1
        assert binds.mounts() + more > most, f"{name} left with mounts to spare: {binds}"


def _attack(bound: list[str], folders: tuple[str, ...]) -> str:
    lines = []
    for name in bound:
        q = shlex.quote(name)
        lines += [f"printf model >> {q}", f"printf model > {q}", f"rm -rf {q}"]
        lines += [f"printf model > {q}.new && mv -f {q}.new {q}", f"mkdir -p {q}/x"]
        lines += [f"printf model > {q}/x/rc", f"printf model > {q}/new"]
    for folder in folders:
        q = shlex.quote(folder)
        lines += [f"mv {q} {q}.moved && mkdir -p {q} && printf model > {q}/rc"]
    lines = [f"{line} 2>/dev/null" for line in lines]
    return "\n".join([*lines, "echo written > written.fifo", "cat go.fifo", "true"])


def _shot(root: Path) -> Shot:
    """Every entry of the tree (not `.git`, not the FIFOs): its bytes, or its kind."""
    found: Shot = {}
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d != ".git"]
        for name in [*dirs, *files]:
            path = Path(folder, name)
            rel = path.relative_to(root).as_posix()
            if rel.endswith(".fifo"):
                continue
            found[rel] = b"<folder>" if path.is_dir() else path.read_bytes()
    return found


def _hold_places(binds: HostBinds, before: Shot, now: Shot, said: bytes) -> None:
    def inside(place: str) -> dict[str, bytes]:
        return {p: b for p, b in now.items() if p == place or p.startswith(f"{place}/")}

    for place in binds.kept:
        was = {p: b for p, b in before.items() if p == place or p.startswith(f"{place}/")}
        assert inside(place) == was, f"{place}: {inside(place)} not {was} ({said[-300:]!r})"
    for place in binds.made:
        assert inside(place) in ({}, {place: b""}), f"{place} holds {inside(place)}"
    for place in binds.made_folders:
        assert inside(place) in ({}, {place: b"<folder>"}), f"{place} holds {inside(place)}"
    for folder in binds.folders:
        assert f"{folder}.moved" not in now, f"{folder} was moved ({said[-300:]!r})"
