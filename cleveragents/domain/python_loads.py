"""What a Python tree script loads as code besides the commands it starts
(`script_calls.py`): the folders it puts on `sys.path` (`sys.path.insert(0, "lib")`, then
`import helper` runs `lib/helper.py`), the files it loads by path
(`importlib.util.spec_from_file_location("m", "other/o.py")`, `SourceFileLoader`,
`imp.load_source`) and the libraries it opens (`ctypes.CDLL("./libx.so")`,
`cdll.LoadLibrary`, cffi's `dlopen`).

A folder put on `sys.path` is an import root as the script's own folder is (its `*.py`, its
packages, the namespace packages the script imports); a literal is read from the folder the
script runs in (and from each folder it `os.chdir`s to: `chdirs`), and the usual ways of
naming the script's own folder (`__file__` through `os.path.dirname`, `abspath`, `join`,
`pathlib.Path(...).parent`, `.parents[N]`, `/`, a name bound once to one) are followed; the
modules it imports from such a folder are read in turn (`modules`). A folder, a file or a
library the script computes otherwise may be any file of the tree: the whole tree
(`WHOLE`), said so. A library named without a `/` is found by the system's loader, not in
the tree.
"""

from __future__ import annotations

import ast
import posixpath
import shlex

from cleveragents.domain.config_programs import WHOLE, Reach, script_reach
from cleveragents.domain.launchers import PYTHON_ROOT
from cleveragents.domain.reach import escaped, places, printable

# Callables loading Python code from a file: the position and the keyword of its path.
LOADERS = {
    "importlib.util.spec_from_file_location": (1, "location"),
    "importlib.machinery.SourceFileLoader": (1, "path"),
    "importlib.machinery.SourcelessFileLoader": (1, "path"),
    "importlib.machinery.ExtensionFileLoader": (1, "path"),
    "imp.load_source": (1, "pathname"),
    "imp.load_compiled": (1, "pathname"),
    "imp.load_dynamic": (1, "pathname"),
    "imp.load_package": (1, "path"),
}
LIBRARIES = frozenset((
    "ctypes.CDLL", "ctypes.PyDLL", "ctypes.cdll.LoadLibrary", "ctypes.pydll.LoadLibrary",
    "ctypes.CDLL.LoadLibrary", "ctypes.LibraryLoader.LoadLibrary", "_ctypes.dlopen",
))  # fmt: skip
ADDS = {"sys.path.insert": 1, "sys.path.append": 0, "site.addsitedir": 0}
IMPORTING = frozenset((
    "importlib.import_module", "__import__", "importlib.__import__", "runpy.run_module",
))  # fmt: skip
DEPTH = 16  # names bound to names, followed this deep (a cycle ends there)
TOP = "/\0"  # the tree's top as an absolute path (no real path holds a NUL)
_PATH_SAME = frozenset((
    "os.path.abspath", "os.path.realpath", "os.path.normpath", "pathlib.Path", "Path",
    "pathlib.PurePath", "PurePath", "str", "os.fspath", "os.path.expanduser",
))  # fmt: skip


def python_loads(path: str, tree: ast.Module, names: dict[str, str], cwd: str) -> list[Reach]:
    """What the Python script `path` (parsed as `tree`, its imports `names`), run in `cwd`,
    loads by the forms above."""
    bound = _bound(tree)
    folders: list[str | None] = []
    found: list[Reach] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            called = dotted(node.func, names)
            if called in ADDS and len(node.args) > ADDS[called]:
                folders.append(_path(node.args[ADDS[called]], names, bound, path, cwd))
            elif called == "sys.path.extend" and node.args:
                folders += [_path(e, names, bound, path, cwd) for e in _items(node.args[0], names)]
            elif called in LOADERS or called in LIBRARIES or called.endswith(".dlopen"):
                found += _loaded(called, node, names, bound, path, cwd)
        elif isinstance(node, (ast.Assign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(_on_sys_path(t, names) for t in targets):
                items = _items(node.value, names)
                folders += [_path(e, names, bound, path, cwd) for e in items]
    if None in folders:
        why = f"`{printable(path)}`, which puts a folder it computes on sys.path"
        found.append(Reach(WHOLE, unknown=why))
    tops = {n.split(".")[0] for n in names.values()} | _named_imports(tree, names)
    by = f"the script {printable(path)}"
    for folder in dict.fromkeys(f for f in folders if f is not None):
        found += places(folder, (*PYTHON_ROOT, "*.pth", *sorted(tops)), by)
        found += modules(folder, tops)
    return found


def chdirs(path: str, tree: ast.Module, names: dict[str, str], cwd: str) -> list[str | None]:
    """The folders (from the tree's top) the script `path` run in `cwd` changes to
    (`os.chdir`), None for one it computes; one outside the tree is left out."""
    bound = _bound(tree)
    found: list[str | None] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and dotted(node.func, names) == "os.chdir":
            folder = _path(node.args[0], names, bound, path, cwd) if node.args else None
            found += [] if folder is not None and folder.startswith(("..", "/")) else [folder]
    return found


def modules(folder: str, tops: set[str]) -> list[Reach]:
    """The files `import TOP` runs from the import root `folder` (`TOP.py`, a package's
    `__init__.py`), each read in turn for what it starts; an absolute `folder` is that of
    a script outside the tree (`tree_scripts.outside_reach` reads them there)."""
    if folder.startswith(".."):
        return []
    files = (name for top in sorted(tops) for name in (f"{top}.py", f"{top}/__init__.py"))
    return [Reach(posixpath.normpath(posixpath.join(folder, name))) for name in files]


def dotted(node: ast.expr, names: dict[str, str]) -> str:
    """The dotted name a callable expression stands for (`sp.run`: `subprocess.run`)."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return ""
    return ".".join([names.get(node.id, node.id), *reversed(parts)])


def string(node: ast.expr | None, names: dict[str, str]) -> str | None:
    """A string argument's text, its computed parts as variables; None when all of it is
    computed."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = [v.value if isinstance(v, ast.Constant) else "$v" for v in node.values]
        return "".join(str(p) for p in parts)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = string(node.left, names), string(node.right, names)
        if left is None and right is None:
            return None
        return (left if left is not None else "$v") + (right if right is not None else "$v")
    return None


def keyword(node: ast.Call, name: str) -> ast.expr | None:
    return next((k.value for k in node.keywords if k.arg == name), None)


def _loaded(
    called: str, node: ast.Call, names: dict[str, str], bound: dict[str, ast.expr], path: str,
    cwd: str,
) -> list[Reach]:  # fmt: skip
    """The file a loader or a library call loads: Python read as `python3 FILE` runs it, a
    library as that file alone; computed: the whole tree."""
    at, name = LOADERS.get(called, (0, "name"))
    given = node.args[at] if len(node.args) > at else keyword(node, name)
    if given is None:
        return []
    file = _path(given, names, bound, path, cwd)
    if file is None or "$" in file:
        why = f"`{printable(path)}`, which loads a file it computes ({printable(called)})"
        return [Reach(WHOLE, unknown=why)]
    if file.startswith(("..", "/")):
        return []  # outside the tree
    if called in LOADERS:
        return script_reach(shlex.join(["python3", file]), "")
    literal = string(given, names)
    if literal is not None and "/" not in literal:
        return []  # found by the system's loader (`libc.so.6`), not the tree's
    return [Reach(escaped(file), launcher=f"the library loader of {printable(path)}")]


def _path(
    node: ast.expr, names: dict[str, str], bound: dict[str, ast.expr], path: str, cwd: str
) -> str | None:
    """The path `node` names, from the tree's top (`/...` or `../...`: outside it), for the
    script `path` run in `cwd`; None when the script computes it."""
    value = _value(node, names, bound, f"{TOP}/{path}", cwd, 0)
    if value is None:
        return None
    full = posixpath.normpath(posixpath.join(f"{TOP}/{cwd}", value))
    if full == TOP or full.startswith(f"{TOP}/"):
        return full[len(TOP) + 1 :] or "."
    return "/" + full.lstrip("/")


def _value(
    node: ast.expr, names: dict[str, str], bound: dict[str, ast.expr], file: str, cwd: str,
    depth: int,
) -> str | None:  # fmt: skip
    """The path `node` stands for as the script sees it: relative to where it runs, or
    absolute (the tree's top as `TOP`, `__file__` the script's absolute path)."""
    if depth > DEPTH:
        return None
    again = depth + 1
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name):
        if node.id == "__file__":
            return file
        return _value(bound[node.id], names, bound, file, cwd, again) if node.id in bound else None
    if isinstance(node, ast.Attribute) and node.attr == "parent":
        inner = _value(node.value, names, bound, file, cwd, again)
        return None if inner is None else posixpath.dirname(_absolute(inner, cwd))
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute):
        at = node.slice.value if isinstance(node.slice, ast.Constant) else None
        if node.value.attr == "parents" and isinstance(at, int) and 0 <= at < DEPTH:
            inner = _value(node.value.value, names, bound, file, cwd, again)
            return None if inner is None else _absolute(inner + "/.." * (at + 1), cwd)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        sides = [_value(n, names, bound, file, cwd, again) for n in (node.left, node.right)]
        return None if None in sides else posixpath.join(*(str(s) for s in sides))
    if not isinstance(node, ast.Call):
        return None
    called = dotted(node.func, names)
    if isinstance(node.func, ast.Attribute) and node.func.attr in ("resolve", "absolute"):
        inner = _value(node.func.value, names, bound, file, cwd, again)
        return None if inner is None else _absolute(inner, cwd)
    if called == "os.getcwd" or (called in _PATH_SAME and not node.args):
        return f"{TOP}/{cwd}" if called == "os.getcwd" else "."
    parts = [_value(a, names, bound, file, cwd, again) for a in node.args]
    if None in parts or not parts or node.keywords:
        return None
    words = [str(p) for p in parts]
    if called == "os.path.dirname" and len(words) == 1:
        return posixpath.dirname(words[0])
    if called in ("os.path.abspath", "os.path.realpath") and len(words) == 1:
        return _absolute(words[0], cwd)
    if called in ("os.path.join", "pathlib.Path", "Path", "pathlib.PurePath", "PurePath"):
        return posixpath.join(*words)
    return words[0] if called in _PATH_SAME and len(words) == 1 else None


def _absolute(value: str, cwd: str) -> str:
    """`value` made absolute from the folder the script runs in (`TOP/cwd`)."""
    return posixpath.normpath(posixpath.join(f"{TOP}/{cwd}", value))


def _named_imports(tree: ast.Module, names: dict[str, str]) -> set[str]:
    """The top modules a literal `importlib.import_module("x.y")`, `__import__` or
    `runpy.run_module` names."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args and dotted(node.func, names) in IMPORTING:
            named = string(node.args[0], names)
            found |= {named.split(".")[0]} if named and "$" not in named else set()
    return found


def _items(node: ast.expr, names: dict[str, str]) -> list[ast.expr]:
    """The folders a value given to `sys.path` holds (`["lib"] + sys.path`: `lib`); what is
    not a list of them, one computed folder."""
    if isinstance(node, (ast.List, ast.Tuple)):
        return list(node.elts)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _items(node.left, names) + _items(node.right, names)
    if dotted(node, names) == "sys.path":
        return []
    return [node]


def _on_sys_path(target: ast.expr, names: dict[str, str]) -> bool:
    """Whether an assignment's target is `sys.path` or a part of it (`sys.path[:0]`)."""
    target = target.value if isinstance(target, ast.Subscript) else target
    return dotted(target, names) == "sys.path"


def _bound(tree: ast.Module) -> dict[str, ast.expr]:
    """The names the script binds once, to what (`ROOT = Path(__file__).parent`); a name
    bound more than once (a loop's, a second `=`) stands for what agents cannot tell."""
    stores: dict[str, int] = {}
    bound: dict[str, ast.expr] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            stores[node.id] = stores.get(node.id, 0) + 1
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            bound.update({target.id: node.value} if isinstance(target, ast.Name) else {})
    return {name: value for name, value in bound.items() if stores.get(name) == 1}
