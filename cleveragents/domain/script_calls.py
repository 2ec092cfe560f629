"""The command lines a Python, node, perl or ruby tree script starts (`subprocess.run(["sh",
"tools/x.sh"])`, `os.system(...)`, `exec(open("tools/conf.py").read())`,
`require("child_process").execSync(...)`, `spawn("sh", ["x.sh"])`, `system("...")`, a
backquoted command): each read as the line it is (`config_programs.script_reach`), so the
tree file it names is host-run too and read in turn.

An argument given as a literal (a string, a list or tuple of them, an f-string's or a
template's text) is read; an interpolated part stands as a variable (`"$v"`: a file word
that shells and interpreters run is then the whole tree, another program's word nothing);
a program or a whole command the script computes (`subprocess.run(cmd)`, `os.system(line)`,
`exec(code)`), a `cwd=` it computes, or a Python script agents cannot parse, may run any
file: the whole tree (`WHOLE`), said so.
"""

from __future__ import annotations

import ast
import posixpath
import re
import shlex
import sys

from cleveragents.domain.config_programs import WHOLE, Reach, script_reach
from cleveragents.domain.data_loads import GIVEN, data_loads, node_env
from cleveragents.domain.python_loads import chdirs, modules, python_loads
from cleveragents.domain.python_loads import dotted as _dotted
from cleveragents.domain.python_loads import keyword as _keyword
from cleveragents.domain.python_loads import string as _string
from cleveragents.domain.reach import places, printable

KNOWN = sys.stdlib_module_names  # found in Python's own library before the tree's
COMPUTED = '"$v"'  # a part the script computes, as the shell reader takes a variable
# Python callables that run a command line (a shell's) or an argv.
SHELL_LINE = frozenset((
    "os.system", "os.popen", "subprocess.getoutput", "subprocess.getstatusoutput",
    "commands.getoutput", "asyncio.create_subprocess_shell", "pexpect.run", "pexpect.spawn",
))  # fmt: skip
ARGV = frozenset((
    "subprocess.run", "subprocess.call", "subprocess.check_call", "subprocess.check_output",
    "subprocess.Popen", "pty.spawn", "sh.Command", "plumbum.local", "trio.run_process",
    "anyio.run_process",
))  # fmt: skip
# `os.exec*` and `os.spawn*`: the file they run, then its argv (a list, or the rest).
_EXEC = re.compile(r"os\.(?:exec|spawn|posix_spawn)(l|v|lp|vp|le|ve|lpe|vpe|p)?")
SPREAD = frozenset(("asyncio.create_subprocess_exec",))
RUNS_PYTHON = frozenset(("exec", "eval", "execfile", "runpy.run_path", "runpy.run_module"))
IMPORTS = frozenset(("importlib.import_module", "__import__", "importlib.__import__"))
# node's child_process functions (and execa's): the first takes a shell line.
NODE_LINE = frozenset(("exec", "execSync", "execaCommand", "execaCommandSync"))
NODE_ARGV = frozenset((
    "execFile", "execFileSync", "spawn", "spawnSync", "fork", "execa", "execaSync",
))  # fmt: skip
_NODE_CALL = re.compile(
    r"(?:(?P<owner>[\w$]+)\s*\.\s*|(?<![\w$.]))(?P<name>"
    + "|".join(sorted(NODE_LINE | NODE_ARGV))
    + r")\s*\("
)
_RUNNERS = "|".join(sorted(NODE_LINE | NODE_ARGV))  # held as a value, by a computed name:
_NODE_HELD = re.compile(
    rf"([\w$]+)\s*(?:\[|\.\s*(?:{_RUNNERS})\b(?!\s*\())|\{{[^{{}}]*\b(?:{_RUNNERS})\s*:"
)
_REQUIRED = re.compile(r"require\s*\(\s*[\"'](?:node:)?child_process[\"']\s*\)")
_CHILD = re.compile(
    r"(?:([\w$]+)\s*=\s*require\s*\(\s*[\"'](?:node:)?child_process[\"']\s*\)"
    r"|import\s+(?:\*\s+as\s+)?([\w$]+)\s+from\s+[\"'](?:node:)?child_process[\"'])"
)
_LITERAL = re.compile(r"\s*(?:\"((?:\\.|[^\"\\])*)\"|'((?:\\.|[^'\\])*)'|`((?:\\.|[^`\\])*)`)")
_ARRAY = re.compile(r"\s*,\s*\[([^\]]*)\]")
# node's ways of running a file as code without `require`: a worker thread's script, and
# code handed to `vm`, `eval` or `new Function` (`vm.runInThisContext(fs.readFileSync(F))`).
_WORKER = re.compile(r"\bnew\s+(?:[\w$]+\s*\.\s*)?Worker\s*\(\s*(?:new\s+URL\s*\()?")
_AS_CODE = re.compile(
    r"(?:\.\s*|(?<![\w$.]))(?:runInThisContext|runInNewContext|runInContext|compileFunction"
    r"|eval)\s*\(|\bnew\s+(?:[\w$]+\s*\.\s*)?(?:Script|Function|SourceTextModule)\s*\("
)
_CHDIR = re.compile(r"\bprocess\s*\.\s*chdir\s*\(")
_READ_FILE = re.compile(r"readFileSync\s*\(")
# perl's and ruby's: `system LIST`, `exec LIST`, backquotes, `qx{}`, `%x()`, `IO.popen`.
_SCRIPT_CALL = re.compile(
    r"(?<![\w.$@%&:])(?:Kernel\.|IO\.|Open3\.)?(system|exec|spawn|popen|capture2e?|capture3"
    r"|popen3)\b(?:\s*\(|\s+(?=[\"'$@]))"
)
_QUOTED = re.compile(r"`([^`]*)`|\bqx\s*([{(\[/|])|%x\s*([{(\[|])")
_CLOSING = {"{": "}", "(": ")", "[": "]", "/": "/", "|": "|"}
_JOINED = re.compile(r"\s*(?:\+|\.(?![\d.]))")  # a string joined to what follows


def python_calls(path: str, text: str, cwd: str) -> list[Reach]:
    """What the Python script `path` (holding `text`), run in `cwd`, starts."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return [Reach(WHOLE, unknown=f"`{printable(path)}`, a Python script agents cannot parse")]
    names = _imported(tree)
    lines: list[str] = []
    found = [
        Reach(WHOLE, unknown=f"`{printable(path)}`, which runs what it computes ({held})")
        for held in _held(tree, names)
    ]
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        called = _dotted(node.func, names)
        line = _python_line(called, node, names)
        if line is None:
            why = f"`{printable(path)}`, which runs what it computes ({printable(called)})"
            found.append(Reach(WHOLE, unknown=why))
        elif line:
            folder = _keyword(node, "cwd") if called in ARGV else None
            if folder is None:
                lines.append(line)
            elif isinstance(folder, ast.Constant) and isinstance(folder.value, str):
                lines.append(f"cd {shlex.quote(folder.value)} && {line}")
            else:
                why = f"`{printable(path)}`, which runs a command in a folder it computes"
                found.append(Reach(WHOLE, unknown=why))
    # What it imports from its own folder (`sys.path[0]`) as a namespace package, which
    # no `__init__` marks: `import nsp.mod` runs `nsp/mod.py`.
    tops = {n.split(".")[0] for n in names.values() if n.split(".")[0] not in KNOWN}
    found += places(posixpath.dirname(path), tuple(sorted(tops)), "python3")
    found += modules(posixpath.dirname(path), tops)  # each read for what it starts in turn
    folders = chdirs(path, tree, names, cwd)  # `os.chdir(...)`: from there on, there too
    if None in folders:
        why = f"`{printable(path)}`, which changes to a folder it computes"
        found.append(Reach(WHOLE, unknown=why))
    for where in dict.fromkeys(f for f in (cwd, *folders) if f is not None):
        found += python_loads(path, tree, names, where)  # `sys.path`, `spec_from_file_location`
        found += data_loads(path, tree, names, where)  # `fileConfig`, `pickle`, `load_dotenv`
        found += _read(lines, path, where)
    return list(dict.fromkeys(found))


def node_calls(path: str, text: str, cwd: str) -> list[Reach]:
    """What the node script `path` starts through `child_process` (or execa)."""
    owners = {a or b for a, b in _CHILD.findall(text)} | {"child_process"}
    text = _REQUIRED.sub("child_process", text)
    lines: list[str] = []
    held = [m[0] for m in _NODE_HELD.finditer(text) if (m[1] or "{") in {*owners, "{"}] or [""]
    why = f"`{printable(path)}`, which runs what it computes ({printable(held[0][:40])})"
    found = [Reach(WHOLE, unknown=why)] if held[0] and "child_process" in text else []
    for call in _NODE_CALL.finditer(text):
        owner, name = call.group("owner"), call.group("name")
        if name == "exec" and owner is not None and owner not in owners:
            continue  # `regex.exec(text)`, not a child process
        first = _LITERAL.match(text, call.end())
        own = re.compile(r"\s*process\.execPath\b").match(text, call.end())  # node itself
        if first is None and own is None:
            why = f"`{printable(path)}`, which runs a command it computes ({name})"
            found.append(Reach(WHOLE, unknown=why))
            continue
        words = [_js_text(first) if first is not None else "node"]
        after = first.end() if first is not None else own.end() if own is not None else 0
        words[0] += "$v" if _JOINED.match(text, after) else ""  # `"sh " + name`
        if re.search(r"\bcwd\s*:", text[after : _closing(text, after)]):
            why = f"`{printable(path)}`, which runs a command in a folder it sets ({name})"
            found.append(Reach(WHOLE, unknown=why))
        if name in NODE_ARGV:
            words = [shlex.quote(words[0]) if "$" not in words[0] else words[0]]
            array = _ARRAY.match(text, after)
            items = array.group(1) if array else ""
            words += [_js_word(item.strip()) for item in items.split(",") if item.strip()]
            if array is None and re.match(r"\s*,\s*[^\s{]", text[after:]):
                words.append(COMPUTED)  # `spawn("sh", args)`
            words = ["node", *words] if name == "fork" else words
        lines.append(" ".join(words))
    found += _node_code(path, text, lines)
    found += node_env(path, text, cwd)  # `require("dotenv").config()`: `.env`
    for chdir in _CHDIR.finditer(text):  # `process.chdir("src")`: from there on, there too
        folder = _LITERAL.match(text, chdir.end())
        if folder is None or "$" in _js_text(folder):
            why = f"`{printable(path)}`, which changes to a folder it computes"
            found.append(Reach(WHOLE, unknown=why))
        else:
            lines = [*lines, *(f"cd {shlex.quote(_js_text(folder))} && {li}" for li in lines)]
    return found + _read(lines, path, cwd)


def _node_code(path: str, text: str, lines: list[str]) -> list[Reach]:
    """The files a node script runs as a worker or reads as code (`lines` gains a `node
    FILE` line for each); a file or code it computes: the whole tree."""
    found: list[Reach] = []
    for call in _WORKER.finditer(text):
        first = _LITERAL.match(text, call.end())
        if first is None or "$" in _js_text(first):
            why = f"`{printable(path)}`, which starts a worker from a file it computes"
            found.append(Reach(WHOLE, unknown=why))
        else:
            lines.append(shlex.join(["node", _js_text(first)]))
    for call in _AS_CODE.finditer(text):
        inside = text[call.end() : _closing(text, call.end())]
        if _only_literals(inside):
            continue  # code given as literals: no file
        files = [_LITERAL.match(inside, r.end()) for r in _READ_FILE.finditer(inside)]
        if files and all(f is not None and "$" not in _js_text(f) for f in files):
            lines += [shlex.join(["node", _js_text(f)]) for f in files if f is not None]
            continue
        why = f"`{printable(path)}`, which runs as code what it computes or reads"
        found.append(Reach(WHOLE, unknown=why))
    return found


def _only_literals(text: str) -> bool:
    """Whether `text` (a call's arguments) is string literals only, none interpolated."""
    at = 0
    while (literal := _LITERAL.match(text, at)) is not None and "${" not in literal.group():
        at = literal.end()
        comma = re.match(r"\s*,", text[at:])
        at += comma.end() if comma else 0
        if comma is None:
            break
    return not text[at:].strip()


def script_calls(path: str, text: str, cwd: str) -> list[Reach]:
    """What a perl or ruby script starts: `system`/`exec` of literals, backquotes."""
    text = re.sub(r"(?m)^\s*#.*$", "", text)  # comments: no call, no backquote
    lines: list[str] = []
    found: list[Reach] = []
    for call in _SCRIPT_CALL.finditer(text):
        words: list[str] = []
        at = call.end()
        while (literal := _LITERAL.match(text, at)) is not None:
            words.append(_js_text(literal) + ("$v" if _JOINED.match(text, literal.end()) else ""))
            comma = re.match(r"\s*,", text[literal.end() :])
            if comma is None:
                break
            at = literal.end() + comma.end()
        if not words:
            why = f"`{printable(path)}`, which runs a command it computes ({call.group(1)})"
            found.append(Reach(WHOLE, unknown=why))
            continue
        quoted = len(words) > 1  # a list: each word as is; one string: a shell line
        lines.append(" ".join(shlex.quote(w) if quoted and "$" not in w else w for w in words))
    for quote in _QUOTED.finditer(text):
        if quote.group(1) is not None:
            lines.append(_interpolated(quote.group(1)))
            continue
        opening = quote.group(2) or quote.group(3)
        end = text.find(_CLOSING[opening], quote.end())
        lines.append(_interpolated(text[quote.end() : end if end >= 0 else len(text)]))
    return found + _read(lines, path, cwd)


def _closing(text: str, at: int) -> int:
    """Where the `)` closing the call whose arguments start at `at` is (or the text's end)."""
    depth = 1
    for index in range(at, len(text)):
        depth += {"(": 1, ")": -1}.get(text[index], 0)
        if depth == 0:
            return index
    return len(text)


def _read(lines: list[str], path: str, cwd: str) -> list[Reach]:
    """What each command line a script starts runs, from `cwd` and from its own folder."""
    found: list[Reach] = []
    folder = path.rpartition("/")[0]
    for line in dict.fromkeys(lines):
        for where in dict.fromkeys((cwd, folder)):
            found += script_reach(line, where)
    return found


_SPAWNING = ("subprocess", "os", "pty", "asyncio", "pexpect", "commands", "sh", "plumbum")
_LIBRARIES = ("sh.", "plumbum.", "invoke.", "fabric.", "delegator.", "envoy.")


def _held(tree: ast.Module, names: dict[str, str]) -> list[str]:
    """Command runners held as values (`run = subprocess.run`, `getattr(subprocess, "run")`)
    or libraries' (`sh.make("fmt")`, `invoke.run`): what they run is unread (annotations no)."""
    called = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    modules = {v.split(".")[0] for v in names.values()}
    typed: set[int] = set()
    for node in ast.walk(tree):
        for note in (getattr(node, "annotation", None), getattr(node, "returns", None)):
            typed |= {id(n) for n in ast.walk(note)} if isinstance(note, ast.expr) else set()
    found: list[str] = []
    for node in ast.walk(tree):
        if id(node) in typed:
            continue
        if isinstance(node, ast.Call) and _dotted(node.func, names) == "getattr" and node.args:
            owner = _dotted(node.args[0], names)
            found += [f"getattr({owner})"] if owner.split(".")[0] in _SPAWNING else []
        if not isinstance(node, (ast.Attribute, ast.Name)):
            continue
        name = _dotted(node, names)
        runs = name in SHELL_LINE or name in ARGV or name in SPREAD or bool(_EXEC.fullmatch(name))
        library = name.startswith(_LIBRARIES) and name.split(".")[0] in modules  # imported
        if (runs and id(node) not in called) or (id(node) in called and library):
            found.append(name)
    return list(dict.fromkeys(found))


def _python_line(called: str, node: ast.Call, names: dict[str, str]) -> str | None:
    """The command line the call `called` starts ("": none; None: one it computes)."""
    args = list(node.args)
    shell = _keyword(node, "shell")
    if called in SHELL_LINE or (called in ARGV and isinstance(shell, ast.Constant) and shell.value):
        first = args[0] if args else _keyword(node, "args") or _keyword(node, "cmd")
        return _string(first, names) if first is not None else ""
    if called in ARGV:
        first = args[0] if args else _keyword(node, "args")
        if first is None:
            return ""
        if isinstance(first, (ast.List, ast.Tuple)):
            return _argv(first.elts, names)
        line = _string(first, names)
        return None if line is None else shlex.quote(line)  # no shell: one program's name
    if called in SPREAD:  # the program, then each of its words
        return _argv(args, names) if args else ""
    exec_form = _EXEC.fullmatch(called)
    if exec_form:
        args = args[1:] if called.startswith("os.spawn") else args  # the mode
        if not args or _string(args[0], names) is None:
            return None
        vector = "v" in (exec_form.group(1) or "") or called.startswith("os.posix_spawn")
        argv = args[1] if vector and len(args) > 1 else None
        if vector and not isinstance(argv, (ast.List, ast.Tuple)):
            return None
        items = argv.elts if isinstance(argv, (ast.List, ast.Tuple)) else args[1:]
        return _argv([args[0], *items[1:]], names)
    if called in RUNS_PYTHON or called in IMPORTS:
        return _python_run(called, args, names)
    return ""


def _python_run(called: str, args: list[ast.expr], names: dict[str, str]) -> str | None:
    """`exec(open("x.py").read())`, `runpy.run_path("x.py")`: the Python they run, as a
    `python3` command line; code given as a literal, read as `python3 -c` reads it."""
    if not args:
        return ""
    code = _string(args[0], names)
    if called in IMPORTS:
        computed = code is None or "$" in code
        return None if computed else shlex.join(["python3", "-c", f"import {code}"])
    if called == "runpy.run_module":
        return None if code is None else shlex.join(["python3", "-m", code])
    if code is not None and called in ("exec", "eval"):
        return shlex.join(["python3", "-c", code])
    if code is not None:
        return shlex.join(["python3", code])
    if any(isinstance(i, ast.Call) and _dotted(i.func, names) in GIVEN for i in ast.walk(args[0])):
        return ""  # `exec(marshal.load(open(F)))`: the data file F (`data_loads.py`)
    for inner in ast.walk(args[0]):  # `open(LITERAL)`, `Path(LITERAL)` read and run
        if isinstance(inner, ast.Call) and _dotted(inner.func, names) in _OPENS and inner.args:
            file = _string(inner.args[0], names)
            return None if file is None else shlex.join(["python3", file])
    return None


_OPENS = frozenset(("open", "io.open", "pathlib.Path", "Path", "codecs.open"))


def _argv(items: list[ast.expr], names: dict[str, str]) -> str | None:
    """An argv of literals as a command line (`sys.executable` as `python3`); None when
    its program is computed."""
    words: list[str] = []
    for item in items:
        if _dotted(item, names) == "sys.executable":
            words.append("python3")
            continue
        text = _string(item, names)
        if text is None and not words:
            return None
        words.append(COMPUTED if text is None else shlex.quote(text) if "$" not in text else text)
    return " ".join(words)


def _imported(tree: ast.Module) -> dict[str, str]:
    """Each local name an import binds, as the dotted name it stands for."""
    names: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                names[alias.asname or alias.name.split(".")[0]] = (
                    alias.name if alias.asname else alias.name.split(".")[0]
                )
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                names[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return names


def _js_text(literal: re.Match[str]) -> str:
    """A JS (or perl, ruby) string literal's text, `${...}` as a variable."""
    return _interpolated(literal.group(1) or literal.group(2) or literal.group(3) or "")


def _js_word(item: str) -> str:
    """One item of a JS array as a word: a literal's text, else computed."""
    literal = _LITERAL.fullmatch(item)
    if literal is None:
        return COMPUTED
    text = _js_text(literal)
    return shlex.quote(text) if "$" not in text else text


def _interpolated(text: str) -> str:
    """`text` with `${...}` and ruby's `#{...}` as a variable the reader takes as one."""
    return re.sub(r"[$#]\{[^}]*\}", "$v", text)
