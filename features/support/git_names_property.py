"""The property behind the names git refuses in a tree: `git_refuses_name` says of a name
exactly what git itself says.

Each example is a list of file or folder names made of the pieces git's checks look at
(`.git` and `git~1` in any case, dots, spaces, `:`, `~`, other letters); for each, a real
git (`update-index --add --cacheinfo`, which checks a path as `add` and `read-tree` do)
is asked to record `d/<name>/f`. A name git refuses must be one `git_refuses_name` names,
and the reverse, so that what a checkpoint leaves out (and what an action refuses) is
what git cannot hold, no more.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.domain.rules import git_refuses_name
from features.support.properties import reproducible

PIECES = (".git", ".GIT", ".Git", "git~1", "GIT~1", "git~2", ".", " ", ":", "~", "1", "a", "$DATA")
NAMES = st.lists(st.sampled_from(PIECES), min_size=1, max_size=4).map("".join)


def check_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the property; the number of examples that ran."""
    repo = tmp / "names"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    blob = subprocess.run(
        ["git", "hash-object", "-w", "--stdin"], cwd=repo, input=b"", capture_output=True,
        check=True,
    ).stdout.decode().strip()  # fmt: skip
    ran = 0

    @reproducible(examples, seed)
    @given(names=st.lists(NAMES, min_size=1, max_size=8))
    def prop(names: list[str]) -> None:
        nonlocal ran
        ran += 1
        for name in names:
            if name in (".", "..", ".git"):
                continue  # never a name of a file or folder in a tree (`.git`: a gitlink)
            added = subprocess.run(
                ["git", "update-index", "--add", "--cacheinfo",
                 f"100644,{blob},d/{name}/f"],
                cwd=repo, capture_output=True, check=False,
            )  # fmt: skip
            refused = added.returncode != 0
            assert git_refuses_name(name) == refused, (
                f"git {'refuses' if refused else 'takes'} {name!r}: {added.stderr!r}"
            )

    prop()
    return ran
