"""The property of the login bash's own files the sandbox makes (`domain/host_binds.py`
`login_stand_in`, made by `adapters/command_safety/mount_points.py`): whatever stands in a
home the tree is (`.bash_profile`, `.bash_login`, `.profile`: a file, a link to one out of
the home, a dangling link, a folder, nothing), a real login bash on the host prints the
same while the files made for the command stand as it does without them, and after them."""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from features.support.properties import reproducible

NAMES = (".bash_profile", ".bash_login", ".profile")
KINDS = ["nothing", "file", "link", "dangling", "folder"]


def check_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the property; the number of examples that ran."""
    from cleveragents.adapters.command_safety.host_mounts import host_binds
    from cleveragents.adapters.command_safety.mount_points import made
    from cleveragents.domain.host_files import HostFolders

    ran = 0
    work = Path(tempfile.mkdtemp(prefix="login-stand-in-", dir=tmp))

    @reproducible(examples, seed)
    @given(st.tuples(*(st.sampled_from(KINDS) for _ in NAMES)))
    def example(kinds: tuple[str, ...]) -> None:
        nonlocal ran
        ran += 1
        home = work / f"home{ran}"
        home.mkdir()
        subprocess.run(["git", "init", "-q", str(home)], check=True)
        for name, kind in zip(NAMES, kinds, strict=True):
            _put(home, name, kind)
        before = _login(home)
        host = HostFolders(startup=NAMES, home=("",))
        binds = host_binds(home, host)
        with made(home, binds.made, home / ".git" / "cleveragents", binds.written):
            during = _login(home)
            stood = sorted(p for p in binds.made if os.path.lexists(home / p))
        after = _login(home)
        state = dict(zip(NAMES, kinds, strict=True))
        assert during == before, f"{state}: {before!r} then {during!r}"
        assert after == before, f"{state}: {before!r}, after {after!r}"
        missing = [n for n, k in state.items() if k == "nothing"]
        assert stood == sorted(missing), f"made {stood} for missing {missing}"

    example()
    return ran


def _put(home: Path, name: str, kind: str) -> None:
    canary = f"echo ran{name}\n"
    if kind == "file":
        (home / name).write_text(canary)
    elif kind == "link":  # a dotfiles install's link out of the home
        target = home.parent / f"{home.name}-{name.lstrip('.')}"
        target.write_text(canary)
        (home / name).symlink_to(target)
    elif kind == "dangling":
        (home / name).symlink_to(home.parent / f"{home.name}-gone{name}")
    elif kind == "folder":
        (home / name).mkdir()


def _login(home: Path) -> str:
    """What a login bash on the host prints: its standard output and exit status."""
    shell = subprocess.run(
        ["bash", "-l", "-c", "echo end"],
        cwd=home.parent,
        env={"HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C"},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=20,
        check=False,
    )
    return f"{shell.stdout}exit {shell.returncode}"
