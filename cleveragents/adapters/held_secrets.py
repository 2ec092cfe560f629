"""The API key `agents` was started with, out of what other processes can read of it.

`/proc/PID/environ` shows the environment a process was started with, to any process of
the same user (to root always): a command run with `--no-sandbox`, or a tool Claude Code
runs on the host, could read the key there even though no command is given it
(`domain/command_environment.NEVER_PASSED`). Python keeps its own copy (`os.environ`, where
the SDK reads the key); the bytes the kernel shows are the process's first ones, overwritten
here with NULs. The process is made non-dumpable too: another of the user's processes can
then neither read its memory nor attach to it (root still can). Linux only; elsewhere, or
when the C library cannot be reached, nothing changes.
"""

from __future__ import annotations

import os
import sys

SECRETS = ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN")
PR_SET_DUMPABLE = 4


def hide() -> None:
    """Blank each secret of `SECRETS` in the environment block the kernel shows; keep
    `os.environ` as it is."""
    held = [name for name in SECRETS if os.environ.get(name)]
    if not held or not sys.platform.startswith("linux"):
        return
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
    except OSError:  # pragma: no cover - a Python without a C library to load
        return
    libc.getenv.restype = ctypes.c_void_p
    libc.getenv.argtypes = [ctypes.c_char_p]
    for name in held:
        where = libc.getenv(name.encode())
        if where:  # the value's bytes, where the kernel shows them (or a copy: blank too)
            ctypes.memset(where, 0, len(ctypes.string_at(where)))
    libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)
