"""The API key `agents` was started with, out of what other processes can read of it.

`/proc/PID/environ` shows the environment a process was started with, to any process of
the same user (to root always): a command run with `--no-sandbox`, or a tool Claude Code
runs on the host, could read the key there even though no command is given it
(`domain/command_environment.NEVER_PASSED`). So the secrets are taken out of `os.environ`
at the start, kept here for what asks for one by name (the SDK's client, Claude Code's
apiKeyHelper): every process agents starts (each `git` of each checkpoint, `find`, Claude
Code) is given `os.environ` or a part of it, and would show them in its own environ
(attack 15 finding 8). The bytes the kernel shows of agents' own are its first ones,
overwritten here with NULs. The process is made non-dumpable too: another of the user's
processes can then neither read its memory nor attach to it (root still can). The blanking
is Linux only; elsewhere, or when the C library cannot be reached, only `os.environ` changes.
"""

from __future__ import annotations

import os
import sys

# The Messages API's key and bearer token, and Claude Code's own token (`claude setup-token`).
SECRETS = ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN")
PR_SET_DUMPABLE = 4

_held: dict[str, str] = {}


def hide() -> None:
    """Take each secret of `SECRETS` out of `os.environ`, held for `value`, and blank it in
    the environment block the kernel shows. Each start of `agents` holds what its own
    environment gives, nothing of an earlier one (the test suite runs several in one)."""
    _held.clear()
    _held.update({name: found for name in SECRETS if (found := os.environ.get(name))})
    if _held and sys.platform.startswith("linux"):
        _blank(list(_held))
    for name in _held:  # after the blanking: `unsetenv` forgets where the bytes were
        os.environ.pop(name, None)


def value(name: str) -> str | None:
    """The secret `name` agents was started with (or that was set since), if any."""
    return _held.get(name) or os.environ.get(name) or None


def _blank(held: list[str]) -> None:
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
