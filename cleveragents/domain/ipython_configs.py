"""What IPython runs of the folder it starts in by a profile's config (`ipython_config.py`,
read as Python, review29 F6): IPython puts that folder first on `sys.path` and runs the
config's `exec_files`, `file_to_run` there, so a relative entry is the tree's file; each
`exec_lines` (`code_to_run`) line's `%run [-i] 'x.py'` (its words unquoted as IPython
splits them; `-m x` a module), `import x` / `from x import y`, `%load_ext x`, and each
`extensions` (`extra_extensions`) entry or `module_to_run` import `x.py` or the package
folder `x` from it (even `import json`: the folder comes before the standard library); a
`!cmd` line runs `cmd` there. A value that is not a literal agents can read (a list built in
a variable, a comprehension), a line of Python that runs code agents cannot follow
(`exec(open('local.py').read())`, `get_ipython().run_line_magic(...)`), or a key set in a
way agents does not read (`setattr`, `.update`) is said unknown: the reader then holds
every file where IPython starts (`%run` runs any name as Python); only an `extensions` value
agents cannot evaluate holds each `*.py` there (a module's file or package).
"""

from __future__ import annotations

import ast
import shlex
from dataclasses import dataclass, field

FILES = frozenset(("exec_files", "file_to_run"))
LINES = frozenset(("exec_lines", "code_to_run"))
MODULES = frozenset(("extensions", "extra_extensions", "extra_extension", "module_to_run"))
KEYS = FILES | LINES | MODULES
# Calls that run code or a file agents cannot follow from a line of Python.
RUNNING = frozenset((
    "exec", "eval", "compile", "open", "__import__", "execfile", "import_module", "run_path",
    "run_module", "run_line_magic", "run_cell_magic", "run_cell", "magic", "system",
    "getoutput", "safe_execfile", "safe_run_module", "load_extension", "ex", "ev",
))  # fmt: skip
# `%run`'s options taking a value (IPython's `nidtN:b:pD:l:rs:T:em:G`), `-m` its module.
_RUN_TAKES = frozenset("NbDlsTm")


@dataclass
class IPythonRuns:
    """The relative files, modules (each `x.py` or folder `x`) and shell command lines a
    profile's config runs from the folder IPython starts in; `unknown`: why agents cannot
    read part of it ("": it reads all); `modules_only`: only modules are unknown (`*.py`)."""

    files: list[str] = field(default_factory=list)
    modules: list[str] = field(default_factory=list)
    commands: list[str] = field(default_factory=list)
    unknown: str = ""
    modules_only: bool = True

    def said(self, why: str, modules: bool = False) -> None:
        """Note a part agents cannot read (`why`): a module's name only (`modules`)."""
        self.unknown = self.unknown or why
        self.modules_only = self.modules_only and modules


def ipython_runs(body: str) -> IPythonRuns:
    """What the config `body` has IPython run of the folder it starts in."""
    found = IPythonRuns()
    try:
        tree = ast.parse(body)
    except (SyntaxError, ValueError):
        found.said("a config agents cannot parse")
        return found
    read = 0
    for node in ast.walk(tree):
        for name, value in _settings(node):
            read += 1
            try:
                literal = ast.literal_eval(value) if value is not None else None
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                found.said(f"`{name}`, a value agents cannot evaluate", name in MODULES)
                continue
            each = [literal] if isinstance(literal, str) else literal
            strings = (
                [s for s in each if isinstance(s, str)] if isinstance(each, list | tuple) else []
            )
            if name in FILES:
                found.files += strings
            elif name in MODULES:
                found.modules += [s.partition(".")[0] for s in strings]
            for line in strings if name in LINES else []:
                _line(line, found)
    named = sum(_names(node) for node in ast.walk(tree))
    if named > read:  # `setattr(c.X, "exec_lines", ...)`, `c.X.update(exec_lines=...)`
        found.said("a setting agents cannot read")
    return found


def _names(node: ast.AST) -> int:
    """How many times `node` names one of `KEYS`."""
    if isinstance(node, ast.Attribute):
        return node.attr in KEYS
    if isinstance(node, ast.Constant | ast.keyword):
        return (node.value if isinstance(node, ast.Constant) else node.arg) in KEYS
    return 0


def _key(target: ast.AST) -> str:
    """The setting a target names (`c.InteractiveShellApp.exec_lines`, `c.X["exec_lines"]`)."""
    if isinstance(target, ast.Attribute):
        return target.attr
    if isinstance(target, ast.Subscript) and isinstance(target.slice, ast.Constant):
        return str(target.slice.value)
    return ""


def _settings(node: ast.AST) -> list[tuple[str, ast.expr | None]]:
    """Each (key of `KEYS`, its value's expression) the statement or call `node` sets."""
    if isinstance(node, ast.Assign):
        return [(_key(t), node.value) for t in node.targets if _key(t) in KEYS]
    if isinstance(node, ast.AugAssign | ast.AnnAssign) and _key(node.target) in KEYS:
        return [(_key(node.target), node.value)]
    call = node if isinstance(node, ast.Call) else None
    method = call.func if call and isinstance(call.func, ast.Attribute) else None
    if call and method and _key(method.value) in KEYS and call.args:
        value = call.args[-1]  # `.append(x)`, `.insert(0, x)`: one; `.extend([...])`: a list
        one = method.attr in ("append", "insert", "add")
        return [(_key(method.value), ast.List([value], ast.Load()) if one else value)]
    return []


def _line(line: str, found: IPythonRuns) -> None:
    """What one `exec_lines` line runs: a magic's, a shell command's, a Python line's."""
    text = line.strip()
    if text.startswith("!"):
        found.commands.append(text.lstrip("!"))
        return
    magic, _, rest = text.lstrip("%").partition(" ")
    if text.startswith("%") or magic in ("run", "load_ext", "reload_ext"):
        try:
            words = shlex.split(rest)
        except ValueError:
            found.said(f"an `exec_lines` line agents cannot split: {line}")
            return
        if magic in ("load_ext", "reload_ext"):
            found.modules += [w.partition(".")[0] for w in words[:1]]
        elif magic == "run":
            _run(words, found)
        return
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        found.said(f"an `exec_lines` line agents cannot read: {line}")
        return
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.modules += [alias.name.partition(".")[0] for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.modules.append(node.module.partition(".")[0])
        elif isinstance(node, ast.Call) and _called(node.func) in RUNNING:
            found.said(f"an `exec_lines` line running code: {line}")


def _called(func: ast.expr) -> str:
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def _run(words: list[str], found: IPythonRuns) -> None:
    """`%run`'s file (or `-m` module), its options skipped as IPython reads them."""
    at = 0
    while at < len(words) and words[at].startswith("-") and len(words[at]) > 1:
        word, at = words[at], at + 1
        for place, letter in enumerate(word[1:], 2):
            if letter not in _RUN_TAKES:
                continue
            value = word[place:]
            if not value and at < len(words):
                value, at = words[at], at + 1
            if letter == "m":  # `%run -m x`: the module, found first where IPython starts
                found.modules.append(value.partition(".")[0])
                return
            break
    found.files += words[at : at + 1]
