"""The data files a Python or node tree script evaluates as code, or makes the environment
of the commands it starts (`script_calls.py`), though it names them as data: host-run too.

Python's own library and its usual packages run a file's text: `logging.config.fileConfig`
`eval`s each handler's `args=` and imports its `class=`; `pickle`, `shelve`, `marshal`,
`dill`, `joblib`, `torch.load` run what the bytes say; `yaml.unsafe_load` (`yaml.load` with
a loader that is not a safe one) builds any object; a `jinja2` or `mako` template reaches
`os`; `zipimport`, `pyximport` import from a zip or compile a `.pyx`; `ctypes.cdll["./x.so"]`
opens a library; `code.InteractiveInterpreter().runsource` runs a text. And python-dotenv
(`load_dotenv`, `dotenv_values`), django-dotenv (`read_dotenv`), django-environ
(`Env.read_env`), node's `dotenv` (`require("dotenv").config()`, `dotenv/config`) and
`process.loadEnvFile`, dynaconf (`Dynaconf(load_dotenv=True)`) and a script's own loop
(`for line in open(".env"): ... os.environ[k] = v`: every file a script that writes
`os.environ` from what it computes opens) put a `.env`'s values into the environment of
every command the script starts (`GIT_EXTERNAL_DIFF`, `LD_PRELOAD`, `NODE_OPTIONS`): the
`.env` runs as code too.

The file is read as `python_loads.py` reads a loader's (a literal, `__file__`'s folder, a
name bound once, `open(...)`, `Path(...)` inside the value given); given without a name,
a `.env` is looked for in the script's folder, the folder it runs in, and each above them
(python-dotenv's `find_dotenv` walks up); what the script computes otherwise may be any
file of the tree: the whole tree (`WHOLE`), said so.
"""

from __future__ import annotations

import ast
import posixpath
import re

from cleveragents.domain.config_programs import WHOLE, Reach
from cleveragents.domain.python_loads import _bound, _path, dotted, keyword, string
from cleveragents.domain.reach import escaped, inside, places, printable

# Callables given a file (or a folder) by name: the position and the keyword of its path.
NAMED = {
    "logging.config.fileConfig": (0, "fname"),
    "zipimport.zipimporter": (0, "path"),
    "distutils.core.run_setup": (0, "script_name"),
    "setuptools.sandbox.run_setup": (0, "setup_script"),
    "shelve.open": (0, "filename"),
    "dbm.open": (0, "file"),
    "pandas.read_pickle": (0, "filepath_or_buffer"),
    "joblib.load": (0, "filename"),
    "torch.load": (0, "f"),
    "jinja2.FileSystemLoader": (0, "searchpath"),
    "jinja2.loaders.FileSystemLoader": (0, "searchpath"),
    "mako.lookup.TemplateLookup": (0, "directories"),
    "numpy.ctypeslib.load_library": (1, "loader_path"),
    "dotenv.load_dotenv": (0, "dotenv_path"),
    "dotenv.dotenv_values": (0, "dotenv_path"),
    "dotenv.main.load_dotenv": (0, "dotenv_path"),
    "dotenv.main.dotenv_values": (0, "dotenv_path"),
    "dotenv.read_dotenv": (0, "dotenv"),
    "environ.Env.read_env": (0, "env_file"),
    "environs.Env.read_env": (0, "path"),
}
FOLDERS = frozenset(
    (
        "jinja2.FileSystemLoader",
        "jinja2.loaders.FileSystemLoader",
        "mako.lookup.TemplateLookup",
        "numpy.ctypeslib.load_library",
    )
)
# A `.env` read when no file is named (`load_dotenv()`): found from the script's folder up.
DOTENV = frozenset(n for n in NAMED if n.startswith(("dotenv.", "environ.", "environs.")))
# Callables given the data itself (a file object, bytes, a text, a dict read from a file).
GIVEN = frozenset((
    "pickle.load", "pickle.loads", "pickle.Unpickler", "_pickle.load", "_pickle.loads",
    "cPickle.load", "cPickle.loads", "dill.load", "dill.loads", "cloudpickle.load",
    "cloudpickle.loads", "marshal.load", "marshal.loads", "jsonpickle.decode",
    "yaml.unsafe_load", "yaml.unsafe_load_all", "yaml.full_load", "yaml.full_load_all",
    "logging.config.dictConfig", "jinja2.Template", "mako.template.Template",
    "code.runsource", "code.runcode", "code.push", "jinja2.from_string",
))  # fmt: skip
YAML = frozenset(("yaml.load", "yaml.load_all"))
SAFE_YAML = frozenset(
    ("yaml.SafeLoader", "yaml.CSafeLoader", "yaml.BaseLoader", "yaml.CBaseLoader")
)
# Methods of an object such a module makes (`code.InteractiveInterpreter().runsource(t)`,
# `environ.Env().read_env()`, `jinja2.Environment().from_string(t)`), by the module.
METHODS = {"runsource": "code", "runcode": "code", "push": "code", "read_env": "environ",
           "from_string": "jinja2"}  # fmt: skip
LIBRARY_SETS = frozenset(("ctypes.cdll", "ctypes.pydll", "ctypes.windll", "ctypes.oledll"))
OPENS = frozenset((
    "open", "io.open", "codecs.open", "pathlib.Path", "Path", "os.open", "gzip.open",
    "bz2.open", "lzma.open",
))  # fmt: skip
DEPTH = 16
DYNACONF = frozenset(("dynaconf.Dynaconf", "dynaconf.LazySettings", "dynaconf.FlaskDynaconf"))
# What writes the environment the script's commands get (`os.environ[k] = v` too).
ENVIRON_WRITES = frozenset(("os.environ.update", "os.environ.setdefault", "os.putenv"))
TEXT_OPENS = frozenset(("open", "io.open", "codecs.open"))
PATH_READS = frozenset(("read_text", "read_bytes", "open", "readlines"))


def data_loads(path: str, tree: ast.Module, names: dict[str, str], cwd: str) -> list[Reach]:
    """What the Python script `path` (parsed as `tree`, its imports `names`), run in `cwd`,
    evaluates of the tree's data files by the forms above."""
    bound = _bindings(tree)
    modules = {n.split(".")[0] for n in names.values()}
    found: list[Reach] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and dotted(node.value, names) in LIBRARY_SETS:
            found += _named(path, "ctypes", node.slice, names, bound, cwd, library=True)
        if not isinstance(node, ast.Call):
            continue
        called = dotted(node.func, names)
        method = node.func.attr if isinstance(node.func, ast.Attribute) else ""
        if called not in (*GIVEN, *NAMED) and METHODS.get(method) in modules:
            called = f"{METHODS[method]}.{method}"
        if called == "pyximport.install":
            folders = dict.fromkeys((posixpath.dirname(path), cwd))
            for folder in folders:
                found += places(folder, ("*.pyx", "*.pyxbld", "*.pyxdep"), f"pyximport of {path}")
        elif called in NAMED or called.endswith((".read_env", ".read_dotenv")):
            found += _by_name(path, called, node, names, bound, cwd)
        elif called in GIVEN or (called in YAML and not _safe_yaml(node, names)):
            given = node.args[0] if node.args else next((k.value for k in node.keywords), None)
            found += [] if given is None else _given(path, called, given, names, bound, cwd)
        elif called in DYNACONF and _true(keyword(node, "load_dotenv")):
            named = keyword(node, "dotenv_path")
            found += _upwards(path, cwd, ".env", called) if named is None else []
            found += [] if named is None else _named(path, called, named, names, bound, cwd)
    if _writes_environ(tree, names):
        found += _opened(path, tree, names, bound, cwd)
    return list(dict.fromkeys(found))


def _true(value: ast.expr | None) -> bool:
    """Whether a keyword's value may be true (given, and not a literal false)."""
    return value is not None and not (isinstance(value, ast.Constant) and not value.value)


def _writes_environ(tree: ast.Module, names: dict[str, str]) -> bool:
    """Whether the script puts into `os.environ` a value it does not write literally."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AugAssign)) and not isinstance(
            node.value, ast.Constant
        ):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if (
                    isinstance(target, ast.Subscript)
                    and dotted(target.value, names) == "os.environ"
                ):
                    return True
        elif isinstance(node, ast.Call) and dotted(node.func, names) in ENVIRON_WRITES:
            given = [*node.args, *(k.value for k in node.keywords)]
            if not all(isinstance(g, (ast.Constant, ast.Dict)) for g in given):
                return True
            if any(not isinstance(v, ast.Constant) for g in given if isinstance(g, ast.Dict)
                   for v in g.values):  # fmt: skip
                return True
    return False


def _opened(
    path: str, tree: ast.Module, names: dict[str, str], bound: dict[str, ast.expr], cwd: str
) -> list[Reach]:
    """Each file the script opens to read (`open(F)`, `Path(F).read_text()`): one that
    writes the environment from what it computes may have put any of them there."""
    found: list[Reach] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        given: ast.expr | None = None
        if dotted(node.func, names) in TEXT_OPENS and node.args:
            given = node.args[0]
        elif isinstance(node.func, ast.Attribute) and node.func.attr in PATH_READS:
            inner = node.func.value
            if isinstance(inner, ast.Call) and dotted(inner.func, names) in OPENS and inner.args:
                given = inner.args[0]
        if given is not None:
            found += _named(path, "os.environ", given, names, bound, cwd)
    return found


def node_env(path: str, text: str, cwd: str) -> list[Reach]:
    """The env files the node script `path`, run in `cwd`, loads: `dotenv`'s `.config()`
    (its `path:`), `dotenv/config`, `process.loadEnvFile(...)`."""
    found: list[Reach] = []
    by = f"dotenv of {printable(path)}"
    folders = (cwd, posixpath.dirname(path))
    if re.search(r"[\"'](?:@dotenvx/dotenvx|dotenv)/config[\"']", text):
        found += [r for f in dict.fromkeys(folders) for r in places(f, (".env",), by)]
    calls = [*re.finditer(r"\bloadEnvFile\s*\(", text)]
    if re.search(r"[\"'](?:@dotenvx/dotenvx|dotenv)[\"']", text):
        calls += re.finditer(r"\.\s*config\s*\(", text)
    for call in calls:
        args = text[call.end() : call.end() + 400].partition(")")[0]
        named = re.search(r"(?:^|\bpath\s*:)\s*([\"'`])([^\"'`]*)\1", args)
        if named is not None and "${" not in named.group(2):
            found += places(cwd, (escaped(named.group(2)),), by)
        elif re.search(r"\bpath\s*:|^\s*[^\s{]", args):
            why = f"`{printable(path)}`, which loads an env file it computes"
            found.append(Reach(WHOLE, unknown=why))
        else:
            found += [r for f in dict.fromkeys(folders) for r in places(f, (".env",), by)]
    return list(dict.fromkeys(found))


def _by_name(
    path: str, called: str, node: ast.Call, names: dict[str, str], bound: dict[str, ast.expr],
    cwd: str,
) -> list[Reach]:  # fmt: skip
    """The file (or folder) a loader is given by name; a dotenv loader given none: `.env`
    from the script's folder up."""
    at, name = NAMED.get(called, (0, "path"))
    given = node.args[at] if len(node.args) > at else keyword(node, name)
    dotenv = called in DOTENV or called.endswith((".read_env", ".read_dotenv"))
    if isinstance(given, ast.Call) and dotted(given.func, names).endswith("find_dotenv"):
        wanted = string(given.args[0], names) if given.args else None
        return _upwards(path, cwd, wanted or ".env", called)
    if given is None:
        return _upwards(path, cwd, ".env", called) if dotenv else []
    if isinstance(given, ast.Call) and dotted(given.func, names) in OPENS and given.args:
        given = given.args[0]  # `fileConfig(open("log.ini"))`: the file opened
    return _named(path, called, given, names, bound, cwd, folder=called in FOLDERS)


def _upwards(path: str, cwd: str, name: str, called: str) -> list[Reach]:
    """`name` in the script's folder, the one it runs in, and each above them."""
    found: list[Reach] = []
    for start in dict.fromkeys((posixpath.dirname(path), cwd)):
        folder = posixpath.normpath(start or ".")
        while True:
            found += places(folder, (escaped(name),), f"{called} of {printable(path)}")
            # An absolute folder (a script outside the tree) has no tree folder above it;
            # `dirname("/")` is "/": going on never ended.
            if folder in (".", "") or folder.startswith(("..", "/")):
                break
            folder = posixpath.dirname(folder) or "."
    return found


def _named(
    path: str, called: str, given: ast.expr, names: dict[str, str], bound: dict[str, ast.expr],
    cwd: str, folder: bool = False, library: bool = False,
) -> list[Reach]:  # fmt: skip
    """The tree file `given` names for `called`; computed: the whole tree."""
    if isinstance(given, (ast.List, ast.Tuple)) and given.elts:  # mako's `directories`
        found = [_named(path, called, e, names, bound, cwd, folder) for e in given.elts]
        return [r for part in found for r in part]
    file = _path(given, names, bound, path, cwd)
    if file is None or "$" in file:
        why = f"`{printable(path)}`, which loads a file it computes ({printable(called)})"
        return [Reach(WHOLE, unknown=why)]
    if file.startswith(("..", "/")):
        return []  # outside the tree
    literal = string(given, names)
    if library and literal is not None and "/" not in literal:
        return []  # found by the system's loader (`libc.so.6`), not the tree's
    by = f"{printable(called)} of {printable(path)}"
    if folder:
        return [inside(file, by)]
    shelve = called in ("shelve.open", "dbm.open")  # `cache` is `cache.db`, `cache.dir` ...
    return [Reach(escaped(file) + ("*" if shelve else ""), launcher=by)]


def _given(
    path: str, called: str, given: ast.expr, names: dict[str, str], bound: dict[str, ast.expr],
    cwd: str, depth: int = 0,
) -> list[Reach]:  # fmt: skip
    """The files the data given to `called` is read from (`open(...)`, `Path(...)` in it, or
    in what a name bound once to it stands for); text or a dict written in the script: none;
    else the whole tree."""
    if isinstance(given, (ast.Dict, ast.Constant, ast.JoinedStr)):
        return []  # written in the script itself
    if isinstance(given, ast.Name) and given.id in bound and depth < DEPTH:
        return _given(path, called, bound[given.id], names, bound, cwd, depth + 1)
    found: list[Reach] = []
    for inner in ast.walk(given):
        if isinstance(inner, ast.Call) and dotted(inner.func, names) in OPENS and inner.args:
            found += _named(path, called, inner.args[0], names, bound, cwd)
        elif isinstance(inner, ast.Name) and inner.id in bound and inner is not given:
            found += _given(path, called, inner, names, bound, cwd, depth + 1)
    if found:
        return found
    why = f"`{printable(path)}`, which evaluates data it reads or computes ({printable(called)})"
    return [Reach(WHOLE, unknown=why)]


def _safe_yaml(node: ast.Call, names: dict[str, str]) -> bool:
    """Whether `yaml.load` is given a safe loader (no object of any class)."""
    loader = node.args[1] if len(node.args) > 1 else keyword(node, "Loader")
    return loader is not None and dotted(loader, names) in SAFE_YAML


def _bindings(tree: ast.Module) -> dict[str, ast.expr]:
    """The names bound once (`python_loads._bound`), with a `with open(F) as f:`'s `f`."""
    bound = _bound(tree)
    stores: dict[str, int] = {}
    withs: dict[str, ast.expr] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            stores[node.id] = stores.get(node.id, 0) + 1
        elif isinstance(node, ast.withitem) and isinstance(node.optional_vars, ast.Name):
            withs[node.optional_vars.id] = node.context_expr
    bound.update({name: value for name, value in withs.items() if stores.get(name) == 1})
    return bound
