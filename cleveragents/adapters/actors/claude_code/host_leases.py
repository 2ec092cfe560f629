"""The user's own hooks running on the host, as the run holds them: no boxed command starts
while one runs (attack 16 finding 8).

A hook of the user's settings runs on the host (`shell_prefix._on_host`) once the run has
put back what the model's calls changed of what runs there; the run answers that ask and
keeps its connection open: the lease. The prefix hands the connection to a keeper of the
hook (`host_keeper.py`), a subreaper whose descendants every process of the hook stays (a
`make &` it leaves behind, one Python's `subprocess` starts in a session of its own); it
ends when the last of them ends or is killed (the kernel closes it), never on the hook's
word. Claude Code does not wait for an `async` hook, nor a hook still running
for the model's next call: without the lease a boxed call could rewrite the Makefile the
hook's `sleep 3; make` runs a moment later.

While any lease is held, a boxed command (a Bash call, a project hook) waits; the run
answers nothing else meanwhile, so no other hook of the user's starts during a boxed
command, and each starts after the put-back at its end. The wait is bounded: by the hook's
timeout (Claude Code's, from the hook's start) and by the asker's own life (Claude Code
ending the launcher). Past either, the command does not run, the refusal naming the hook
and the processes still holding it (`host_holders.py`), and the run's end counting it; the
lease stays until its processes end.
"""

from __future__ import annotations

import select
import socket
import time
from collections.abc import Callable

from cleveragents.adapters.actors.claude_code.host_holders import Holder, past_timeout, waiting
from cleveragents.adapters.actors.claude_code.process_ties import hung_up

POLL_SECONDS = 0.5  # how often the asker's own end is looked at meanwhile
SHOWN_SECONDS = 3.0  # a wait this long is said on the user's terminal, once


class HostLeases:
    """The connections of the user's hooks running on the host, each with its deadline."""

    def __init__(self, say: Callable[[str], None] | None = None) -> None:
        self.held: list[tuple[socket.socket, float, Holder]] = []
        self.say = say or _on_stderr

    def hold(self, connection: socket.socket, seconds: float, hook: Holder | None = None) -> None:
        """Keep `connection` (a hook's, just let run) until it closes; waited for at most
        `seconds` from now; `hook` is what it said of itself, named when it holds on."""
        self._drop_ended()  # the hooks that ended meanwhile hold no descriptor of the run's
        self.held.append((connection, time.monotonic() + seconds, hook or Holder()))

    def wait(self, gone: Callable[[], bool]) -> str | None:
        """Wait until no lease is held: None then; why not, when a hook runs past its timeout
        or `gone()` says the asker is no more (the command must not run then); past
        `SHOWN_SECONDS`, the user is told once who holds it."""
        shown_at = time.monotonic() + SHOWN_SECONDS
        while True:
            self._drop_ended()
            if not self.held:
                return None
            if gone():
                return "Claude Code ended the command while a hook of your own ran on the host"
            now, deadline = time.monotonic(), min(d for _, d, _ in self.held)
            if now >= shown_at:
                first = min(self.held, key=lambda held: held[1])
                self.say(waiting(first[2], deadline - now))
                shown_at = float("inf")
            if now >= deadline:
                first = min(self.held, key=lambda held: held[1])
                why = past_timeout(first[2])  # a look at /proc: it may have ended meanwhile
                self._drop_ended()
                if first in self.held:
                    return why
                continue
            poller = select.poll()  # a hang-up is always told; what a hook wrote is not read
            for connection, _, _ in self.held:
                poller.register(connection.fileno(), 0)
            poller.poll(1000 * max(0.0, min(deadline - now, POLL_SECONDS, shown_at - now)))

    def close(self) -> None:
        """The run ends: its ends of the leases are closed."""
        for connection, _, _ in self.held:
            connection.close()
        self.held = []

    def _drop_ended(self) -> None:
        kept = []
        for connection, deadline, hook in self.held:
            if hung_up(connection):  # every process of the hook closed its end
                connection.close()
            else:
                kept.append((connection, deadline, hook))
        self.held = kept


def _on_stderr(text: str) -> None:
    import sys

    from cleveragents.domain.shown_text import visible

    print(f"note: {visible(text)}", file=sys.stderr, flush=True)
