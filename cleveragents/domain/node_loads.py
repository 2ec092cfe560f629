"""What a node script of the tree loads as code by its module paths (`tree_scripts._node`
reads a script's folder whole; this reads what lies outside it).

Node resolves a module path in four ways, each read here:
  * a relative one (`./x`, `../lib/x.js`): the folder it names, whole (any file there may
    be reached by a sibling path); one naming a folder (`.`, `..`, `../lib/`) loads that
    folder's package: its `package.json`'s `main` (`index.js` without one);
  * `#name` (package.json `imports`) and the package's own name (its `exports`): the
    `package.json` of the script's package scope, the nearest above it; each file its
    `main`, `exports` and `imports` name is read in turn (`package_entries`);
  * a package's name: found in `node_modules` (host-run by `tree_scripts`), or the script's
    own package by its name (read as above: every `package.json` up to the top);
  * node's own modules (`fs`, `node:path`): nothing of the tree.
A module path that is not exactly one string literal (`require("./config." + mode)`, a
template with `${`, an escape), one given as a URL (`data:`, `file:`) or an absolute path,
`require` or `eval` held as a value (`(0, eval)(src)`, `.map(require)`, `createRequire`),
node's `module` itself (its `register` of loader hooks, `createRequire`, `_load`),
or code built from a `Function` or a `.constructor`, may load any file: the whole tree
(`WHOLE`), said so.
"""

from __future__ import annotations

import json
import posixpath
import re

from cleveragents.domain.js_packages import known
from cleveragents.domain.reach import WHOLE, Reach, escaped, joined, printable

PACKAGE = "node"  # the kind of a `package.json` read for the files it names as entries
# node's own modules: found in node itself, never in the tree.
BUILTINS = frozenset((
    "assert", "async_hooks", "buffer", "child_process", "cluster", "console", "constants",
    "crypto", "dgram", "diagnostics_channel", "dns", "domain", "events", "fs", "http", "http2",
    "https", "inspector", "module", "net", "os", "path", "perf_hooks", "process", "punycode",
    "querystring", "readline", "repl", "stream", "string_decoder", "sys", "timers", "tls",
    "trace_events", "tty", "url", "util", "v8", "vm", "wasi", "worker_threads", "zlib",
))  # fmt: skip
# A module path given to a call: `require(`, `require.resolve(`, `import(`.
_CALL = re.compile(r"(?<![\w$])(?:require(?:\s*\.\s*resolve)?|import)\s*\(")
# Exactly one string literal, no escape, no `${`, then the call's end or its options.
_ONE_LITERAL = re.compile(r"\s*(?:\"([^\"\\\n]*)\"|'([^'\\\n]*)'|`([^`\\$]*)`)\s*[,)]")
# A static `import ... from "x"`, `import "x"`, `export ... from "x"`: always a literal.
_STATIC = re.compile(r"(?:\bfrom|(?<![\w$.])import)\s*([\"'])([^\"'\n]*)\1")
# A loader or code runner held as a value, or code built another way than a call agents
# reads (`script_calls._AS_CODE` reads `eval(fs.readFileSync("x"))`).
_AS_VALUE = re.compile(
    r"(?<![\w$.])require\b(?!\s*\(|\s*\.\s*(?:resolve\s*\(|main\b))"
    r"|(?<![\w$-])eval(?![\w$-])(?!\s*\()"
    r"|(?<![\w$])Function\b(?<!new\s{1}Function)"
    r"|\.\s*(?:require|constructor|_load|_compile|_resolveFilename)\b"
    r"|\b(?:createRequire|mainModule|dlopen|registerHooks)\b"
)
# What node tries for a module path naming a file or a folder (`require`'s extensions).
_TRIED = (".js", ".json", ".node")
_MAIN_TAILS = ("", *_TRIED, *(f"/index{e}" for e in _TRIED))


def module_paths(path: str, text: str) -> tuple[list[str], str]:
    """The module paths the node script `path` names (literals), and the first form of a
    path it computes or a loader it holds as a value ("" when none)."""
    named = [m.group(2) for m in _STATIC.finditer(text)]
    for call in _CALL.finditer(text):
        literal = _ONE_LITERAL.match(text, call.end())
        if literal is None:
            return named, call.group(0)
        named.append(next(g for g in literal.groups() if g is not None))
    if (held := _AS_VALUE.search(text)) is not None:
        return named, held.group(0)
    if "module" in (n.removeprefix("node:") for n in named):  # `register`, `_load`, ...
        return named, "node:module"
    if any("\\" in n or n.startswith(("/", "file:", "data:", "http:", "https:")) for n in named):
        return named, "a module path as a URL, absolute or escaped"
    return named, ""


def node_loads(path: str, text: str, tool: str = "") -> list[Reach]:
    """What the node script `path` (holding `text`) loads through its module paths, beyond
    its own folder: a relative path's folder, a folder's package entries (read in turn), the
    `package.json` of each folder up to the top for `#name` or a package's name; of the
    config of the node tool `tool`, a package that may load a tree file by its own
    convention (`js_packages.py`): the whole tree."""
    folder = posixpath.dirname(path)
    named, computed = module_paths(path, text)
    if computed:
        why = f"`{printable(path)}`, which loads a module or code it computes ({computed}…)"
        return [Reach(WHOLE, unknown=printable(why))]
    found: list[Reach] = []
    scopes = False
    for one in dict.fromkeys(named):
        bare = one.removeprefix("node:")
        if one.startswith("node:") or bare.split("/")[0] in BUILTINS:
            continue
        if not (one in (".", "..") or one.startswith(("./", "../"))):
            scopes = True  # `#name`, a package: maybe the script's own, by its name
            if tool and not one.startswith("#") and not known(one):
                why = f"the {tool} config `{printable(path)}`, which loads {printable(one)}"
                found.append(Reach(WHOLE, unknown=f"{why}, a package agents does not read"))
            continue
        target = joined(folder, one)
        if target.startswith(".."):
            continue  # outside the tree
        why = f"`{printable(path)}`, which requires {printable(one)}"
        found += package_of(target)  # a folder: its package's entry, wherever that lies
        if folder in ("", ".") or target == folder or target.startswith(f"{folder}/"):
            continue  # in the script's own folder, whole already
        if posixpath.dirname(target) not in ("", "."):
            found.append(folder_of(target, why, f"the script {printable(path)}"))
        else:  # at the top (`require("..")`, `../x`): what node tries there
            found += [Reach(target + tail) for tail in _MAIN_TAILS if target != "."]
    if scopes:
        up = folder
        while True:
            found.append(Reach(joined(up, "package.json"), kind=PACKAGE))
            # An absolute folder (a hook script in `~/.claude/hooks`) is no tree folder, nor
            # are those above it; `dirname("/")` is "/": going on never ended.
            if up in ("", ".") or up.startswith(("..", "/")):
                break
            up = posixpath.dirname(up)
    return found


def package_of(folder: str) -> list[Reach]:
    """What node loads for a folder given as a module path: its `package.json`'s `main`
    (read in turn, `package_entries`), or its `index.js`."""
    return [
        Reach(joined(folder, "package.json"), kind=PACKAGE),
        *(Reach(joined(folder, f"index{e}")) for e in _TRIED),
    ]


def package_entries(path: str, text: str) -> list[Reach]:
    """The files the `package.json` at `path` names as what node loads of the package:
    `main`, every target of `exports` and `imports` (a `*` target: its folder whole);
    one agents cannot parse: the whole tree."""
    folder = posixpath.dirname(path)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return [Reach(WHOLE, unknown=f"`{printable(path)}`, a package.json agents cannot parse")]
    if not isinstance(data, dict):
        return []
    main = data.get("main")  # a path from the package's folder, `./` or not
    targets = (
        [main if main.startswith(("./", "../")) else f"./{main}"] if isinstance(main, str) else []
    )
    stack: list[object] = [data.get("exports"), data.get("imports")]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            targets.append(item)
        elif isinstance(item, list):
            stack += item
        elif isinstance(item, dict):
            stack += item.values()
    found: list[Reach] = []
    for target in dict.fromkeys(targets):
        if not target.startswith(("./", "../")) and target != ".":
            if not re.fullmatch(r"(?:@[\w.-]+/)?[\w.-]+(?:/[^*]*)?", target):
                why = f"`{printable(path)}`, whose entry {printable(target)} agents cannot read"
                found.append(Reach(WHOLE, unknown=why))
            continue  # a package's name (`imports` may name one): in `node_modules`
        full = joined(folder, target)
        if full.startswith(".."):
            continue
        if "*" in target:
            star = joined(folder, target.split("*")[0] + "x")
            why = f"`{printable(path)}`'s entry {printable(target)}"
            found.append(folder_of(star, why, "node"))
        else:
            found += [Reach(full + tail) for tail in _MAIN_TAILS]
    return found


def folder_of(path: str, why: str, launcher: str) -> Reach:
    """All of `path`'s folder, where `launcher` finds what it loads, or the whole tree (said
    as `why`) when it is the top."""
    folder = posixpath.dirname(path)
    if folder in ("", ".") or folder.startswith(("..", "/")):
        return Reach(WHOLE, unknown=why)
    return Reach(escaped(folder), launcher=launcher)
