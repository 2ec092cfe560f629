"""What a tool that loads the tree's code by its own convention runs of it: mypy the
`plugins` its config names, pylint its `load-plugins` and `init-hook`, flake8 its
`local-plugins`, gitlint the rules of its `.gitlint`'s `extra-path`, rubocop its `require:`,
behave its `features/steps` and `environment.py`, eslint (prettier, stylelint, commitlint)
its `eslint.config.js` and what that requires.

A hook's `mypy src` or a git config program's `npx commitlint --edit` names none of these,
so each is found as the tool finds it: its config files (`launchers.CONVENTIONS`) in its
working folder and each one above it, up to the tree's top, or the one `--config FILE`
names; each config is itself host-run (the model's edit of `plugins =` is what runs next),
and read (by `tree_scripts.py`, which hands its text here) for the files it loads, which
are read in turn as the scripts they are. A JavaScript config is a node script (read as
one there); a data config (`.eslintrc.json`, `.prettierrc`) names its plugins by package
(found in `node_modules`, kept) or by a relative path (`./rules.js`, kept, read in turn).
A config agents cannot parse, Python code a config runs (`init-hook`), or a plugin that
imports the project's own code (`PROJECT_PLUGINS`: django-stubs') may run any file: the
whole tree, said so. A plugin module is looked for at the config's folder and at the
tree folders the tool's Python has on its import path (`import_roots`: an editable
install's `.pth`). eslint, prettier and stylelint look their config up from each file
they check (`launchers.PER_FILE`): their config names anywhere below the working folder
(`**/` places) are host-run too, and read; a package a node tool's config names that may
load a tree file by its own convention is the whole tree (`js_packages.py`).
"""

from __future__ import annotations

import configparser
import json
import posixpath
import re
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from cleveragents.domain import launchers as table
from cleveragents.domain.js_packages import loose_json, named_packages
from cleveragents.domain.kube_configs import kube_programs
from cleveragents.domain.reach import ANY_FOLDERS, WHOLE, Reach, escaped, joined, places, printable

JS = (".js", ".cjs", ".mjs", ".ts", ".cts", ".mts")
_DATA = (".json", ".json5", ".jsonc", ".yaml", ".yml", ".toml")
_RELATIVE = re.compile(r"(?<![\w.~/-])(\.\.?/[^\s\"'`,\]\)}]+)")
# Where a Python tool's config keeps what it loads: (sections, keys), `*` any section.
_MYPY = (("mypy", "tool.mypy"), ("plugins",))
_PYLINT = (("*",), ("load-plugins", "load_plugins", "init-hook", "init_hook"))
_FLAKE8 = (("flake8:local-plugins",), ("extension", "report", "paths"))
_BEHAVE = (("behave", "tool.behave"), ("paths", "steps_dir"))
_GITLINT = (("general",), ("extra-path",))
SECTIONS = {
    "mypy": _MYPY, "dmypy": _MYPY, "pylint": _PYLINT, "flake8": _FLAKE8, "behave": _BEHAVE,
    "gitlint": _GITLINT,
}  # fmt: skip
# Plugins that import the project's own code when they load: django-stubs' mypy plugin and
# djangorestframework-stubs' (`django.setup()` of `django_settings_module`: the settings and
# every installed app), pylint-django (its `django-settings-module`).
PROJECT_PLUGINS = frozenset(("mypy_django_plugin", "mypy_drf_plugin", "pylint_django"))
# Import roots of the tree the tools' Python has besides their config's folder (the
# adapter's reading of its `.pth` files: `import_roots`).
_ROOTS: ContextVar[tuple[str, ...]] = ContextVar("import_roots", default=())
# The key of package.json a node tool reads its config from.
PACKAGE_KEYS = {
    "eslint": "eslintConfig", "prettier": "prettier", "stylelint": "stylelint",
    "commitlint": "commitlint",
}  # fmt: skip
# behave's options that take a word (the rest name feature files or folders).
BEHAVE_TAKING = frozenset((
    "-c", "-D", "--define", "-e", "--exclude", "-i", "--include", "-f", "--format", "-k",
    "-n", "--name", "-o", "--outfile", "-t", "--tags", "--junit-directory", "--lang", "-l",
    "--logging-level", "--logging-format", "--logging-datefmt", "--logging-filter",
    "--stage", "--steps-catalog", "-r", "--runner",
))  # fmt: skip


def tool_reach(name: str, rest: list[str], cwd: str) -> list[Reach]:
    """What the tool `name` run with `rest` in `cwd` loads of the tree: its configs (each
    read for what it loads), where node finds a node tool's plugins, behave's steps."""
    folders = _up(cwd)
    found = [Reach(joined(f, c), kind=name) for f in folders for c in table.CONVENTIONS[name]]
    if name == "gitlint":  # `-C FILE`, `-e PATH`, `-c general.extra-path=PATH`
        return found + _gitlint(rest, cwd)
    for at, word in enumerate(rest):
        option, equals, value = word.partition("=")
        value = value if equals else (rest[at + 1] if at + 1 < len(rest) else "")
        loads = table.TOOL_OPTIONS.get(option)
        if option in table.CONFIG_OPTIONS and value:
            found.append(Reach(joined(cwd, value), kind=name))
        elif loads == "code":
            why = f"`{printable(name)} {printable(option)}`, Python code it runs"
            found.append(Reach(WHOLE, unknown=why))
        elif loads == "module":
            found += _modules(cwd, re.split(r"[\s,]+", value))
        elif loads == "file" and value:
            found += [Reach(joined(cwd, value)), Reach(joined(cwd, f"{value}.rb"))]
    if name in table.NODE_TOOLS:
        found += [r for folder in folders for r in places(folder, table.NODE_ROOT, name)]
    if name in table.PER_FILE and folders:  # each config below, read (`hook_contents`)
        below = [joined(escaped(folders[0]), f"{ANY_FOLDERS}/{c}") for c in table.CONVENTIONS[name]]
        found += [Reach(p, launcher=name, kind=name) for p in below]
    if name == "behave":
        found += places(cwd, table.PYTHON_ROOT, name)  # behave puts it on `sys.path`
        found += behave_paths(
            table.operands(rest, BEHAVE_TAKING | table.CONFIG_OPTIONS) or ["features"], cwd
        )
    return found


def behave_paths(paths: list[str], cwd: str) -> list[Reach]:
    """behave runs the `steps` folder and `environment.py` of the first folder holding a
    `steps`, from each path it is given up to the top; the path's first folder, whole."""
    found: list[Reach] = []
    for path in paths:
        full = joined(cwd, path.lstrip("@"))
        if full.startswith(("..", "/")):
            continue
        first = full.split("/")[0]
        found.append(Reach(WHOLE if first == "." else first, launcher="behave"))
        for folder in _up(posixpath.dirname(full)):
            found += [Reach(joined(folder, n)) for n in ("steps", "environment.py")]
    return found


def config_reach(kind: str, path: str, text: str) -> list[Reach]:
    """What the config `path` (holding `text`) of the tool `kind` makes it load."""
    folder = posixpath.dirname(path)
    if kind == table.KUBECONFIG:  # a startup file's `export KUBECONFIG=~/dot/kubeconfig`
        return kube_programs(text, path)
    try:
        if kind in table.NODE_TOOLS:
            return _node_config(kind, path, text)
        if kind == "rubocop":
            return _rubocop(folder, text)
        values = _values(kind, path, text)
    except (ValueError, RecursionError, configparser.Error, tomllib.TOMLDecodeError):
        why = f"`{printable(path)}`, a {kind} config agents cannot parse"
        return [Reach(WHOLE, unknown=why)]
    found: list[Reach] = []
    for key, value in values:
        key = key.replace("_", "-")
        words = [w for w in re.split(r"[\s,]+", value) if w]
        if key == "init-hook":
            why = f"`{printable(path)}`'s init-hook, Python code {kind} runs"
            found.append(Reach(WHOLE, unknown=why))
        elif key in ("paths", "steps-dir") and kind == "behave":
            found += behave_paths(words, folder)
        elif key == "paths":  # flake8's local plugins are found there
            found += [Reach(joined(folder, w), launcher=kind) for w in words]
        elif key == "extra-path":  # gitlint's: from where it runs (the top, for a hook)
            found += [r for w in words for f in dict.fromkeys((folder, "")) for r in _rules(f, w)]
        elif key in ("extension", "report"):  # `X1 = module:Class` lines
            found += _modules(folder, re.findall(r"=\s*([\w.]+)", value))
        else:  # mypy's and pylint's plugins: a module, or mypy's `file.py[:entry]`
            files = [w.rpartition(":")[0] if ":" in w else w for w in words]
            found += [Reach(joined(folder, f)) for f in files if f.endswith(".py")]
            found += _modules(folder, [f for f in files if re.fullmatch(r"[\w.]+", f)])
    return found


def _gitlint(rest: list[str], cwd: str) -> list[Reach]:
    """What gitlint's options name: its config (`-C`, `--config`), its rules' path (`-e`,
    `--extra-path`, `-c general.extra-path=PATH`)."""
    found: list[Reach] = []
    for at, word in enumerate(rest):
        option, equals, value = word.partition("=")
        value = value if equals else (rest[at + 1] if at + 1 < len(rest) else "")
        if option in ("-C", "--config") and value:
            found.append(Reach(joined(cwd, value), kind="gitlint"))
        elif option in ("-e", "--extra-path") and value:
            found += _rules(cwd, value)
        elif option == "-c" and value.startswith("general.extra-path="):
            found += _rules(cwd, value.partition("=")[2])
        elif option.startswith("-c") and option != "-c" and "extra-path" in word:
            found += _rules(cwd, word.partition("extra-path=")[2])  # `-cgeneral.extra-path=X`
    return found


def _rules(cwd: str, value: str) -> list[Reach]:
    """gitlint's `extra-path`: a module (read in turn), or a folder whose every `.py` it
    imports (whole)."""
    full = joined(cwd, value)
    if full.startswith(("..", "/")):
        return []
    if full.endswith(".py"):
        return [Reach(full)]
    return [Reach(WHOLE if full == "." else escaped(full), launcher="gitlint")]


def _values(kind: str, path: str, text: str) -> list[tuple[str, str]]:
    """The (key, value) pairs of a Python tool's config that name what it loads."""
    sections, keys = SECTIONS[kind]
    found: list[tuple[str, str]] = []
    if path.endswith(".toml"):
        data = tomllib.loads(text)
        stack: list[tuple[str, object]] = [("", data)]
        while stack:
            name, node = stack.pop()
            if not isinstance(node, dict):
                continue
            for key, value in node.items():
                inner = f"{name}.{key}" if name else str(key)
                if isinstance(value, dict):
                    stack.append((inner, value))
                elif key in keys and _section(name, sections, kind):
                    items = value if isinstance(value, list) else [value]
                    found.append((key, "\n".join(map(str, items))))
        return found
    parser = configparser.RawConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(text)
    for section in parser.sections():
        if _section(section, sections, kind):
            found += [(k, v) for k, v in parser.items(section) if k in keys]
    return found


def _section(name: str, sections: tuple[str, ...], kind: str) -> bool:
    """Whether the section `name` is one `kind` reads its options from (pylint: any of a
    pylintrc, its own of a shared config)."""
    if "*" in sections:
        return not name.startswith("tool.") or name.startswith("tool.pylint")
    return name in sections


def _modules(folder: str, modules: list[str]) -> list[Reach]:
    """Where a plugin module named `a.b` may be found from `folder` (`a.py`, or all of
    `a`) and from each import root of the tree the tool's Python has (`import_roots`); a
    plugin that imports the project's own code (`PROJECT_PLUGINS`): the whole tree."""
    tops = dict.fromkeys(m.split(".")[0] for m in modules if m)
    found = [
        Reach(WHOLE, unknown=f"`{printable(top)}`, a plugin that imports the project's code")
        for top in tops
        if top in PROJECT_PLUGINS
    ]
    roots = dict.fromkeys((folder, *_ROOTS.get()))
    return found + [
        Reach(joined(root, name)) for top in tops for root in roots for name in (top, f"{top}.py")
    ]


def current_roots() -> tuple[str, ...]:
    """The import roots set now (a cache of reaches keys on them)."""
    return _ROOTS.get()


@contextmanager
def import_roots(roots: tuple[str, ...]) -> Iterator[None]:
    """Within: `roots` (folders from the tree's top) are on the import path of the Python
    a tool runs (an editable install's `.pth` naming a package folder of the tree)."""
    reset = _ROOTS.set(roots)
    try:
        yield
    finally:
        _ROOTS.reset(reset)


def _rubocop(folder: str, text: str) -> list[Reach]:
    """`.rubocop.yml`: the files its `require:` and `plugins:` name by a path (a gem's
    name: not the tree's), and the configs it `inherit_from`s, read in turn."""
    import yaml

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise ValueError(str(error)) from error
    found: list[Reach] = []
    if not isinstance(data, dict):
        return found
    for key in ("require", "plugins", "inherit_from"):
        value = data.get(key)
        for item in value if isinstance(value, list) else [value]:
            if not isinstance(item, str) or not item:
                continue
            if key == "inherit_from":
                found.append(Reach(joined(folder, item), kind="rubocop"))
            elif item.startswith(".") or "/" in item:
                found += [Reach(joined(folder, item)), Reach(joined(folder, f"{item}.rb"))]
    return found


def _node_config(kind: str, path: str, text: str) -> list[Reach]:
    """A node tool's data config: the files its relative paths name (`"plugins":
    ["./rules.js"]`), as node would resolve them (a data file as one more config); of
    package.json, the tool's own key. A package it names that may load a tree file by its
    own convention (`js_packages.py`): the whole tree."""
    data = _parsed(path, text)
    if posixpath.basename(path) == "package.json":
        data = data.get(PACKAGE_KEYS[kind]) if isinstance(data, dict) else None
    elif posixpath.basename(path) == "package.yaml":
        data = data.get(kind) if isinstance(data, dict) else None
    folder = posixpath.dirname(path)
    found: list[Reach] = []
    for named in _RELATIVE.findall(json.dumps(data, default=str)):
        full = joined(folder, named)
        config = kind if full.endswith(_DATA) else ""  # `"extends": "./base.json"`
        found += [Reach(full, kind=config), *(Reach(full + e) for e in table.NODE_EXTENSIONS)]
    for package in named_packages(data):
        why = (
            f"`{printable(path)}`, which names {printable(package)}, a package agents does not read"
        )
        found.append(Reach(WHOLE, unknown=why))
    return found


def _parsed(path: str, text: str) -> object:
    """A node tool's data config as the tool parses it: TOML, JSON with comments, YAML."""
    if path.endswith(".toml"):
        return tomllib.loads(text)
    try:
        return loose_json(text)
    except ValueError:
        import yaml

        try:
            return yaml.safe_load(text)
        except yaml.YAMLError as error:
            raise ValueError(str(error)) from error


def _up(cwd: str) -> list[str]:
    """`cwd` and each folder above it, up to the tree's top (none when outside it)."""
    folder = posixpath.normpath(cwd or ".")
    if folder.startswith(("..", "/")):
        return []
    found = [folder]
    while folder not in ("", "."):
        folder = posixpath.dirname(folder) or "."
        found.append(folder)
    return found
