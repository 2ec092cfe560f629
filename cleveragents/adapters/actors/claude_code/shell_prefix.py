"""Claude Code's `CLAUDE_CODE_SHELL_PREFIX` under `agents plan run`: every command it runs
through its shell comes here first, as our launcher's one argument.

Claude Code 2.1 runs its Bash calls, the project's hooks (every event) and the project's
stdio MCP servers as `PREFIX 'COMMAND'` (its apiKeyHelper and statusLine not: measured with
the pinned CLI). A project hook (`mypy src`, a formatter) would otherwise run on the host
with the tree the model just changed: a tree file it loads by its own convention (a mypy
plugin, an `environment.py`, what a script starts) runs the model's code there. Here:

- our own hook command (its line holds this session's random mark) runs as it is;
- a Bash call is Claude Code's own wrapper around our boxed launcher (`boxed.py`): the
  launcher runs, nothing of the wrapper's start-up;
- anything else runs in our sandbox, as a model's command does (`claude_code_box.py`): the
  run is asked over the hook's socket, hands it the event on stdin, and what it printed
  and its exit code come back (a skill's `!` line, whose input stays open with nothing
  on it, runs with none). A program Claude Code talks to on an input it keeps open (an MCP
  server) is refused: its talk cannot pass through one ask.

The file Claude Code runs is written per session (`script`) with the marked hook line in it.
"""

from __future__ import annotations

import os
import re
import selectors
import shlex
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cleveragents.adapters.actors.claude_code import boxed, hook

VARIABLE = "CLAUDE_CODE_SHELL_PREFIX"
REFUSED = 126  # as a shell says of a command it cannot run
BLOCKING = 2  # a hook's exit code that hands its stderr to the model
STDIN_SECONDS = 5.0  # Claude Code writes a hook's event and closes its input at once
SILENT_SECONDS = 1.0  # nothing on an open input this long: the command is given none
# Claude Code 2.1's Bash wrapper: its start-up, `eval` of the call's command (a quote inside
# written `'\\''` or `'"'"'`), the folder kept in a file of its temporary folder (`$TMPDIR`).
_WRAPPER = re.compile(
    r"^.* && eval ('(?:[^']|'\\''|'\"'\"')*') < /dev/null"
    r" && pwd -P >\| (/[^\s'\"]*/claude-[0-9a-f]+-cwd)\Z",
    re.DOTALL,
)


def script(
    own: str,
    folder: Path,
    users: Mapping[str, float] | None = None,
    seconds: Mapping[str, float] | None = None,
) -> Path:
    """Write the launcher Claude Code runs as its prefix for one session: this Python,
    isolated, our package first on its path, `own` (our hook's line) the one command run
    as it is, `users` on the host (each with its timeout), `seconds` each project hook
    line's timeout. Claude Code takes the prefix as one path, not a command line."""
    package = str(Path(__file__).resolve().parents[4])
    text = (
        f"#!{sys.executable} -I\n"
        "import sys\n"
        f"sys.path.insert(0, {package!r})\n"
        f"from {__name__} import main\n"
        f"sys.exit(main({own!r}, {dict(users or {})!r}, {dict(seconds or {})!r}))\n"
    )
    path = folder / f"prefix-{os.urandom(8).hex()}"
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o700)
    with os.fdopen(descriptor, "w") as file:
        file.write(text)
    return path


def handle_of(line: str) -> tuple[str, str] | None:
    """(handle, folder file) when `line` is Claude Code's Bash wrapper around our boxed
    launcher and nothing else; else None."""
    found = _WRAPPER.match(line)
    if found is None:
        return None
    try:
        (inner,) = shlex.split(found.group(1))
        words = shlex.split(inner)
    except ValueError:
        return None
    *launcher, handle = words or [""]
    ours = shlex.split(boxed.command("x"))[:-1]
    if launcher != ours or not re.fullmatch(r"[0-9a-f]{32}", handle):
        return None
    return handle, found.group(2)


def main(
    own: str, users: Mapping[str, float] | None = None, seconds: Mapping[str, float] | None = None
) -> int:
    if len(sys.argv) != 2:
        return _said("Claude Code gave no command")
    line = sys.argv[1]
    if line == own:
        words = shlex.split(own)
        os.execv(words[0], words)
    if line in (users or {}):  # the user's own hook (a guard reading its files): on the
        return _on_host(line, (users or {})[line])  # host, once the model's changes are back
    boxed_call = handle_of(line)
    if boxed_call is not None:
        return _boxed(*boxed_call)
    data = _input()
    if data is None:
        return _said(
            "a program that keeps its input open (an MCP server) does not run in the "
            "sandbox of `agents plan run`"
        )
    return _in_box(line, data, (seconds or {}).get(line))


def _boxed(handle: str, folder_file: str) -> int:
    sys.argv = [boxed.__name__, handle]
    code = boxed.main()
    if code == 0:  # as the wrapper's `pwd -P >| FILE`: Claude Code keeps its folder
        with open(folder_file, "w") as file:
            file.write(os.path.realpath(os.getcwd()) + "\n")
    return code


def _input() -> bytes | None:
    """All of stdin; empty when nothing comes on it at first (a skill's `!` line: Claude
    Code leaves its input open and writes nothing); None when something comes but the input
    is not closed in time (an MCP server, spoken to for as long as it runs)."""
    data, start = b"", time.monotonic()
    with selectors.DefaultSelector() as chooser:
        try:
            chooser.register(0, selectors.EVENT_READ)
        except ValueError:
            return b""  # no input to read
        except OSError:  # a regular file: it ends
            return sys.stdin.buffer.read()
        while (left := start + STDIN_SECONDS - time.monotonic()) > 0:
            if not chooser.select(min(left, SILENT_SECONDS) if not data else left):
                if not data and time.monotonic() - start >= SILENT_SECONDS:
                    return b""  # nothing said: the command reads no input of Claude Code's
                continue
            chunk = os.read(0, 65536)
            if not chunk:
                return data
            data += chunk
    return None


def _in_box(line: str, data: bytes, seconds: float | None = None) -> int:
    place, token = os.environ.get(hook.SOCKET), os.environ.get(hook.TOKEN, "")
    if not place:
        return _said("no `agents plan run` to run it in its sandbox")
    asked: dict[str, Any] = {"shell": line, "stdin": data.decode("utf-8", errors="surrogateescape")}
    if seconds is not None:  # a project hook's: the box ends it when Claude Code would
        asked["seconds"] = seconds
    try:
        answer: dict[str, Any] = hook.ask(place, token, asked, seconds=None)
    except Exception as error:
        return _said(str(error) or type(error).__name__)
    return boxed.shown(answer, blocking=BLOCKING)  # a hook's stderr is what the model reads


def _on_host(line: str, seconds: float) -> int:
    """Run the user's hook `line` as Claude Code would, on the host, once the run has put
    back what the model's calls changed of what runs there: Claude Code runs the hooks of an
    event side by side, ours (which puts back) beside the user's (a `make fmt` running the
    Makefile a boxed call just wrote: attack 15 finding 1). The run's answer comes on a
    connection a keeper of the hook then holds (`host_keeper.py`): no boxed call starts
    until every process of the hook has ended, or for `seconds` (an async hook's `sleep 3;
    make` beside the model's next call: attack 16 finding 8). Not run when the run cannot."""
    place, token = os.environ.get(hook.SOCKET), os.environ.get(hook.TOKEN, "")
    if not place:
        return _said("no `agents plan run` to put back what the model changed first")
    try:
        asked = {"host": True, "seconds": seconds, "line": line}  # the line: named if it holds on
        connection, answer = hook.lease(place, token, asked)
    except Exception as error:
        return _said(str(error) or type(error).__name__)
    if "code" in answer:  # what was changed could not be put back: the hook does not run
        return boxed.shown(answer, blocking=BLOCKING)
    from cleveragents.adapters.actors.claude_code.host_keeper import run_kept

    return run_kept(line, connection.detach())  # held while any process of the hook lives


def _said(why: str) -> int:
    print(f"cleveragents: the command did not run: {why}", file=sys.stderr)
    return REFUSED
