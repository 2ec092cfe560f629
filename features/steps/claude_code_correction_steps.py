"""The rules of a Claude Code plan's correction, on random plans (hypothesis)."""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from behave import given, then, when
from hypothesis import given as examples_of
from hypothesis import strategies as st

from cleveragents.application.claude_code_correction import REDO, asked_of_claude_code
from cleveragents.domain.correction import Restore
from cleveragents.domain.decision import Decision, DecisionKind, DecisionStatus
from cleveragents.domain.plan import ActorSpec, Phase, Plan
from cleveragents.domain.tree import affected_by
from features.support.properties import property_seed, reproducible

NOW = datetime(2026, 11, 25, tzinfo=UTC)


def _decision(seq: int, parent: str | None, kind: DecisionKind, status: DecisionStatus) -> Decision:
    return Decision(
        plan_id="p",
        id=str(seq),
        seq=seq,
        parent_id=parent,
        kind=kind,
        phase=Phase.EXECUTE,
        summary=f"call {seq}",
        status=status,
        actor_state_before=f"state-{seq}",
        created_at=NOW,
    )


@st.composite
def claude_code_lines(draw: Any) -> list[Decision]:
    """The session's first decision, its calls, and maybe an earlier correction: the calls
    from one on superseded, an intervention below the one before, and calls below it."""
    calls = draw(st.integers(1, 12))
    line = [_decision(1, None, DecisionKind.STRATEGY, DecisionStatus.ACTIVE)]
    for seq in range(2, calls + 2):
        line.append(_decision(seq, str(seq - 1), DecisionKind.ACTION, DecisionStatus.ACTIVE))
    if draw(st.booleans()) and calls > 1:
        cut = draw(st.integers(3, calls + 1))
        line = [
            d.model_copy(update={"status": DecisionStatus.SUPERSEDED}) if d.seq >= cut else d
            for d in line
        ]
        seq = len(line) + 1
        line.append(
            _decision(seq, str(cut - 1), DecisionKind.USER_INTERVENTION, DecisionStatus.ACTIVE)
        )
        for more in range(draw(st.integers(0, 5))):
            parent = str(seq + more)
            line.append(
                _decision(seq + more + 1, parent, DecisionKind.ACTION, DecisionStatus.ACTIVE)
            )
    return line


def check(examples: int, seed: int) -> int:
    ran = 0
    uuids = st.uuids().map(str)

    @reproducible(examples, seed)
    @examples_of(claude_code_lines(), st.data(), uuids, uuids, uuids, st.text())
    def correct(
        line: list[Decision], data: Any, latest: str, session: str, before: str, guidance: str
    ) -> None:
        nonlocal ran
        ran += 1
        live = [d for d in line if d.status is DecisionStatus.ACTIVE and d.seq > 1]
        target = data.draw(st.sampled_from(live))
        affected = affected_by(line, target, tool_calls=True)
        expected = [d for d in line if d.status is DecisionStatus.ACTIVE and d.seq >= target.seq]
        assert affected == expected, (target.id, [d.id for d in affected])
        plan = Plan.model_construct(id="p", actor=ActorSpec(kind="claude-code", session=latest))
        said = guidance if guidance.strip() else REDO
        place = {"claude_code": {"session_id": session, "before_uuid": before}}
        for restore in (Restore.BOTH, Restore.CONTEXT):
            asked = asked_of_claude_code(plan, target, place, guidance, restore)
            assert asked == {
                "session_id": session,
                "fork": True,
                "fork_at": before,
                "guidance": said,
            }, asked
        in_place = {"session_id": latest, "guidance": said}
        assert asked_of_claude_code(plan, target, place, guidance, Restore.FILES) == in_place
        assert asked_of_claude_code(plan, None, {}, guidance, Restore.BOTH) == in_place

    correct()
    return ran


@when("random corrections of Claude Code plans are worked out")
def step_random_corrections(context: Any) -> None:
    context.property_seed = seed = property_seed()
    examples = int(os.environ.get("CLEVERAGENTS_PROPERTY_EXAMPLES") or 40)
    replay = (
        f"replay with CLEVERAGENTS_PROPERTY_SEED={seed} CLEVERAGENTS_PROPERTY_EXAMPLES={examples}"
    )
    print(f"claude-code corrections: seed {seed}, {examples} examples; {replay}", file=sys.stderr)
    context.property_examples = check(examples, seed)


@then("each superseded exactly the target and the live calls after it, and forked before it")
def step_held(context: Any) -> None:
    assert context.property_examples > 0, f"no example ran (seed {context.property_seed})"


# -- the fork point, read by the hook while Claude Code may still be writing it ---------------


@given(
    'a session file that gets the call "{call}" after message "{before}" only {delay:d} ms later'
)
def step_late_session_file(context: Any, call: str, before: str, delay: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="agents-session-"))
    context.cleanups.append(lambda: shutil.rmtree(folder, ignore_errors=True))
    context.session_file = str(folder / "session.jsonl")
    first = {"type": "user", "uuid": before, "message": {"role": "user", "content": "task"}}
    Path(context.session_file).write_text(json.dumps(first) + "\n")
    entry = {
        "type": "assistant",
        "uuid": "u-call",
        "parentUuid": before,
        "message": {"id": "msg_1", "content": [{"type": "tool_use", "id": call}]},
    }

    def late() -> None:
        time.sleep(delay / 1000)
        with open(context.session_file, "a") as file:
            file.write(json.dumps(entry) + "\n")
        context.written_at = time.monotonic()

    context.writer = threading.Thread(target=late)
    context.writer.start()
    context.cleanups.append(context.writer.join)


def _ask(context: Any, call: str, path: str | None) -> None:
    from cleveragents.adapters.actors.claude_code.program import ClaudeProgram
    from cleveragents.adapters.actors.claude_code.session import ClaudeCodeSession

    session = ClaudeCodeSession(ClaudeProgram("claude", "0"), Path("."), Path("."))
    context.asked_at = started = time.monotonic()
    context.place = session.place_of({"transcript_path": path, "tool_use_id": call})
    context.waited = time.monotonic() - started


@when('the hook of the call "{call}" asks where it sits')
def step_ask_place(context: Any, call: str) -> None:
    _ask(context, call, context.session_file)


@when('the hook of the call "{call}" with no session file asks where it sits')
def step_ask_nowhere(context: Any, call: str) -> None:
    _ask(context, call, None)


@then('it sits after "{before}", waited for')
def step_sits_after(context: Any, before: str) -> None:
    assert context.place.before_uuid == before, context.place
    assert context.place.message_uuid == "u-call", context.place
    context.writer.join()
    # asked before the entry was written (timed from the write: the writer started
    # its 300 ms before the question, a few ms earlier under load)
    assert context.asked_at < context.written_at, (context.asked_at, context.written_at)


@then("its place is unknown, found at once")
def step_unknown_at_once(context: Any) -> None:
    assert context.place.message_uuid is None and context.place.before_uuid is None
    assert context.waited < 0.5, context.waited
