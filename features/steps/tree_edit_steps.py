"""A checkpoint's tree edited along a few paths in-process, against git's scratch index."""

from __future__ import annotations

import subprocess
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from behave import then, when

from features.steps.checkpoint_steps import services
from features.steps.known_paths_steps import git_commands
from features.support.properties import reproducible, run_property


def _entry(checkpoints: Any, change: str) -> Any:
    from cleveragents.domain.checkpoint import ABSENT, TreeEntry

    if change == "removed":
        return TreeEntry(ABSENT, "0" * 2 * checkpoints.objects.digest_size)
    content = change.removeprefix('the content "').removesuffix('"').replace("\\n", "\n")
    return TreeEntry("100644", checkpoints.objects.blob(content.encode()))


@when("the committed tree is edited in-process, noting the git commands:")
def step_edit_tree(context: Any) -> None:
    checkpoints = services(context).checkpoints
    context.base = subprocess.run(
        ["git", "rev-parse", "HEAD^{tree}"], cwd=context.repo, capture_output=True, text=True
    ).stdout.strip()
    context.tree_changes = {
        row["path"]: _entry(checkpoints, row["change"]) for row in context.table
    }
    with git_commands() as context.git_calls:
        context.edited = checkpoints.trees.edited_tree(context.base, context.tree_changes)


@then("the edit asked git nothing")
def step_asked_nothing(context: Any) -> None:
    assert not context.git_calls, context.git_calls


@then("the edited tree is the one git makes through a scratch index")
def step_edited_as_git(context: Any) -> None:
    from cleveragents.adapters.git import trees

    objects = services(context).checkpoints.objects
    assert context.edited == trees.edited_tree(objects, context.base, context.tree_changes)


NAMES = ["a", "a.b", "a-b", "a0", "b", "z"]  # "a" as a folder sorts as "a/": between them


def _tree_edits(examples: int, seed: int, tmp: Path) -> int:
    from hypothesis import given as for_every
    from hypothesis import strategies as st

    from cleveragents.adapters.git import trees
    from cleveragents.adapters.git.checkpoints import GitCheckpoints
    from cleveragents.adapters.git.repository import GitRepository
    from cleveragents.domain.checkpoint import ABSENT, TreeEntry
    from cleveragents.errors import GitFailed

    stores = {}
    for kind in ("sha1", "sha256"):
        root = Path(tempfile.mkdtemp(prefix=f"ca-edits-{kind}-", dir=tmp))
        subprocess.run(["git", "init", "-q", f"--object-format={kind}", str(root)], check=True)
        stores[kind] = GitCheckpoints(GitRepository.discover(root), lambda: datetime.now(UTC))
    paths = st.lists(st.sampled_from(NAMES), min_size=1, max_size=3).map("/".join)
    # and what git refuses or no tree entry of a file has: both left to git
    odd = st.lists(st.sampled_from([*NAMES, ".git", ".."]), min_size=1, max_size=3).map("/".join)
    modes = st.sampled_from(["100644", "100755", "120000", "160000", ABSENT, ABSENT, "040000"])
    edited = 0

    @reproducible(examples, seed)
    @for_every(
        st.sampled_from(sorted(stores)),
        st.dictionaries(paths, st.integers(0, 3), min_size=1, max_size=8),
        st.dictionaries(
            st.one_of(paths, paths, odd),
            st.tuples(modes, st.integers(0, 3)),
            min_size=1,
            max_size=5,
        ),
    )
    def check(kind: str, first: dict[str, int], changes: dict[str, tuple[str, int]]) -> None:
        nonlocal edited
        checkpoints = stores[kind]
        blobs = [checkpoints.objects.blob(b"%d\n" % n) for n in range(4)]
        zeros = "0" * len(blobs[0])
        listing = b"".join(
            b"100644 %s\t%s\0" % (blobs[n].encode(), p.encode()) for p, n in first.items()
        )
        base = checkpoints.objects.tree_of_paths(listing)  # a file and a folder: the later
        wanted = {
            p: TreeEntry(mode, zeros if mode == ABSENT else blobs[n])
            for p, (mode, n) in changes.items()
        }
        try:
            theirs: str | None = trees.edited_tree(checkpoints.objects, base, wanted)
        except GitFailed:
            theirs = None
        try:
            ours: str | None = checkpoints.trees.edited_tree(base, wanted)
        except GitFailed:
            ours = None
        assert ours == theirs, (base, wanted, ours, theirs)
        edited += 1

    check()
    return edited


@when("random paths of random trees are edited in-process and by git")
def step_random_edits(context: Any) -> None:
    context.property_ran = run_property(context, "tree edit property", _tree_edits, 60)


@then("every tree edited in-process is the one git wrote, or git refused both")
def step_edits_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
    assert context.property_ran, "no example made a tree"
