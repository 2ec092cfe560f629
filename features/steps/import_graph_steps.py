"""Steps of the import walk: the modules of a package, and the cycles among their imports."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from behave import given, then, when

from features.support.import_graph import cycles, graph, imported, modules

PACKAGE_ROOT = Path(__file__).resolve().parents[2]


@given('the modules of the package "{package}"')
def step_package(context: Any, package: str) -> None:
    context.package = (PACKAGE_ROOT / package.replace(".", "/"), package)


@given('a package "{package}" whose modules are')
def step_made_package(context: Any, package: str) -> None:
    folder = Path(context.tmp) / package
    folder.mkdir(parents=True)
    (folder / "__init__.py").write_text("")
    for row in context.table:
        (folder / f"{row['module']}.py").write_text(row["source"].replace("\\n", "\n") + "\n")
    context.package = (folder, package)


@when("their imports are walked, those inside functions too")
def step_walk(context: Any) -> None:
    folder, package = context.package
    context.edges = graph(folder, package)
    context.cycles = cycles(context.edges)


@then("no module imports itself through others")
def step_no_cycle(context: Any) -> None:
    assert context.edges, "no module was read"
    shown = "; ".join(" -> ".join(cycle) for cycle in context.cycles)
    assert not context.cycles, f"import cycles: {shown}"


@then('the cycle "{path}" is found')
def step_cycle_found(context: Any, path: str) -> None:
    expected = [name.strip() for name in path.split("->")]
    assert expected in context.cycles, f"cycles found: {context.cycles}"


@then("no cycle is found")
def step_none_found(context: Any) -> None:
    assert not context.cycles, f"cycles found: {context.cycles}"


@then('no module imports anything under "{prefixes}"')
def step_no_import_under(context: Any, prefixes: str) -> None:
    folder, package = context.package
    banned = tuple(p.strip() for p in prefixes.split(","))
    found = {
        f"{name} imports {module}"
        for name, path in modules(folder, package).items()
        for module in imported(path, name)
        if module in banned or module.startswith(tuple(f"{b}." for b in banned))
    }
    assert not found, "; ".join(sorted(found))
