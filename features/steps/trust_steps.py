"""A plan that travels to another clone: its trust settings stay where they were given."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from behave import given, then, when

from features.steps.cli_steps import expand, run_agents


@given("a clone of the repository that imported the newest plan")
def step_clone_imported(context: Any) -> None:
    """`agents plan export` in the repository, `agents plan import` in a clone of it; from
    then on every step runs in the clone (the first repository is `context.origin`)."""
    plan = json.loads(run_agents(context, "agents plan list --json").stdout)["plans"][-1]["id"]
    bundle = context.tmp / "plan.bundle"
    exported = run_agents(context, f"agents plan export {plan} {bundle}")
    assert exported.returncode == 0, exported.stderr
    clone = context.tmp / "elsewhere" / "clone"  # its parent folder is its own
    subprocess.run(["git", "clone", "-q", str(context.repo), str(clone)], check=True)
    context.origin, context.repo = context.repo, clone
    imported = run_agents(context, f"agents plan import {bundle}")
    assert imported.returncode == 0, imported.stderr
    context.plan_ids = [plan]


@then('nothing was written beside the clone named "{name}"')
def step_nothing_beside(context: Any, name: str) -> None:
    assert not (context.repo.parent / name).exists(), f"{name} was written outside the tree"


@when("records of the newest plan claiming random origins and settings are imported")
def step_random_origins(context: Any) -> None:
    """Each example: the plan's own records with its plan line rewritten (settings_from
    missing, null, empty, this store's id or any text; any sandbox and patterns), imported
    into the real plan store of the repository, then exported again."""
    import os
    import sys

    from hypothesis import given as for_every
    from hypothesis import strategies as st

    from cleveragents.bootstrap import bootstrap
    from cleveragents.domain.trust import GivenHere, settings_here
    from features.support.properties import property_seed, reproducible

    examples = int(os.environ.get("CLEVERAGENTS_PROPERTY_EXAMPLES", 25))
    seed = property_seed()
    print(
        f"trust property: seed {seed}, {examples} examples; replay with "
        f"CLEVERAGENTS_PROPERTY_SEED={seed} CLEVERAGENTS_PROPERTY_EXAMPLES={examples}",
        file=sys.stderr,
    )
    services = bootstrap(context.repo)
    context.cleanups.append(services.close)
    store = services.store
    plan_id = json.loads(run_agents(context, "agents plan list --json").stdout)["plans"][-1]["id"]
    head, plan_line, *rest = store.export_records(plan_id).splitlines(keepends=True)
    origins = st.one_of(st.none(), st.just(store.store_id), st.just("missing"), st.text())

    @reproducible(examples, seed)
    @for_every(origins, st.booleans(), st.one_of(st.none(), st.lists(st.text(), max_size=3)))
    def check(origin: str | None, sandbox: bool, allow: list[str] | None) -> None:
        record = json.loads(plan_line)
        body = record["body"]
        body.pop("settings_from")
        if origin != "missing":
            body["settings_from"] = origin
        body.update(sandbox=sandbox, allow_commands=allow, allow_network=not sandbox)
        line = json.dumps(record, sort_keys=True, separators=(",", ":")).encode() + b"\n"
        crafted = b"".join([head, line, *rest])
        store.import_records(crafted)
        plan = store.plan(plan_id)
        assert plan.settings_from is not None, f"{origin!r}: imported settings in force"
        assert settings_here(plan, GivenHere(), []) is None, "a plan file ran unvouched"
        if origin not in (None, ""):
            assert store.export_records(plan_id) == crafted, f"{origin!r}: not the same bytes"

    context.property_failure = None
    try:
        check()
    except AssertionError as failure:
        context.property_failure = f"seed {seed}: {failure}"


@then("no imported settings were in force, and the records travelled on as they came")
def step_never_in_force(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@given('the folder "{folder}" is removed')
def step_folder_removed(context: Any, folder: str) -> None:
    import shutil

    path = Path(expand(context, folder))
    assert path.is_dir(), f"{path} was never made"
    shutil.rmtree(path)


@then('nothing was recorded in "{folder}"')
def step_folder_absent(context: Any, folder: str) -> None:
    path = Path(expand(context, folder))
    assert not path.exists(), f"{path} exists: {sorted(p.name for p in path.iterdir())}"
