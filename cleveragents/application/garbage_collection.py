"""GarbageCollection: `agents gc` drops what deleted plans held, and tells plans' sizes.

A plan deleted (`agents plan delete`), or one the retention policy lets go
(`domain/retention.py`), loses its checkpoint ref, its rows in the plan store, the copy
of the user's ignore rules kept at its start (`adapters/git/start_rules.py`), and the
loose objects nothing else reaches (`adapters/git/reachability.py` says how the user's
objects are kept out of it). The working tree's private index goes too: it is rebuilt
from the working tree when missing, and it could name blobs only those plans held.
Nothing of it can be undone; `--dry-run` tells what would go and changes nothing.

The loose objects stay for the grace period of `gc.pruneExpire` (`domain/prune_grace.py`)
counted from when the plan was dropped, as git keeps an unreachable object: another
repository may borrow them. A later gc frees them once past it; `--prune-now` at once.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from cleveragents.domain.plan import Plan
from cleveragents.domain.plan_refs import SAVED
from cleveragents.domain.prune_grace import Grace, prune_now
from cleveragents.domain.retention import Retention, expired
from cleveragents.domain.text_rules import stored_json
from cleveragents.ports import CheckpointStore, Clock, GitObjects, PlanLocks, PlanStore

# Removes the browser's kept files the records do not name, written before a time (ns);
# with `dry_run` only counts them: (files, bytes).
PageSweep = Callable[[Iterable[str], int, bool], tuple[int, int]]

EVERY_PLAN = "every plan"  # whose the lock is, for the line naming its holder


@dataclass
class Collected:
    """What gc dropped, or with `dry_run` would drop."""

    dry_run: bool
    deleted: list[str] = field(default_factory=list)  # plans `agents plan delete` marked
    expired: list[str] = field(default_factory=list)  # plans the retention policy lets go
    row_bytes: int = 0
    objects: int = 0  # loose objects freed
    object_bytes: int = 0
    packed: int = 0  # objects only those plans reach, but in a pack: they stay
    kept_recent: int = 0  # loose objects younger than the grace (or written while gc ran)
    grace: str = ""  # gc.pruneExpire as set; "now" or "never" where git reads it so
    free_after: str | None = None  # when the kept ones pass the grace (None: never, or none)
    page_files: int = 0  # the browser's kept files (pages, screenshots, cookies) no plan names
    page_bytes: int = 0
    looks: int = 0  # held looks of Claude Code calls no session puts back now


@dataclass(frozen=True)
class PlanSize:
    rows: int  # bytes of the plan's rows in the plan store (about)
    objects: int  # loose objects only this plan reaches
    object_bytes: int


class GarbageCollection:
    """Applies retention and drops deleted plans for good."""

    def __init__(
        self,
        store: PlanStore,
        objects: GitObjects,
        locks: PlanLocks,
        clock: Clock,
        retention: Callable[[], Retention],
        private_index: Path,
        checkpoints: CheckpointStore,
        pages: PageSweep | None = None,
    ) -> None:
        self.store = store
        self.objects = objects
        self.locks = locks
        self.clock = clock
        self.retention = retention
        self.private_index = private_index
        self.checkpoints = checkpoints
        self.pages = pages

    def collect(self, dry_run: bool, command: str, prune: bool = False) -> Collected:
        """Drop deleted and expired plans (under the working tree's lock: no plan runs), and
        the objects of plans dropped earlier once past the grace (`prune`: at once)."""
        report = Collected(dry_run)
        with self.locks.hold(EVERY_PLAN, command):
            grace = prune_now() if prune else self.objects.grace()
            report.grace = "now" if grace.everything else "never" if grace.never else grace.setting
            plans = self.store.plans()
            gone = [p for p in plans if p.deleted_at is not None]
            report.deleted = [p.id for p in gone]
            old = expired(plans, self.clock.now(), self.retention())
            report.expired = [p.id for p in old]
            doomed = [*gone, *old]
            earlier = self.objects.dropped()
            if doomed or earlier:
                self._objects(doomed, earlier, grace, report)
            if doomed:
                report.row_bytes = sum(self.store.plan_size(p.id) for p in doomed)
            if doomed and not dry_run:
                for plan in doomed:
                    self.store.drop_plan(plan.id)
                self.store.give_back_space()
            report.looks = self._stale_looks(plans, doomed, grace, dry_run)
            live = {p.id for p in plans} - {p.id for p in doomed}
            self.checkpoints.drop_start_rules(live, dry_run)
            if self.pages is not None:
                left = [p for p in plans if p not in doomed]
                found = self.pages(self._records(left), time.time_ns(), dry_run)
                report.page_files, report.page_bytes = found
        return report

    def _stale_looks(
        self, plans: list[Plan], doomed: list[Plan], grace: Grace, dry_run: bool
    ) -> int:
        """Drop the looks a recorded session's killed Bash calls left
        (`application/claude_code_held.py`): those of plans deleted or dropped, and those
        older than the grace. `--prune-now` does not age out a live plan's: its session may
        be inside that very call (under no lock of ours)."""
        live = {p.id for p in plans} - {p.id for p in doomed}
        before = 0 if grace.everything else grace.cutoff_ns(time.time_ns())
        return self.checkpoints.drop_stale_looks(live, before, dry_run)

    def _records(self, plans: list[Plan]) -> Iterator[str]:
        """The records of `plans` as text: every kept page file they name is in it."""
        for plan in plans:
            yield plan.model_dump_json()
            for decision in self.store.decisions(plan.id):
                if decision.page:
                    yield json.dumps(decision.page)
            for operation in self.store.operations(plan.id):
                yield stored_json(operation)

    def _objects(
        self, doomed: list[Plan], earlier: list[str], grace: Grace, report: Collected
    ) -> None:
        """Count the objects only `doomed` and the plans dropped `earlier` reach; unless a dry
        run, remember the doomed plans' tips and freshen their objects, drop their refs, then
        the objects past the grace, and the private index (tips and ages first, then refs: a
        crash leaves only objects a later gc finds again, within their grace, and rows it
        drops)."""
        tips = self.objects.plan_tips()
        theirs = {p.id: tips[p.id] for p in doomed if p.id in tips}
        since = time.time_ns()
        ours = [*theirs.values(), *self.objects.records_tips(theirs)]
        fresh = self.objects.reached(ours)
        reached = fresh | self.objects.reached_again(earlier)
        if report.dry_run:
            free = reached - self.objects.kept(theirs, dropped_index=self.private_index)
        else:
            self.objects.remember([*earlier, *ours])
            if not grace.everything:  # their grace starts now, though gc stopped right here
                self.objects.freshen(fresh)
            for plan_id, tip in theirs.items():
                self.objects.drop_ref(plan_id, tip)
            self._drop_private_index()
            free = reached - self.objects.kept()
        if self.objects.has_commit_graph():
            free -= self.objects.commits_among(free)
        loose = self.objects.ages(free)
        report.packed = len(free) - len(loose)
        going = self._past_grace(loose, fresh, grace, since)
        if not report.dry_run:
            going = set(self.objects.remove(going, since))
            left = set(loose) - going
            self.objects.remember([*earlier, *ours] if left else [])
        report.objects = len(going)
        report.object_bytes = sum(loose[oid][0] for oid in going)
        report.kept_recent = len(loose) - len(going)
        kept = [since if oid in fresh else loose[oid][1] for oid in loose if oid not in going]
        if kept and (after := grace.free_after(max(kept))) is not None:
            report.free_after = datetime.fromtimestamp(after, UTC).isoformat(timespec="minutes")

    def _past_grace(
        self, loose: dict[str, tuple[int, int]], fresh: set[str], grace: Grace, since: int
    ) -> set[str]:
        """The loose objects the grace lets go: none a plan dropped now held (their grace
        starts now), nor any a younger one reaches (as git's prune keeps them)."""
        if grace.everything:
            return set(loose)
        cutoff = grace.cutoff_ns(since)
        young = {oid for oid, (_, mtime) in loose.items() if oid in fresh or mtime >= cutoff}
        old = set(loose) - young
        if young and old:
            old -= self.objects.reached_again(young)
        return old

    def _drop_private_index(self) -> None:
        for path in (self.private_index, self.private_index.with_name("tracked-ignored.synced")):
            path.unlink(missing_ok=True)

    def sizes(self) -> dict[str, PlanSize]:
        """Each plan's rows and the loose objects it alone reaches (nothing else does:
        neither the user's refs, reflogs and index, nor another plan)."""
        # No lock: a plan running meanwhile makes the figures a moment old, nothing worse.
        plans = [p for p in self.store.plans() if p.deleted_at is None]
        tips = self.objects.plan_tips()  # other working trees' plans too: they share objects
        saved = self.objects.plan_tips(SAVED)
        reached = {
            plan_id: self.objects.reached([tip, *filter(None, [saved.get(plan_id)])])
            for plan_id, tip in tips.items()
        }
        elsewhere = self.objects.kept(excluded=tips)
        seen: dict[str, int] = {}
        for found in reached.values():
            for oid in found:
                seen[oid] = seen.get(oid, 0) + 1
        sizes = {}
        for plan in plans:
            only = {o for o in reached.get(plan.id, ()) if seen[o] == 1} - elsewhere
            loose = self.objects.sizes(only)
            sizes[plan.id] = PlanSize(
                self.store.plan_size(plan.id), len(loose), sum(loose.values())
            )
        return sizes
