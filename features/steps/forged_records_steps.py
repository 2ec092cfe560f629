"""Steps that forge a plan's records on a bare remote, as an attacker who can push there
would, and look for what a pull of them must never do to the clone or to the host."""

from __future__ import annotations

import json
import os
import stat
import subprocess
from pathlib import Path
from typing import Any

from behave import given, then, when

from features.steps.cli_steps import expand, on_terminal, run_agents, step_have_run
from features.steps.repo_steps import step_plan_file, step_repository
from features.support.kept_setup import set_up_once


def _git(where: Path, *args: str, stdin: bytes | None = None) -> str:
    done = subprocess.run(
        ["git", "-C", str(where), *args], input=stdin, capture_output=True, check=True
    )
    return done.stdout.decode().strip()


@given("the repository pushed its newest plan to a bare remote, and a clone pulls from it")
def step_pushed_to_remote(context: Any) -> None:
    """`agents plan push origin` to `remote.git`; from then on every step runs in a clone of
    the repository whose `origin` is that remote (the first repository: `context.origin`)."""
    remote = context.tmp / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    _git(context.repo, "remote", "add", "origin", str(remote))
    pushed = run_agents(context, "agents plan push origin")
    assert pushed.returncode == 0, pushed.stderr
    clone = context.tmp / "elsewhere" / "clone"
    subprocess.run(["git", "clone", "-q", str(context.repo), str(clone)], check=True)
    _git(clone, "remote", "set-url", "origin", str(remote))
    context.origin, context.repo, context.remote = context.repo, clone, remote
    context.pushed = context.plan_ids[-1]


@given('a clone pulled from a bare remote the plan a repository ran from "{name}":')
def step_pushed_once(context: Any, name: str) -> None:
    """The four steps in one, built once per process (`kept_setup.py`): a git repository,
    the plan file, `agents plan run --script` it, then the step above."""

    def build() -> None:
        step_repository(context)
        step_plan_file(context, name)
        step_have_run(context, f"agents plan run --script {{tmp}}/{name}")
        step_pushed_to_remote(context)

    names = ("plan_ids", "origin", "repo", "remote", "pushed")
    set_up_once(context, f"{name}\n{context.text}", build, names)


def _forged(context: Any, source: str, code: str) -> bytes:
    """The records of the remote's plan `source`, each `r` edited by `code`, which sees
    P (the pushed plan), V (the clone's own newest plan, if any) and T (the scratch folder)."""
    ref = f"refs/cleveragents/records/{source}"
    text = _git(context.remote, "show", f"{ref}:records.jsonl")
    names = {
        "P": context.pushed,
        "V": getattr(context, "own_plan", ""),
        "T": str(context.tmp),
    }
    records = [json.loads(line) for line in text.splitlines()]
    for record in records:
        exec(code, {**names, "r": record})
    # A record the code emptied (`r.clear()`) is left out.
    return b"".join(json.dumps(r, sort_keys=True).encode() + b"\n" for r in records if r)


def _write_ref(context: Any, name: str, data: bytes, parent: str | None) -> None:
    blob = _git(context.remote, "hash-object", "-w", "--stdin", stdin=data)
    tree = _git(context.remote, "mktree", stdin=f"100644 blob {blob}\trecords.jsonl\n".encode())
    env_parent = ["-p", parent] if parent else []
    commit = (
        subprocess.run(
            ["git", "-C", str(context.remote), "commit-tree", tree, *env_parent, "-m", "forged"],
            capture_output=True,
            check=True,
            env={
                **os.environ,
                "GIT_AUTHOR_NAME": "a",
                "GIT_AUTHOR_EMAIL": "a@b",
                "GIT_COMMITTER_NAME": "a",
                "GIT_COMMITTER_EMAIL": "a@b",
            },
        )
        .stdout.decode()
        .strip()
    )
    _git(context.remote, "update-ref", f"refs/cleveragents/records/{name}", commit)


@given("the remote's records of the pushed plan are rewritten:")
def step_rewrite(context: Any) -> None:
    ref = f"refs/cleveragents/records/{context.pushed}"
    parent = _git(context.remote, "rev-parse", ref)
    _write_ref(context, context.pushed, _forged(context, context.pushed, context.text), parent)


@given('the remote holds records under the plan name "{name}", made from the pushed plan\'s:')
def step_other_name(context: Any, name: str) -> None:
    _write_ref(context, name, _forged(context, context.pushed, context.text), None)


@given('the clone has run "{command}"')
def step_clone_ran(context: Any, command: str) -> None:
    ran = run_agents(context, command)
    assert ran.returncode == 0, ran.stderr
    listed = json.loads(run_agents(context, "agents plan list --json").stdout)["plans"]
    context.own_plan = next(p["id"] for p in listed if p["id"] != context.pushed)
    context.own_task = next(p["task"] for p in listed if p["id"] == context.own_plan)


@then("the clone's own plan is as it was")
def step_own_plan_kept(context: Any) -> None:
    shown = json.loads(run_agents(context, f"agents plan show {context.own_plan} --json").stdout)
    assert shown["task"] == context.own_task, shown["task"]


@then("the pushed plan is not in the clone")
def step_not_pulled(context: Any) -> None:
    listed = json.loads(run_agents(context, "agents plan list --json").stdout)["plans"]
    assert context.pushed not in [p["id"] for p in listed], listed


@given('a canary file "{path}" with mode {mode}')
def step_canary(context: Any, path: str, mode: str) -> None:
    canary = Path(expand(context, path))
    canary.parent.mkdir(parents=True, exist_ok=True)
    canary.write_text("canary\n")
    canary.chmod(int(mode, 8))


@then('the canary file "{path}" is still there with mode {mode}')
def step_canary_kept(context: Any, path: str, mode: str) -> None:
    canary = Path(expand(context, path))
    assert canary.exists(), "the canary was deleted"
    assert canary.read_text() == "canary\n", "the canary changed"
    assert stat.S_IMODE(canary.stat().st_mode) == int(mode, 8), oct(canary.stat().st_mode)


@then('nothing exists at "{path}"')
def step_nothing_at(context: Any, path: str) -> None:
    assert not os.path.lexists(expand(context, path)), f"{path} was written"


@then('the file "{path}" does not name the clone')
def step_log_clean(context: Any, path: str) -> None:
    found = Path(expand(context, path))
    text = found.read_text() if found.exists() else ""
    assert str(context.repo) not in text, f"the plan's command ran in the clone: {text}"


@when('on a terminal I say "{first}" then "{second}" to "{command}"')
def step_run_tty_twice(context: Any, command: str, first: str, second: str) -> None:
    on_terminal(context, command, [first, second])


@given('a FIFO "{path}"')
def step_fifo(context: Any, path: str) -> None:
    os.mkfifo(expand(context, path))


@then('"{path}" is still a FIFO')
def step_still_fifo(context: Any, path: str) -> None:
    assert stat.S_ISFIFO(os.lstat(expand(context, path)).st_mode), f"{path} was replaced"


@given('the remote\'s plan refs are bundled into "{name}"')
def step_bundle(context: Any, name: str) -> None:
    refs = [f"refs/cleveragents/records/{context.pushed}"]
    if _git(context.remote, "for-each-ref", f"refs/cleveragents/checkpoints/{context.pushed}"):
        refs.append(f"refs/cleveragents/checkpoints/{context.pushed}")
    _git(context.remote, "bundle", "create", str(context.tmp / name), *refs)


@given("the plan store's decision {decision} of the newest plan saved the paths:")
def step_forge_store(context: Any, decision: str) -> None:
    """Rewrite, in the real SQLite file, what the decision says it replaced: as a damaged
    or forged store would hold it (`absent` and `modes` rows of the table, `{tmp}` filled)."""
    import sqlite3

    plan = context.plan_ids[-1]
    absent = [expand(context, r["path"]) for r in context.table if r["kind"] == "absent"]
    modes = {expand(context, r["path"]): 0o777 for r in context.table if r["kind"] == "mode"}
    db = sqlite3.connect(context.repo / ".git" / "cleveragents" / "state.db")
    (body,) = db.execute(
        "SELECT body FROM decisions WHERE plan_id = ? AND id = ?", (plan, decision)
    ).fetchone()
    saved = {"plan_id": plan, "absent": absent, "modes": modes, "at": 1}
    body = json.dumps({**json.loads(body), "replaced": [saved]})
    with db:
        db.execute(
            "UPDATE decisions SET body = ? WHERE plan_id = ? AND id = ?", (body, plan, decision)
        )
    db.close()


@given('a link "{name}" in the repository to "{target}"')
def step_link(context: Any, name: str, target: str) -> None:
    (context.repo / name).symlink_to(expand(context, target))


@when("random damage to the newest plan's records is imported")
def step_random_damage(context: Any) -> None:
    """Each example: the plan's own records with one field of one record (or of its body)
    deleted or set to any JSON value, or a saved path of a decision set to any path made of
    `..`, `.git` in any case and such parts; imported into the real plan store."""
    import sys

    from hypothesis import given as for_every
    from hypothesis import strategies as st

    from cleveragents.bootstrap import bootstrap
    from cleveragents.errors import BadInput
    from features.support.properties import property_seed, reproducible

    examples = int(os.environ.get("CLEVERAGENTS_PROPERTY_EXAMPLES", 25))
    seed = property_seed()
    print(
        f"records gate property: seed {seed}, {examples} examples; replay with "
        f"CLEVERAGENTS_PROPERTY_SEED={seed} CLEVERAGENTS_PROPERTY_EXAMPLES={examples}",
        file=sys.stderr,
    )
    services = bootstrap(context.repo)
    context.cleanups.append(services.close)
    store = services.store
    plan = context.plan_ids[-1]
    lines = [json.loads(line) for line in store.export_records(plan).splitlines()]
    json_values = st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=8),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
        max_leaves=5,
    )
    parts = st.sampled_from(["a", ".", "..", "", ".git", ".GiT", "GIT~1", "b", "~"])
    paths = st.tuples(st.booleans(), st.lists(parts, min_size=1, max_size=4)).map(
        lambda t: ("/" if t[0] else "") + "/".join(t[1])
    )

    @reproducible(examples, seed)
    @for_every(st.data(), json_values, paths)
    def check(data: Any, value: Any, path: str) -> None:
        records = json.loads(json.dumps(lines))
        n = data.draw(st.integers(0, len(records) - 1))
        target = records[n]
        if data.draw(st.booleans()) and isinstance(target.get("body"), dict):
            target = target["body"]
        key = data.draw(st.sampled_from(sorted(target)))
        how = data.draw(st.sampled_from(["delete", "set", "path"]))
        if how == "delete":
            del target[key]
        elif how == "set":
            target[key] = value
        else:
            decision = next(r for r in records if r["type"] == "decision")
            decision["body"]["replaced"] = [{"plan_id": plan, "absent": [path], "at": 1}]
        text = b"".join(json.dumps(r).encode() + b"\n" for r in records)
        try:
            store.import_records(text, plan)
        except BadInput:
            return  # refused, one line: never KeyError, TypeError, exit 70
        for decision in store.decisions(plan):
            for saved in decision.replaced:
                for p in [*saved.absent, *saved.modes]:
                    assert os.path.normpath(p) == p and not p.startswith(("/", "..")), p
                    assert ".git" not in p.lower().split("/"), p
                    assert "git~1" not in p.lower().split("/"), p

    context.property_failure = None
    try:
        check()
    except AssertionError as failure:
        context.property_failure = f"seed {seed}: {failure}"
    finally:
        store.import_records(b"".join(json.dumps(r).encode() + b"\n" for r in lines))


@then("every damaged record was refused with one line, or held only paths inside the tree")
def step_damage_refused(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
