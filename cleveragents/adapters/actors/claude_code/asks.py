"""What the run answers on the hook's socket: hook events, the ask for the API key, and
our launchers' asks to run a command in the sandbox (`boxed.py`, `shell_prefix.py`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cleveragents.domain.hook_answers import BOX_EVENT, HOST_EVENT, SHELL_EVENT

Answer = Callable[[dict[str, Any]], dict[str, Any]]


def answering(key: str | None, answer: Answer) -> Answer:
    """Answer hook events with `answer`, and the first ask for the key with the key. Claude
    Code asks before its first request, before any command of the session could run;
    a later ask (a command that found the socket) gets nothing. The launcher's ask for a
    boxed command (`boxed.py`) goes to `answer` as our own event."""
    handed = False

    def answering(asked: dict[str, Any]) -> dict[str, Any]:
        nonlocal handed
        if asked.get("key"):
            if handed or key is None:
                return {}
            handed = True
            return {"key": key}
        if isinstance(asked.get("box"), str):
            refused = asked.get("refused")  # the serving side's own: not the launcher's
            return answer({"hook_event_name": BOX_EVENT, "box": asked["box"], "refused": refused})
        if isinstance(asked.get("shell"), str):  # a project's command, for our sandbox
            stdin = asked.get("stdin")
            seconds = asked.get("seconds")
            shell = {
                "shell": asked["shell"],
                "stdin": stdin if isinstance(stdin, str) else "",
                "seconds": seconds if isinstance(seconds, int | float) else None,
                "refused": asked.get("refused"),  # the serving side's own, as a box's
            }
            return answer({"hook_event_name": SHELL_EVENT, **shell})
        if asked.get("host") is True:  # a hook of the user's, about to run on the host
            return answer({"hook_event_name": HOST_EVENT})
        event = asked.get("event")
        return answer(event) if isinstance(event, dict) else {}

    return answering
