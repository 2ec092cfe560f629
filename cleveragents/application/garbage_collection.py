"""GarbageCollection: `agents gc` drops what deleted plans held, and tells plans' sizes.

A plan deleted (`agents plan delete`), or one the retention policy lets go
(`domain/retention.py`), loses its checkpoint ref, its rows in the plan store, and the
loose objects nothing else reaches (`adapters/git/reachability.py` says how the user's
objects are kept out of it). The working tree's private index goes too: it is rebuilt
from the working tree when missing, and it could name blobs only those plans held.
Nothing of it can be undone; `--dry-run` tells what would go and changes nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from cleveragents.domain.plan import Plan
from cleveragents.domain.retention import Retention, expired
from cleveragents.ports import Clock, GitObjects, PlanLocks, PlanStore

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
    kept_recent: int = 0  # loose objects written again while gc ran: kept


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
    ) -> None:
        self.store = store
        self.objects = objects
        self.locks = locks
        self.clock = clock
        self.retention = retention
        self.private_index = private_index

    def collect(self, dry_run: bool, command: str) -> Collected:
        """Drop deleted and expired plans (under the working tree's lock: no plan runs)."""
        report = Collected(dry_run)
        with self.locks.hold(EVERY_PLAN, command):
            plans = self.store.plans()
            gone = [p for p in plans if p.deleted_at is not None]
            report.deleted = [p.id for p in gone]
            old = expired(plans, self.clock.now(), self.retention())
            report.expired = [p.id for p in old]
            doomed = [*gone, *old]
            if doomed:
                self._objects(doomed, report)
                report.row_bytes = sum(self.store.plan_size(p.id) for p in doomed)
            if doomed and not dry_run:
                for plan in doomed:
                    self.store.drop_plan(plan.id)
                self.store.give_back_space()
        return report

    def _objects(self, doomed: list[Plan], report: Collected) -> None:
        """Count the objects only `doomed` reach; unless a dry run, drop their refs, then
        those objects, and the private index (refs first: a crash then leaves only loose
        objects no ref reaches, and rows the next gc drops)."""
        tips = self.objects.plan_tips()
        theirs = {p.id: tips[p.id] for p in doomed if p.id in tips}
        since = time.time_ns()
        reached = self.objects.reached(theirs.values(), theirs)
        if report.dry_run:
            free = reached - self.objects.kept(theirs, dropped_index=self.private_index)
        else:
            for plan_id, tip in theirs.items():
                self.objects.drop_ref(plan_id, tip)
            self._drop_private_index()
            free = reached - self.objects.kept()
        if self.objects.has_commit_graph():
            free -= self.objects.commits(theirs.values())
        loose = self.objects.sizes(free)
        report.packed = len(free) - len(loose)
        if not report.dry_run:
            removed = self.objects.remove(loose, since)
            report.kept_recent = len(loose) - len(removed)
            loose = removed
        report.objects, report.object_bytes = len(loose), sum(loose.values())

    def _drop_private_index(self) -> None:
        for path in (self.private_index, self.private_index.with_name("tracked-ignored.synced")):
            path.unlink(missing_ok=True)

    def sizes(self) -> dict[str, PlanSize]:
        """Each plan's rows and the loose objects it alone reaches (nothing else does:
        neither the user's refs, reflogs and index, nor another plan)."""
        # No lock: a plan running meanwhile makes the figures a moment old, nothing worse.
        plans = [p for p in self.store.plans() if p.deleted_at is None]
        tips = self.objects.plan_tips()  # other working trees' plans too: they share objects
        reached = {plan_id: self.objects.reached([tip]) for plan_id, tip in tips.items()}
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
