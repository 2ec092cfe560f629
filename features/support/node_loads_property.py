"""The property of trust.node_loads.property.feature: every tree file a node script my git
config runs loads by a module path (`require("../x")`, `require("..")` the package's main,
`#name` imports, the package by its own name, `import()`, `new Function` of a file it
reads) is refused to the model; a module path given as anything but one string literal
(`"../" + x`, a template, `join(...)`), `(0, eval)`, or `require` handed to built code
makes every file refused.

Each example writes a node script `tools/run.js` loading random tree files by random forms
and a `package.json` naming them (`main`, `imports`, `exports`); each file leaves a mark
when it runs; `diff.x.textconv` runs the script, and git itself runs it (`git diff`). Every
file that ran must be judged host-run (`host_folders`); `other/free.js`, which nothing
loads, must be too when a form computed its path, and must not be otherwise.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

from cleveragents.adapters.host_folders import host_folders
from cleveragents.domain.host_files import host_run
from features.support.planting import marks_host_run, textconv_tree
from features.support.properties import reproducible

TARGETS = ["lib/a.js", "lib/sub/b.js", "src/c.js", "pkg/d.js"]
# Forms naming a file by one literal, then forms computing it (`{i}`: its index).
LITERAL = [
    'require("../{t}")',
    'require("..")',
    'require("#t{i}")',
    'require("proj/t{i}")',
    'import("../{t}")',
    'require("./../{t}")',
    'new Function(fs.readFileSync("{t}", "utf8"))()',
]
COMPUTED = [
    'require("../" + "{t}")',
    "require(`../${{'{t}'}}`)",
    'require(["..", "{t}"].join("/"))',
    '(0, eval)(fs.readFileSync("{t}", "utf8"))',
    'require(require("path").join(__dirname, "..", "{t}"))',
    'new Function("require", fs.readFileSync("{t}", "utf8"))(require)',
]
FORMS = LITERAL + COMPUTED
UNTOUCHED = "other/free.js"


def write_tree(root: Path, marks: Path, loads: list[tuple[int, int]]) -> None:
    """`tools/run.js` loading each (form, target) of `loads`; the targets, each leaving
    its mark; `package.json` naming them."""
    mains = [TARGETS[t] for f, t in loads if FORMS[f] == 'require("..")']
    package = {
        "name": "proj",
        "main": mains[0] if mains else TARGETS[0],
        "imports": {f"#t{i}": f"./{t}" for i, t in enumerate(TARGETS)},
        "exports": {f"./t{i}": f"./{t}" for i, t in enumerate(TARGETS)},
    }
    (root / "package.json").write_text(json.dumps(package))
    for number, target in enumerate(TARGETS):
        full = root / target
        full.parent.mkdir(parents=True, exist_ok=True)
        full.write_text(
            f"globalThis.fs.writeFileSync({json.dumps(str(marks / str(number)))}, '');\n"
        )
    lines = ["const fs = require('fs');", "globalThis.fs = fs;"]
    lines += [FORMS[f].format(t=TARGETS[t], i=t) + ";" for f, t in loads]
    (root / "tools").mkdir(exist_ok=True)
    (root / "tools" / "run.js").write_text("\n".join(lines) + "\n")


def check_property(examples: int, seed: int, work: Path) -> int:
    top = Path(tempfile.mkdtemp(prefix="node-loads-", dir=work))
    root, marks, repo = textconv_tree(top, UNTOUCHED, "free = 1;\n")
    ran = 0
    load = st.tuples(st.integers(0, len(FORMS) - 1), st.integers(0, len(TARGETS) - 1))
    subprocess.run(["git", "config", "diff.x.textconv", "node tools/run.js"], cwd=root, check=True)

    @reproducible(examples, seed)
    @example(loads=[(1, 2)])
    @example(loads=[(2, 0), (3, 3)])
    @example(loads=[(0, 1), (len(LITERAL), 2)])
    @given(loads=st.lists(load, min_size=1, max_size=3))
    def check(loads: list[tuple[int, int]]) -> None:
        nonlocal ran
        shutil.rmtree(marks, ignore_errors=True)
        marks.mkdir()
        for folder in ("tools", "lib", "src", "pkg"):
            shutil.rmtree(root / folder, ignore_errors=True)
        write_tree(root, marks, loads)
        subprocess.run(
            ["git", "diff", "--textconv"], cwd=root, capture_output=True, timeout=60, check=False
        )
        host = host_folders(repo)
        said = f"tools/run.js loading {[(FORMS[f], TARGETS[t]) for f, t in loads]}"
        assert os.listdir(marks), f"{said}: nothing ran"
        ran += marks_host_run(host, marks, TARGETS, said)
        computed = any(f >= len(LITERAL) for f, _ in loads)
        free = host_run(UNTOUCHED, host)
        if computed:
            assert free is not None, f"{said}: a computed module path, yet {UNTOUCHED} is open"
        else:
            assert free is None, f"{said}: {UNTOUCHED} taken as loaded ({free})"

    check()
    return ran
