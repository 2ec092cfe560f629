"""FileRestore: which files a restore puts back, keeps or finds in conflict, and the tree it
makes of them. Shared by corrections and `agents plan restore`."""

from __future__ import annotations

import os
from collections.abc import Collection
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cleveragents.application.pulled_plans import (
    SAVED_KEPT,
    UNTRACKED_KEPT,
    around_kept,
    pulled,
    withheld,
)
from cleveragents.application.undo_target import made_here
from cleveragents.domain.checkpoint import Differences, SavedFiles, TreeEntry
from cleveragents.domain.decision import Decision, DecisionKind
from cleveragents.domain.plan import Plan
from cleveragents.domain.restore_scope import (
    Resolution,
    RestoreScope,
    agent_runs,
    agent_work,
    classify,
    touched_by_user,
    within,
)
from cleveragents.domain.rules import confined_path
from cleveragents.domain.saved_states import State, joined, saved_groups
from cleveragents.errors import ConflictingState, PathRefused
from cleveragents.ports import CheckpointStore, PlanStore


@dataclass
class FilesPlan:
    """The three states a restore works between, and its paths in three groups.

    `target`: the tree the files go back to; `last`: the plan's last checkpoint (what the
    agent left); `now`: the working tree as it is.
    """

    target: str
    last: str
    now: str
    groups: RestoreScope
    to_target: Differences = field(repr=False)
    since_agent: Differences = field(repr=False)
    plan_file: str | None = None  # the plan file, when it lies in the tree and changed
    # By path, in agent scope: the runs of the agent's own changes a merge undoes in turn.
    runs: dict[str, list[tuple[TreeEntry, TreeEntry]]] = field(default_factory=dict)
    # An undo's: the groups of what the operation saved that no tree holds (in `groups`
    # too); those the tree does not hold are put back from the saved record, never merged.
    saved: RestoreScope | None = None


@dataclass
class ResolvedFiles:
    tree: str
    markers: list[str]  # merged, with conflict markers left in the file
    unmerged: list[str]  # could not be merged (binary, links, deleted on one side): kept as is


class FileRestore:
    """Plans and resolves restores of chosen paths."""

    def __init__(
        self, store: PlanStore, checkpoints: CheckpointStore, root: Path | None = None
    ) -> None:
        self.store = store
        self.checkpoints, self.trees = checkpoints, checkpoints.trees
        self.root = root

    def plan(
        self,
        plan: Plan,
        target: str,
        now: str,
        agent: list[Decision],
        asked: list[str] | None,
        full: bool,
    ) -> FilesPlan:
        """Group the paths of a restore from `now` to `target`.

        `agent`: the decisions whose work is being undone (their newest checkpoint is what
        the agent left); `asked`: None for what the agent changed, else the paths a person
        named (files, or folders for everything in them; none named: every path).
        """
        last = self.last_tree(agent) or now
        own = None if asked is not None or full else self.own_changes(agent)
        work = None if own is None else agent_work(own)
        if work:
            # Each path of the agent's goes back to what the agent found there, not to the
            # target's: a file the user made or changed after the target, that a command
            # of the agent's then deleted or rewrote, comes back as the user had it.
            target = self.trees.edited_tree(target, {p: e[0] for p, e in work.items()})
        to_target = self.trees.differences(target, now)
        since_agent = self.trees.differences(last, now)
        mine = set(since_agent)
        runs: dict[str, list[tuple[TreeEntry, TreeEntry]]] = {}
        if asked is not None:
            candidates = [p for p in to_target if not asked or within(p, asked)]
        elif work is None:
            candidates = list(self.trees.differences(target, last))
        else:
            # What the agent's own decisions did, not what differs between checkpoints:
            # every other change since the target (the user's, kept by a correction) stays.
            runs = agent_runs(own or [])  # own is set whenever work is
            candidates = list(work)
            mine = touched_by_user(work, to_target, runs) | (set(to_target) - set(work))
            runs = {path: runs[path] for path in set(work) & set(to_target)}
        moded_since = self._moded(plan, candidates, to_target, since_agent)
        since_agent, mine = {**since_agent, **moded_since}, mine | set(moded_since)
        never = self.plan_file(plan)
        held = self.left_alone(plan, to_target, full)
        groups = classify(
            candidates,
            to_target,
            mine,
            full=full,
            never=[*([never] if never else []), *held],
            entries=to_target,
        )
        groups = replace(groups, withheld=held)
        groups = self._not_written(plan, groups, to_target, since_agent)
        changed = never if never and (never in to_target or never in since_agent) else None
        return FilesPlan(target, last, now, groups, to_target, since_agent, changed, runs)

    def _moded(
        self, plan: Plan, paths: list[str], to_target: Differences, since: Differences
    ) -> Differences:
        """Those of `paths` whose mode the user changed since the plan's operations left
        them (`moded`); none for a pulled plan (its operations left another clone's)."""
        if pulled(self.store, plan):
            return {}
        left: dict[str, int] = {}
        for op in sorted(self.store.operations(plan.id), key=lambda op: op.id):
            left.update(op.modes_after or {})
        return moded(left, paths, to_target, since, self.checkpoints)

    def _not_written(
        self, plan: Plan, groups: RestoreScope, to_target: Differences, since: Differences
    ) -> RestoreScope:
        """`groups` with the pulled plan's files that were never in this clone out of `kept`:
        absent here and at the target (so nothing to write), though the agent left them,
        and in no checkpoint this clone made of the plan."""
        absent = [
            p
            for p in groups.kept
            if p not in to_target and p in since and since[p][1].absent and p not in groups.withheld
        ]
        if not absent or not pulled(self.store, plan):
            return groups
        seen: set[str] = set()
        for op in self.store.operations(plan.id):
            if made_here(self.store, op):
                for checkpoint in (op.files_before, op.files_after):
                    if checkpoint:
                        seen |= self.trees.tree_paths(self.store.checkpoint(checkpoint).tree)
        never = [p for p in absent if p not in seen]
        kept = [p for p in groups.kept if p not in never]
        return replace(groups, kept=kept, not_written=never)

    def own_changes(self, decisions: list[Decision]) -> list[Differences]:
        """The changes each of the agent's own decisions made, oldest first: a file action's
        to its paths, a command's to those its overlay wrote (`Decision.wrote`), else (a
        check's, a revert's) all that differed. Steps, strategies and corrections change
        nothing of their own: their checkpoints span their children, or the user's edits."""
        own: list[tuple[Decision, str, str]] = []
        for decision in sorted(decisions, key=lambda d: d.seq):
            if decision.kind not in _OWN or not (
                decision.checkpoint_before and decision.checkpoint_after
            ):
                continue
            before = self.store.checkpoint(decision.checkpoint_before).tree
            after = self.store.checkpoint(decision.checkpoint_after).tree
            if before != after:
                own.append((decision, before, after))
        changes = self.trees.differences_each([(b, a) for _, b, a in own])
        for index, (decision, _, _) in enumerate(own):
            paths = decision.wrote if decision.wrote is not None else _file_paths(decision.action)
            if paths is not None:
                changes[index] = {
                    p: e for p, e in changes[index].items() if any(_near(p, q) for q in paths)
                }
        return changes

    def last_tree(self, decisions: list[Decision]) -> str | None:
        """The tree of the newest checkpoint the agent's own decisions recorded."""
        own = [d for d in decisions if d.kind is not DecisionKind.USER_INTERVENTION]
        for decision in sorted(own, key=lambda d: d.seq, reverse=True):
            checkpoint = decision.checkpoint_after or decision.checkpoint_before
            if checkpoint:
                return self.store.checkpoint(checkpoint).tree
        return None

    def left_alone(self, plan: Plan, to_target: Differences, full: bool) -> dict[str, str]:
        """Of the paths that differ from the target, those a restore of a pulled plan leaves
        as they are, with why; none for a plan of this clone's (`pulled_plans.py`). Whole
        (`full`: this clone never changed the plan), it keeps the files untracked here that
        the target does not hold too: none of them is the plan's work here."""
        if not to_target or not pulled(self.store, plan):
            return {}
        links = self.checkpoints.claude_links()
        host = self.checkpoints.host_folders()
        root = self.root

        def head_here(folder: str) -> bool:
            return root is not None and os.path.lexists(root / folder / "HEAD")

        held = withheld(list(to_target), self.checkpoints.ignored_here, links, host, head_here)
        if full:
            tracked = self.checkpoints.tracked_here()
            for path, (there, _) in to_target.items():
                if there.absent and path not in tracked and path not in held:
                    held[path] = UNTRACKED_KEPT
        # A link or file coming back where a kept file's folder stands (or a folder where
        # it stands) would remove it: kept as well, never listed kept and then deleted.
        return {**held, **around_kept(to_target, held)}

    def saved_put_back(
        self, plan: Plan, files: FilesPlan, decisions: list[Decision], full: bool = False
    ) -> tuple[FilesPlan, list[SavedFiles]]:
        """The saved records of `decisions` a restore puts back, and `files` naming those it
        does not: a pulled plan's hold another clone's bytes (its ignored files, its nested
        repositories), never written here; their paths are kept as they are."""
        records = [saved for d in decisions for saved in d.replaced]
        if not records or not pulled(self.store, plan):
            return self._saved_grouped(plan, files, records, full), records
        paths = {p for saved in records for p in saved.paths}
        groups = replace(
            files.groups,
            kept=sorted({*files.groups.kept, *paths}),
            withheld={**dict.fromkeys(paths, SAVED_KEPT), **files.groups.withheld},
        )
        return replace(files, groups=groups), []

    def _saved_grouped(
        self, plan: Plan, files: FilesPlan, records: list[SavedFiles], full: bool
    ) -> FilesPlan:
        """`files` with the paths of saved `records` grouped as an undo groups them, by the
        state the operations left them in: one changed since (a mode the user set after the
        agent's chmod) is the user's edit, kept or a conflict, never silently put back."""
        paths = {p for saved in records for p in [*saved.paths, *saved.folders]}
        left: dict[str, State] = {}
        for op in sorted(self.store.operations(plan.id), key=lambda op: op.id):
            left.update({p: state for p, state in (op.saved_after or {}).items() if p in paths})
        if not left:
            return files
        found = self.checkpoints.found_states(records)
        now = self.checkpoints.saved_states(left)
        saved = saved_groups(found, left, now, set(files.to_target))
        if full:  # the tree becomes the target's: what both changed goes back, no conflict
            saved = RestoreScope(sorted({*saved.restored, *saved.conflicts}), saved.kept, [])
        both = joined(files.groups, saved)
        groups = replace(
            files.groups, restored=both.restored, kept=both.kept, conflicts=both.conflicts
        )
        return replace(files, groups=groups, saved=saved)

    def plan_file(self, plan: Plan) -> str | None:
        """The plan file's path in the working tree, when the plan runs from one inside it
        (a pulled plan's `actor.source` names a file of another clone's: none here)."""
        if plan.actor.kind != "scripted" or not plan.actor.source or self.root is None:
            return None
        if pulled(self.store, plan):
            return None
        source = Path(plan.actor.source)
        try:
            return source.resolve().relative_to(self.root.resolve()).as_posix()
        except ValueError:
            return None

    def resolve_check(
        self, files: FilesPlan, resolution: Resolution, since: str = "the agent's last checkpoint"
    ) -> None:
        """Refuse (exit 3) a restore with conflicts no resolution was chosen for. `since`:
        what the user changed the conflicting files after."""
        groups = files.groups
        if groups.conflicts and resolution is Resolution.ASK:
            raise ConflictingState(
                f"{_count(len(groups.conflicts))} you changed since {since} "
                f"would be overwritten: {', '.join(groups.conflicts[:10])}"
                + (" ..." if len(groups.conflicts) > 10 else ""),
                hint="nothing changed; choose --theirs, --mine or --merge",
            )

    def resolve(
        self, files: FilesPlan, resolution: Resolution, since: str = "the agent's last checkpoint"
    ) -> ResolvedFiles:
        """The tree the working tree becomes: `now` with the restored paths (and the
        conflicts, as `resolution` says) taken from the target."""
        self.resolve_check(files, resolution, since)
        groups = files.groups
        in_tree = files.to_target
        changes: dict[str, TreeEntry] = {p: in_tree[p][0] for p in groups.restored if p in in_tree}
        markers: list[str] = []
        unmerged: list[str] = []
        for path in groups.conflicts:
            if path not in in_tree:  # a saved file: the saved record settles it, unmerged
                unmerged += [path] if resolution is Resolution.MERGE else []
            elif resolution is Resolution.THEIRS:
                changes[path] = files.to_target[path][0]
            elif resolution is Resolution.MERGE:
                # One in another's way has no text to merge: it stays as it is now.
                merged = None if path in groups.in_the_way else self._merged(files, path)
                if merged is None:
                    unmerged.append(path)
                    continue
                changes[path], conflicts = merged
                if conflicts:
                    markers.append(path)
        return ResolvedFiles(self.trees.edited_tree(files.now, changes), markers, unmerged)

    def _merged(self, files: FilesPlan, path: str) -> tuple[TreeEntry, int] | None:
        """A conflict merged: in agent scope each run of the agent's changes undone in turn,
        newest first, from the file as it is now (what the user wrote before, between and
        after them stays); else the target's file merged in from the agent's last. None
        when some merge cannot be made as text; how many conflicts the markers show."""
        if path not in files.runs:
            base, mine = files.since_agent[path]
            return self._merge(path, mine, base, files.to_target[path][0])
        merged, conflicts = (files.to_target[path][1], 0), 0
        for found, left in reversed(files.runs[path]):
            if found == left:
                continue  # put back as it found it: nothing of the agent's to undo
            next_merge = self._merge(path, merged[0], left, found)
            if next_merge is None:
                return None
            merged, conflicts = next_merge, conflicts + next_merge[1]
        return merged[0], conflicts

    def _merge(
        self, path: str, mine: TreeEntry, base: TreeEntry, theirs: TreeEntry
    ) -> tuple[TreeEntry, int] | None:
        labels = (f"{path} (yours)", f"{path} (the agent's)", f"{path} (before the agent)")
        return self.trees.merge(mine, base, theirs, labels)


_OWN = (
    DecisionKind.ACTION,
    DecisionKind.LOCAL_ACTION,
    DecisionKind.VERIFICATION,
    DecisionKind.REVERT,
)


def _file_paths(action: dict[str, Any] | None) -> list[str] | None:
    """The paths the file actions of a decision's payload name; None when one is a command
    (it may change anything) or there is no payload."""
    actions = (action or {}).get("actions", [action] if action else [])
    if not actions or any(a.get("type") not in ("write", "edit", "delete") for a in actions):
        return None
    paths = []
    for a in actions:
        try:
            paths.append(confined_path(str(a.get("path", ""))))
        except PathRefused:  # pragma: no cover - refused, it wrote nothing: no change
            continue
    return paths


def _near(path: str, named: str) -> bool:
    """Whether a change of `path` is one an action on `named` makes: the path itself, a
    file inside it (a folder it replaced), or a file it replaced by a folder."""
    return path == named or path.startswith(named + "/") or named.startswith(path + "/")


def spared(files: FilesPlan | None, resolution: Resolution) -> list[str]:
    """The saved paths a restore leaves as they are: the user's, and conflicts unless
    settled with --theirs."""
    if files is None or files.saved is None:
        return []
    mine = [] if resolution is Resolution.THEIRS else files.saved.conflicts
    return [*files.saved.kept, *mine]


def _count(n: int) -> str:
    return f"{n} file" + ("" if n == 1 else "s")


def moded(
    left: dict[str, int] | None,
    paths: Collection[str],
    to_target: Differences,
    since: Differences,
    checkpoints: CheckpointStore,
) -> Differences:
    """Of `paths` (an operation's or the agent's), those whose bytes are as `left` them but
    whose permission bits are not (`left`: as the operations left them): a `chmod 700` of
    the user's since, which no tree records. Each with its entry now on both sides, as a
    change since would be: a mode is the user's edit, a conflict where the path goes back."""
    if not left:
        return {}
    wanted = [p for p in paths if p in left and p in to_target and p not in since]
    now = checkpoints.file_modes(wanted)
    return {p: (to_target[p][1], to_target[p][1]) for p in wanted if p in now and now[p] != left[p]}
