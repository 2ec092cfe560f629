"""Steps of the quick start: which modules a command imports, stores as older versions or
killed commands leave them, and the command lines read without typer."""

from __future__ import annotations

import json
import os
import shlex
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from behave import given, then, when

from features.steps.cli_steps import command_line, cwd_of, expand
from features.support.properties import property_seed

# Runs `agents ARGS` in this Python, then writes the names of every module it imported.
IMPORTS = """
import json, sys
from cleveragents.cli.main import main
try:
    code = main(sys.argv[2:])
finally:
    with open(sys.argv[1], "w") as modules:
        json.dump(sorted(sys.modules), modules)
raise SystemExit(code)
"""
# Runs `agents ARGS` in this Python, then writes the name of every command typer built from
# its function's signature (the root's and the plan group's own too), and whether the
# garbage collector runs and how many objects it leaves out (`gc.freeze`).
BUILT = """
import gc, json, sys
built = []
def note(frame, event, made):
    if event == "return" and frame.f_globals.get("__name__") == "typer.main":
        if frame.f_code.co_name in ("get_command_from_info", "get_group_from_info"):
            built.append(getattr(made, "name", None))
sys.setprofile(note)
from cleveragents.cli.main import main
try:
    code = main(sys.argv[2:])
finally:
    sys.setprofile(None)
    noted = {"built": built, "frozen": gc.get_freeze_count(), "collecting": gc.isenabled()}
    walked = {id(o) for o in gc.get_objects()}  # every generation but the frozen one
    noted["walked"] = sorted(
        n for n, m in list(sys.modules.items()) if m is not None and id(vars(m)) in walked
    )
    with open(sys.argv[1], "w") as out:
        json.dump(noted, out)
raise SystemExit(code)
"""
# Runs `agents ARGS` in this Python, then writes how often it read the operation log (the
# statement `SqliteStore.operations` runs), through any connection it opened.
LOG_READS = """
import json, sqlite3, sys
reads = []
connect = sqlite3.connect
def counted(*args, **kwargs):
    db = connect(*args, **kwargs)
    def note(sql):
        if sql.startswith("SELECT body FROM operations WHERE") and "IS NULL OR plan_id" in sql:
            reads.append(sql)
    db.set_trace_callback(note)
    return db
sqlite3.connect = counted
from cleveragents.cli.main import main
try:
    code = main(sys.argv[2:])
finally:
    with open(sys.argv[1], "w") as out:
        json.dump(len(reads), out)
raise SystemExit(code)
"""
PROPERTY_EXAMPLES = 300
TREE_EXAMPLES = 100  # random plans drawn both ways
PLAIN_LINE_EXAMPLES = 50  # random texts written both ways: ~65 ms each under coverage
PLAIN_TABLE_EXAMPLES = 50  # random tables written both ways: ~40 ms each under coverage
JSON_TEXT_EXAMPLES = 300  # random values written both ways: ~1 ms each


def _store(context: Any) -> sqlite3.Connection:
    return sqlite3.connect(context.repo / ".git" / "cleveragents" / "state.db")


def _probed(context: Any, command: str, probe: str, noted: Path) -> None:
    """Run the agents `command` under the Python `probe`, which writes what it noted to
    `noted`; its result in `context.result`."""
    args = shlex.split(expand(context, command))
    assert args[0] == "agents", f"steps run only the agents command, not {args[0]}"
    context.result = subprocess.run(
        [sys.executable, "-c", probe, str(noted), *args[1:]],
        cwd=cwd_of(context),
        capture_output=True,
        text=True,
        env={**os.environ, **context.env},
        stdin=subprocess.DEVNULL,
        timeout=120,
    )


@when('I run "{command}" and note the modules it imports')
def step_run_noting_imports(context: Any, command: str) -> None:
    _probed(context, command, IMPORTS, modules := context.tmp / "modules.json")
    context.imported = set(json.loads(modules.read_text()))


@when('I run "{command}" and count its reads of the operation log')
def step_run_counting_log_reads(context: Any, command: str) -> None:
    _probed(context, command, LOG_READS, noted := context.tmp / "reads.json")
    context.log_reads = json.loads(noted.read_text())


@then("it read the operation log at most {most:d} times")
def step_log_reads(context: Any, most: int) -> None:
    assert context.result.returncode == 0, context.result.stderr
    assert 0 < context.log_reads <= most, f"read the operation log {context.log_reads} times"


@when('I run "{command}" and note the git commands it runs')
def step_run_noting_git(context: Any, command: str) -> None:
    trace = context.tmp / "git-trace.json"
    context.env = {**context.env, "GIT_TRACE2_EVENT": str(trace)}
    try:
        _probed(context, command, IMPORTS, context.tmp / "modules.json")
    finally:
        del context.env["GIT_TRACE2_EVENT"]
    events = [json.loads(line) for line in trace.read_text().splitlines()]
    context.git_runs = [e["argv"][1:] for e in events if e["event"] == "start"]


@then("it asked git for no diff of two trees twice, nor of a tree with itself")
def step_no_diff_twice(context: Any) -> None:
    assert context.result.returncode == 0, context.result.stderr
    diffs = [" ".join(argv) for argv in context.git_runs if argv[0] == "diff-tree"]
    assert diffs, f"no diff-tree ran: {context.git_runs}"
    twice = sorted({diff for diff in diffs if diffs.count(diff) > 1})
    assert not twice, f"asked twice: {twice}"
    itself = [d for d in diffs if len(d.split()) > 2 and d.split()[-1] == d.split()[-2]]
    assert not itself, f"diffed a tree with itself: {itself}"


@when('I run "{command}" and note the commands typer builds')
def step_run_noting_built(context: Any, command: str) -> None:
    _probed(context, command, BUILT, noted := context.tmp / "built.json")
    context.built = json.loads(noted.read_text())


@then('typer built "{built}" and none of "{others}"')
def step_typer_built(context: Any, built: str, others: str) -> None:
    made = context.built["built"]
    wanted = [] if built == "no command" else [name.strip() for name in built.split(",")]
    assert all(name in made for name in wanted), f"built {made}, not all of {wanted}"
    unwanted = sorted({name.strip() for name in others.split(",")}.intersection(made))
    assert not unwanted, f"built {unwanted} too: {made}"


@then("what it imported is left out of later garbage collections, which still run")
def step_imports_frozen(context: Any) -> None:
    noted = context.built
    assert noted["collecting"], "the garbage collector was left off"
    # typer, click and the CLI's modules: tens of thousands of objects.
    assert noted["frozen"] > 10_000, f"only {noted['frozen']} objects left out of collections"


@then('the modules "{names}" are left out of later garbage collections too')
def step_modules_frozen(context: Any, names: str) -> None:
    """Each module's namespace (and so what it defined, made with it) is frozen."""
    walked = set(context.built["walked"])
    left = [name.strip() for name in names.split(",") if name.strip() in walked]
    assert not left, f"later collections still walk {left}"


@when('I run "{command}" with stderr to a pipe nobody reads')
def step_run_stderr_unread(context: Any, command: str) -> None:
    """A pipe whose reader left before the first line: every write to stderr fails (EPIPE)."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        context.result = subprocess.run(
            command_line(context, command),
            cwd=cwd_of(context),
            stdout=subprocess.PIPE,
            stderr=writer,
            text=True,
            env={**os.environ, **context.env},
            stdin=subprocess.DEVNULL,
            timeout=120,
        )
    finally:
        os.close(writer)


@then('it imported none of "{names}"')
def step_imported_none(context: Any, names: str) -> None:
    unwanted = [name.strip() for name in names.split(",")]
    found = sorted(
        module
        for module in context.imported
        if any(module == name or module.startswith(name + ".") for name in unwanted)
    )
    assert not found, f"imported {found}"


@given('the stored plans lack the field "{dotted}", as an older version wrote them')
def step_plans_lack_field(context: Any, dotted: str) -> None:
    *parents, name = dotted.split(".")
    with _store(context) as db:
        for plan_id, body in db.execute("SELECT id, body FROM plans").fetchall():
            plan = json.loads(body)
            fields = plan
            for parent in parents:
                fields = fields[parent]
            del fields[name]
            db.execute("UPDATE plans SET body = ? WHERE id = ?", (json.dumps(plan), plan_id))


@given("the newest operation is still marked running, as a killed command leaves it")
def step_operation_left_running(context: Any) -> None:
    with _store(context) as db:
        op_id, body = db.execute("SELECT id, body FROM operations ORDER BY id DESC").fetchone()
        operation = {**json.loads(body), "status": "running"}
        db.execute(
            "UPDATE operations SET status = 'running', body = ? WHERE id = ?",
            (json.dumps(operation), op_id),
        )


@given("the plan store is a file that is not a SQLite database")
def step_store_not_sqlite(context: Any) -> None:
    store = context.repo / ".git" / "cleveragents" / "state.db"
    store.parent.mkdir(parents=True, exist_ok=True)
    store.write_text("these are not the plans you are looking for\n" * 100)


@then("every command line read without typer is read as typer reads it")
def step_command_lines_agree(context: Any) -> None:
    from features.support.command_line_property import check_property

    _holds(check_property, PROPERTY_EXAMPLES)


@then("every plan run refused without typer is refused as typer refuses it")
def step_run_lines_agree(context: Any) -> None:
    from features.support.run_line_property import check_property

    _holds(check_property, PROPERTY_EXAMPLES, "plan run lines property")


@then('it imported "{names}"')
def step_imported(context: Any, names: str) -> None:
    wanted = [name.strip() for name in names.split(",")]
    missing = [name for name in wanted if name not in context.imported]
    assert not missing, f"did not import {missing}: it did not take the path it names"


@then("I keep what stdout holds")
def step_keep_stdout(context: Any) -> None:
    context.kept = context.result.stdout


@then("stdout is what was kept")
def step_stdout_kept(context: Any) -> None:
    assert context.result.returncode == 0, context.result.stderr
    assert context.result.stdout == context.kept, (
        f"now:\n{context.result.stdout}\nkept:\n{context.kept}"
    )


@then("I keep it as the text")
def step_keep_text(context: Any) -> None:
    context.kept_text = context.result.stdout


@then('stdout is the text kept, but for its "{key}" line')
def step_stdout_text_kept(context: Any, key: str) -> None:
    def lines(text: str) -> list[str]:  # a table pads each line to its widest value
        return [line.rstrip() for line in text.splitlines() if not line.strip().startswith(key)]

    assert context.result.returncode == 0, context.result.stderr
    assert lines(context.result.stdout) == lines(context.kept_text), context.result.stdout


@given("the stored decision {decision} holds a field this version does not know")
def step_decision_unknown_field(context: Any, decision: str) -> None:
    with _store(context) as db:
        (body,) = db.execute("SELECT body FROM decisions WHERE id = ?", (decision,)).fetchone()
        newer = {**json.loads(body), "field_of_a_newer_version": 1}
        db.execute("UPDATE decisions SET body = ? WHERE id = ?", (json.dumps(newer), decision))


def _model_shape(model: Any) -> dict[str, Any]:
    """The keys of what `model` dumps, nested as `read_model.PLAN_SHAPE` writes them."""
    from typing import get_args

    from pydantic import BaseModel

    def shape_of(annotation: Any) -> Any:
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            return _model_shape(annotation)
        inner = [shape_of(arg) for arg in get_args(annotation)]
        if getattr(annotation, "__origin__", None) is list and inner[0] is not None:
            return inner
        return None

    return {name: shape_of(field.annotation) for name, field in model.model_fields.items()}


@then("the read model names every field of the plan, decision and correction models in order")
def step_read_model_fields(context: Any) -> None:
    from pydantic_core import PydanticUndefined

    from cleveragents.domain import read_model
    from cleveragents.domain.correction import Correction
    from cleveragents.domain.decision import Decision
    from cleveragents.domain.plan import Plan

    plan = _model_shape(Plan)
    del plan["actor"]["script"]  # the store keeps a plan file's text apart, once
    assert plan == read_model.PLAN_SHAPE, plan
    assert list(read_model.PLAN_SHAPE["actor"]) == list(plan["actor"])
    assert _model_shape(Correction) == read_model.CORRECTION_SHAPE
    fields = {
        name: ... if field.default is PydanticUndefined else field.default
        for name, field in Decision.model_fields.items()
    }
    assert fields == read_model.DECISION_FIELDS, fields
    assert list(read_model.DECISION_FIELDS) == list(fields)


@given('the stored corrections lack the field "{name}", as an older version wrote them')
def step_corrections_lack_field(context: Any, name: str) -> None:
    with _store(context) as db:
        for key, body in db.execute("SELECT id, body FROM corrections").fetchall():
            correction = json.loads(body)
            del correction[name]
            older = json.dumps(correction)
            db.execute("UPDATE corrections SET body = ? WHERE id = ?", (older, key))


@then("any tree a pipe gets is the one rich draws there")
def step_tree_lines_agree(context: Any) -> None:
    from features.support.tree_lines_property import check_property

    _holds(check_property, TREE_EXAMPLES, "tree lines property")


@then("any line a pipe gets is the one rich writes there")
def step_plain_lines_agree(context: Any) -> None:
    from features.support.plain_lines_property import check_property

    _holds(check_property, PLAIN_LINE_EXAMPLES, "plain lines property")


@then("any table a pipe gets is the one rich draws there")
def step_plain_tables_agree(context: Any) -> None:
    from features.support.plain_lines_property import check_table_property

    _holds(check_table_property, PLAIN_TABLE_EXAMPLES, "plain tables property")


@then("any value's JSON text is the one json.dumps writes")
def step_json_text_agrees(context: Any) -> None:
    from features.support.json_text_property import check_property

    _holds(check_property, JSON_TEXT_EXAMPLES, "json text property")


def _holds(check: Callable[[int, int], int], default: int, name: str | None = None) -> None:
    """Run a property (`CLEVERAGENTS_PROPERTY_EXAMPLES` examples, else `default`); a
    failure says its seed and how to replay it."""
    examples = int(os.environ.get("CLEVERAGENTS_PROPERTY_EXAMPLES", default))
    seed = property_seed()
    if name:
        print(f"{name}: seed {seed}", file=sys.stderr)
    try:
        ran = check(examples, seed)
    except Exception as failure:
        notes = "\n".join(getattr(failure, "__notes__", []))
        raise AssertionError(
            f"seed {seed}: {failure}\n{notes}\nreplay with CLEVERAGENTS_PROPERTY_SEED={seed}"
        ) from failure
    assert ran > 0, "no example ran"
