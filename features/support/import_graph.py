"""The imports between a package's modules, read from their source (`ast`): at the top, inside
functions and classes, and under `try`; only `if TYPE_CHECKING:` blocks are left out, since
they never run. A cycle hidden by an import inside a function is a cycle all the same, and so
is one through `importlib.import_module(...)` or `__import__(...)`: a name computed there
(`f"cleveragents.cli.{name}"`) stands for every string of the module it could be."""

from __future__ import annotations

import ast
from pathlib import Path


def modules(folder: Path, package: str) -> dict[str, Path]:
    """Every module of the package in `folder` (not its sub-packages), by dotted name."""
    found = {}
    for path in sorted(folder.glob("*.py")):
        name = package if path.stem == "__init__" else f"{package}.{path.stem}"
        found[name] = path
    return found


def imports(path: Path, name: str, known: set[str]) -> set[str]:
    """The modules among `known` that the module `name` at `path` imports."""
    return {module for module in imported(path, name) if module in known and module != name}


def imported(path: Path, name: str) -> set[str]:
    """Every module the module `name` at `path` imports, and every `from M import N` as
    both `M` and `M.N` (N may be a module)."""
    tree = ast.parse(path.read_text(), str(path))
    package = name if path.stem == "__init__" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _running(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node, package)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Call) and _importing(node.func) and node.args:
            found.update(_named(node, tree, package))
    return found


def _importing(function: ast.expr) -> bool:
    """`importlib.import_module`, `import_module` or `__import__`."""
    if isinstance(function, ast.Attribute):
        return function.attr == "import_module"
    return isinstance(function, ast.Name) and function.id in ("import_module", "__import__")


def _named(call: ast.Call, tree: ast.AST, package: str) -> set[str]:
    """The modules an import call may import: its name when written out (and, for
    `__import__`, each of its `fromlist`); else its written start joined to each string
    the module holds, since the name is made of one of them."""
    name = call.args[0]
    if isinstance(name, ast.Constant) and isinstance(name.value, str):
        names = {name.value}
    else:
        start = ""
        if isinstance(name, ast.JoinedStr) and name.values:
            start = _text(name.values[0])
        elif isinstance(name, ast.BinOp) and isinstance(name.op, ast.Add):
            start = _text(name.left)
        strings = {_text(node) for node in ast.walk(tree)} - {""}
        names = {start + string for string in strings}
    names = {_resolved(n, package) for n in names}
    listed = [k.value for k in call.keywords if k.arg == "fromlist"]
    if isinstance(call.func, ast.Name) and call.func.id == "__import__" and listed:
        pieces = listed[0].elts if isinstance(listed[0], ast.List | ast.Tuple) else []
        names |= {f"{n}.{_text(piece)}" for n in names for piece in pieces if _text(piece)}
    return names


def _text(node: ast.AST) -> str:
    """The string a constant node holds; "" for any other node."""
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else ""


def _resolved(name: str, package: str) -> str:
    """`name` made absolute: `.b` in package `a` is `a.b`, as importlib reads it."""
    level = len(name) - len(name.lstrip("."))
    if not level:
        return name
    parts = package.split(".")
    base = ".".join(parts[: len(parts) - level + 1])
    return f"{base}.{name[level:]}" if name[level:] else base


def _running(tree: ast.AST) -> list[ast.AST]:
    """The nodes of `tree` outside `if TYPE_CHECKING:` blocks."""
    nodes: list[ast.AST] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        nodes.append(node)
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child.test):
                todo.extend(child.orelse)
                continue
            todo.append(child)
    return nodes


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _absolute(node: ast.ImportFrom, package: str) -> str:
    if not node.level:
        return node.module or ""
    parts = package.split(".")
    base = ".".join(parts[: len(parts) - node.level + 1])
    return f"{base}.{node.module}" if node.module else base


def graph(folder: Path, package: str) -> dict[str, set[str]]:
    """Each module of the package, with the modules of the package it imports."""
    found = modules(folder, package)
    return {name: imports(path, name, set(found)) for name, path in found.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Each group of modules that import one another, round or through others (Tarjan's
    strongly connected components of more than one module), as a path that closes."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(edges.get(module, ())):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == module:
                    break
            if len(group) > 1:
                groups.append(_closed_path(sorted(group), edges))

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return groups


def _closed_path(group: list[str], edges: dict[str, set[str]]) -> list[str]:
    """A path from the group's first module back to itself, through the group."""
    start, members = group[0], set(group)
    paths = {start: [start]}
    todo = [start]
    while todo:
        module = todo.pop(0)
        for other in sorted(edges.get(module, set()) & members):
            if other == start:
                return [*paths[module], start]
            if other not in paths:
                paths[other] = [*paths[module], other]
                todo.append(other)
    return [*group, start]  # pragma: no cover - a strongly connected group always closes
