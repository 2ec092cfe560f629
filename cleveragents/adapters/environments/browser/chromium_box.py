"""Chromium inside bubblewrap: a hostile page that breaks out of a renderer finds a box.

Playwright starts `executable_path` with the pipe it talks over on fds 3 and 4; bwrap
passes inherited fds through, so that path is a small script (`chromium-box`, beside the
profile) that execs bwrap around the real Chromium. In the box: the system's programs and
libraries (and the folder of a Chromium outside them, Playwright's own) read-only, an
`/etc` of fonts, certificates, name resolution and Chromium's own settings with a passwd
that names only `nobody`, the fonts' cache; a fresh, size-bounded `/tmp` and `/dev/shm`;
a minimal `/dev`; its own `/proc`, the parts that change the host read-only. The profile
is the one writable folder. Not there: the working tree, the git directory, `/root`,
`/home`, `/run`, `/var`, every Unix socket of the host in the file system (a `--headed`
Chromium gets the display's socket and cookie, and only those), every environment
variable but PATH, HOME and the locale's. The network is shared: pages live on it (and
with it the host's abstract Unix sockets, which live in the network namespace).

It runs as `nobody` (65534) in a user namespace of its own, with no capability in the
host's: root's Chromium is no longer root. There Chromium's own sandbox (namespaces and
seccomp-BPF) starts, so it is kept: Playwright's `--no-sandbox` is not given.
"""

from __future__ import annotations

import os
import shlex
from pathlib import Path

from cleveragents.adapters import host_programs
from cleveragents.adapters.command_safety.bubblewrap import (
    NOT_INSTALLED,
    PROC_HOST,
    SYSTEM,
    probe,
    system_binds,
)
from cleveragents.adapters.command_safety.limits import SandboxLimits
from cleveragents.adapters.environments.browser.x_cookies import cookies

NOBODY = 65534
FONT_CACHE = "/var/cache/fontconfig"
HOME = "/tmp/home"
# What Chromium reads in /etc; never shadow, ssh keys, ssl/private or the host's passwd.
ETC = (
    "fonts", "chromium", "chromium.d", "ssl/certs", "ssl/openssl.cnf", "ca-certificates",
    "ca-certificates.conf", "pki/tls/certs", "pki/ca-trust", "hosts", "host.conf",
    "resolv.conf", "nsswitch.conf", "gai.conf", "ld.so.cache", "ld.so.conf",
    "ld.so.conf.d", "alternatives", "localtime", "timezone", "mime.types", "os-release",
)  # fmt: skip
ACCOUNTS = {
    "passwd": f"nobody:x:{NOBODY}:{NOBODY}:nobody:{HOME}:/usr/sbin/nologin\n",
    "group": f"nogroup:x:{NOBODY}:\n",
}
PASSED = ("LANG", "LANGUAGE", "LC_ALL", "TZ")  # the environment the box keeps


class ChromiumBox:
    """The bwrap command line for the Chromium on one profile; probes once whether it runs."""

    def __init__(self, home: Path, tree: Path) -> None:
        self.home = home  # <git-dir>/cleveragents/browser
        self.tree = tree  # the working tree: no bwrap found in it is ever run
        self.headed = False
        self._probed: tuple[str | None, str | None] | None = None  # (bwrap, why not)

    def unavailable(self) -> str | None:
        """Why Chromium cannot be boxed here (bwrap missing, no user namespaces), or None."""
        if self._probed is None:
            bwrap = host_programs.find("bwrap", self.tree)
            why = NOT_INSTALLED if bwrap is None else self._try(bwrap)
            self._probed = (None if why else bwrap, why)
        return self._probed[1]

    def wrapper(self, program: str, profile: Path) -> str:
        """The script Playwright starts as Chromium: `program` in the box, with `profile`
        writable. Call `unavailable()` first."""
        bwrap = self._probed[0] if self._probed else None
        assert bwrap is not None, "the box is unavailable"
        argv = [bwrap, *self.options(program, profile), "--", program]
        script = self.home / "chromium-box"
        script.write_text(f'#!/bin/sh\nexec {shlex.join(argv)} "$@"\n')
        script.chmod(0o700)
        return str(script)

    def options(self, program: str, profile: Path) -> list[str]:
        options = ["--unshare-all", "--share-net", "--unshare-user"]
        options += ["--uid", str(NOBODY), "--gid", str(NOBODY)]
        # No --die-with-parent: Chromium leads a process group of its own, which outlives
        # a killed `agents` (and its Playwright driver) until the next command ends it by
        # its PID, as it did outside the box (`chromium.py`).
        options += ["--cap-drop", "ALL"]
        options += system_binds()
        for hidden in self._hidden():
            options += ["--perms", "0755", "--size", "4096", "--tmpfs", hidden]
        options += self._etc()
        # The fonts' cache: without it each start scans every font again (0.4 s here).
        options += ["--ro-bind-try", FONT_CACHE, FONT_CACHE]
        options += ["--dev", "/dev", "--proc", "/proc"]
        for part in PROC_HOST:
            options += ["--ro-bind-try", f"/proc/{part}", f"/proc/{part}"]
        size = str(SandboxLimits.configured().tmpfs_bytes)
        for tmpfs in ("/tmp", "/dev/shm"):
            options += ["--perms", "1777", "--size", size, "--tmpfs", tmpfs]
        options += ["--dir", HOME, "--remount-ro", "/dev"]
        options += _program(program)  # after /tmp's tmpfs, which would hide one in /tmp
        options += ["--bind", str(profile), str(profile)]
        options += ["--clearenv", "--setenv", "PATH", "/usr/bin:/bin", "--setenv", "HOME", HOME]
        for name in PASSED:
            if os.environ.get(name):
                options += ["--setenv", name, os.environ[name]]
        if self.headed:
            options += _display(self.home)
        return [*options, "--remount-ro", "/", "--chdir", HOME]

    def _hidden(self) -> list[str]:
        """What a system folder shown whole (`/opt`, `/usr`) would show of the working tree
        and its git directory (the home's, `<git-dir>/cleveragents/browser`): the folder
        holding each, or the tree itself right in one (`/opt/repo`), under an empty one."""
        tops = [Path(top) for top in SYSTEM if not os.path.islink(top)]
        found = []
        for place in (self.tree, self.home.parent.parent):
            real = Path(os.path.realpath(place))
            for shown in (real.parent, real):
                if any(shown.is_relative_to(top) and shown != top for top in tops):
                    found.append(str(shown))
                    break
        return list(dict.fromkeys(found))

    def _etc(self) -> list[str]:
        options = ["--dir", "/etc"]
        for name in ETC:
            options += ["--ro-bind-try", f"/etc/{name}", f"/etc/{name}"]
        self.home.mkdir(parents=True, exist_ok=True)
        for name, text in ACCOUNTS.items():
            written = self.home / f"box-{name}"
            if not written.is_file() or written.read_text() != text:
                written.write_text(text)
            options += ["--ro-bind", str(written), f"/etc/{name}"]
        return options

    def _try(self, bwrap: str) -> str | None:
        """None when the box can be made here: tried once, around `true`."""
        self.home.mkdir(parents=True, exist_ok=True)
        return probe([bwrap, *self.options("/bin/true", self.home)], "a box")


def _program(program: str) -> list[str]:
    """The folder of a Chromium outside the system folders (Playwright's own, under its
    cache), read-only, and the link naming it when it is one; only the program itself when
    that folder is, or holds, the home folder or an `.ssh`."""
    options: list[str] = []
    real = Path(os.path.realpath(program))
    if not any(real.is_relative_to(top) for top in SYSTEM if not os.path.islink(top)):
        home = Path(os.path.realpath(os.path.expanduser("~")))
        private = home.is_relative_to(real.parent) or (real.parent / ".ssh").exists()
        shown = real if private else real.parent
        options += ["--ro-bind", str(shown), str(shown)]
        if real != Path(program):
            options += ["--ro-bind", program, program]
    return options


def _display(home: Path) -> list[str]:
    """What a window needs: the X server's socket for a local DISPLAY (`:N`), and its
    cookie (only its: `x_cookies.cookies` writes a file of its own into `home`); the Wayland
    compositor's socket. Nothing else of `/tmp/.X11-unix` or the runtime folder."""
    options: list[str] = []
    display = os.environ.get("DISPLAY", "")
    if display:
        options += ["--setenv", "DISPLAY", display]
        number = display.split(":", 1)[1].split(".")[0] if ":" in display else ""
        if display.startswith(":") and number.isdigit():
            socket = f"/tmp/.X11-unix/X{number}"
            options += ["--ro-bind-try", socket, socket]
        cookie = os.environ.get("XAUTHORITY") or os.path.expanduser("~/.Xauthority")
        if os.path.isfile(cookie):
            mine = home / "box-Xauthority"
            cookies(Path(cookie), display, mine)
            options += ["--ro-bind", str(mine), f"{HOME}/.Xauthority"]
            options += ["--setenv", "XAUTHORITY", f"{HOME}/.Xauthority"]
    wayland = os.environ.get("WAYLAND_DISPLAY", "")
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    if wayland and runtime and "/" not in wayland:
        options += ["--setenv", "WAYLAND_DISPLAY", wayland, "--setenv", "XDG_RUNTIME_DIR", HOME]
        options += ["--ro-bind-try", f"{runtime}/{wayland}", f"{HOME}/{wayland}"]
    return options
