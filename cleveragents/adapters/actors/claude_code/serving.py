"""The run's side of the hook's socket while Claude Code runs: its output read, each ask
on the socket answered in turn (`asks.py`), one at a time.

A hook of the user's running on the host holds its connection open (`host_leases.py`): a
boxed command (a Bash call's, a project hook's) waits until none is held, and when it
cannot, does not run.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import selectors
import socket
import subprocess
from collections.abc import Callable
from typing import Any

from cleveragents.adapters.actors.claude_code.host_holders import holder
from cleveragents.adapters.actors.claude_code.host_leases import HostLeases
from cleveragents.adapters.actors.claude_code.process_ties import hung_up
from cleveragents.adapters.actors.claude_code.stream_calls import StreamCalls
from cleveragents.adapters.workspace.command_process import given_up_when
from cleveragents.domain.hook_answers import failed

Answer = Callable[[dict[str, Any]], dict[str, Any]]
FAILED = "cleveragents failed to record this call: the run ends"
REFUSED = 126  # as a shell says of a command it cannot run
HOST_SECONDS = 600.0  # Claude Code's timeout of a hook that names none


def serve(
    process: subprocess.Popen[bytes],
    listener: socket.socket,
    token: str,
    answer: Answer,
    seen: Callable[[str], None] | None = None,
    calls: StreamCalls | None = None,
) -> dict[str, Any] | None:
    """Read the CLI's messages and answer its hooks, one at a time, until its output ends;
    `seen` learns the session id the CLI announces (a fork's new one) before any hook."""
    assert process.stdout is not None
    out = process.stdout.fileno()
    chooser = selectors.DefaultSelector()
    chooser.register(out, selectors.EVENT_READ, "out")
    chooser.register(listener, selectors.EVENT_READ, "hook")
    pending, result, leases = b"", None, HostLeases()
    with chooser, contextlib.closing(leases):
        while True:
            for key, _ in chooser.select():
                if key.data == "hook":
                    connection, _ = listener.accept()
                    if not answer_hook(connection, token, answer, leases):
                        connection.close()
                    continue
                chunk = os.read(out, 65536)
                if not chunk:
                    return result
                pending += chunk
                *lines, pending = pending.split(b"\n")
                for line in lines:
                    message = _message(line)
                    if calls is not None:
                        calls.read(message)
                    if message.get("type") == "result":
                        result = message
                    elif message.get("subtype") == "init" and seen is not None:
                        seen(str(message.get("session_id")))


def answer_hook(connection: socket.socket, token: str, answer: Answer, leases: HostLeases) -> bool:
    """Answer one ask; True when its connection is kept (a lease of a user's hook let run)."""
    connection.settimeout(30)
    received = b""
    try:
        while chunk := connection.recv(65536):
            received += chunk
        asked = json.loads(received)
    except (OSError, ValueError):  # pragma: no cover - a hook killed while it sent its event
        return False  # it let its call through unrecorded
    ours = isinstance(asked, dict) and secrets.compare_digest(str(asked.get("token", "")), token)
    if not ours:
        reply: dict[str, Any] = {}  # not our run's hook: nothing recorded, nothing decided
    else:
        try:
            with given_up_when(lambda: hung_up(connection)):
                reply = _answered(connection, asked, answer, leases)
        except Exception:  # no call goes ahead unrecorded: it is denied, the session ends
            with contextlib.suppress(OSError):
                connection.sendall(json.dumps(failed(asked.get("event"), FAILED)).encode())
            raise
    held = ours and asked.get("host") is True and "code" not in reply
    if held:  # before the answer: no boxed command starts from here on
        seconds = _seconds(asked.get("seconds"))
        leases.hold(connection, seconds, holder(asked, seconds))
    with contextlib.suppress(OSError):
        connection.sendall(json.dumps(reply).encode() + (b"\n" if held else b""))
    return held


def _answered(
    connection: socket.socket, asked: dict[str, Any], answer: Answer, leases: HostLeases
) -> dict[str, Any]:
    """The answer; a boxed command's only once no hook of the user's runs on the host."""
    asked = {k: v for k, v in asked.items() if k != "refused"}  # ours to say, not the asker's
    if isinstance(asked.get("box"), str) or isinstance(asked.get("shell"), str):
        why = leases.wait(lambda: hung_up(connection))
        if why is not None:  # the call's own outcome says so, and the run's end counts it
            return answer({**asked, "refused": why})
    return answer(asked)


def _seconds(seconds: object) -> float:
    if isinstance(seconds, int | float) and not isinstance(seconds, bool) and seconds > 0:
        return float(seconds)
    return HOST_SECONDS


def _message(line: bytes) -> dict[str, Any]:
    try:
        message = json.loads(line)
    except ValueError:
        return {}
    return message if isinstance(message, dict) else {}
