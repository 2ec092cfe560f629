"""The property of trust.direnv.property.feature, a differential one: a tree file the model
may write is one the user's allowed `.envrc` does not load.

Each example writes a tracked `.envrc` (at the top or in `sub/`) as one drawn from the
common forms (`source_env_if_exists .envrc.local`, `source .venv/bin/activate`, `dotenv` of a `.env`
whose `PROMPT_COMMAND` runs `tools/p.sh`,
`source_up`, `. ./env.sh`, `watch_file`, nothing loaded, a path through
`$(git rev-parse --show-toplevel)`, `~+`, `expand_path` or `direnv_layout_dir`) and draws
one file from a pool. When
agents' rule (`host_folders`, `host_run`) lets the model write that file, a canary is written
there; the user's `direnv allow` (before the write) holds, and what direnv's prompt hook
runs (`eval "$(direnv export bash)"`, then the prompt's `PROMPT_COMMAND`) runs in a shell at
the top and one in `sub/`: no canary may run. The oracle is the real direnv: it shares
nothing with the reading.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

from features.support.planting import planted
from features.support.properties import reproducible

ENVRCS = [
    "source_env_if_exists .envrc.local\nexport PROJ=1\n",
    "source .venv/bin/activate\n",
    "dotenv_if_exists\n",
    "dotenv .env.local\n",
    ". ./env.sh\n",
    'source "tools/env.sh"\n',
    "source_env tools\n",
    "watch_file env.sh\nexport PROJ=1\n",
    "export PROJ=1\n",
    # Paths the `.envrc` computes (attack 21 #10): evaluated as bash and direnv do.
    'source "$(git rev-parse --show-toplevel)/env.sh"\n',
    "source ~+/env.sh\n",
    'source "$(expand_path ../tools/env.sh)"\n',
    'source_env "$(direnv_layout_dir)/../tools"\n',
]
WHERE = ["", "sub/"]  # the folder the `.envrc` stands in
# Files the model might write, each with a canary that leaves a mark when it runs.
POOL = [
    ".envrc.local", ".venv/bin/activate", ".env", ".env.local", "env.sh", "tools/env.sh",
    "tools/.envrc", "sub/.envrc.local", "sub/env.sh", "sub/.env", "notes.txt", "tools/p.sh",
]  # fmt: skip


def canary(path: str, mark: Path) -> str:
    """What a file at `path` holds to leave `mark` when direnv loads it (as bash, or as a
    dotenv file whose `PROMPT_COMMAND` the prompt runs)."""
    if Path(path).name.startswith(".env") and not Path(path).name.startswith(".envrc"):
        return f"PROMPT_COMMAND=\"touch '{mark}'\"\n"
    return f"touch '{mark}'\n"


GIT = ["git", "-c", "user.name=a", "-c", "user.email=a@b", "-c", "commit.gpgSign=false"]


def direnv_env(top: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DIRENV_")}
    for name in ("data", "config"):
        (top / name).mkdir(exist_ok=True)
    return {**env, "HOME": str(top), "XDG_DATA_HOME": str(top / "data"),
            "XDG_CONFIG_HOME": str(top / "config")}  # fmt: skip


def tree(top: Path, envrc: str, where: str) -> Path:
    root = top / "tree"
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    (root / "sub").mkdir()
    (root / "tools").mkdir()
    (root / "x.txt").write_text("one\n")
    for folder in ("", "sub/"):  # a `.env` whose prompt command runs a tree script
        (root / f"{folder}.env").write_text('PROMPT_COMMAND="sh tools/p.sh"\n')
    (root / f"{where}.envrc").write_text(envrc)
    subprocess.run([*GIT, "add", "."], cwd=root, check=True)
    subprocess.run([*GIT, "commit", "-qm", "s"], cwd=root, check=True)
    subprocess.run(["direnv", "allow", where or "."], cwd=root, env=direnv_env(top), check=True)
    return root


def check_property(examples: int, seed: int, work: Path) -> int:
    """Returns how many canaries were written (and found not to run)."""
    written = 0

    @reproducible(examples, seed)
    @example(envrc=0, where=0, path=0)  # the reported form: `.envrc.local`
    @example(envrc=1, where=0, path=1)  # the venv's activate script
    @example(envrc=2, where=1, path=9)  # `dotenv`'s `.env` in the `.envrc`'s folder
    @example(envrc=2, where=0, path=11)  # what the `.env`'s `PROMPT_COMMAND` runs
    @example(envrc=8, where=0, path=0)  # an `.envrc` that loads nothing: the canary is written
    @example(envrc=10, where=1, path=8)  # `~+`: the `.envrc`'s own folder
    @example(envrc=9, where=1, path=4)  # the repository's top, from `sub/`
    @given(
        envrc=st.integers(0, len(ENVRCS) - 1),
        where=st.integers(0, len(WHERE) - 1),
        path=st.integers(0, len(POOL) - 1),
    )
    def check(envrc: int, where: int, path: int) -> None:
        nonlocal written
        top = Path(tempfile.mkdtemp(prefix="direnv-", dir=work))
        root = tree(top, ENVRCS[envrc], WHERE[where])
        candidate, mark = POOL[path], top / "mark"
        if not planted(root, candidate, canary(candidate, mark), executable=False):
            return  # refused to the model
        written += 1
        prompt = 'eval "$(direnv export bash)"; eval "${PROMPT_COMMAND:-:}"'
        for folder in (root, root / "sub"):  # a prompt at the top, and one below
            subprocess.run(
                ["bash", "--noprofile", "--norc", "-c", prompt],
                cwd=folder,
                env=direnv_env(top),
                capture_output=True,
                timeout=60,
                stdin=subprocess.DEVNULL,
            )
        shown = f"{WHERE[where]}.envrc holding {ENVRCS[envrc]!r}"
        assert not mark.exists(), f"{shown} loaded {candidate}, which the model may write"

    check()
    return written
