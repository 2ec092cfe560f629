"""The property of trust.script_calls.property.feature: every tree file that a Python, node
or shell script my git config runs starts in turn (`subprocess.run([...])`, `os.system`,
`exec(open(...).read())`, `runpy.run_path`, a folder put on `sys.path` then imported from,
`spec_from_file_location`, `execSync`, `spawnSync`, a node `Worker`, `sh x`) is refused to
the model, and a file none starts is not.

Each example writes random scripts into the tree, in three languages: each leaves a mark
when it runs and starts some others by a random form of its language, each once at most (a
mark already there: not again, so a cycle ends); `diff.x.textconv` runs one of them, and git
itself runs it (`git diff`). Every script that ran must be judged host-run (`host_folders`):
an oracle that shares nothing with the reading of the scripts.
"""

from __future__ import annotations

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

# No node script at the top: its folder (the whole tree) would be host-run, and the
# oracle's "a file none starts is not" would not hold.
SCRIPTS = ["tools/a.py", "tools/b.js", "lib/c.sh", "lib/d.py", "lib/sub/e.js", "f.py"]
RUNNER = {".py": "python3", ".js": "node", ".sh": "sh"}
FORMS = {
    ".py": [
        'subprocess.run(["{runner}", "{path}"])',
        'os.system("{runner} {path}")',
        'subprocess.run("{runner} {path}", shell=True)',
        'sp.check_call(("{runner}", "{path}"))',
        'exec(open("{path}").read()) if "{runner}" == "python3" else os.system("{runner} {path}")',
        'runpy.run_path("{path}") if "{runner}" == "python3" else sp.call(["{runner}", "{path}"])',
        "{syspath}",
        "{spec}",
    ],
    ".js": [
        'require("child_process").execSync("{runner} {path}")',
        'cp.spawnSync("{runner}", ["{path}"])',
        'cp.execFileSync("{runner}", ["{path}"])',
        "{worker}",
    ],
    ".sh": ["{runner} {path}", "{runner} ./{path}"],
}
HEADS = {
    ".py": "import importlib.util, os, runpy, subprocess, subprocess as sp, sys\n"
    "open('{mark}', 'w').close()\n",
    ".js": "const fs = require('fs');\nconst cp = require('child_process');\n"
    "const {{ Worker }} = require('worker_threads');\n"
    "fs.writeFileSync('{mark}', '');\n",
    ".sh": "#!/bin/sh\ntouch '{mark}'\n",
}
GUARDS = {
    ".py": "if not os.path.exists('{mark}'):\n    {call}\n",
    ".js": "if (!fs.existsSync('{mark}')) {{ {call}; }}\n",
    ".sh": "[ -e '{mark}' ] || {call}\n",
}
# Loads a script runs its own language's by (any other's: started as above): a folder put on
# `sys.path`, then an import; a file loaded by its spec; a node worker thread.
LOADS = {
    "syspath": ('sys.path.insert(0, "{folder}"); import {module}', 'os.system("{runner} {path}")'),
    "spec": (
        's = importlib.util.spec_from_file_location("m{number}", "{path}"); '
        "s.loader.exec_module(importlib.util.module_from_spec(s))",
        'sp.call(["{runner}", "{path}"])',
    ),
    "worker": ('new Worker("./{path}")', 'cp.execSync("{runner} {path}")'),
}
UNTOUCHED = "other/free.py"


def write_scripts(root: Path, marks: Path, graph: list[list[tuple[int, int]]]) -> None:
    for number, (path, called) in enumerate(zip(SCRIPTS, graph, strict=True)):
        kind = os.path.splitext(path)[1]
        text = HEADS[kind].format(mark=marks / str(number))
        for form, target in called:
            named = SCRIPTS[target]
            forms = FORMS[kind]
            runner = RUNNER[os.path.splitext(named)[1]]
            call = forms[form % len(forms)]
            if call.strip("{}") in LOADS:  # a load of its own language's, else a start
                own, other = LOADS[call.strip("{}")]
                same = os.path.splitext(named)[1] == kind
                call = own if same else other
            folder, module = os.path.split(os.path.splitext(named)[0])
            call = call.format(
                runner=runner, path=named, folder=folder or ".", module=module, number=target
            )
            text += GUARDS[kind].format(mark=marks / str(target), call=call)
        full = root / path
        full.parent.mkdir(parents=True, exist_ok=True)
        full.write_text(text)


def check_property(examples: int, seed: int, work: Path) -> int:
    top = Path(tempfile.mkdtemp(prefix="script-calls-", dir=work))
    root, marks, repo = textconv_tree(top, UNTOUCHED, "free = 1\n")
    ran = 0
    call = st.tuples(st.integers(0, 7), st.integers(0, len(SCRIPTS) - 1))

    @reproducible(examples, seed)
    @example(first=0, graph=[[(0, 1)], [(0, 2)], [(0, 3)], [(4, 4)], [(1, 5)], []])
    @example(first=3, graph=[[(2, 2)], [(2, 0)], [], [(5, 0), (3, 1)], [], [(0, 4)]])
    @example(first=0, graph=[[(6, 3), (3, 1)], [(3, 4)], [], [(7, 5)], [], []])
    @given(
        first=st.integers(0, len(SCRIPTS) - 1),
        graph=st.lists(st.lists(call, max_size=2), min_size=len(SCRIPTS), max_size=len(SCRIPTS)),
    )
    def check(first: int, graph: list[list[tuple[int, int]]]) -> None:
        nonlocal ran
        shutil.rmtree(marks, ignore_errors=True)
        marks.mkdir()
        for folder in ("tools", "lib"):
            shutil.rmtree(root / folder, ignore_errors=True)
        (root / "f.py").unlink(missing_ok=True)
        write_scripts(root, marks, graph)
        entry = SCRIPTS[first]
        value = f"{RUNNER[os.path.splitext(entry)[1]]} {entry}"
        subprocess.run(["git", "config", "diff.x.textconv", value], cwd=root, check=True)
        subprocess.run(
            ["git", "diff", "--textconv"], cwd=root, capture_output=True, timeout=60, check=False
        )
        host = host_folders(repo)
        said = f"diff.x.textconv = {value}, calls {graph}"
        assert os.listdir(marks), f"{said}: nothing ran"
        ran += marks_host_run(host, marks, SCRIPTS, said)
        assert host_run(UNTOUCHED, host) is None, f"{said}: {UNTOUCHED} taken as run"

    check()
    return ran
