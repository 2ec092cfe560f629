"""The property of `domain/box_holds.py` and `adapters/workspace/pinned.holds`: in the real
bubblewrap sandbox, what the put-back is told the box held read-only the whole command
holds no byte of the command's, and a host-run file the user saved meanwhile is told held
when saved in place, replaced when renamed over or removed.

Each example: a real repository with random host-run files and folders (bound as `agents`
binds them: `host_mounts.host_binds`), and for each file a random action of the user's on
the host: none, an append in place, a copy renamed over it (an editor's atomic save), a
removal. The command in the box waits (a FIFO) until the user is done, then writes,
appends to, renames over and removes every place. It holds that:
  * every place judged held holds, after the command, only what the user left there;
  * a bound file the user left or edited in place is held; one renamed over or removed on
    the host (its folder the same) is judged replaced, never held;
  * a file inside a folder bound whole is held whatever the user did to it.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.adapters.command_safety.bubblewrap import Bubblewrap
from cleveragents.adapters.command_safety.host_mounts import host_binds
from cleveragents.adapters.command_safety.mount_points import made
from cleveragents.adapters.workspace import pinned
from cleveragents.domain.box_holds import bound_read_only
from cleveragents.domain.host_files import HostFolders
from features.support.host_binds_property import _go
from features.support.properties import reproducible

NAMES = ["rc", "a/rc", "a/b/rc", "d/inner", "d/more", "e/x.sh"]
ACTIONS = ["none", "append", "rename", "remove"]
SAVES = {
    "none": "true",
    "append": 'printf "user\\n" >> "$1"',
    "rename": 'cp "$1" "$1.new" && printf "user\\n" >> "$1.new" && mv "$1.new" "$1"',
    "remove": 'rm "$1"',
}
PLACES = st.dictionaries(
    st.sampled_from(NAMES), st.sampled_from(ACTIONS), min_size=1, max_size=len(NAMES)
)


def check_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the property; the number of examples that ran."""
    ran = 0
    work = Path(tempfile.mkdtemp(prefix="box-holds-", dir=tmp))

    @reproducible(examples, seed)
    @given(PLACES, st.booleans())
    def example(actions: dict[str, str], whole_d: bool) -> None:
        nonlocal ran
        ran += 1
        root = work / f"tree{ran}"
        shutil.rmtree(root, ignore_errors=True)
        root.mkdir()
        subprocess.run(["git", "init", "-q", str(root)], check=True)
        for name in actions:
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_bytes(b"the user's\n")
        # `d` bound whole (a folder place) or file by file, as the host names its places.
        places = ["d", *[n for n in actions if not n.startswith("d/")]] if whole_d else actions
        binds = host_binds(root, HostFolders(startup=tuple(places)))
        os.mkfifo(root / "ready.fifo")
        os.mkfifo(root / "go.fifo")
        sandbox = Bubblewrap(root, root / ".git")
        assert sandbox.unavailable() is None, sandbox.unavailable()
        argv = sandbox.argv(["sh", "-c", _attack([*actions, *binds.kept])], False, host=binds)
        noted = pinned.HeldPlaces(root, bound_read_only(argv, str(root)))
        with made(root, binds.made, root / ".git" / "cleveragents"):  # as `agents` does
            box = subprocess.Popen(argv, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            threading.Thread(target=_release_ready, args=(box, root), daemon=True).start()
            try:
                with open(root / "ready.fifo", "rb") as pipe:  # the command waits on go.fifo
                    pipe.read()
                for name, action in actions.items():  # the user, on the host, meanwhile
                    subprocess.run(["sh", "-c", SAVES[action], "sh", name], cwd=root, check=True)
                _go(root / "go.fifo", box)
                said = box.communicate(timeout=60)[0]
            finally:
                if box.poll() is None:
                    box.kill()
                    box.wait()
        holds = noted.holds(frozenset())
        _judged(root, binds.kept, actions, holds.held, holds.replaced, said)

    example()
    return ran


def _release_ready(box: subprocess.Popen[bytes], root: Path) -> None:
    """Once the box ends, open the FIFO the check waits on, so that it goes on (and fails)
    when the command never reached it (bwrap refused to start)."""
    box.wait()
    with contextlib.suppress(OSError):  # no reader: the check was not waiting
        os.close(os.open(root / "ready.fifo", os.O_WRONLY | os.O_NONBLOCK))


def _attack(places: list[str]) -> str:
    lines = ["echo ready > ready.fifo", "cat go.fifo"]
    for name in dict.fromkeys(places):
        q = shlex.quote(name)
        lines += [f"printf model >> {q}", f"printf model > {q}.new && mv -f {q}.new {q}"]
        lines += [f"printf model > {q}/new", f"rm -f {q}", f"printf model > {q}"]
    return "\n".join([f"{line} 2>/dev/null" for line in lines] + ["true"])


def _judged(
    root: Path,
    kept: tuple[str, ...],
    actions: dict[str, str],
    held: tuple[str, ...],
    replaced: tuple[str, ...],
    said: bytes,
) -> None:
    def within(path: str, place: str) -> bool:
        return path == place or path.startswith(f"{place}/")

    for place in held:
        for folder, _, files in os.walk(root / place) if (root / place).is_dir() else []:
            for name in files:
                data = Path(folder, name).read_bytes()
                assert b"model" not in data, f"{place} held, yet {folder}/{name}: {data!r}"
    for name, action in actions.items():
        whole = any(within(name, k) and k != name for k in kept)
        if whole or any(within(name, h) for h in held):
            saved = b"user\n" if action != "none" else b""
            want = None if action == "remove" else b"the user's\n" + saved
            now = (root / name).read_bytes() if (root / name).is_file() else None
            assert now == want, f"{name} ({action}) held, yet holds {now!r} ({said[-300:]!r})"
        if name not in kept:
            continue
        if whole or action in ("none", "append"):
            assert name in held, f"{name} ({action}) not judged held: {held}, {replaced}"
        else:
            assert name in replaced and name not in held, f"{name} ({action}): {held}, {replaced}"
