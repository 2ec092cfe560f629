"""PlanSharing: `agents plan push`, `pull`, `export` and `import`.

A plan's records commit (`adapters/git/remotes.py`) is written when they changed since the
last one, on top of it: the records ref of a clone is where it last met another. A pull
then knows what happened:

- the remote's records descend from ours and ours did not change since: the plan is brought
  up to date (an operation `agents plan undo` reverses);
- ours descend from theirs: nothing to take (push ours);
- both changed since they last met: the plan diverged. It is refused (exit 3), naming the
  decisions that differ, unless `--force`: a pull takes theirs, a push keeps ours. Neither
  side's records are lost: the forced records commit has both as parents, and a forced
  pull is undone by `agents plan undo`.

Checkpoint chains are never a choice: when two clones both added checkpoints, the ref gets
a commit joining both, so every checkpoint either made stays reachable.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from cleveragents.application.operation_log import OperationLog
from cleveragents.application.pulled_plans import PULL
from cleveragents.application.share_refusals import refuse_reads, refuse_saved
from cleveragents.domain.plan import Plan
from cleveragents.domain.plan_refs import Fetched, checkpoints_ref, records_ref
from cleveragents.errors import BadInput, ConflictingState, UnknownPlan
from cleveragents.ports import Clock, PlanRemotes, PlanStore


@dataclass(frozen=True)
class _Taking:
    """One plan a pull or an import takes, and what `_what_to_do` said to do with it."""

    plan_id: str
    local: Plan | None
    theirs: Fetched
    what: str


@dataclass
class Shared:
    """What a push or pull did to one plan: `result` is `pushed`, `up to date`, `new`,
    `updated`, `replaced` (a forced pull), `ahead` (a pull found nothing newer there) or
    `behind` (a push had nothing to send: the plan changed there only)."""

    plan: str
    result: str
    decisions: int
    operation: int | None = None


class PlanSharing:
    def __init__(
        self,
        store: PlanStore,
        remotes: PlanRemotes,
        operations: OperationLog,
        clock: Clock,
        carry: Callable[[Plan], dict[str, bytes]] | None = None,
    ) -> None:
        self.store = store
        self.remotes = remotes
        self.operations = operations
        self.clock = clock
        # The files a plan's records carry to another machine (a Claude Code transcript).
        self.carry = carry or (lambda plan: {})

    # push

    def push(
        self, remote: str, refs: list[str], force: bool, command: str, with_reads: bool = False
    ) -> list[Shared]:
        """Push the plans `refs` name (every plan here when none) to `remote`.

        Refused whole (exit 3) when one of them changed there since the two last met,
        unless `force`: then ours goes on top of theirs; or when one would upload the
        user's ignored files (`share_refusals`), unless `with_reads` for what its Claude
        Code sessions read.
        """
        plans = self._plans(refs)
        for plan in plans:
            self._refuse(plan, "pushed", with_reads)
        try:
            return self._push(remote, plans, force, command)
        finally:
            self.remotes.clear_incoming()

    def _push(self, remote: str, plans: list[Plan], force: bool, command: str) -> list[Shared]:
        fetched = self.remotes.fetch(remote, [p.id for p in plans])
        ready = []
        behind = []
        for plan in plans:
            with self.operations.locks.hold(plan.id, command, shared=True):
                ours = self._commit_ours(plan)
            theirs = fetched.get(plan.id)
            if (
                theirs is not None
                and theirs.records != ours
                and self.remotes.is_ancestor(ours, theirs.records)
            ):
                # Unchanged here since we last met, changed there: nothing of ours to send.
                behind.append(Shared(plan.id, "behind", len(self.store.decisions(plan.id))))
                continue
            if theirs is not None and not self.remotes.is_ancestor(theirs.records, ours):
                if not force:
                    raise self._diverged(
                        plan,
                        f"on {remote}",
                        self.remotes.records(theirs.records),
                        _choices(remote, plan.id),
                    )
                ours = self.remotes.commit_records(
                    plan.id,
                    self.remotes.records(ours),
                    [ours, theirs.records],
                    plan.updated_at,
                    self.remotes.carried(ours),
                )
            ready.append((plan, ours, theirs))
        refs_out = []
        for plan, ours, theirs in ready:
            self._move(records_ref(plan.id), ours)
            if theirs is not None and theirs.checkpoints is not None:
                self._take_checkpoints(plan.id, theirs.checkpoints)
            refs_out.append(records_ref(plan.id))
            if self.remotes.tip(checkpoints_ref(plan.id)) is not None:
                refs_out.append(checkpoints_ref(plan.id))
        if refs_out:
            self.remotes.push(remote, refs_out)
        return behind + [
            Shared(
                plan.id,
                "up to date" if theirs is not None and theirs.records == ours else "pushed",
                len(self.store.decisions(plan.id)),
            )
            for plan, ours, theirs in ready
        ]

    def _commit_ours(self, plan: Plan) -> str:
        """The plan's records commit as they are now: the last one when they did not change
        since, else a new one on top of it."""
        base = self.remotes.tip(records_ref(plan.id))
        text = self.store.export_records(plan.id)
        current = self.store.plan(plan.id)
        # What is carried comes from the tip where this clone no longer has it (pulled).
        carried = {**(self.remotes.carried(base) if base else {}), **self.carry(current)}
        if (
            base is not None
            and self.remotes.records(base) == text
            and self.remotes.carried(base) == carried
        ):
            return base
        return self.remotes.commit_records(
            plan.id, text, [base] if base else [], current.updated_at, carried
        )

    # pull

    def pull(self, remote: str, refs: list[str], force: bool, command: str) -> list[Shared]:
        """Take the plans `refs` name (every plan `remote` holds when none) from `remote`.

        Refused whole (exit 3), before anything changes, when one of them changed both
        here and there since the two last met, unless `force`: then theirs is taken.
        """
        there = self.remotes.remote_plans(remote)
        wanted = self._named_there(refs, there, remote)
        try:
            fetched = self.remotes.fetch(remote, wanted)
            return self._take(fetched, force, command, f"on {remote}", partial(_choices, remote))
        finally:
            self.remotes.clear_incoming()

    def _named_there(self, refs: list[str], there: dict[str, str], where: str) -> list[str]:
        if not refs:
            return sorted(there)
        wanted = []
        for ref in refs:
            found = [p for p in there if p.startswith(ref.lower())]
            if len(found) != 1:
                raise UnknownPlan(
                    f"{where} holds {'no' if not found else 'more than one'} plan {ref!r}",
                    hint=f"its plans: {', '.join(sorted(there)) or 'none'}",
                )
            wanted.append(found[0])
        return wanted

    def _take(
        self,
        fetched: dict[str, Fetched],
        force: bool,
        command: str,
        where: str,
        hint: Callable[[str], str],
    ) -> list[Shared]:
        plans = {p.id: p for p in self.store.plans()}
        steps = []
        for plan_id, theirs in sorted(fetched.items()):
            local = plans.get(plan_id)
            if local is not None and local.deleted_at is not None:
                deletes = [op.id for op in self.store.operations(plan_id) if op.kind == "delete"]
                raise BadInput(
                    f"plan {plan_id} is deleted here",
                    hint=f"bring it back with `agents plan undo {deletes[-1]}`, or drop it "
                    "with `agents gc`, then pull again",
                )
            # Every plan's records checked whole, and to be the plan their ref names, before
            # any changes: one forged record refuses the whole pull.
            self.store.decisions_in(self.remotes.records(theirs.records), plan_id)
            if theirs.checkpoints is not None and self.remotes.saved_in(theirs.checkpoints):
                raise BadInput(
                    f"plan {plan_id} {where} holds files saved for undo among its "
                    "checkpoints (an older version's, or forged): nothing was taken",
                    hint="ask whoever shared it to run it again with a current version",
                )
            what = self._what_to_do(local, theirs.records)
            steps.append(_Taking(plan_id, local, theirs, what))
        diverged = [step for step in steps if step.what == "diverged"]
        if diverged and not force:
            first = diverged[0]
            assert first.local is not None
            records = self.remotes.records(first.theirs.records)
            raise self._diverged(first.local, where, records, hint(first.plan_id))
        return [self._taken(step, command) for step in steps]

    def _taken(self, step: _Taking, command: str) -> Shared:
        """One plan of a pull or an import taken, as `_what_to_do` said."""
        plan_id, local, theirs, what = step.plan_id, step.local, step.theirs.records, step.what
        if step.theirs.checkpoints is not None:
            self._take_checkpoints(plan_id, step.theirs.checkpoints)
        if what in ("up to date", "ahead"):
            base = self.remotes.tip(records_ref(plan_id))
            if what == "up to date" and (base is None or self.remotes.is_ancestor(base, theirs)):
                self._move(records_ref(plan_id), theirs)
            return Shared(plan_id, what, len(self.store.decisions(plan_id)))
        if local is None:
            self.store.import_records(self.remotes.records(theirs), plan_id)
            self._move(records_ref(plan_id), theirs)
            return Shared(plan_id, "new", len(self.store.decisions(plan_id)))
        return self._update(local, theirs, what, command)

    def _what_to_do(self, local: Plan | None, theirs: str) -> str:
        if local is None:
            return "new"
        base = self.remotes.tip(records_ref(local.id))
        text = self.store.export_records(local.id)
        if self.remotes.records(theirs) == text:
            return "up to date"
        changed_here = base is None or self.remotes.records(base) != text
        if base is not None and (base == theirs or self.remotes.is_ancestor(theirs, base)):
            return "ahead"
        if not changed_here and base is not None and self.remotes.is_ancestor(base, theirs):
            return "updated"
        return "diverged"

    def _update(self, local: Plan, theirs: str, what: str, command: str) -> Shared:
        """Take their records as an operation: undoing it brings ours back whole."""
        with self.operations.operation(local, PULL, command, files=False, records=True) as op:
            base = self.remotes.tip(records_ref(local.id))
            self.store.import_records(self.remotes.records(theirs), local.id)
            tip = theirs
            if what == "diverged":  # forced: ours stay in the records' history
                assert op.records_before is not None
                ours = self.remotes.commit_records(
                    local.id, op.records_before.encode(), [base] if base else [], local.updated_at
                )
                tip = self.remotes.join(theirs, ours, local.updated_at)
            op.summary = (
                f"{'replaced' if what == 'diverged' else 'updated'} plan {local.id} with the "
                f"records pulled; `agents plan undo {op.id}` brings back those it had"
            )
        # Only once the operation is done: a pull stopped before then gets our records back,
        # and a ref left at theirs would make the next pull take them for ours ("ahead"), and
        # a push send ours over theirs. Stopped between the two, the next pull finds the
        # records up to date with theirs and moves the ref.
        self._move(records_ref(local.id), tip)
        return Shared(
            local.id,
            "replaced" if what == "diverged" else "updated",
            len(self.store.decisions(local.id)),
            op.id,
        )

    # export and import

    def export(self, ref: str, file: Path, command: str, with_reads: bool = False) -> Shared:
        """Write the plan's refs, with everything they reach, into the bundle `file`: a new
        file, or one that is a file already (never a FIFO, a device or a folder)."""
        if (file.exists() or file.is_symlink()) and not file.is_file():
            raise BadInput(
                f"{file} is not a regular file: a plan is exported only into a file",
                hint="name a new file, or an existing regular file to overwrite",
            )
        (plan,) = self._plans([ref])
        self._refuse(plan, "exported", with_reads)
        with self.operations.locks.hold(plan.id, command, shared=True):
            self._move(records_ref(plan.id), self._commit_ours(plan))
        refs = [records_ref(plan.id)]
        if self.remotes.tip(checkpoints_ref(plan.id)) is not None:
            refs.append(checkpoints_ref(plan.id))
        self.remotes.bundle(file, refs)
        return Shared(plan.id, "exported", len(self.store.decisions(plan.id)))

    def import_(self, file: Path, force: bool, command: str) -> list[Shared]:
        """Take the plans of the bundle `file`, as a pull from it would."""
        self.remotes.verify_bundle(file)
        where = str(file.absolute())
        there = self.remotes.remote_plans(where)
        if not there:
            raise BadInput(f"{file} holds no plan", hint="name a file `agents plan export` wrote")
        try:
            fetched = self.remotes.fetch(where, sorted(there))
            return self._take(
                fetched,
                force,
                command,
                f"in {file}",
                lambda _: (
                    f"`agents plan import {shlex.quote(str(file))} --force` takes the "
                    "file's; `agents plan undo` brings ours back"
                ),
            )
        finally:
            self.remotes.clear_incoming()

    # shared steps

    def _plans(self, refs: list[str]) -> list[Plan]:
        if refs:
            return list({p.id: p for p in map(self.store.plan, refs)}.values())
        plans = [p for p in self.store.plans() if p.deleted_at is None]
        if not plans:
            raise UnknownPlan(
                "no plan in this repository yet", hint="start one with `agents plan run`"
            )
        return plans

    def _refuse(self, plan: Plan, how: str, with_reads: bool) -> None:
        refuse_saved(self.remotes, plan, how)
        if not with_reads:
            carried = self.carry(self.store.plan(plan.id))
            records = {"records.jsonl": self.store.export_records(plan.id)}
            refuse_reads(self.remotes, plan, {**carried, **records}, how)

    def _move(self, ref: str, new: str) -> None:
        old = self.remotes.tip(ref)
        if old != new:
            self.remotes.set_ref(ref, new, old)

    def _take_checkpoints(self, plan_id: str, theirs: str) -> None:
        """Make the plan's checkpoint ref reach their checkpoints too (joining both chains
        when each has some the other has not)."""
        ref = checkpoints_ref(plan_id)
        mine = self.remotes.tip(ref)
        self.remotes.note_received(plan_id, theirs)  # their files, not this tree's
        if mine is None or self.remotes.is_ancestor(mine, theirs):
            self._move(ref, theirs)
        elif not self.remotes.is_ancestor(theirs, mine):
            self.remotes.set_ref(ref, self.remotes.join(mine, theirs, self.clock.now()), mine)

    def _diverged(self, plan: Plan, where: str, theirs: bytes, hint: str) -> ConflictingState:
        mine = self.store.decisions_in(self.store.export_records(plan.id))
        other = self.store.decisions_in(theirs)
        differ = [d for d in mine if d in other and mine[d] != other[d]]
        only_here = [d for d in mine if d not in other]
        only_there = [d for d in other if d not in mine]
        said = ", ".join(
            f"{_ids(ids)} {label}"
            for label, ids in (
                ("differ", differ),
                ("only here", only_here),
                ("only there", only_there),
            )
            if ids
        )
        return ConflictingState(
            f"plan {plan.id} changed both here and {where} since they last met: "
            f"{said or 'their records differ'}",
            hint=hint,
        )


def _ids(ids: list[str]) -> str:
    shown = ", ".join(f"#{i}" for i in ids[:12])
    return shown + (f" and {len(ids) - 12} more" if len(ids) > 12 else "")


def _choices(remote: str, plan_id: str) -> str:
    """What a person can do about a plan that diverged (`shlex`-quoted: user text)."""
    named = shlex.join([remote, plan_id])
    return (
        f"`agents plan pull {named} --force` takes theirs (`agents plan undo` brings ours "
        f"back), `agents plan push {named} --force` keeps ours (theirs stay in the records' "
        "history)"
    )
