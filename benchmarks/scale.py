"""Scale benchmark: what one decision costs, in time and in bytes, as a plan gets long.

A plan records every decision with the actor's context before it. Stored naively, every
actor state and every request repeats the whole context (the segment's steps, every
completed step), so a plan's cost grows with the square of its length. This script
measures, in one run:

- `plan_run`: a scripted plan of one-`write` steps run through the real services, as
  `agents plan run --script` runs it (without printing), on a real git repository, at
  about 500 and 5,000 decisions: milliseconds per decision and `state.db` bytes per
  decision, with the bytes of each table. The smaller run is measured before and after
  the larger one and the faster of the two counts, since other work on the machine
  slows a run down, never speeds it up.
- `conversation`: the model the 5 MB target comes from: 10,000 decisions over a
  conversation that grows to 200 KB, through the real `PlanRecorder` and `SqliteStore`.
  At each decision the actor's context (a plan of 5,000 steps, the completed ones, the
  rolling recent actions) is stored as an actor state; at every tenth or so the actor is
  asked, the request and an exchange of about 200 bytes joining the message tree. No
  decision records.
- `full_record`: the same size through the real lifecycle, decision and checkpoint
  records included; git and the model are stand-ins, so this is the store's own cost.

The targets: ms per decision at 5,000 decisions within 1.3x that at 500 (`ratios`), and
the conversation model's `state.db` under 5 MB. This is a benchmark, not a test: a missed
target is reported in the JSON (`met: false`) and the exit status stays 0.

Usage: python benchmarks/scale.py [--quick] [--runs 500,5000] [--model-decisions 10000]
`--quick` runs 200 and 1,000 decisions and a 2,000-decision model (about a minute).
One JSON document goes to stdout; progress goes to stderr.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import math
import os
import platform
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from cleveragents.adapters.clock import SystemClock
from cleveragents.adapters.storage.lock import PlanLocks
from cleveragents.adapters.storage.sqlite import SqliteStore
from cleveragents.application.operation_log import OperationLog
from cleveragents.application.plan_lifecycle import PlanLifecycleService
from cleveragents.application.plan_recorder import PlanRecorder
from cleveragents.bootstrap import bootstrap
from cleveragents.domain.action import Action, ActionOutcome, WriteAction
from cleveragents.domain.actor_state import ActorState
from cleveragents.domain.budget import Budget, Usage
from cleveragents.domain.checkpoint import (
    Checkpoint,
    Differences,
    Journal,
    Keep,
    Keeping,
    SavedFiles,
)
from cleveragents.domain.decision import Decision
from cleveragents.domain.plan import ActorSpec, Plan
from cleveragents.domain.rules import roll
from cleveragents.domain.strategy import (
    ActorContext,
    DistanceEstimate,
    DriftVerdict,
    StepAttempt,
    StepSpec,
    Strategy,
)

RUNS = (500, 5_000)
QUICK_RUNS = (200, 1_000)
MODEL_DECISIONS = 10_000
QUICK_MODEL_DECISIONS = 2_000
CONVERSATION_BYTES = 200_000
EXCHANGE_BYTES = 200  # what one exchange with the model adds to the conversation
TIME_RATIO_MAX = 1.3  # ms per decision at the larger run / at the smaller one
MODEL_BYTES_MAX = 5_000_000  # state.db of the conversation model at 10,000 decisions
WINDOW = 50  # decisions per window for the median rate
SUBTASK_SIZE = 5  # without phases, steps come in sub-tasks of five (one decision each)


def log(message: str) -> None:
    print(f"[scale] {message}", file=sys.stderr, flush=True)


def steps_for(decisions: int) -> int:
    """How many one-write steps make about `decisions` decisions: a strategy, then per step
    a step and an action decision, and a sub-task decision for every five steps."""
    steps = 1
    while 1 + 2 * steps + (math.ceil(steps / SUBTASK_SIZE) if steps > SUBTASK_SIZE else 0) < (
        decisions
    ):
        steps += 1
    return steps


class Timer:
    """The observer of a run: the moment each decision was recorded."""

    def __init__(self) -> None:
        self.times: list[float] = []

    def __call__(self, decision: Decision, plan: Plan) -> None:
        self.times.append(time.perf_counter())

    def rates(self, start: float) -> dict[str, float]:
        """ms per decision: over the whole run, the median over windows, the last tenth."""
        times = [start, *self.times]
        count = len(self.times)
        windows = [
            (times[i + WINDOW] - times[i]) * 1000 / WINDOW
            for i in range(0, len(times) - WINDOW, WINDOW)
        ]
        tenth = max(count // 10, 1)
        return {
            "ms_per_decision": _round((times[-1] - start) * 1000 / count),
            "ms_per_decision_median_window": _round(statistics.median(windows or [0.0])),
            "ms_per_decision_last_tenth": _round((times[-1] - times[-1 - tenth]) * 1000 / tenth),
        }


# -- the store's size ----------------------------------------------------------------------


def store_size(path: Path) -> dict[str, Any]:
    """The file's size once the WAL is folded in, and the bytes of each table and index."""
    db = sqlite3.connect(path)
    try:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try:
            rows = db.execute(
                "SELECT name, sum(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC"
            ).fetchall()
            tables: dict[str, int] | None = {name: size for name, size in rows}
        except sqlite3.OperationalError:  # SQLite built without dbstat
            tables = None
        counts = {
            table: db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
            for table in ("decisions", "messages", "actor_states", "checkpoints")
        }
        content = db.execute("SELECT coalesce(sum(length(content)), 0) FROM messages").fetchone()
    finally:
        db.close()
    return {
        "bytes": path.stat().st_size,
        "rows": counts,
        "message_content_bytes": content[0],
        "tables": tables,
    }


# -- plan run: the real thing on a real repository -----------------------------------------


def _git(root: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=bench", "-c", "user.email=bench@example.com", *args],
        cwd=root,
        check=True,
        capture_output=True,
    )


def plan_file(steps: int) -> str:
    """A plan file of `steps` steps, each writing one of fifty files."""
    lines = ["task: write many files, one per step", "budget:", "  actor_calls: 1000000", "steps:"]
    for i in range(steps):
        lines += [
            f"  - name: write file {i}",
            "    options:",
            "      - actions:",
            f"          - write: notes/f{i % 50:02d}.txt",
            f'            content: "step {i}\\n"',
        ]
    return "\n".join(lines) + "\n"


def plan_run(decisions: int, folder: Path) -> dict[str, Any]:
    steps = steps_for(decisions)
    root = folder / "repo"
    root.mkdir()
    _git(root, "-c", "init.defaultBranch=main", "init", "-q")
    (root / "README.md").write_text("# scale\n")
    _git(root, "add", "-A")
    _git(root, "-c", "gc.auto=0", "commit", "-q", "--no-gpg-sign", "-m", "start")
    script = folder / "plan.yaml"
    script.write_text(plan_file(steps))

    timer = Timer()
    services = bootstrap(root, observer=timer)
    try:
        plan = services.creation.scripted(script)
        log(f"plan run: {steps} steps (about {decisions} decisions)")
        start = time.perf_counter()
        plan = services.lifecycle.start(plan, f"agents plan run --script {script}")
        elapsed = time.perf_counter() - start
        path = services.store.path
    finally:
        services.close()
    return finished("plan run", plan, path, timer, start, elapsed, steps)


def finished(
    what: str, plan: Plan, path: Path, timer: Timer, start: float, elapsed: float, steps: int
) -> dict[str, Any]:
    """A measured run's figures: decisions, time per decision, what the store holds."""
    if plan.status.value != "completed":
        raise RuntimeError(f"{what}: the plan ended {plan.status.value}: {plan.outcome}")
    size = store_size(path)
    count = len(timer.times)
    log(f"{what}: {count} decisions in {elapsed:.1f} s, state.db {size['bytes']:,} bytes")
    return {
        "steps": steps,
        "decisions": count,
        "seconds": round(elapsed, 1),
        **timer.rates(start),
        "state_db_bytes": size["bytes"],
        "bytes_per_decision": round(size["bytes"] / count),
        "store": size,
    }


# -- the conversation model: the real store, stand-ins for git and the model ----------------


# What the stand-in's calls would save, and journal: nothing is ever saved or written.
UNKEPT = Keeping(lambda saved: None, lambda line: None)


class StandInCheckpoints:
    """Checkpoints without git: ids as long as git's, no file looked at."""

    def __init__(self) -> None:
        self.count = 0
        self.unreadable: list[str] = []  # nested repositories no scan could read: none here
        self.uncommitted: list[str] = []  # nested repositories with no commit: none here

    def create(
        self,
        plan_id: str,
        label: str,
        changed: Sequence[str] | None = None,
        journal: Journal | None = None,
    ) -> Checkpoint:
        self.count += 1
        digest = hashlib.sha1(f"{plan_id}:{self.count}".encode()).hexdigest()
        return Checkpoint(
            id=digest,
            plan_id=plan_id,
            tree=hashlib.sha1(digest.encode()).hexdigest(),
            label=label,
            created_at=datetime.now(UTC),
        )

    @property
    def trees(self) -> StandInCheckpoints:
        """Its tree queries too: no tree has a path."""
        return self

    def tree_paths(self, tree: str) -> frozenset[str]:
        return frozenset()

    def differences(self, before: str, after: str) -> Differences:
        return {}

    def save_before_action(
        self, plan_id: str, path: str, keep: Keep | None = None
    ) -> SavedFiles | None:
        return None

    def file_bytes(self, path: str) -> bytes | None:
        return None

    def restore(
        self, checkpoint: Checkpoint, put_back: Sequence[SavedFiles] = (), in_step: bool = False
    ) -> None:
        raise RuntimeError("the conversation model never restores")

    def clear_stale_locks(self, plan_id: str) -> None:
        return None


class StandInFiles:
    """Every write succeeds; nothing is written."""

    def apply(self, action: Action, confinement: object = None) -> ActionOutcome:
        return ActionOutcome(ok=True, summary=f"wrote {getattr(action, 'path', '?')}")

    # No page, as for a working tree (`WorkingTreeEnvironment`): nothing to open, see or
    # rewind.
    def session(self, plan: object, since: object = None) -> contextlib.nullcontext[None]:
        return contextlib.nullcontext()

    def mark(self) -> int:
        return 0

    def rewind(self, mark: int) -> None:
        return None

    def look(self) -> None:
        return None

    def screen(self) -> None:
        return None


class ConversationActor:
    """Stands in for Claude: plans every step at once, then writes one file per step.

    Each duty's exchange, the ask and a reply, is new content of the conversation:
    `per_duty` bytes of it, so that the conversation reaches its size over the run.
    """

    name = "conversation"

    def __init__(self, steps: int, per_duty: int) -> None:
        self.steps = steps
        self.per_duty = per_duty
        self.exchange: list[tuple[str, str]] = []
        self.spent = Usage()
        self.replies = 0

    def say(self, ask: str) -> None:
        self.replies += 1
        opening = json.dumps({"role": "user", "ask": ask})
        reply = json.dumps([{"type": "text", "text": f"reply {self.replies}: "}])
        room = max(self.per_duty - len(opening) - len(reply), 0)
        text = ("the step is done as planned; " * (room // 29 + 1))[:room]
        reply = json.dumps([{"type": "text", "text": f"reply {self.replies}: {text}"}])
        self.exchange = [("user", opening), ("assistant", reply)]

    def strategize(self, context: ActorContext) -> Strategy:
        self.say("Propose the steps of the next segment of the plan.")
        steps = [StepSpec(name=f"write file {i}") for i in range(self.steps)]
        return Strategy(steps=steps, atomic=True, rationale="every step at once")

    def refine(self, context: ActorContext) -> StepAttempt | None:
        self.say("Propose the actions of the current step.")
        index = context.step_index or 0
        write = WriteAction(path=f"notes/f{index % 50:02d}.txt", content=f"step {index}\n")
        return StepAttempt(option="write", actions=[write])

    def propose_local(self, context: ActorContext) -> StepAttempt | None:
        return None

    def propose_revert(self, context: ActorContext, action: str) -> StepAttempt | None:
        return None

    def assess_drift(self, context: ActorContext, similarity: float) -> DriftVerdict:
        return DriftVerdict(action="continue")

    def estimate_distance(
        self, context: ActorContext, checks: Sequence[ActionOutcome]
    ) -> DistanceEstimate:
        return DistanceEstimate(distance=10)


def _said(path: Path) -> int:
    """What the actor's exchanges stored: every message but the recorder's requests."""
    db = sqlite3.connect(path)
    try:
        row = db.execute(
            "SELECT coalesce(sum(length(content)), 0) FROM messages "
            "WHERE content NOT LIKE '{\"duty\"%'"
        ).fetchone()
    finally:
        db.close()
    return int(row[0])


def conversation_model(decisions: int, conversation: int, folder: Path) -> dict[str, Any]:
    """The measurement this target comes from, through the real recorder and store: at
    every decision the actor's context, a long plan's, is stored as an actor state, and
    at every `every`-th the actor is asked (its exchange adds to the conversation)."""
    steps = decisions // 2  # a step decision and an action decision per step
    every = max(decisions * EXCHANGE_BYTES // conversation, 1)  # decisions per exchange
    actor = ConversationActor(steps, EXCHANGE_BYTES)
    path = folder / "state.db"
    store = SqliteStore(path)
    clock = SystemClock()
    now = clock.now()
    plan = Plan(
        id="5ca1e000",
        task="write many files, one per step",
        actor=ActorSpec(kind="conversation"),
        budget=Budget(actor_calls=10 * decisions),
        created_at=now,
        updated_at=now,
    )
    with store.transaction():
        store.save_plan(plan)
    recorder = PlanRecorder(
        store,
        StandInCheckpoints(),
        clock,
        plan,
        ActorState(),
        None,
        actor,
        keeping=UNKEPT,
    )
    all_steps = [StepSpec(name=f"write file {i}") for i in range(steps)]
    recorder.context = recorder.context.model_copy(update={"steps": all_steps})
    log(f"conversation model: {decisions} decisions, {steps} steps")
    times: list[float] = []
    start = time.perf_counter()
    try:
        for number in range(decisions):
            step, acting = divmod(number, 2)
            context = recorder.context
            if acting:  # the action's decision: it joins the rolling recent actions
                recent, earlier = roll(
                    context.recent_actions, context.earlier_actions, f"write file {step}: wrote"
                )
                update: dict[str, Any] = {"recent_actions": recent, "earlier_actions": earlier}
                update["completed_steps"] = [*context.completed_steps, f"write file {step}"]
            else:
                update = {"step_index": step, "tried_options": []}
            recorder.context = context.model_copy(update=update)
            recorder.actor_state()  # what the actor knew before this decision
            if number % every == 0:
                recorder.ask("refine", lambda: actor.refine(recorder.context))
            times.append(time.perf_counter())
    finally:
        store.close()
    timer = Timer()
    timer.times = times
    size = store_size(path)
    log(f"conversation model: state.db {size['bytes']:,} bytes")
    return {
        "decisions": decisions,
        "steps": steps,
        "exchanges": actor.replies,
        "conversation_bytes": _said(path),
        **timer.rates(start),
        "state_db_bytes": size["bytes"],
        "bytes_per_decision": round(size["bytes"] / decisions),
        "store": size,
    }


def full_record_model(decisions: int, conversation: int, folder: Path) -> dict[str, Any]:
    """The whole record of a run through the real lifecycle (decisions, checkpoint records,
    messages, actor states), with git and the model stood in for: the store's own cost.
    The actor is asked at every step, so its conversation outgrows the model's."""
    steps = steps_for(decisions)
    asks = steps + 1
    actor = ConversationActor(steps, conversation // asks)
    path = folder / "state.db"
    store = SqliteStore(path)
    checkpoints = StandInCheckpoints()
    clock = SystemClock()
    operations = OperationLog(store, checkpoints, PlanLocks(folder / "locks"), clock)
    timer = Timer()
    lifecycle = PlanLifecycleService(
        store, checkpoints, StandInFiles(), clock, operations, lambda spec: actor, timer
    )
    try:
        plan = lifecycle.new(
            "write many files, one per step",
            [],
            ActorSpec(kind="conversation"),
            Budget(actor_calls=10 * asks),
        )
        store.save_plan(plan)
        log(f"full record: {steps} steps (about {decisions} decisions)")
        start = time.perf_counter()
        plan = lifecycle.run(plan, actor, UNKEPT)
        elapsed = time.perf_counter() - start
    finally:
        store.close()
    figures = finished("full record", plan, path, timer, start, elapsed, steps)
    return {**figures, "conversation_bytes": _said(path)}


# -- command line --------------------------------------------------------------------------


def _round(value: float) -> float:
    return round(value, 2)


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, about a minute")
    parser.add_argument("--runs", help="the two plan-run sizes in decisions (default 500,5000)")
    parser.add_argument(
        "--model-decisions", type=int, help="decisions of the conversation model (default 10000)"
    )
    args = parser.parse_args(argv)
    runs = args.runs or ",".join(str(n) for n in (QUICK_RUNS if args.quick else RUNS))
    try:
        args.runs = [int(n.replace("_", "")) for n in runs.split(",") if n]
    except ValueError:
        parser.error("--runs takes two numbers separated by a comma, e.g. 500,5000")
    if len(args.runs) != 2 or min(args.runs) < WINDOW or args.runs[0] >= args.runs[1]:
        parser.error(f"--runs takes two sizes, the smaller first, each at least {WINDOW}")
    if args.model_decisions is None:
        args.model_decisions = QUICK_MODEL_DECISIONS if args.quick else MODEL_DECISIONS
    if args.model_decisions < WINDOW:
        parser.error(f"--model-decisions must be at least {WINDOW}")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    started = time.perf_counter()
    small, large = args.runs
    with tempfile.TemporaryDirectory(prefix="cleveragents-scale-") as tmp:
        folders = iter(Path(tmp) / name for name in "abcde")

        def fresh() -> Path:
            folder = next(folders)
            folder.mkdir()
            return folder

        first = plan_run(small, fresh())
        big = plan_run(large, fresh())
        again = plan_run(small, fresh())
        model = conversation_model(args.model_decisions, CONVERSATION_BYTES, fresh())
        full = full_record_model(args.model_decisions, CONVERSATION_BYTES, fresh())
    base = min(first, again, key=lambda run: run["ms_per_decision_median_window"])
    ratios = {
        key: _round(big[key] / base[key]) if base[key] else None
        for key in ("ms_per_decision", "ms_per_decision_median_window", "bytes_per_decision")
    }
    ratios["ms_per_decision_last_tenth"] = _round(
        big["ms_per_decision_last_tenth"] / base["ms_per_decision_median_window"]
    )
    time_ratio = ratios["ms_per_decision_median_window"]
    targets = {
        "ms_per_decision_ratio": {
            "max": TIME_RATIO_MAX,
            "ratio": time_ratio,
            "met": time_ratio is not None and time_ratio <= TIME_RATIO_MAX,
        },
        "conversation_model_bytes": {
            "max": MODEL_BYTES_MAX,
            "bytes": model["state_db_bytes"],
            "met": model["state_db_bytes"] < MODEL_BYTES_MAX
            if args.model_decisions == MODEL_DECISIONS
            else None,  # the target is for 10,000 decisions
        },
    }
    report = {
        "benchmark": "scale",
        "python": platform.python_version(),
        "sqlite": sqlite3.sqlite_version,
        "cpus": os.cpu_count(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "plan_run": {
            str(small): base,
            str(large): big,
            f"{small}_other": _other(base, first, again),
        },
        "ratios": ratios,
        "conversation": model,
        "full_record": full,
        "targets": targets,
        "elapsed_s": round(time.perf_counter() - started, 1),
    }
    json.dump(report, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


def _other(base: dict[str, Any], first: dict[str, Any], again: dict[str, Any]) -> dict[str, Any]:
    """The smaller run that did not count, briefly: how noisy the machine was."""
    other = again if base is first else first
    return {
        key: other[key] for key in ("decisions", "ms_per_decision", "ms_per_decision_median_window")
    }


if __name__ == "__main__":
    sys.exit(main())
