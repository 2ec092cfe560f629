"""The property of trust.config_listings.property.feature: what agents keeps of the user's git
config (`config_listings.py`) is always what git reads now.

Each example is a random sequence of changes to what git reads for the tree: its own
config, the user's global one, a file it includes (made, grown in place, removed), a file
it includes only on a branch and the branch itself, a nested repository's config (its
hooks folder, a program) and a file of the tree that config includes (made, grown,
removed). After each change, the tree files git runs as programs (the nested repository's
too, and the file it includes) and the nested repository's hooks folder, as one long-lived
`OwnConfig` holding its listings answers, must equal what a fresh one answers; and the
fresh one names the nested repository's included file and its program, from its top.
The grace for a file changed in the last 2 s (`RECENT`) is set to 0 here, so every
answer after the first comes from what is kept whenever the stamps say nothing changed: the
stamps alone must catch every change.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

from cleveragents.adapters.git import config_listings
from cleveragents.adapters.git.config_programs import config_programs
from cleveragents.adapters.git.own_config import OwnConfig
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.domain.config_programs import Reach
from features.support.properties import reproducible

PLACES = ["repo", "global", "include", "on_branch", "nested", "branch", "nested_program"]
PLACES += ["nested_include"]
VALUES = ["", "./tools/conv", "tools/other", "sh ./tools/conv x"]
Change = tuple[str, str]


def tree(top: Path) -> Path:
    """A repository whose config includes `top/inc.cfg` (not there yet) and, on the branch
    `side`, `top/side.cfg`; with a nested repository `vendor`, and a `broken` one."""
    root = top / "tree"
    subprocess.run(["git", "init", "-q", "--initial-branch=main", str(root)], check=True)
    subprocess.run(["git", "init", "-q", str(root / "vendor")], check=True)
    (root / "vendor" / "hooks").mkdir()
    (root / "broken").mkdir()  # a `.git` file naming no git directory: git reads nothing there
    (root / "broken" / ".git").write_text(f"gitdir: {top / 'none'}\n")
    git = ["git", "-C", str(root), "config"]
    subprocess.run([*git, "include.path", str(top / "inc.cfg")], check=True)
    subprocess.run([*git, "includeIf.onbranch:side.path", str(top / "side.cfg")], check=True)
    nested = ["git", "-C", str(root / "vendor"), "config", "include.path", "../inc.cfg"]
    subprocess.run(nested, check=True)  # `vendor/inc.cfg`, from the folder of its config
    return root


def change(root: Path, place: str, value: str) -> None:
    """One change of what git reads: `value` set (or unset when empty) at `place`."""
    top = root.parent
    files = {"repo": root / ".git" / "config", "global": top / "global.cfg"}
    files["nested"] = files["nested_program"] = root / "vendor" / ".git" / "config"
    if place in files:
        key = "core.hooksPath" if place == "nested" else f"diff.{place}.textconv"
        config = ["git", "config", "--file", str(files[place])]
        if value:
            subprocess.run([*config, key, value], check=True)
        else:
            subprocess.run([*config, "--unset-all", key], check=False)
    elif place == "branch":
        branch = "side" if value else "main"
        subprocess.run(["git", "-C", str(root), "symbolic-ref", "HEAD", f"refs/heads/{branch}"])
    else:  # an included file: grown in place, or removed
        names = {"include": top / "inc.cfg", "nested_include": root / "vendor" / "inc.cfg"}
        included = names.get(place, top / "side.cfg")
        if value:
            with included.open("a") as grown:
                grown.write(f'[diff "{place}{len(value)}"]\n\ttextconv = {value}\n')
        else:
            included.unlink(missing_ok=True)


def answers(config: OwnConfig) -> tuple[list[tuple[Reach, str]], list[str]]:
    programs = config_programs(config.repo, config.listings, config.nested())
    return programs, config.nested_hooks()


def nested_named(root: Path, programs: list[tuple[Reach, str]]) -> None:
    """The nested repository's included file, and its program (a plain path), are named
    from its top, as host-run files of the nested repository."""
    named = {reach.path for reach, _ in programs if reach.repo == "vendor"}
    assert "vendor/inc.cfg" in named, named
    listed = subprocess.run(
        ["git", "-C", str(root / "vendor"), "config", "--get", "diff.nested_program.textconv"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    if listed and " " not in listed:
        assert f"vendor/{listed.removeprefix('./')}" in named, (listed, named)


def check_property(examples: int, seed: int, work: Path) -> int:
    top = Path(tempfile.mkdtemp(prefix="config-listings-", dir=work))
    root = tree(top)
    repo = GitRepository(root=root.resolve(), git_dir=(root / ".git").resolve())
    kept = OwnConfig(repo)
    ran = 0

    @reproducible(examples, seed)
    @example(changes=[("include", "./tools/conv"), ("include", "tools/other")])
    @example(changes=[("on_branch", "./tools/conv"), ("branch", "x"), ("branch", "")])
    @example(changes=[("nested", "hooks"), ("global", "./tools/conv"), ("nested", "")])
    @example(changes=[("nested_program", "./tools/conv"), ("nested_include", "tools/other")])
    @given(
        changes=st.lists(st.tuples(st.sampled_from(PLACES), st.sampled_from(VALUES)), max_size=6)
    )
    def check(changes: list[Change]) -> None:
        nonlocal ran
        ran += 1
        for place, value in changes:
            change(root, place, value)
            now = answers(OwnConfig(repo))
            nested_named(root, now[0])
            assert answers(kept) == now, (
                f"after {place} = {value!r}: kept {answers(kept)}, now {now}"
            )

    saved = os.environ.get("GIT_CONFIG_GLOBAL"), config_listings.RECENT
    os.environ["GIT_CONFIG_GLOBAL"] = str(top / "global.cfg")
    config_listings.RECENT = 0
    try:
        answers(kept)
        check()
    finally:
        config_listings.RECENT = saved[1]
        if saved[0] is None:
            del os.environ["GIT_CONFIG_GLOBAL"]
        else:  # pragma: no cover - the suite does not set it
            os.environ["GIT_CONFIG_GLOBAL"] = saved[0]
    return ran
