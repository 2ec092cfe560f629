"""What Claude Code's Bash runs in place of the model's command: `python -I -m
cleveragents.adapters.actors.claude_code.boxed HANDLE` (`own_python.py`).

Our PreToolUse hook lets an allowed Bash call through with its command replaced by this
line (`updatedInput`); HANDLE is a random name the run gave the call, the only word of it.
The model's command never passes through a shell line we build: the run keeps it, and on
this ask (over the hook's socket, with its token) runs it as it runs its own actor's
commands (`WorkspaceEnvironment.apply`: bubblewrap with the tree writable and `.git`
read-only, the environment's allow list, the limits). What it printed comes back here and
goes to stdout, and its exit code is this one's: Claude Code sees them as Bash's own. When
the run cannot be reached, nothing runs and the call fails.
"""

from __future__ import annotations

import shlex
import sys
from typing import Any

from cleveragents.adapters.actors.claude_code import hook

REFUSED = 126  # as a shell says of a command it cannot run


def command(handle: str) -> str:
    """The line Claude Code's Bash runs for the boxed call `handle` (our own words only)."""
    from cleveragents.adapters.actors.claude_code.own_python import module_words

    return shlex.join(module_words(__name__, handle))


def main() -> int:
    import os

    place, token = os.environ.get(hook.SOCKET), os.environ.get(hook.TOKEN, "")
    if len(sys.argv) != 2 or not place:
        return _said("no `agents plan run` to run it in its sandbox")
    try:
        answer: dict[str, Any] = hook.ask(place, token, {"box": sys.argv[1]}, seconds=None)
    except Exception as error:
        return _said(str(error) or type(error).__name__)
    return shown(answer)


def shown(answer: dict[str, Any], *, blocking: int | None = None) -> int:
    """The run's answer to a command it ran as Claude Code takes it: what the command
    printed on stdout (on stderr when its exit code is `blocking`, a hook's that hands it to
    the model), the run's note on stderr, its exit code."""
    output, code, note = answer.get("output"), answer.get("code"), answer.get("note")
    if not isinstance(output, str) or not isinstance(code, int):
        return _said("the run gave no answer")
    stream = sys.stderr if code == blocking else sys.stdout
    stream.buffer.write(output.encode("utf-8", errors="surrogateescape"))
    stream.flush()
    if isinstance(note, str) and note:
        print(f"cleveragents: {note}", file=sys.stderr)
    return code


def _said(why: str) -> int:
    print(f"cleveragents: the command did not run: {why}", file=sys.stderr)
    return REFUSED


if __name__ == "__main__":
    sys.exit(main())
