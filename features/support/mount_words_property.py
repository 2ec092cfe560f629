"""The property of trust.mount_words.property.feature: the sandbox makes an empty mount point
only for a hook's word that may be a file, and holds each one that names a file.

Each example writes the user's pre-commit hook (or a git alias) as a random line of a program
that takes its words as data or files (`notify-send`, `echo`, `logger -t claude`, `printf
%s`, `cat`, `git log -n`, `git commit -m`), runs its first word (`sh`, the others its
script's arguments), or may do either (`./lib/x.sh`, a script of the tree; `mytool`, on
PATH: agents cannot tell), with random words from a pool whose kind is written down by
hand: a message, a revision, a number, a format (no file), a missing name that looks like a
file (`notes.txt`, `docs/n.md`), a committed file (`README`, `Makefile`, `lib/x.sh`, `data`).
The oracle is that table, not agents' rule: a committed word is held read-only (`kept`),
or the hook keeps the tree whole; an empty file is made only for a missing word that looks
like a file, or for the script `sh` runs, and for every missing word of a program agents
cannot tell about (or its hook keeps the tree whole).
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import tempfile
from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

from cleveragents.adapters.command_safety.host_mounts import host_binds
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.host_folders import host_folders
from cleveragents.domain.reach import WHOLE
from features.support.properties import reproducible

PROGRAMS = ["notify-send", "echo", "logger -t claude", "printf %s", "cat", "git log -n",
            "git commit -m", "sh", "./lib/x.sh", "mytool"]  # fmt: skip
# Programs agents cannot tell reads its words as data (a script of the tree, a program on
# PATH with no table): each missing word may be a file it runs (attack 22 #7).
UNKNOWN = frozenset(("./lib/x.sh", "mytool"))
DATA = ["Task done", "Claude Code", "HEAD~1", "5", "644", "3.14", "wip: claude", "+%s", "@-",
        ".tool_input.file_path", "add", "done", "bel"]  # fmt: skip
FILES = ["notes.txt", "docs/n.md", "out.log"]  # missing, named as files
COMMITTED = {"README": "r\n", "Makefile": "all:\n", "lib/x.sh": "echo x\n", "data": "d\n"}
POOL = [*DATA, *FILES, *COMMITTED]


def check_property(examples: int, seed: int, work: Path) -> int:
    """Returns how many words were judged."""
    root = Path(tempfile.mkdtemp(prefix="mount-words-", dir=work)) / "tree"
    judged = 0

    @reproducible(examples, seed)
    @example(program=0, words=[0, 1], alias=False)  # `notify-send "Task done" "Claude Code"`
    @example(program=7, words=[10], alias=False)  # `sh add`: a script sh runs, made though bare
    @example(program=4, words=[13, 16], alias=False)  # `cat notes.txt README`
    @example(program=8, words=[10, 16], alias=False)  # `./lib/x.sh add README`: `add` a file
    @example(program=9, words=[10], alias=True)  # `git x` runs `mytool add`
    @given(
        program=st.integers(0, len(PROGRAMS) - 1),
        words=st.lists(st.integers(0, len(POOL) - 1), min_size=1, max_size=4),
        alias=st.booleans(),
    )
    def check(program: int, words: list[int], alias: bool) -> None:
        nonlocal judged
        shutil.rmtree(root, ignore_errors=True)
        subprocess.run(["git", "init", "-q", str(root)], check=True)
        for path, content in COMMITTED.items():
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_text(content)
        (root / "docs").mkdir(exist_ok=True)
        named = [POOL[w] for w in words]
        line = " ".join([PROGRAMS[program], *map(shlex.quote, named)])
        if alias:  # a git alias runs it, read as git's shell would, not as a hook's line
            subprocess.run(["git", "-C", str(root), "config", "alias.x", f"!{line}"], check=True)
        else:
            hook = root / ".git" / "hooks" / "pre-commit"
            hook.write_text(f"#!/bin/sh\n{line}\n")
            hook.chmod(0o755)
        repo = GitRepository(root=root.resolve(), git_dir=(root / ".git").resolve())
        host = host_folders(repo)
        binds = host_binds(root.resolve(), host)
        whole = any(r.path == WHOLE for r, _ in host.programs) or any(
            run.reach.path == WHOLE for run in host.hook_runs
        )
        # The script sh runs: its first word that is no option (`+%s` reads as one).
        script = [w for w in named if w[:1] not in "-+"][:1] if PROGRAMS[program] == "sh" else []
        run = script[0] if script else None
        for word in named:
            judged += 1
            said = f"the hook `{line}`: {word!r}"
            if word in COMMITTED and (run is None or word == run):  # `sh`'s others: $1...
                held = any(word == k or word.startswith(f"{k}/") for k in binds.kept)
                assert held or whole, f"{said}, a committed file, is not held ({binds.kept})"
            unknown = PROGRAMS[program] in UNKNOWN
            if unknown and word not in COMMITTED:
                assert word in binds.made or whole, f"{said}, an unknown program's, is not held"
            if word in binds.made:
                assert word in FILES or word == run or unknown, f"{said} stood as an empty file"

    check()
    return judged
