"""The command Claude Code runs for each hook event: `python -m
cleveragents.adapters.actors.claude_code.hook`.

A command hook, not the SDK's in-process callbacks: the same command serves a session
installed in `.claude/settings.local.json`, where no Python process of ours drives Claude
Code. Under `agents plan run` it hands the event to that run over the Unix socket named by
CLEVERAGENTS_HOOK_SOCKET (with the run's CLEVERAGENTS_HOOK_TOKEN): the run holds the plan's
lock and records the decision, so the hook takes no lock of its own and waits for nothing
but the answer. It imports nothing of cleveragents: it starts in tens of milliseconds.

It never fails Claude Code. In a session the user runs (no run to reach) it says so once on
stderr and prints nothing, which lets the call through Claude Code's own permission mode
(edits pass; a command is refused headless, never run unchecked). Under a run, when the run
does not answer (it failed), it fails closed: the call is denied and the session ends, so
no call goes ahead unrecorded.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sys
from pathlib import Path
from typing import Any, cast

SOCKET = "CLEVERAGENTS_HOOK_SOCKET"
TOKEN = "CLEVERAGENTS_HOOK_TOKEN"
CONNECT_SECONDS = 5.0
ANSWER_SECONDS = 590.0  # below the hook's timeout in the settings: ours ends first


def ask(
    place: str, token: str, asked: dict[str, Any], seconds: float | None = ANSWER_SECONDS
) -> dict[str, Any]:
    """Send the event (or the ask for the key, or for a boxed command) to the run; its
    answer comes back, within `seconds` (None: a boxed command, as long as it runs)."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
        connection.settimeout(CONNECT_SECONDS)
        connection.connect(place)
        connection.settimeout(seconds)
        connection.sendall(json.dumps({"token": token, **asked}).encode() + b"\n")
        connection.shutdown(socket.SHUT_WR)
        received = b""
        while chunk := connection.recv(65536):
            received += chunk
    return cast(dict[str, Any], json.loads(received))  # the run answers with an object


def lease(place: str, token: str, asked: dict[str, Any]) -> tuple[socket.socket, dict[str, Any]]:
    """Ask the run as `ask` does; its answer ends with a line's end, and the connection stays
    open, the caller's to hold (`shell_prefix._on_host`). Closed when the run refuses."""
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        connection.settimeout(CONNECT_SECONDS)
        connection.connect(place)
        connection.settimeout(None)
        inode = os.fstat(connection.fileno()).st_ino  # the run finds who holds it by it
        said = {"token": token, **asked, "inode": inode}
        connection.sendall(json.dumps(said).encode() + b"\n")
        connection.shutdown(socket.SHUT_WR)
        received = b""
        while not received.endswith(b"\n") and (chunk := connection.recv(65536)):
            received += chunk
        answer = cast(dict[str, Any], json.loads(received))
    except BaseException:
        connection.close()
        raise
    if "code" in answer:
        connection.close()
    return connection, answer


def say_once(place: str | None, why: str) -> None:
    """One line on stderr the first time a run's hook cannot record, not on every call."""
    marker = Path(place + ".warned") if place else None
    if marker is not None and marker.exists():
        return
    if marker is not None:
        with contextlib.suppress(OSError):
            marker.touch()
    print(f"cleveragents: this tool call goes ahead unrecorded: {why}", file=sys.stderr)


def closed(event: Any, reason: str) -> dict[str, Any]:
    """Deny a call (end the session) whose run gave no answer: nothing goes ahead unrecorded."""
    stop: dict[str, Any] = {"continue": False, "stopReason": reason}
    if isinstance(event, dict) and event.get("hook_event_name") == "PreToolUse":
        decision = {"permissionDecision": "deny", "permissionDecisionReason": reason}
        stop["hookSpecificOutput"] = {"hookEventName": "PreToolUse", **decision}
    return stop


def key() -> int:
    """As Claude Code's apiKeyHelper: print the key the run hands out once; else fail."""
    place, token = os.environ.get(SOCKET), os.environ.get(TOKEN, "")
    try:
        answer = ask(place or "", token, {"key": True})
    except Exception as error:
        print(f"cleveragents: no API key from the run: {error}", file=sys.stderr)
        return 1
    if not answer.get("key"):
        print("cleveragents: the run hands out its API key once only", file=sys.stderr)
        return 1
    print(answer["key"])
    return 0


def main() -> int:
    if sys.argv[1:] == ["--key"]:
        return key()
    place, token = os.environ.get(SOCKET), os.environ.get(TOKEN, "")
    event: Any = None
    try:
        event = json.loads(sys.stdin.read())
        if not place:
            raise LookupError(f"{SOCKET} is not set: no `agents plan run` to record it")
        answer = ask(place, token, {"event": event})
    except Exception as error:
        why = str(error) or type(error).__name__
        if not place:
            say_once(place, why)
            return 0
        answer = closed(event, f"cleveragents could not record this call ({why}): the run ends")
    if answer:
        print(json.dumps(answer))
    return 0


if __name__ == "__main__":
    sys.exit(main())
