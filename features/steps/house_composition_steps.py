"""Steps of the composition root's check: it wires adapters into services and decides nothing."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

from behave import given, then

PACKAGE_ROOT = Path(__file__).resolve().parents[2]
LOOPS: tuple[type[ast.AST], ...] = (ast.For, ast.AsyncFor, ast.While, ast.Try, ast.Match)
LOOPS += (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _flags(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    arguments = function.args
    return {a.arg for a in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]}


def _on_a_flag(test: ast.expr, flags: set[str]) -> bool:
    """Whether `test` is `TYPE_CHECKING`, a flag the function was given, or `not` one."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand
    return isinstance(test, ast.Name) and (test.id == "TYPE_CHECKING" or test.id in flags)


def decisions(source: str) -> list[str]:
    """Where `source` decides: a loop, a `try`, a comprehension, an `if` (statement or
    expression) or an `and`/`or` on anything but `TYPE_CHECKING` or a flag its function
    was given."""
    found: list[str] = []

    def walk(node: ast.AST, flags: set[str]) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            flags = flags | _flags(node)
        if isinstance(node, LOOPS):
            found.append(f"line {getattr(node, 'lineno', 0)}: {type(node).__name__}")
        if isinstance(node, ast.If | ast.IfExp) and not _on_a_flag(node.test, flags):
            found.append(f"line {node.lineno}: if {ast.unparse(node.test)}")
        if isinstance(node, ast.BoolOp) and not all(_on_a_flag(v, flags) for v in node.values):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")  # `x or default` decides too
        for child in ast.iter_child_nodes(node):
            walk(child, flags)

    walk(ast.parse(source), set())
    return found


@given('the module "{path}"')
def step_module(context: Any, path: str) -> None:
    context.module_source = (PACKAGE_ROOT / path).read_text()


@given("a module whose source is")
def step_module_text(context: Any) -> None:
    context.module_source = context.text


@then("it holds no decision: no loop, no try, no if but on TYPE_CHECKING or a flag it was given")
def step_no_decision(context: Any) -> None:
    found = decisions(context.module_source)
    assert not found, "; ".join(found)


@then('the decision "{where}" is found')
def step_decision_found(context: Any, where: str) -> None:
    found = decisions(context.module_source)
    assert where in found, found
