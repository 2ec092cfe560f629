"""The diffs of many pairs of checkpoints, in a few git runs whatever their number.

A picture of a plan shows what each decision changed; one `git diff-tree` per decision
would start 10,000 processes for a long plan. Instead one read of the object store
(`ObjectStore.trees_of`) finds every checkpoint's tree, and `git diff-tree --stdin` writes
the patches of a batch of pairs at once, each after a line naming its two trees (`T1 T2`),
which no line of a patch can be: patch lines start with a marker (`diff`, `@@`, `+`, `-`, ` `, ...).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from cleveragents.adapters.git.nested import OF_TREES
from cleveragents.adapters.git.objects import ObjectStore
from cleveragents.adapters.git.repository import GitRepository

BATCH = 200  # pairs a diff-tree run writes: a caller that has seen enough stops between runs


def patches(objects: ObjectStore, pairs: Sequence[tuple[str, str]]) -> Iterator[str | None]:
    """The patch from each pair's first commit to its second, in order ("" when their files
    are the same, None when a checkpoint is gone). Git runs batch by batch, as asked."""
    trees = objects.trees_of([commit for pair in pairs for commit in pair])
    tree_pairs = [(trees.get(before), trees.get(after)) for before, after in pairs]
    for start in range(0, len(tree_pairs), BATCH):
        batch = tree_pairs[start : start + BATCH]
        differing = [(a, b) for a, b in batch if a and b and a != b]
        found = _diff_trees(objects.repo, differing)
        for a, b in batch:
            if a is None or b is None:
                yield None
            else:
                yield found[(a, b)] if a != b else ""


# How every patch between two trees is asked of git: no renames, colour, external diff or
# textconv (nothing of the tree's runs), nested repositories as opaque commits.
PATCH_OPTIONS = (
    "-p",
    "-r",
    "--no-renames",
    "--no-color",
    "--no-ext-diff",
    "--no-textconv",
    OF_TREES,
)


def _diff_trees(repo: GitRepository, pairs: list[tuple[str, str]]) -> dict[tuple[str, str], str]:
    if not pairs:
        return {}
    unique = list(dict.fromkeys(pairs))
    asked = "".join(f"{a} {b}\n" for a, b in unique)
    text = _with_input(
        repo,
        asked,
        "diff-tree",
        "--stdin",
        *PATCH_OPTIONS,
    )
    headers = {f"{a} {b}": (a, b) for a, b in unique}
    found: dict[tuple[str, str], list[str]] = {pair: [] for pair in unique}
    current: list[str] | None = None
    for line in text.split("\n"):
        if line in headers:
            current = found[headers[line]]
        elif current is not None:
            current.append(line)
    return {
        pair: "\n".join(lines).strip("\n") + "\n" if lines else "" for pair, lines in found.items()
    }


def _with_input(repo: GitRepository, text: str, *args: str) -> str:
    """git's stdout, given `text` on stdin."""
    return repo.git_with_input(text.encode(), *args)
