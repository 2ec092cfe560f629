"""The property of trust.config_launchers.property.feature, a differential one: a tree file
the model may write is one the user's git does not run.

Each example sets a filter's `clean` and a `textconv` to one command line drawn from the
launcher forms (`python3 -m`, `npx`, `cd tools && ./conv.sh`, a shell function, `env`,
`timeout 5`, `sh -c`, `make`, `eval`, `node -r`, `perl -I`, a glob, `$PWD`, `< FILE`, a
substitution, ...) and draws one file from a pool of places those
forms look in, or do not. When agents' rule (`host_folders`, `host_run`) lets the model
write that file, a canary is written there, and the user's real git runs the setting (`git
diff`, `git add`): no canary may run. The oracle is git itself: it shares nothing with the
reading of the value.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

from features.support.planting import planted
from features.support.properties import reproducible

# Command lines git runs with the tree's top as the working folder.
VALUES = [
    "python3 -m conv",
    "python3 -m json.tool",
    "python3 tools/conv.py",
    "python3 -c 'import json, sys; sys.stdout.write(sys.stdin.read())'",
    "python3 -I -m json.tool",
    "npx --no-install conv",
    "node -e \"require('conv')\"",
    "cd tools && ./conv.sh",
    'f() { cd tools; ./conv.sh "$@"; }; f',
    "env A=1 tools/conv.sh",
    "timeout 5 tools/conv.sh",
    "nice -n 1 ./tools/conv.sh",
    "exec tools/conv.sh",
    "command ./tools/conv.sh",
    "sh -c 'cd tools && exec ./conv.sh'",
    "bash tools/conv.sh",
    "make -s conv",
    "eval tools/conv.sh",
    "cat",
    "python3 -c \"import subprocess, sys; subprocess.run(['sh', 'conv.sh'])\"; cat",
    "NODE_OPTIONS='--require ./hook.js' node -e 'process.stdin.pipe(process.stdout)'",
    "(cd tools; ./conv.sh); ./conv.sh",
    "bash -o pipefail -c 'cd tools && ./other.sh; cat'",
    "python3 -m nsp.mod",
    "python3 -c 'import nsp.mod, sys; sys.stdout.write(sys.stdin.read())'",
    "node -r ./hook.js -e 'process.stdin.pipe(process.stdout)'",
    "perl -I lib -MConv -pe ''",
    "sh ./tools/*.sh",
    'sh "$PWD"/conv.sh',
    "node < hook.js; cat",
    'echo "$(cd tools && ./other.sh </dev/null)" >/dev/null; cat',
    "echo $((1 + 2)) `./conv.sh </dev/null` >/dev/null; cat",
    "bash -c 'sh ./tools/{a,conv}.sh'",
    "python3 -m mcmod",
    "python3 -m mcpkg",
]
# Files the model might write, each with a canary that leaves a mark when it runs.
POOL = [
    "conv.py", "json.py", "tools/json.py", "tools/conv.sh", "tools/other.sh",
    "node_modules/.bin/conv", "node_modules/conv/index.js", "Makefile", "lib/json.py",
    "conv/__init__.py", "__pycache__/json.cpython-312.pyc", "notes.txt", "conv.sh",
    "hook.js", "nsp/mod.py", "lib/Conv.pm", "tools/a.sh",
]  # fmt: skip


def canary(path: str, mark: Path) -> str:
    """What a file at `path` holds to leave `mark` when it runs."""
    if path.endswith(".py"):
        return f"open({str(mark)!r}, 'w').close()\nimport sys\nsys.stdout.write(sys.stdin.read())\n"
    if path.endswith(".js"):
        return f"require('fs').writeFileSync({str(mark)!r}, '')\n"
    if path.endswith(".pm"):
        return f"open(my $f, '>', {str(mark)!r}); close($f); 1;\n"
    if path == "Makefile":
        return f"conv:\n\t@touch '{mark}'\n"
    return f"#!/bin/sh\ntouch '{mark}'\ncat \"$@\"\n"


def tree(top: Path) -> Path:
    """A repository whose `x.txt` the filter `f` and the diff driver `f` read, with
    the tools the values name: `tools/conv.sh` and `tools/conv.py` (which imports json), a
    module `mcmod.py` and a package `mcpkg` whose modules run `tools/other.sh`, `tools/a.sh`."""
    root = top / "tree"
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    (root / "tools").mkdir()
    (root / "tools" / "conv.sh").write_text('#!/bin/sh\ncat "$@"\n')
    (root / "tools" / "conv.sh").chmod(0o755)
    (root / "tools" / "conv.py").write_text(
        "import json, sys\nsys.stdout.write(sys.stdin.read())\n"
    )
    run = "import subprocess, sys\nsubprocess.run(['sh', 'tools/{}.sh'])\n"
    (root / "mcmod.py").write_text(run.format("other") + "sys.stdout.write(sys.stdin.read())\n")
    (root / "mcpkg").mkdir()
    (root / "mcpkg" / "__init__.py").write_text("")
    (root / "mcpkg" / "__main__.py").write_text("from mcpkg import run\n")
    (root / "mcpkg" / "run.py").write_text(run.format("a") + "sys.stdout.write(sys.stdin.read())\n")
    (root / ".gitattributes").write_text("*.txt filter=f diff=f\n")
    (root / "x.txt").write_text("one\n")
    git = ["git", "-c", "user.name=a", "-c", "user.email=a@b"]
    subprocess.run([*git, "add", "."], cwd=root, check=True)
    subprocess.run([*git, "commit", "-qm", "s"], cwd=root, check=True)
    return root


def check_property(examples: int, seed: int, work: Path) -> int:
    """Returns how many canaries were written (and found not to run)."""
    written = 0

    @reproducible(examples, seed)
    @example(value=0, path=0)  # nbstripout's own form: `python3 -m NAME`, `NAME.py`
    @example(value=1, path=1)  # a module NAME imports
    @example(value=5, path=5)  # npx: node_modules/.bin/NAME
    @example(value=8, path=3)  # a function's `cd` before the program
    @example(value=18, path=11)  # a harmless program: the canary is written
    @example(value=19, path=12)  # code that runs a tree file
    @example(value=20, path=13)  # an assignment naming a file node requires
    @example(value=23, path=14)  # `-m` of a namespace package: its module runs
    @example(value=25, path=13)  # `node -r ./hook.js`
    @example(value=26, path=15)  # `perl -I lib`: a module of lib
    @example(value=27, path=16)  # a glob: the first file it matches runs
    @example(value=28, path=12)  # `$PWD`: a file only the shell names
    @example(value=29, path=13)  # standard input is the script node runs
    @example(value=31, path=12)  # a substitution runs a tree file
    @example(value=31, path=11)  # ... and no other: the canary is written
    @example(value=32, path=16)  # bash's braces name a file
    @example(value=33, path=4)  # a module of the tree runs a tree script
    @example(value=34, path=16)  # ... a package's module too
    @given(value=st.integers(0, len(VALUES) - 1), path=st.integers(0, len(POOL) - 1))
    def check(value: int, path: int) -> None:
        nonlocal written
        top = Path(tempfile.mkdtemp(prefix="config-launchers-", dir=work))
        root = tree(top)
        for key in ("filter.f.clean", "diff.f.textconv"):
            subprocess.run(["git", "config", key, VALUES[value]], cwd=root, check=True)
        subprocess.run(["git", "config", "filter.f.smudge", "cat"], cwd=root, check=True)
        candidate, mark = POOL[path], top / "mark"
        if not planted(root, candidate, canary(candidate, mark)):
            return  # refused to the model
        written += 1
        (root / "x.txt").write_text("two\n")
        for command in (["git", "diff"], ["git", "add", "x.txt"]):
            subprocess.run(
                command, cwd=root, capture_output=True, timeout=60, stdin=subprocess.DEVNULL
            )
        assert not mark.exists(), f"{VALUES[value]!r} ran {candidate}, which the model may write"

    check()
    return written
