"""Long output through a pager, chosen and run as git does it.

The pager is the user's own configuration (`GIT_PAGER`, `core.pager`, `PAGER`), a shell
command run through `sh -c` as git runs it; what it shows is written to its stdin.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

from cleveragents.cli import output

NOT_FOUND = 127  # the shell's exit status for a command it cannot find


def pager_command(environ: Mapping[str, str], configured: Callable[[], str | None]) -> str | None:
    """git's choice: `GIT_PAGER`, else `core.pager`, else `PAGER`, else `less`; `cat` or
    an empty command means no pager. `configured` reads `core.pager` only when needed."""
    command = environ.get("GIT_PAGER")
    if command is None:
        command = configured()
    if command is None:
        command = environ.get("PAGER")
    if command is None:
        command = "less"
    return None if command.strip() in ("", "cat") else command


def page(text: str, paging: bool, configured: Callable[[], str | None], tree: Path) -> None:
    """`text` on stdout, through the pager when `paging` and stdout is a terminal. The
    pager is looked for on PATH without the folders of the working tree `tree`."""
    data = text.encode("utf-8", "surrogateescape")
    command = None
    if paging and data and sys.stdout.isatty():
        command = pager_command(os.environ, configured)
    if command is None or not _through(command, data, tree):
        output.raw(data)


def _through(command: str, data: bytes, tree: Path) -> bool:
    """Run the pager on `data`; False when the shell could not find it (then, as git does,
    the text goes to stdout without one). Quitting it early is no error: the rest is dropped."""
    from cleveragents.adapters import host_programs

    # A model's command could have planted a `less` in a folder of the tree on PATH.
    env = {**os.environ, "PATH": host_programs.trusted_path(host_programs.tree_of(tree))}
    env.setdefault("LESS", "FRX")  # quit when it fits, keep the colours, leave the screen be
    env.setdefault("LV", "-c")
    sys.stdout.flush()
    pager = subprocess.Popen(["/bin/sh", "-c", command], stdin=subprocess.PIPE, env=env)
    # Ctrl-C is the pager's (less stays open, as under git): it must not end us before it.
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        pager.communicate(data)  # a pager that quit before reading it all is no error
    finally:
        signal.signal(signal.SIGINT, previous)
    return pager.returncode != NOT_FOUND
