"""What an interpreter a git config value starts (`python3`, `node`, `perl`, `ruby`, `Rscript`,
...) runs of the tree: its script, code given with `-c`/`-e`, the files and folders its
options name (`node -r ./x.js`, `perl -I lib`, `ruby -r ./x`), standard input when it is
given no script (`python3 < x.py`), and where it finds modules from its working folder
(Python's `sys.path[0]`, a namespace package's folder, node's `node_modules`).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import replace

from cleveragents.domain import code_options, tool_configs
from cleveragents.domain import launchers as table
from cleveragents.domain.reach import (
    EXPANSION,
    SUBSTITUTED,
    WHOLE,
    Reach,
    inside,
    joined,
    named,
    places,
    run_files,
    shown,
)
from cleveragents.domain.shell_words import Here

_CODE_WORD = re.compile(r"[\w.~-]+(?:/[\w.~-]+)*")
_NAME = re.compile(r"(?<![\w.])[A-Za-z_]\w*")  # a name code may import (a module's top)
CODE_OPTIONS = frozenset(("-c", "-e", "-p", "-E", "--eval", "--print"))
UNREAD = "code given on its command line (`python3 -c`, `perl -e`)"
_UNREAD = ContextVar("code_unread", default=False)
# A `-m` module's whole-tree place that holds nothing unless the module is the tree's (not
# a hook's: an installed module of a git setting is a program of the user's).
TREE_ONLY = "python -m of the tree"
# The options of each interpreter that name a file it runs (`awk -f`, `php -f`, `julia -L`).
_AWK_FILES = ("-f", "--file", "-E", "--exec")
_RUN_OPTIONS = {
    "awk": _AWK_FILES, "gawk": _AWK_FILES, "mawk": _AWK_FILES,
    "php": ("-f", "--file", "-F", "--process-file"), "R": ("-f", "--file"),
    "Rscript": ("-f", "--file"), "julia": ("-L", "--load"),
}  # fmt: skip
_PREPEND = re.compile(r"\A\s*auto_(?:prepend|append)_file\s*=\s*")


@contextmanager
def code_unread() -> Iterator[None]:
    """Within, code given on a command line is the whole tree (`code`): a line of the
    user's own settings runs on the host, and reading its code's words as file names missed
    `subprocess.Popen("make fmt", shell=True)` (attack 17 finding 16): it fails closed."""
    reset = _UNREAD.set(True)
    try:
        yield
    finally:
        _UNREAD.reset(reset)


def reading_code_unread() -> bool:
    """Whether code is read as the whole tree now (a cache of reaches keys on it)."""
    return _UNREAD.get()


def code(text: str, cwd: str) -> list[Reach]:
    """What a program given as code (`python3 -c`, `node -e`, `perl -e`) may run: each word
    of it that could name a file, taken as one (`subprocess.run(['sh', 'conv.sh'])`); code
    a substitution gives cannot be read."""
    if SUBSTITUTED in text:
        return [Reach(WHOLE, unknown="code a substitution gives")]
    if _UNREAD.get():
        return [Reach(WHOLE, unknown=UNREAD)]
    return named(cwd, _CODE_WORD.findall(text))


def stdin_script(stdin: str | None, cwd: str) -> list[Reach]:
    """What an interpreter given no script runs: its standard input."""
    if stdin is None:
        return []
    return code(stdin, cwd) if isinstance(stdin, Here) else run_files(cwd, [stdin])


def given_code(
    rest: list[str], cwd: str, options: frozenset[str] = CODE_OPTIONS
) -> list[Reach] | None:
    """What code given with `-e` (`--eval`, `-p`, ...) may run; None when none is given."""
    for at, word in enumerate(rest[:-1]):
        if word in options:
            return code(rest[at + 1], cwd)
    return None


def python(
    name: str, rest: list[str], cwd: str, stdin: str | None, roots: list[str], *, hook: bool = False
) -> list[Reach]:
    """Python puts the working folder (`-m`, `-c`, stdin) or the script's folder first on
    `sys.path`, unless `-I` or `-P` says not to, then `PYTHONPATH`'s `roots`; a module's
    top name there may be a namespace package folder (`-m pkg.mod` runs `pkg/mod.py`).
    A hook's `-m` module agents has no table for (`hook`): the whole tree, as a program's."""
    isolated, own_env, given, module, at = False, True, None, None, 0
    while at < len(rest) and rest[at].startswith("-") and rest[at] != "-":
        option = rest[at]
        at += 1
        if option == "--":
            break
        if option == "--check-hash-based-pycs" and at < len(rest):  # a long one taking a word
            at += 1
        for place, letter in enumerate("" if option.startswith("--") else option[1:], 2):
            isolated = isolated or letter in "IP"
            own_env = own_env and letter not in "IE"  # `PYTHONPATH` ignored
            if letter in "cmWXQ":  # the rest of the word, or the next word, is its value
                value = option[place:]
                if not value and at < len(rest):
                    value, at = rest[at], at + 1
                given = value if letter == "c" else given
                module = value if letter == "m" else module
                break
        if given is not None or module is not None:
            break
    script = rest[at] if at < len(rest) and given is None and module is None else None
    script = None if script == "-" else script
    found = run_files(cwd, [script]) if script is not None else []
    ran: list[Reach] = []  # the files of a `-m` module of the tree
    found += code(given, cwd) if given is not None else []
    if script is None and given is None and module is None:
        found += stdin_script(stdin, cwd)
    if module is not None and (
        not re.fullmatch(r"[\w.]+", module) or module.split(".")[0] in table.PROJECT_MODULES
    ):
        found.append(Reach(WHOLE, unknown=f"`{shown(name)} -m {shown(module)}`"))
    elif module is not None and module in table.CONVENTIONS:  # `python3 -m mypy src`
        found += tool_configs.tool_reach(module, rest[at:], cwd)
    elif module is not None and module.split(".")[0] not in table.INERT_MODULES:
        folders = [*([] if isolated else [cwd]), *(roots if own_env else [])]
        *ran, whole = tree_module(name, module, folders)  # read after the places it lies in
        found += [whole] if hook else [replace(whole, kind=TREE_ONLY)] if folders else []
    if script is not None and EXPANSION.search(script):
        return found  # its folder, or the tree, is reachable already
    folder = joined(cwd, posixpath.dirname(script) or ".") if script is not None else cwd
    tops = _top_names(module, given)
    for root in roots:  # their modules are found by `PYTHONPATH` (`config_programs`)
        found += places(root, tops, "PYTHONPATH")
    if isolated:
        return found + ran
    return found + places(folder, (*table.PYTHON_ROOT, *tops), name, f"{name} -I") + ran


def tree_module(name: str, module: str, folders: list[str]) -> list[Reach]:
    """What `python3 -m MODULE` agents has no table for runs, found first in `folders` (its
    working folder, `PYTHONPATH`'s): the tree's module there (`MODULE.py`, a regular
    package's `__init__.py` and `__main__.py`), each read as a script is for what it imports
    and starts; and last, for a hook's, the whole tree, said with what to do, unless one
    stands there: a module installed outside it may load any file of the tree by its own
    convention. A folder with no `__init__.py` is a namespace package, which an installed
    module of that name comes before: it leaves the module installed."""
    parts = module.split(".")
    files: list[Reach] = []
    unless: list[tuple[str, ...]] = []
    for folder in folders:
        above = tuple(
            joined(folder, "/".join([*parts[:n], "__init__.py"])) for n in range(1, len(parts))
        )
        path = joined(folder, "/".join(parts))
        own = (f"{path}.py", f"{path}/__init__.py")
        unless += [(*above, f) for f in own]
        files += [Reach(f) for f in (*above, *own, f"{path}/__main__.py")]
    why = f"`{shown(name)} -m {shown(module)}`, a module agents has no table for"
    todo = (
        f"it is not the tree's: name its own program in place of `{shown(name)} -m`, by its "
        "name on your PATH or its absolute path, and vouch for it if it only reads the files "
        "it is given: agents hooks vouch PROGRAM"
    )
    return [*dict.fromkeys(files), Reach(WHOLE, unknown=why, hint=todo, unless=tuple(unless))]


def _top_names(module: str | None, given: str | None) -> tuple[str, ...]:
    """The top names of the modules `-m` or the code given with `-c` may import as a
    namespace package (a folder with no `__init__`, whose modules run): each name of the
    code, since `from pkg import mod` and `importlib` import by any of them."""
    if module is not None and re.fullmatch(r"[\w.]+", module):
        return (module.split(".")[0],)
    return tuple(dict.fromkeys(_NAME.findall(given or "")))


def node(name: str, rest: list[str], cwd: str, stdin: str | None) -> list[Reach]:
    """node runs its script, or code, or standard input, after what `-r`/`--import` name
    (a file, or a module found in `node_modules` of the working folder and each one
    above); `--test` runs the test files below its working folder, `--run` a package
    script."""
    found: list[Reach] = []
    for at, word in enumerate(rest):
        option, equals, value = word.partition("=")
        if option in ("--test", "--run"):
            return [inside(cwd, f"{name} {option}")]
        if option in table.NODE_ARGS:
            value = value if equals else (rest[at + 1] if at + 1 < len(rest) else "")
            value = value.removeprefix("file://").removeprefix("file:")
            if value.startswith((".", "/")) or option.startswith("--env-file"):
                found += run_files(cwd, [value]) + named(
                    cwd, [value + e for e in table.NODE_EXTENSIONS]
                )
    splits = code_options.readings(name, rest)
    reached = [r for p in splits for text in p.code for r in code(text, cwd)]
    given = reached or given_code(rest, cwd)
    scripts: list[str] = []
    if given is None:
        scripts = [rest[p.at] for p in splits if p.at < len(rest)]
    scripts = [s for s in scripts if s != "-"]
    found += given or run_files(cwd, scripts)
    found += stdin_script(stdin, cwd) if given is None and not scripts else []
    folders = [joined(cwd, posixpath.dirname(s)) for s in scripts if not EXPANSION.search(s)]
    for folder in dict.fromkeys(folders or [cwd]):
        while True:
            found.extend(places(folder, table.NODE_ROOT, name))
            # An absolute folder (`node ~/.claude/hooks/x.js`) is no tree folder, nor are
            # those above it; `dirname("/")` is "/": going on never ended.
            if folder in ("", ".") or folder.startswith(("..", "/")):
                break
            folder = posixpath.dirname(folder)
    return found


def scripted(name: str, rest: list[str], cwd: str, stdin: str | None) -> list[Reach]:
    """perl, ruby and the other interpreters: the folders `-I` adds to where they find
    modules (whole), `ruby -C` a folder it changes into, `ruby -r ./x` and `awk -f` files
    they run, where they look in the working folder (`.Rprofile`, lua's `./?.lua`); then
    code given with `-e`, or the script, or standard input."""
    if name == "julia" and any(w.startswith("--project") for w in rest):
        return [Reach(WHOLE, unknown="`julia --project`")]
    found: list[Reach] = []
    parsed = code_options.split(name, rest)
    for option, value in parsed.options:
        if (option == "-I" and name in ("perl", "ruby")) or (option, name) == ("-C", "ruby"):
            folder = joined(cwd, value)
            found.append(inside(folder, f"{name} {option}"))
            cwd = folder if option == "-C" else cwd
        elif option == "-r" and name == "ruby":
            found += run_files(cwd, [value]) if value.startswith((".", "/")) else []
            found += named(cwd, [value + ".rb", value + ".so"])
        elif option in _RUN_OPTIONS.get(name, ()):
            found += run_files(cwd, [value])
        elif option in ("-i", "--include", "-l", "--load") and name == "gawk":
            found += named(cwd, [value, value + ".awk", value + ".so"])
        elif option in ("-c", "--php-ini", "-z") and name == "php":
            found += named(cwd, [value])
        elif option in ("-d", "--define") and name == "php" and _PREPEND.match(value):
            found += run_files(cwd, [_PREPEND.sub("", value)])
        elif option == "-M" and name == "perl" and value.startswith("lib="):
            folders = (joined(cwd, f) for f in value.removeprefix("lib=").split(","))
            found += [inside(folder, "perl -Mlib") for folder in folders]
        elif option == "-S" and name == "php":
            return [inside(cwd, "php -S")]
    at = parsed.at
    found += places(cwd, table.LOOKS_IN_CWD.get(name, ()), name)
    if parsed.code:
        return found + [r for text in parsed.code for r in code(text, cwd)]
    given = given_code(rest, cwd, CODE_OPTIONS | ({"-r"} if name == "php" else set()))
    if given is not None:
        return found + given
    script = rest[at : at + 1]
    other = [rest[p.at] for p in code_options.readings(name, rest)[1:] if p.at < len(rest)]
    script += [s for s in other if s not in script and s != "-"]
    if name in ("awk", "gawk", "mawk"):  # the program is a file `-f` named, or its first word
        files = [o for o, _ in parsed.options if o in _RUN_OPTIONS[name]]
        return found + ([] if files else code(" ".join(script), cwd))
    if script and script != ["-"]:
        return found + run_files(cwd, script)
    return found + stdin_script(stdin, cwd)
