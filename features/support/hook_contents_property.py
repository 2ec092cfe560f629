"""The property of trust.hook_contents.property.feature, a differential one: a tree file the
model may write is one the user's git hooks do not run.

Each example writes `.git/hooks/pre-commit` as one hook drawn from the common hand-written
forms (`exec sh scripts/check.sh`, a `cd`, a sourced file, `python3 -m NAME`, `make`, a
loop, another interpreter, ...) and draws one file from a pool of places those forms run, or
do not. When agents' rule (`host_folders`, `host_run`) lets the model write that file, a
canary is written there, and the user's real `git commit` runs the hook: no canary may run.
The oracle is git itself: it shares nothing with the reading of the hook.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

from features.support.planting import planted
from features.support.properties import reproducible

HOOKS = [
    "#!/bin/sh\nexec sh scripts/check.sh\n",
    "#!/bin/sh\nsh scripts/check.sh || exit 1\n",
    "#!/bin/sh\ncd scripts && ./check.sh\n",
    '#!/bin/bash\nset -e\n./scripts/check.sh "$@"\n',
    "#!/usr/bin/env sh\n. scripts/env.sh\nexit 0\n",
    "exec python3 -m lint\n",
    "#!/bin/sh\npython3 scripts/lint.py\n",
    "#!/bin/sh\nmake -s lint\n",
    '#!/bin/sh\nfor f in scripts/*.sh; do sh "$f"; done\n',
    "#!/bin/sh\nexit 0\n",
    "#!/usr/bin/env python3\nimport subprocess\nsubprocess.run(['sh', 'scripts/check.sh'])\n",
    "#!/bin/sh\nFILES=$(git diff --cached --name-only)\nsh scripts/check.sh\n",
    "#!/bin/sh\n# a comment naming scripts/other.sh\nenv LINT=1 timeout 5 sh scripts/check.sh\n",
    # the shell's tests and lookups, xargs, a home script (attack 15 finding 9)
    "#!/bin/sh\n[ -f scripts/check.sh ] && sh scripts/check.sh; exit 0\n",
    "#!/bin/bash\nif [[ -x scripts/check.sh ]]; then ./scripts/check.sh; fi\n",
    "#!/bin/sh\ncommand -v sh >/dev/null && test -r scripts/env.sh && . scripts/env.sh\n",
    "#!/bin/sh\necho notes.txt | xargs sh\n",
    "#!/bin/sh\nls scripts/*.sh | xargs -I{} sh {}\n",
    '#!/bin/sh\n"$HOME"/.config/no-such-hook.sh; sh scripts/check.sh\n',
]
# Files the model might write, each with a canary that leaves a mark when it runs.
POOL = [
    "scripts/check.sh", "scripts/env.sh", "scripts/other.sh", "lint.py", "lint/__init__.py",
    "scripts/lint.py", "json.py", "Makefile", "notes.txt", "check.sh",
]  # fmt: skip


def canary(path: str, mark: Path) -> str:
    """What a file at `path` holds to leave `mark` when it runs."""
    if path.endswith(".py"):
        return f"open({str(mark)!r}, 'w').close()\n"
    if path == "Makefile":
        return f"lint:\n\t@touch '{mark}'\n"
    return f"#!/bin/sh\ntouch '{mark}'\n"


def tree(top: Path, hook: str) -> Path:
    """A repository with `scripts/check.sh` and `scripts/lint.py`, and the hook."""
    root = top / "tree"
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    (root / "scripts").mkdir()
    (root / "scripts" / "check.sh").write_text("exit 0\n")
    (root / "scripts" / "check.sh").chmod(0o755)
    (root / "scripts" / "lint.py").write_text("import json\n")
    (root / "x.txt").write_text("one\n")
    subprocess.run([*GIT, "add", "."], cwd=root, check=True)
    subprocess.run([*GIT, "commit", "-qm", "s"], cwd=root, check=True)
    (root / ".git" / "hooks" / "pre-commit").write_text(hook)
    (root / ".git" / "hooks" / "pre-commit").chmod(0o755)
    return root


GIT = ["git", "-c", "user.name=a", "-c", "user.email=a@b", "-c", "commit.gpgSign=false"]


def check_property(examples: int, seed: int, work: Path) -> int:
    """Returns how many canaries were written (and found not to run)."""
    written = 0

    @reproducible(examples, seed)
    @example(hook=0, path=0)  # the reported form: `exec sh scripts/check.sh`
    @example(hook=2, path=0)  # after a `cd`
    @example(hook=4, path=1)  # a sourced file
    @example(hook=5, path=3)  # `python3 -m NAME`: NAME.py of the tree's top
    @example(hook=7, path=7)  # `make`: the whole tree
    @example(hook=9, path=8)  # a hook that runs nothing of the tree: the canary is written
    @example(hook=10, path=0)  # another interpreter: the whole tree
    @example(hook=13, path=0)  # `[ ... ] && sh F`: F, nothing else
    @example(hook=16, path=8)  # xargs runs a file named on its input: the whole tree
    @example(hook=17, path=2)  # xargs -I{}: what the glob names
    @given(hook=st.integers(0, len(HOOKS) - 1), path=st.integers(0, len(POOL) - 1))
    def check(hook: int, path: int) -> None:
        nonlocal written
        top = Path(tempfile.mkdtemp(prefix="hook-contents-", dir=work))
        root = tree(top, HOOKS[hook])
        candidate, mark = POOL[path], top / "mark"
        if not planted(root, candidate, canary(candidate, mark)):
            return  # refused to the model
        written += 1
        (root / "x.txt").write_text("two\n")
        subprocess.run([*GIT, "add", "-A"], cwd=root, check=True)
        subprocess.run(
            [*GIT, "commit", "-qm", "user"],
            cwd=root,
            capture_output=True,
            timeout=60,
            stdin=subprocess.DEVNULL,
        )
        assert not mark.exists(), f"{HOOKS[hook]!r} ran {candidate}, which the model may write"

    check()
    return written
