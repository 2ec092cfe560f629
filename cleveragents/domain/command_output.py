"""What a decision keeps of the commands it ran: their output as printed, capped.

A test suite gone wrong can print megabytes; the store keeps the head (where the first
error usually is) and the tail (where the summary is), and one line between them saying
how many bytes were cut, which `cut_bytes` reads back for the views.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the models import pydantic, which `plan decision` does without
    from cleveragents.domain.action import Action, ActionOutcome

OUTPUT_CAP = 64 * 1024  # bytes of output one command, or one decision, keeps
_CUT = re.compile(r"^\[agents: (\d+) bytes cut here\b", re.MULTILINE)


def capped(raw: bytes, cap: int = OUTPUT_CAP) -> str:
    """`raw` decoded (bytes that are not UTF-8 replaced); longer than `cap` bytes, its first
    and last `cap // 2` bytes, cut at a line end where one is near, and a line between them
    saying how many bytes were cut."""
    record = OutputRecord(cap)
    record.add(raw)
    return record.text()


class OutputRecord:
    """A command's output as it streams in, holding only what `capped` keeps of it: the
    first and the last `cap // 2` bytes, and how many there were."""

    def __init__(self, cap: int = OUTPUT_CAP) -> None:
        self.cap = cap
        self.head = bytearray()
        self.tail = bytearray()
        self.total = 0

    def add(self, chunk: bytes) -> None:
        """Take the next `chunk` of output."""
        self.total += len(chunk)
        room = self.cap - len(self.head)
        if room > 0:  # until `cap` bytes came, all of it is kept
            self.head += chunk[:room]
            chunk = chunk[room:]
        self.tail += chunk
        if len(self.tail) > self.cap:
            del self.tail[: len(self.tail) - self.cap]

    def last(self, size: int) -> bytes:
        """The last `size` bytes printed, `size` at most the cap (fewer when it printed fewer)."""
        return bytes((self.head + self.tail)[-size:])

    def text(self) -> str:
        """What is kept, as `capped` would keep it of the whole output."""
        if self.total <= self.cap:
            return bytes(self.head).decode("utf-8", errors="replace")
        half = self.cap // 2
        whole = bytes(self.head + self.tail)
        head, tail = whole[:half], whole[len(whole) - half :]
        # Whole lines read better; a line end in the outer half of each part is near enough.
        if (end := head.rfind(b"\n")) >= half // 2:
            head = head[: end + 1]
        if 0 <= (start := tail.find(b"\n")) < half // 2:
            tail = tail[start + 1 :]
        total = self.total
        cut = total - len(head) - len(tail)
        line = f"[agents: {cut} bytes cut here, of {total}; the head and the tail are kept]\n"
        text = head.decode("utf-8", errors="replace")
        return text + ("" if text.endswith("\n") else "\n") + line + tail.decode(errors="replace")


def cut_bytes(output: str) -> int:
    """How many bytes `capped` left out of `output` (0 when nothing was cut). Read from its
    notes, so a command that printed such a line itself is counted as cut too."""
    return sum(int(found) for found in _CUT.findall(output))


def kept_output(runs: Sequence[tuple[str, str]]) -> str | None:
    """What a decision keeps of the commands it ran, given as `(command, output)`: None when
    it ran none; one command's output as printed; several, each after a `$ command` line."""
    if not runs:
        return None
    if len(runs) == 1:
        return runs[0][1]
    parts = [
        f"$ {command}\n" + text + ("\n" if text and not text.endswith("\n") else "")
        for command, text in runs
    ]
    return capped("".join(parts).encode())


def commands_run(taken: Iterable[tuple[Action, ActionOutcome]]) -> list[tuple[str, str]]:
    """`(command, output)` of each action taken that ran a command; one refused did not."""
    from cleveragents.domain.action import RunAction

    return [
        (action.command, outcome.output)
        for action, outcome in taken
        if isinstance(action, RunAction) and (outcome.exit_code is not None or outcome.timed_out)
    ]


def one_line(outcome: ActionOutcome) -> str:
    """An outcome in a line: a failed command's last line of output, and how many it printed."""
    lines = [line for line in outcome.output.splitlines() if line.strip()]
    if outcome.ok or not lines:
        return outcome.summary
    more = f"; {len(lines)} lines of output" if len(lines) > 1 else ""
    return f"{outcome.summary} ({lines[-1].strip()[:200]}{more})"
