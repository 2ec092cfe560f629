"""Steps for `house.benchmarks.feature`: a benchmark script run at a tiny size."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

from behave import then, when

TOP = Path(__file__).resolve().parents[2]


@when('I run the benchmark "{line}"')
def step_run_benchmark(context: Any, line: str) -> None:
    script, *args = shlex.split(line)
    context.benchmark = subprocess.run(
        [sys.executable, str(TOP / "benchmarks" / script), *args],
        cwd=context.tmp if hasattr(context, "tmp") else TOP,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@then("the benchmark ends with exit code {code:d}")
def step_benchmark_code(context: Any, code: int) -> None:
    done = context.benchmark
    assert done.returncode == code, f"exit {done.returncode}\n{done.stderr[-3000:]}"


@then('its report has the targets "{names}"')
def step_benchmark_targets(context: Any, names: str) -> None:
    report = json.loads(context.benchmark.stdout)
    wanted = {name.strip() for name in names.split(",")}
    missing = wanted - set(report.get("targets", {}))
    assert not missing, f"targets missing from the report: {sorted(missing)}"


@then('its report times the commands "{names}"')
def step_benchmark_commands(context: Any, names: str) -> None:
    commands = json.loads(context.benchmark.stdout).get("commands", {})
    for name in (name.strip() for name in names.split(",")):
        assert commands.get(name, {}).get("wall_ms", {}).get("median"), (name, sorted(commands))


@then('its report has the ratios "{names}"')
def step_benchmark_ratios(context: Any, names: str) -> None:
    sizes = json.loads(context.benchmark.stdout)["sizes"]
    for size, found in sizes.items():
        for name in (name.strip() for name in names.split(",")):
            assert found.get(name, {}).get("ratio", 0) > 0, (size, name, sorted(found))
