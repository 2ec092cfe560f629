"""What a tree script a git config setting runs may run in turn: those places are host-run
too (`domain/host_files.py`).

`diff.x.textconv = node tools/conv.js` makes `tools/conv.js` a host-run file, but the
`require('./util')` in it runs `tools/util.js` on the user's next `git diff`; a shell
script sources `. ./lib.sh` or runs `./other.sh`. So each script a setting names is read
(by the adapter, `adapters/git/tree_scripts.py`) and judged here by its kind:
  * a shell script (`#!/bin/sh`, `bash`, `dash`, `env bash`; with no shebang, a `.sh` name
    or none, which `sh X` may run, or an executable one, which git runs with `/bin/sh`) is
    read with the reader of a config value (`config_programs.script_reach`), from the
    folder git runs it in (the tree's top) and from its own (`cd tools && ./x.sh`); the
    scripts it names are read in turn, `DEPTH` deep (a cycle ends there), `$0` in the
    folder of each script on the way (a sourced script keeps its caller's `$0`);
    `"$(dirname "$0")"`, `${0%/*}`, `BASH_SOURCE` read as that folder; a `.`, a shell or
    an interpreter given a file through a variable may run any file: the whole tree
    (`WHOLE`), said so;
  * a node script: its folder whole (a relative `require` may reach any file below),
    where node finds packages (`node_modules` up to the top), what its module paths load
    beyond its folder (`node_loads.py`: a `../` path's folder, a package's `main`,
    `imports` and `exports` read from its `package.json`); a module path that is not one
    string literal, `eval` or `require` held as a value, may run any file: `WHOLE`; and
    what it starts through `child_process`, a `Worker` or runs as code (`vm`, `eval` of a
    `readFileSync`) (`script_calls.py`);
  * a python script: its folder as an import root, its packages whole (as `python3 X`),
    the modules it imports from there read in turn, what it starts (`subprocess`,
    `os.system`, `exec(open(...))`: `script_calls.py`) and loads (a `sys.path` folder,
    `spec_from_file_location`, `ctypes.CDLL`: `python_loads.py`);
  * a perl or ruby script: its folder whole, and what `system`/backquotes start;
  * a tool's config (`mypy.ini` for `mypy`, named with the tool as its `kind`): what it
    makes the tool load (`tool_configs.py`);
  * `gradlew`, `mvnw`: the project's build files, anywhere: the whole tree;
  * any other (another interpreter, a binary, a link, whose target is read in its place):
    its folder whole.
Past a bound (a script too large to read, `DEPTH` scripts deep, more than `MOST_SCRIPTS`
read for one), or one agents cannot read (a FIFO, a device, one it cannot open), what the
script runs could lie anywhere: the whole tree (`WHOLE`), said so, never its folder alone.
A folder that is the tree's top is the whole tree, said as what agents cannot read ahead.
"""

from __future__ import annotations

import posixpath
import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass, replace

from cleveragents.domain.config_programs import ON_PATH, WHOLE, Reach, script_reach
from cleveragents.domain.launchers import NODE, NODE_TOOLS, PYTHON
from cleveragents.domain.node_loads import PACKAGE, node_loads, package_entries
from cleveragents.domain.reach import printable
from cleveragents.domain.shell_words import closing

MOST_BYTES = 64 * 1024  # a script longer than this is not read: the whole tree
MOST_NAMED = 512  # files named by the scripts read for one, at most: beyond, the whole tree
DEPTH = 8  # scripts run by scripts, read this deep; one deeper: the whole tree
MOST_SCRIPTS = 64  # scripts read for one (each with the folders its `$0` may be in)
NODE_FOLDER = "a node script whose folder is the top"
LINK = "a link"  # a script that is a link: its target is read as a place of its own
WRAPPERS = frozenset(("gradlew", "mvnw"))  # run the build files of the whole project
POSIX_SHELLS = frozenset(("sh", "bash", "dash", "ash"))
# Interpreters by a script's name, when it has no shebang: perl, ruby ... read no further.
OTHER = (".pl", ".rb", ".php", ".lua", ".r", ".tcl", ".awk", ".ts", ".jar", ".jl")
_OWN_FOLDER = re.compile(r"\$\{(?:0|BASH_SOURCE(?:\[0\])?)%/\*\}")
_FROM_VARIABLE = re.compile(
    r"(?:^|[\s;&|(){}])(?:\.|source|exec|sh|bash|dash|ash|zsh|node|nodejs|python[0-9.]*)"
    r"(?:\s+-\S+)*\s+[\"']?[^\s\"'$]*\$(?![1-9@*#](?!\w))"
)
_OWN_FOLDER_QUOTED = re.compile(
    r"`dirname\s+(?:--\s+)?[\"']?\$(?:0|\{0\}|\{?BASH_SOURCE[^`]*)[\"']?`"
)
_TEST = re.compile(r"(^|[;&|(){}!\s])\[(\s)")


@dataclass(frozen=True)
class Script:
    """A tree file as the adapter found it: its bytes (None: absent), or why not read."""

    content: bytes | None = None
    executable: bool = False
    unread: str = ""  # "a link" (its folder whole), "a FIFO", "too large a script": not read


Read = Callable[[str], Script]


def scripts_reach(scripts: list[tuple[str, str]], read: Read, kind: str = "") -> list[Reach]:
    """What the tree scripts `scripts` ((path, the folder git runs it in), from the tree's
    top) may run in turn, each read through `read` (as the config of the tool `kind`,
    when one is said: `tool_configs.py`); the scripts they run, `DEPTH` deep.

    A script another one sources keeps that one's `$0`: so `$0`'s folder is, for each
    script, its own or that of any script on the way to it."""
    found: list[Reach] = []
    read_once: dict[str, Script] = {}
    depths: dict[str, int] = {}
    seen: set[tuple[str, tuple[str, ...], str]] = set()
    todo: list[tuple[str, str, int, tuple[str, ...], str]] = [
        (p, cwd, 0, (), kind) for p, cwd in scripts
    ]
    while todo:
        path, cwd, depth, zeros, kind = todo.pop(0)
        depth = depths.setdefault(path, depth)  # read again for a new `$0`: no deeper
        zeros = tuple(dict.fromkeys((*zeros, posixpath.dirname(path))))
        if (path, zeros, kind) in seen or not _readable_name(path):
            continue
        if path not in read_once:
            read_once[path] = read(path)
        if read_once[path].content is None and not read_once[path].unread:
            continue  # not there (a word of a script, a name node tries): no bound spent
        seen.add((path, zeros, kind))
        if depth > DEPTH or len(seen) > MOST_SCRIPTS:  # past a bound: what it runs, unread
            bound = f"run {depth} scripts deep" if depth > DEPTH else "one script too many"
            why = f"`{printable(path)}`, {bound}, which agents does not read"
            found.append(Reach(WHOLE, unknown=why))
            continue
        for reach in _one(path, cwd, read_once[path], zeros, kind):
            found.append(reach)
            if not reach.launcher and not reach.unknown:
                todo.append((reach.path, cwd, depth + 1, zeros, reach.kind))
        if len(todo) > MOST_NAMED:  # a long script of `echo WORD`s: bounded, said so
            why = f"`{printable(path)}`, which names more files than agents reads ahead"
            return [*dict.fromkeys(found[:MOST_NAMED]), Reach(WHOLE, unknown=why)]
    return list(dict.fromkeys(found))


def outside_reach(
    scripts: list[tuple[str, str]],
    cwd: str,
    read: Read,
    outside: Callable[[Reach], str | None],
    *,
    programs: bool = False,
) -> list[Reach]:
    """What the scripts OUTSIDE the tree `scripts` ((absolute path, tool kind or "")), run in
    `cwd` of the tree, run of it: each read by its kind as a tree script is (`_one`), those
    it names outside the tree (`outside` gives their absolute path; "" for none to read,
    as a binary on PATH) read in turn, `DEPTH`
    deep and `MOST_SCRIPTS` in all; a script past a bound, or one agents cannot read (too
    large, a FIFO, unreadable, a binary, another language: its folder is no tree folder),
    may run anything: the whole tree, said so. An absent one runs nothing. Of a git config
    program (`programs`), a script of another language is a program of the user's, as the
    setting naming it would be (`core.pager = diff-so-fancy`): its folder is not the whole
    tree, what a perl or ruby one starts is still read."""
    found: list[Reach] = []
    todo = [(path, kind, 0) for path, kind in scripts]
    seen: set[tuple[str, str]] = set()
    while todo:
        path, kind, depth = todo.pop(0)
        if (path, kind) in seen:
            continue
        seen.add((path, kind))
        script = read(path)
        if script.content is None and not script.unread:
            continue  # not there: nothing runs (read again at the next look); no bound spent
        if depth > DEPTH or len(seen) > MOST_SCRIPTS:
            bound = f"run {depth} scripts deep" if depth > DEPTH else "one script too many"
            found.append(Reach(WHOLE, unknown=f"`{printable(path)}`, {bound}, unread"))
            continue
        zeros = (posixpath.dirname(path),)
        # A node script's folder (what a relative `require` may reach) is no tree folder.
        mine = Reach(WHOLE, unknown=f"`{printable(path)}`, {NODE_FOLDER}")
        for reach in _one(path, cwd, script, zeros, kind, own_folder=not programs):
            if reach == mine:
                continue
            further = outside(reach)
            if further is None:
                found.append(_through(path, reach))
            elif further:  # "": a program on PATH that is no script of the user's
                todo.append((further, "" if reach.kind == ON_PATH else reach.kind, depth + 1))
    return list(dict.fromkeys(found))


def _through(script: str, reach: Reach) -> Reach:
    """`reach`, found in the script `script` outside the tree, said so when it is unknown."""
    if not reach.unknown or reach.unknown.startswith(f"`{printable(script)}`"):
        return reach
    return replace(reach, unknown=f"`{printable(script)}`, which runs {reach.unknown}")


def _one(
    path: str,
    cwd: str,
    script: Script,
    zeros: tuple[str, ...],
    kind: str,
    *,
    own_folder: bool = True,
) -> list[Reach]:
    """What the one script `path`, run in `cwd` (`$0` in one of the folders `zeros`), or
    the config of the tool `kind`, may run, by its kind (a script of another language its
    folder whole, unless not `own_folder`)."""
    if script.unread:
        why = f"`{printable(path)}`, {script.unread} agents does not read"
        return [_folder(path, why) if script.unread == LINK else Reach(WHOLE, unknown=why)]
    if script.content is None:
        return []  # not there: nothing runs; read again once it is
    if posixpath.basename(path) in WRAPPERS:
        return [Reach(WHOLE, unknown=f"`{printable(path)}`, which runs the project's build files")]
    text = script.content.decode("utf-8", "surrogateescape")
    interpreter, options = shebang(text)
    name = posixpath.basename(path).lower()
    if "\0" in text:
        return [_folder(path, f"`{printable(path)}`, a program agents cannot read")]
    if kind == PACKAGE:
        return package_entries(path, text)
    from cleveragents.domain.script_calls import node_calls, python_calls, script_calls
    from cleveragents.domain.tool_configs import JS, config_reach  # read as a script is

    if kind and not (kind in NODE_TOOLS and name.endswith(JS)):
        return config_reach(kind, path, text)
    if interpreter in NODE or (not interpreter and name.endswith(JS)):
        return _node(path, text, kind) + node_calls(path, text, cwd)
    if PYTHON.fullmatch(interpreter) or (not interpreter and name.endswith(".py")):
        command = shlex.join([interpreter or "python3", *options, path])
        found = [r for r in script_reach(command, "") if r.launcher]
        return found + python_calls(path, text, cwd)
    extension = posixpath.splitext(name)[1]
    shell = interpreter in POSIX_SHELLS or (
        not interpreter and (extension in (".sh", ".bash", "") or script.executable)
    )  # no shebang: run by `sh X`, or by `/bin/sh` when git finds no `#!`
    if shell and (interpreter or extension not in OTHER):
        return _shell(path, cwd, text, zeros)
    if interpreter or extension in OTHER:
        shown = interpreter or extension
        why = f"`{printable(path)}`, a {printable(shown)} script"
        found = [_folder(path, why)] if own_folder else []
        if interpreter in ("perl", "ruby") or extension in (".pl", ".rb"):
            found += script_calls(path, text, cwd)
        # An executable `x.jl` with no `#!`: `julia x.jl` runs it, `/bin/sh` too when run.
        return found + (_shell(path, cwd, text, zeros) if shell else [])
    return []  # a file by a data file's name (`.json`, `.txt`): read, not run


def shebang(text: str) -> tuple[str, list[str]]:
    """The interpreter's name of a `#!` line (through `env`, `env -S`) and its options;
    ("", []) without one."""
    if not text.startswith("#!"):
        return "", []
    words = text[2:].partition("\n")[0].split()
    if words and posixpath.basename(words[0]) == "env":
        words = words[1:]
        while words and words[0].startswith("-"):
            words = words[1:]  # `-S`: the rest split as the line is
        while words and "=" in words[0]:
            words = words[1:]
    if not words:
        return "", []
    return posixpath.basename(words[0]), words[1:]


def _shell(path: str, cwd: str, text: str, zeros: tuple[str, ...]) -> list[Reach]:
    """A shell script's reach, read from `cwd` and from its own folder, with `$0`'s folder
    as each of `zeros`."""
    found: list[Reach] = []
    quoted = [shlex.quote(zero or ".") for zero in zeros]
    texts = (_substituted(_own_folder(text, q), q) for q in quoted)
    for named in dict.fromkeys(texts):  # the same text when it names no `$0`: read once
        if _FROM_VARIABLE.search(named):
            why = f"`{printable(path)}`, which runs a file a variable names"
            found.append(Reach(WHOLE, unknown=why))
        for where in dict.fromkeys((cwd, posixpath.dirname(path))):
            found += script_reach(named, where)
    return found


def own_folder_put(text: str, own: str) -> str:
    """`text` with each form naming the script's own folder (`$(dirname "$BASH_SOURCE")`,
    `${0%/*}`, `` `dirname $0` ``) as the shell word `own`."""
    return _substituted(_own_folder(text, own), own)


def _own_folder(text: str, own: str) -> str:
    """`text` with `${0%/*}` and `` `dirname $0` `` as the folder `own`, and `[` (no glob:
    the builtin `test`) as `test`."""
    for form in (_OWN_FOLDER, _OWN_FOLDER_QUOTED):
        text = form.sub(lambda _: own, text)
    return _TEST.sub(r"\1test\2", text)


def _substituted(text: str, own: str) -> str:
    """`text` with each `$(...)` naming the script's own folder (`$0`, `BASH_SOURCE`) as
    `own`; another substitution is left for the reader (which takes it as `WHOLE`)."""
    out: list[str] = []
    at = 0
    while (start := text.find("$(", at)) >= 0:
        try:
            end = closing(text, start + 2)
        except ValueError:
            break
        inner = text[start + 2 : end]
        own_folder = re.search(r"\$0\b|\$\{0\}|BASH_SOURCE", inner) and "dirname" in inner
        out.append(text[at:start] + (own if own_folder else text[start : end + 1]))
        at = end + 1
    return "".join(out) + text[at:]


def _node(path: str, text: str, tool: str = "") -> list[Reach]:
    """A node script (or the JavaScript config of the node tool `tool`): its folder whole,
    where node finds packages, what its module paths load beyond its folder
    (`node_loads.py`); a module path it computes: the whole tree."""
    found = [_folder(path, f"`{printable(path)}`, {NODE_FOLDER}")]
    found += [r for r in script_reach(shlex.join(["node", path]), "") if r.launcher]
    return found + node_loads(path, text, tool)


def _folder(path: str, why: str, script: str = "") -> Reach:
    """All of `path`'s folder, where `script` (`path` itself unless said) finds what it
    runs, or the whole tree (said as `why`) when it is the top."""
    folder = posixpath.dirname(path)
    if folder in ("", ".") or folder.startswith(("..", "/")):
        return Reach(WHOLE, unknown=why)
    by = printable(script or path)
    return Reach(re.sub(r"([*?\[])", r"[\1]", folder), launcher=f"the script {by}")


def _readable_name(path: str) -> bool:
    """A tree path a script may be read at: no variable, no glob, not outside the tree."""
    return bool(path) and not path.startswith(("/", "~", "..")) and not re.search(r"[$*?\[]", path)
