"""Corrections, undo and locks, checked in the real store and the real working tree."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from behave import given, then, when

from features.steps.checkpoint_steps import newest, services, working_tree
from features.steps.cli_steps import command_line, cwd_of, step_have_run
from features.steps.repo_steps import step_repository_with_files
from features.support.kept_setup import set_up_once

FIVE_STEPS = """task: Five steps
steps:
  - name: one
    options:
      - actions:
          - write: step1.txt
            content: "one\\n"
  - name: two
    options:
      - actions:
          - write: step2.txt
            content: "two\\n"
  - name: three
    options:
      - name: red
        actions:
          - write: step3.txt
            content: "red\\n"
      - name: slow
        actions:
          - write: slow-started.txt
            content: "started\\n"
          - run: sleep 30
      - name: blue
        actions:
          - write: step3.txt
            content: "blue\\n"
"""
for number, name in ((4, "four"), (5, "five")):
    FIVE_STEPS += f"""  - name: {name}
    options:
      - name: red
        actions:
          - write: step{number}.txt
            content: "red\\n"
      - name: blue
        actions:
          - write: step{number}.txt
            content: "blue\\n"
"""


def fresh(context: Any) -> tuple[Any, list[Any]]:
    """The newest plan as the store holds it now (a new connection: other processes wrote)."""
    if context.services is not None:
        context.services.close()
        context.services = None
    return newest(context)


def intervention(decisions: list[Any]) -> Any:
    return next(d for d in reversed(decisions) if d.kind.value == "user_intervention")


def conversation_ids(context: Any, state_key: str) -> list[int]:
    store = services(context).store
    state = store.actor_state(state_key)
    return [m.id for m in store.conversation(state.message_id)]


@given('the five-step plan file "{name}"')
def step_five(context: Any, name: str) -> None:
    (context.tmp / name).write_text(FIVE_STEPS)


@given('the five-step plan file "{name}" has run in a git repository with files:')
def step_five_run_once(context: Any, name: str) -> None:
    """A git repository with the table's files, the five-step plan file, and
    `agents plan run --script` it: built once per process (`kept_setup.py`)."""

    def build() -> None:
        step_repository_with_files(context)
        step_five(context, name)
        step_have_run(context, f"agents plan run --script {{tmp}}/{name} --quiet")

    rows = "\n".join("|".join(row.cells) for row in context.table)
    set_up_once(context, f"five steps {name}\n{rows}", build, ("plan_ids",))


@given('I add to the plan file "{name}" a step "{step}" writing "{path}"')
def step_add_step(context: Any, name: str, step: str, path: str) -> None:
    with (context.tmp / name).open("a") as plan_file:
        plan_file.write(
            f"  - name: {step}\n    options:\n      - actions:\n"
            f'          - write: {path}\n            content: "{step}\\n"\n'
        )


@given('I add to the plan file "{name}" a step "{step}" running "{command}"')
def step_add_command(context: Any, name: str, step: str, command: str) -> None:
    with (context.tmp / name).open("a") as plan_file:
        plan_file.write(
            f"  - name: {step}\n    options:\n      - actions:\n          - run: {command}\n"
        )


@given('I write "{path}" with "{content}"')
def step_write(context: Any, path: str, content: str) -> None:
    (context.repo / path).write_text(content)


@given("I remember the records of decisions {first:d} to {last:d}")
def step_remember(context: Any, first: int, last: int) -> None:
    _, decisions = fresh(context)
    context.remembered = [d for d in decisions if first <= int(d.id) <= last]


@then("the records of decisions {first:d} to {last:d} are unchanged")
def step_unchanged(context: Any, first: int, last: int) -> None:
    _, decisions = fresh(context)
    assert [d for d in decisions if first <= int(d.id) <= last] == context.remembered


@then('decisions {first:d} and everything after it up to the intervention are superseded by "{by}"')
def step_superseded(context: Any, first: int, by: str) -> None:
    _, decisions = fresh(context)
    start = next(d for d in decisions if d.id == str(first))
    cut = next(
        d
        for d in decisions
        if d.kind.value == "user_intervention" and d.summary.startswith(f"correction {by}:")
    )
    between = [d for d in decisions if start.seq <= d.seq < cut.seq]
    assert between and all(
        d.status.value == "superseded" and d.superseded_by == by for d in between
    ), between


@then("the intervention is a sibling of decision {target:d} carrying the guidance")
def step_sibling(context: Any, target: int) -> None:
    _, decisions = fresh(context)
    found = intervention(decisions)
    original = next(d for d in decisions if d.id == str(target))
    assert found.parent_id == original.parent_id and found.status.value == "active"
    assert "use the blue option" in found.summary


@then("the new branch hangs below the intervention and redid steps {a:d}, {b:d} and {c:d}")
def step_new_branch(context: Any, a: int, b: int, c: int) -> None:
    plan, decisions = fresh(context)
    cut = intervention(decisions)
    new = [d for d in decisions if d.seq > cut.seq]
    assert new[0].kind.value == "strategy" and new[0].parent_id == cut.id
    assert [d.step for d in new if d.kind.value == "step"] == [a, b, c]
    assert all(
        d.status.value == "active" and d.option == "blue" for d in new if d.kind.value == "step"
    )
    assert plan.status.value == "completed"


BLUE = {
    "README.md": "# demo\n",
    "step1.txt": "one\n",
    "step2.txt": "two\n",
    "step3.txt": "blue\n",
    "step4.txt": "blue\n",
    "step5.txt": "blue\n",
}


def _files(context: Any) -> dict[str, str]:
    return {p: (context.repo / p).read_text() for p in working_tree(context.repo)}


@then("the working tree holds exactly what the blue options produce")
def step_blue(context: Any) -> None:
    assert _files(context) == BLUE, _files(context)


@given("I remember the newest message")
def step_newest_message(context: Any) -> None:
    db = sqlite3.connect(context.repo / ".git" / "cleveragents" / "state.db")
    context.last_message = db.execute("SELECT max(id) FROM messages").fetchone()[0]
    db.close()


@then("the context of every new decision holds no message of the superseded branch")
def step_no_leak(context: Any) -> None:
    _, decisions = fresh(context)
    cut = intervention(decisions)
    target_message = (
        services(context)
        .store.actor_state(next(d for d in decisions if d.id == "6").actor_state_before)
        .message_id
    )
    superseded = set(range(target_message + 1, context.last_message + 1))
    assert superseded, "the original run asked the actor after the target"
    for d in (d for d in decisions if d.seq >= cut.seq):
        leaked = superseded & set(conversation_ids(context, d.actor_state_before))
        assert not leaked, (d.id, sorted(leaked))


@then("the context of every new decision carries the guidance")
def step_guidance(context: Any) -> None:
    _, decisions = fresh(context)
    cut = intervention(decisions)
    store = services(context).store
    for d in (d for d in decisions if d.seq >= cut.seq):
        assert store.actor_state(d.actor_state_before).data["guidance"] == ["use the blue option"]


@then("the first new strategy was asked with steps 1 and 2 completed only")
def step_first_strategy(context: Any) -> None:
    _, decisions = fresh(context)
    cut = intervention(decisions)
    strategy = next(d for d in decisions if d.parent_id == cut.id)
    data = services(context).store.actor_state(strategy.actor_state_before).data
    assert data["completed_steps"] == ["one", "two"], data


@then('the plan is "{status}" with the intervention at its head')
def step_plan_head(context: Any, status: str) -> None:
    plan, decisions = fresh(context)
    assert plan.status.value == status and plan.head_decision == intervention(decisions).id


@then("the intervention's context continues the whole conversation")
def step_whole_conversation(context: Any) -> None:
    _, decisions = fresh(context)
    state = services(context).store.actor_state(intervention(decisions).actor_state_before)
    assert state.message_id == context.last_message


@then("the intervention hangs below the last step with the guidance in its context")
def step_append(context: Any) -> None:
    _, decisions = fresh(context)
    cut = intervention(decisions)
    last_step = max(
        (d for d in decisions if d.kind.value == "step" and d.seq < cut.seq), key=lambda d: d.seq
    )
    assert cut.parent_id == last_step.id
    state = services(context).store.actor_state(cut.actor_state_before)
    assert state.data["guidance"] == ["also keep the README"]
    assert state.data["completed_steps"] == ["one", "two", "three", "four", "five"]


@then("decision {target:d} is active again and the new branch is reverted")
def step_reverted(context: Any, target: int) -> None:
    _, decisions = fresh(context)
    original = next(d for d in decisions if d.id == str(target))
    assert original.status.value == "active" and original.superseded_by is None
    cut = intervention(decisions)
    later = [d for d in decisions if d.seq >= cut.seq]
    assert later and all(d.status.value == "reverted" for d in later), later


def _store_dump(context: Any) -> list[str]:
    db = sqlite3.connect(context.repo / ".git" / "cleveragents" / "state.db")
    dump = list(db.iterdump())
    db.close()
    return dump


def _refs(context: Any) -> str:
    return subprocess.run(
        ["git", "for-each-ref"], cwd=context.repo, capture_output=True, text=True, check=True
    ).stdout


@given("I record the working tree, the store and the refs")
def step_record_all(context: Any) -> None:
    context.recorded = (working_tree(context.repo), _store_dump(context), _refs(context))


@then("the working tree, the store and the refs are as recorded")
def step_as_recorded(context: Any) -> None:
    now = (working_tree(context.repo), _store_dump(context), _refs(context))
    for name, a, b in zip(("working tree", "store", "refs"), now, context.recorded, strict=True):
        assert a == b, f"the {name} changed"


@given("I record the working tree")
def step_record_tree(context: Any) -> None:
    context.recorded_tree = working_tree(context.repo)


@then("the working tree is as recorded")
def step_tree_as_recorded(context: Any) -> None:
    assert working_tree(context.repo) == context.recorded_tree


@given('another process holds the plan\'s lock while running "{command}"')
def step_hold_lock(context: Any, command: str) -> None:
    plan, _ = fresh(context)
    script = (
        "import sys, time\n"
        "from pathlib import Path\n"
        "from cleveragents.adapters.storage.lock import PlanLocks\n"
        "with PlanLocks(Path(sys.argv[1])).hold(sys.argv[2], sys.argv[3]):\n"
        "    print('held', flush=True)\n"
        "    time.sleep(120)\n"
    )
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            script,
            str(context.repo / ".git" / "cleveragents" / "locks"),
            plan.id,
            command,
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    context.cleanups.append(holder.kill)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"


@when('I start "{command}" and wait for "{path}"')
def step_start(context: Any, command: str, path: str) -> None:
    from features.steps.cli_steps import expand

    process = subprocess.Popen(
        command_line(context, expand(context, command)),
        cwd=cwd_of(context),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    context.cleanups.append(process.kill)
    deadline = time.monotonic() + 60
    while not (context.repo / path).exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.3)
    context.started = process


@when("I kill the started command")
def step_kill(context: Any) -> None:
    # The processes it started, found by PID before it dies: ended too, and only they.
    started = descendants(context.started.pid)
    context.started.send_signal(signal.SIGKILL)
    context.started.wait(timeout=30)
    for pid in started:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def descendants(pid: int) -> list[int]:
    """The PIDs of every process below `pid`, read from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, ValueError, IndexError):
                stat = (entry / "stat").read_text()
                parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found: list[int] = []
    frontier = [pid]
    while frontier:
        parent = frontier.pop()
        children = [child for child, ppid in parents.items() if ppid == parent]
        found += children
        frontier += children
    return found


@when("a correction to decision {target:d} re-executes with an actor that breaks")
def step_breaking_actor(context: Any, target: int) -> None:
    from cleveragents.domain.correction import Restore

    class BreakingActor:
        """The one fake of the suite: an actor (the network edge) that fails mid-way."""

        name = "breaking"

        def strategize(self, context: Any) -> Any:
            raise RuntimeError("the actor broke")

        def refine(self, context: Any) -> Any:  # pragma: no cover - never reached
            raise RuntimeError("the actor broke")

    built = services(context)
    built.lifecycle.actor_for = lambda spec: BreakingActor()
    try:
        built.corrections.revert(None, str(target), "x", Restore.BOTH, True, "behave")
    except RuntimeError as error:
        context.failure = str(error)
    else:
        raise AssertionError("the correction did not fail")


@then('the correction failed with "{text}"')
def step_correction_failed(context: Any, text: str) -> None:
    assert context.failure == text


@then("the JSON tree has no superseded decision")
def step_no_superseded(context: Any) -> None:
    for decision in json.loads(context.result.stdout)["decisions"]:
        assert decision["status"] == "active", decision["id"]


@then(
    "the newest plan asked the actor to strategize {times:d} times, "
    'the second time with "{done}" done'
)
def step_strategize_times(context: Any, times: int, done: str) -> None:
    _, decisions = fresh(context)
    proposals = [d for d in decisions if d.kind.value in ("strategy", "replan")]
    assert len(proposals) == times, proposals
    state = services(context).store.actor_state(proposals[1].actor_state_before)
    assert state.data["completed_steps"] == [done], state.data


@then("the newest plan has {count:d} step decisions, one for each step")
def step_one_per_step(context: Any, count: int) -> None:
    _, decisions = fresh(context)
    steps = [d.step for d in decisions if d.kind.value == "step"]
    assert steps == list(range(1, count + 1)), steps


@then("the newest plan has {done:d} step decisions that completed and {stopped:d} that stopped")
def step_completed_and_stopped(context: Any, done: int, stopped: int) -> None:
    _, decisions = fresh(context)
    steps = [d for d in decisions if d.kind.value == "step"]
    assert sum(1 for d in steps if d.ok) == done, steps
    assert sum(1 for d in steps if d.outcome and d.outcome.startswith("cut short:")) == stopped


@then("the newest plan has these local decisions under step {step_id}:")
def step_local_decisions(context: Any, step_id: str) -> None:
    _, decisions = fresh(context)
    local = [d for d in decisions if d.id.startswith(f"{step_id}.")]
    shown = [(d.id, d.kind.value, d.outcome or "") for d in local]
    expected = [(r["id"], r["kind"], r["outcome"]) for r in context.table]
    assert len(shown) == len(expected), shown
    for (sid, kind, outcome), (eid, ekind, eoutcome) in zip(shown, expected, strict=True):
        assert (sid, kind) == (eid, ekind) and outcome.startswith(eoutcome), (sid, outcome)
    assert all(d.parent_id == step_id and d.checkpoint_before for d in local)


@then("the JSON tree has a replan decision")
def step_has_replan(context: Any) -> None:
    decisions = json.loads(context.result.stdout)["decisions"]
    assert "replan" in [d["kind"] for d in decisions]


@when("I correct the newest plan back to its live replan decision")
def step_correct_replan(context: Any) -> None:
    from features.steps.cli_steps import run_agents

    _, decisions = fresh(context)
    replan = next(
        d for d in reversed(decisions) if d.kind.value == "replan" and d.status.value == "active"
    )
    run_agents(context, f"agents plan correct --mode=revert --decision {replan.id} -g again -q")


@then('the JSON replan\'s rationale says "{text}"')
def step_replan_rationale(context: Any, text: str) -> None:
    decisions = json.loads(context.result.stdout)["decisions"]
    replans = [d for d in decisions if d["kind"] == "replan"]
    assert any(r["rationale"].startswith(text) for r in replans), [r["rationale"] for r in replans]


@then(
    'the newest plan\'s latest actor state holds {count:d} recent actions from "{first}" and '
    "{earlier:d} earlier"
)
def step_rolling(context: Any, count: int, first: str, earlier: int) -> None:
    plan, _ = fresh(context)
    data = services(context).store.actor_state(plan.actor_state).data
    assert len(data["recent_actions"]) == count, data["recent_actions"]
    assert data["recent_actions"][0].startswith(first), data["recent_actions"]
    assert data["earlier_actions"] == earlier


@then('the step "{name}" splits into "{parts}"')
def step_split(context: Any, name: str, parts: str) -> None:
    from cleveragents.domain.rules import split_compound

    assert split_compound(name) == parts.split(" | "), split_compound(name)
