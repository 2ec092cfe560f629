"""Tree queries: what differs between two checkpoints' trees, as paths, entries, patches,
line counts and a diff stat; a tree edited or a file merged as text. Nothing here reads or
writes the working tree or the private index."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from cleveragents.adapters.git import index_file, nested, trees
from cleveragents.adapters.git.known_paths import KnownPaths
from cleveragents.adapters.git.modes import EXECUTABLE, FILE, GITLINK, LINK, object_id
from cleveragents.adapters.git.objects import ObjectStore
from cleveragents.adapters.git.patches import PATCH_OPTIONS
from cleveragents.adapters.git.patches import patches as patches_of
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.domain.checkpoint import Differences, TreeEntry

KEPT_DIFFS = 16  # a correction's preview and restore diff the same few pairs

EDITABLE = (FILE, EXECUTABLE, LINK, GITLINK)  # the modes `update-index` takes for a path


class TreeQueries:
    """Questions about checkpoints' trees, answered from the object database."""

    def __init__(self, repo: GitRepository, objects: ObjectStore) -> None:
        self.repo = repo
        self.objects = objects
        self.paths: dict[str, frozenset[str]] = {}  # trees listed lately
        self.diffs: dict[tuple[str, ...], Differences] = {}  # the last asked: trees never change
        self.known = KnownPaths(objects)

    def changed_paths(self, before: str, after: str) -> list[str]:
        """Paths that differ between two trees (commits work too)."""
        out = self.repo.git(
            "diff-tree", "-r", "--no-renames", nested.OF_TREES, "--name-only", "-z", before, after
        )
        return [p for p in out.split("\0") if p]

    def tree_paths(self, tree: str) -> frozenset[str]:
        """Every path of a tree (listed once per tree: a run asks for the same one often)."""
        if tree not in self.paths:
            listing = self.repo.git("ls-tree", "-r", "--name-only", "-z", tree)
            if len(self.paths) > 16:
                self.paths.clear()
            self.paths[tree] = frozenset(p for p in listing.split("\0") if p)
        return self.paths[tree]

    def patch(self, before: str, after: str) -> str:
        """The textual diff from one tree to another (binary files named, not shown)."""
        return self.repo.git(
            "diff-tree",
            *PATCH_OPTIONS,
            before,
            after,
        )

    def patches(self, pairs: Sequence[tuple[str, str]]) -> Iterator[str | None]:
        """The patch of each pair of checkpoints, in order, from a few git runs (see
        `adapters/git/patches.py`): "" where the files are the same, None where one is gone."""
        return patches_of(self.objects, pairs)

    def line_counts(self, before: str, after: str) -> dict[str, tuple[int | None, int | None]]:
        return trees.line_counts(self.repo, before, after)

    def diff_stat(self, before: str, after: str, width: int) -> str:
        return trees.diff_stat(self.repo, before, after, width)

    def differences(self, before: str, after: str) -> Differences:
        """Each path that differs between two trees, with its entry in each. A tree's id
        names its content: the same two (a correction's preview, then its restore) are
        diffed once, and a tree against itself not at all."""
        if before == after:
            return {}
        key = ("one", before, after)
        if key not in self.diffs:
            self._keep({key: trees.raw_diff(self.repo, before, after)})
        return dict(self.diffs[key])

    def differences_each(self, pairs: Sequence[tuple[str, str]]) -> list[Differences]:
        """`differences` of each pair of trees, from one git process (none asked before)."""
        new = [p for p in dict.fromkeys(pairs) if p[0] != p[1] and ("each", *p) not in self.diffs]
        found = dict(zip(new, trees.raw_diffs(self.repo, new), strict=True))
        answers = [found[p] if p in found else self.diffs.get(("each", *p), {}) for p in pairs]
        self._keep({("each", *pair): diff for pair, diff in found.items()})
        return [dict(diff) for diff in answers]

    def _keep(self, diffs: dict[tuple[str, ...], Differences]) -> None:
        """Remember `diffs`, forgetting the oldest past the last `KEPT_DIFFS` (a long run's
        steps each diff a new pair: what it held would only grow)."""
        self.diffs.update(diffs)
        while len(self.diffs) > KEPT_DIFFS:
            del self.diffs[next(iter(self.diffs))]

    def edited_tree(self, base: str, changes: dict[str, TreeEntry]) -> str:
        """`base` with each path of `changes` set to its entry (an absent one removed):
        in-process along those paths (`KnownPaths.edit`), as a restore's few paths are,
        where that surely writes what git would; else through a scratch index, whose
        `read-tree`, `update-index` and `write-tree` each read or write an entry for
        every file of `base` (three processes, 30 ms at 10,000 files)."""
        hexadecimal = object_id(self.objects.digest_size)
        wanted: dict[bytes, tuple[bytes, bytes] | None] = {}
        for path, entry in changes.items():
            name = path.encode("utf-8", "surrogateescape")
            if entry.absent:
                wanted[name] = None
            elif entry.mode not in EDITABLE or not hexadecimal.fullmatch(entry.blob.encode()):
                break
            else:
                wanted[name] = (entry.mode.encode(), bytes.fromhex(entry.blob))
            if not index_file.plain_path(name, symlink=entry.mode == LINK):
                break
        else:
            edited = self.known.edit(base, wanted)
            if edited is not None:
                return edited
        return trees.edited_tree(self.objects, base, changes)

    def merge(
        self, mine: TreeEntry, base: TreeEntry, theirs: TreeEntry, labels: tuple[str, str, str]
    ) -> tuple[TreeEntry, int] | None:
        """Three regular files merged as text: the merged file and how many conflicts it
        marks; None when no text merge can hold them (binary, links, a missing side). The
        mode is merged as git merges it: `theirs`' where `mine` kept `base`'s, else `mine`'s
        (a `chmod +x` of the agent's is undone with its lines; one of the user's stays)."""
        if not (mine.regular_file and base.regular_file and theirs.regular_file):
            return None
        blobs = self.objects.contents([mine.blob, base.blob, theirs.blob])
        merged = trees.merge_text(
            self.repo, blobs[mine.blob], blobs[base.blob], blobs[theirs.blob], labels
        )
        if merged is None:
            return None
        data, conflicts = merged
        mode = theirs.mode if mine.mode == base.mode else mine.mode
        return TreeEntry(mode, self.objects.blob(data)), conflicts
