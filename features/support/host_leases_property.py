"""The property of claude_code.host_leases.property.feature.

The run's side of the hook's socket (`serving.serve`, on a real Unix socket) answers the
real prefix launcher (`shell_prefix.script`) running one to three hooks of the user's own
on the host, and the real boxed launcher (`boxed.py`) asking for one to three commands
after they started. Each hook is `sh`: it marks its start, may leave a child in the
background (`(sleep C; mark) &`, or one Python's `subprocess` starts in a session of its
own, holding no descriptor of the hook's: attack 17 finding 1), sleeps, marks its end; it
may be killed (SIGKILL to its process group: the launcher, its keeper, its shell and
child), and its timeout may be short (0.4 s).
What the run answers stands in for the plan's recording (`ClaudeCodeRun.answer`): it notes
when each boxed command would run, and which process of a hook was alive then.

Holds: no boxed command runs while any process of a hook lives; a command not run was
refused because a hook with the short timeout still lived past it, the refusal naming it
(its line, which carries random text first, as data on one line) and, when it still lives,
a pid holding it; every launcher gets its answer, none waits on a hook whose processes all
ended (a killed one's too); a hook's launcher ends with the hook's own shell, its status
the shell's, before a child it left ends."""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from features.support.properties import reproducible

SHORT = 0.4  # a hook's short timeout, in seconds
TENTHS = st.integers(min_value=0, max_value=8).map(lambda n: n / 10)


# Text a hook's line carries as data (`: 'TEXT'`): control characters, escapes, markup.
SAID = st.text(
    st.characters(blacklist_characters="'\x00", blacklist_categories=("Cs",)), max_size=12
)


@dataclass(frozen=True)
class HookShape:
    sleep: float
    child: float | None  # the background child's sleep, or no child
    killed: bool
    short: bool  # its timeout SHORT, else Claude Code's 600 s
    said: str = ""  # data its line carries first
    detached: bool = False  # its child started by Python's subprocess, in a session of its own


HOOKS = st.lists(
    st.builds(
        HookShape, TENTHS, st.none() | TENTHS, st.booleans(), st.booleans(), SAID, st.booleans()
    ),
    min_size=1,
    max_size=3,
)
BOXES = st.lists(
    st.integers(min_value=0, max_value=5).map(lambda n: n / 10), min_size=1, max_size=3
)


def check_property(examples: int, seed: int, work: Path) -> int:
    ran = 0

    @reproducible(examples, seed)
    @given(HOOKS, BOXES)
    def holds(hooks: list[HookShape], boxes: list[float]) -> None:
        nonlocal ran
        ran += 1
        _example(Path(tempfile.mkdtemp(prefix="host-leases-", dir=work)), hooks, boxes)

    holds()
    return ran


def _example(top: Path, hooks: list[HookShape], boxes: list[float]) -> None:
    from cleveragents.adapters.actors.claude_code import asks, boxed, hook, shell_prefix
    from cleveragents.adapters.actors.claude_code.host_holders import one_line
    from cleveragents.adapters.actors.claude_code.process_ties import listening
    from cleveragents.adapters.actors.claude_code.serving import serve
    from cleveragents.domain.hook_answers import BOX_EVENT

    lines = [_line(top, number, shape) for number, shape in enumerate(hooks)]
    users = {
        line: SHORT if shape.short else 600.0 for line, shape in zip(lines, hooks, strict=True)
    }
    prefix = shell_prefix.script("own-hook-line", top, users)
    started: list[subprocess.Popen[bytes]] = []
    seen: list[dict[str, Any]] = []
    ended: dict[int, float] = {}  # when each launcher ended (wall clock), by pid

    def alive() -> list[int]:
        """The hooks a process of which has work left (a killed one's all ended with it)."""
        found = []
        for number, shape in enumerate(hooks):
            main = not (top / f"h{number}.main").exists()
            child = shape.child is not None and not (top / f"h{number}.child").exists()
            if not shape.killed and (main or child):
                found.append(number)
        return found

    def living() -> list[int]:
        """The hooks a process of which has not ended yet (done with its work, maybe)."""
        found = []
        for number, shape in enumerate(hooks):
            child = top / f"h{number}.pid"
            lives = child.exists() and Path(f"/proc/{child.read_text().strip()}").exists()
            if not shape.killed and (started[number].poll() is None or lives):
                found.append(number)
        return found

    def answer(event: dict[str, Any]) -> dict[str, Any]:
        if event.get("hook_event_name") == BOX_EVENT:
            refused = event.get("refused")
            shorts = [n for n, s in enumerate(hooks) if s.short]
            seen.append(
                {"refused": refused, "alive": alive(), "living": living(), "shorts": shorts}
            )
            if isinstance(refused, str):
                return {"output": "", "code": 126, "note": refused}
            return {"output": "ran\n", "code": 0}
        return {}  # the put-back before a user's hook: nothing to put back here

    with listening() as (listener, place):
        env = dict(os.environ, **{hook.SOCKET: place, hook.TOKEN: "t0ken"})
        cli = subprocess.Popen(["cat"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        served = threading.Thread(
            target=serve, args=(cli, listener, "t0ken", asks.answering(None, answer))
        )
        served.start()
        try:
            for line in lines:
                started.append(
                    subprocess.Popen([str(prefix), line], env=env, cwd=top, start_new_session=True)
                )
                threading.Thread(target=_ended, args=(started[-1], ended), daemon=True).start()
            _until(lambda: all((top / f"h{n}.start").exists() for n in range(len(hooks))))
            begun = time.monotonic()
            for number, shape in enumerate(hooks):
                if shape.killed:
                    os.killpg(started[number].pid, signal.SIGKILL)  # it and its children
            launchers = []
            for delay in sorted(boxes):
                time.sleep(max(0.0, begun + delay - time.monotonic()))
                words = shlex.split(boxed.command("0" * 32))
                launchers.append(
                    subprocess.run(words, env=env, capture_output=True, timeout=20, check=False)
                )
        finally:
            assert cli.stdin is not None
            cli.stdin.close()
            served.join(30)
            cli.wait(10)
            for process in started:
                process.wait(10)
    assert not served.is_alive(), "the run's side did not end"
    # Claude Code gets the hook's own exit status once its own shell ends, not its child's.
    for number, shape in enumerate(hooks):
        if shape.killed:
            continue
        assert started[number].returncode == 0, (number, started[number].returncode)
        child = top / f"h{number}.child"
        if shape.child is not None and shape.child >= shape.sleep + 0.5 and child.exists():
            assert ended[started[number].pid] < child.stat().st_mtime, f"hook {number} held"
    assert len(seen) == len(boxes), (seen, [p.stderr for p in launchers])
    for asked, launched in zip(seen, launchers, strict=True):
        if asked["refused"] is None:
            assert asked["alive"] == [], f"a boxed command ran beside {asked['alive']}"
            assert launched.returncode == 0 and launched.stdout == b"ran\n", launched
            continue
        assert "past its timeout" in asked["refused"], asked
        assert set(asked["living"]) & set(asked["shorts"]), f"refused, no short hook ran: {asked}"
        # It names a short hook (its line as data, on one line) and the processes holding it.
        assert asked["refused"].isprintable(), asked
        named = [n for n in asked["shorts"] if f"`{one_line(lines[n])}`" in asked["refused"]]
        assert named, f"the refusal names no short hook: {asked}"
        if set(named) & set(asked["living"]):  # alive after the look: alive during it
            assert "held by pid " in asked["refused"], asked
        assert launched.returncode == 126 and b"past its timeout" in launched.stderr, launched


def _line(top: Path, number: int, shape: HookShape) -> str:
    """The hook's line: its start marked, its child (if any) left and its pid kept, its
    own end marked."""
    mark = f"{top}/h{number}"
    child = f"(sleep {shape.child}; touch {mark}.child) & echo $! > {mark}.pid; "
    if shape.detached and not shape.killed:  # every descriptor but 0-2 closed (attack 17 #1)
        started = (
            f'p = subprocess.Popen(["sh", "-c", "sleep {shape.child}; touch {mark}.child"], '
            f'start_new_session=True); open("{mark}.pid", "w").write(str(p.pid))'
        )
        child = f"python3 -c 'import subprocess; {started}'; "
    child = child if shape.child is not None else ""
    said = f": '{shape.said}'; " if shape.said else ""
    return f"{said}touch {mark}.start; {child}sleep {shape.sleep}; touch {mark}.main"


def _ended(process: subprocess.Popen[bytes], ended: dict[int, float]) -> None:
    process.wait()
    ended[process.pid] = time.time()


def _until(done: Any, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "a hook never started"
        time.sleep(0.01)
