"""Settling an operation a killed command left running, so that the settling is undoable.

The user may have edited files since the kill, before the next `agents` command settles it.
A killed correction kept a journal (`Operation.journal`): every tree it brought the working
tree to, each on disk before it was written (a restore's target) or once read (a
checkpoint). Only the paths that are now as one of those trees has them go back to its
safety checkpoint: they are as the correction wrote them. Any other path is as someone else
left it, the user most often, and stays as it is, named (a file an action it was cut off in
was writing cannot be told from the user's edit: kept too, and said so). A correction with
no journal entry had written nothing: no file is touched. An undo or pull killed half-way
(or a correction recorded before journals were kept) goes back to its safety checkpoint
whole: what it changed is not known. Either way the files as they are then are read into a
checkpoint first, and the settling is an operation of its own (`repair`): `agents plan undo`
of it puts the files back as they were before it, leaving plan state as settled.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from cleveragents.application.killed_correction import say_kept, written_back
from cleveragents.application.killed_git import own_git_back, own_git_said
from cleveragents.application.settle_restore import narrowed, owed_note, restored_each
from cleveragents.domain.checkpoint import SYMLINK, Checkpoint, SavedFiles, TreeEntry
from cleveragents.domain.correction import Operation, OperationStatus
from cleveragents.domain.correction_journal import is_action
from cleveragents.domain.rules import in_git_folder
from cleveragents.domain.saved_states import BYTES_IN_TREE, FOLDER
from cleveragents.domain.shown_text import visible
from cleveragents.errors import CleverAgentsError

if TYPE_CHECKING:
    from cleveragents.application.operation_log import OperationLog

REPAIR = "repair"
# After the last beat of a killed run's lock (`storage/lock.py`, one each 0.5 s): when what it
# ran could still have written, with room for a beat a loaded machine made late (seconds
# late, not half a second: a write taken for the user's would leave the model's file).
AFTER_BEAT = 10_000_000_000


def settle_killed(
    log: OperationLog, op: Operation, outcome: str
) -> tuple[Operation | None, Operation | None]:
    """Settle `op`; the `repair` operation that holds the files from before, when the
    settling put files back (None otherwise), and an earlier one of the same settling
    whose undo brings back the files as they stood (None: no other)."""
    from cleveragents.application.operation_log import RESTARTABLE

    if op.kind == REPAIR:  # killed itself: what it holds stays undoable, whole
        op.summary = "interrupted; undoing it puts the files back as they were before it"
        if op.held_out:  # but what it took back: its end known, the undo can leave them out
            log.record_end(op, scan=True)
            op.summary += held_note(op)
        op.status = OperationStatus.DONE
        op.finished_at = log.clock.now()
        with log.store.transaction():
            log.store.save_operation(op)
        return None, None
    if op.kind in RESTARTABLE and op.files_before is not None:
        log.settle_interrupted(op, outcome, log.keeping(op).keep)
        gits = own_git_back(log, op, _alive_until(log, op))  # before the put-back writes
        with log.checkpoints.settling():  # its snapshot too sees into a folder made `311`
            host = _host_run_back(log, op)
        own_git_said(log, op, gits)
        return host, None
    if op.kind in RESTARTABLE or op.files_before is None:
        log.settle_interrupted(op, outcome, log.keeping(op).keep)
        return None, None
    with contextlib.suppress(CleverAgentsError):  # what fails here, the checkpoint says
        _unblocked(log, op)  # before the checkpoint below: its git would wait on a FIFO
    journal = None if op.journal is None else list(op.journal)  # as the kill left it
    until = _alive_until(log, op)  # before the checkpoint below: when its command last wrote
    gits = own_git_back(log, op, until)  # before a put-back writes a hooks folder's file
    before, repair = _repair(log, op, f"settling operation {op.id} ({op.kind}), which was killed")
    tree, kept = None, list[str]()
    if journal is not None:
        tree, kept = written_back(log, op, journal, before.tree)
    # What the settling replaces that no checkpoint holds: the repair's (undo brings it back).
    log.settle_interrupted(op, outcome, log.keeping(repair).keep, tree)
    if kept:
        say_kept(log, op, kept, cut=is_action((journal or [""])[-1]))
    plan = log.store.plan(op.plan_id, deleted=True)
    repair.plan_before = plan.model_dump(mode="json")  # undoing it changes files only
    repair.decisions_before = {
        d.id: [d.status.value, d.superseded_by] for d in log.store.decisions(op.plan_id)
    }
    repair.summary = (
        f"put the files back as before operation {op.id} ({op.kind})"
        if journal is None
        else f"put back the files operation {op.id} ({op.kind}) wrote, as they were before it"
    )
    _end(log, repair)
    # What its command left where the host runs that no journal tree holds (a nested
    # repository's hook, a `.claude` setting the user changed since): put back as after a
    # killed run (attack 31, F6: a killed correction's command kept the hook it planted).
    with log.checkpoints.settling():
        host = _host_run_back(log, op)
    own_git_said(log, op, gits)
    return repair if host is None else host, repair if host is not None else None


def _repair(log: OperationLog, op: Operation, command: str) -> tuple[Checkpoint, Operation]:
    """The files as they are now, read into a checkpoint, and the `repair` operation that
    holds them (undoing it brings them back)."""
    before = log.checkpoints.create(op.plan_id, f"before settling operation {op.id}", None)
    with log.store.transaction():
        log.store.save_checkpoint(before)
        repair = Operation(
            id=log.store.next_operation_id(),
            plan_id=op.plan_id,
            kind=REPAIR,
            command=command,
            files_before=before.id,
            plan_before=log.store.plan(op.plan_id, deleted=True).model_dump(mode="json"),
            made_in=log.store.store_id,
            created_at=log.clock.now(),
        )
        log.store.save_operation(repair)
    return before, repair


def _end(log: OperationLog, repair: Operation) -> None:
    log.record_end(repair, scan=True)
    repair.status = OperationStatus.DONE
    repair.finished_at = log.clock.now()
    with log.store.transaction():
        log.store.save_operation(repair)


def _host_run_back(log: OperationLog, op: Operation) -> Operation | None:
    """A killed run's files in places the host runs (`domain/host_files.host_run`) changed
    since it began: its command's bytes, which the put-back after the command would have
    taken back (attack 20, finding 8: the user's next shell sourced the model's `zz.sh`).
    They go back as before the run, the files as they were kept by a `repair` (undoing it
    brings them back), and the paths said; None when there are none. A name the box stood
    on (`log.spared`) held none of the command's bytes: what stands there is the user's.
    Ignored files (and a nested repository's), which no checkpoint holds, go back as the
    run's saved records hold them (saved before each command: attack 21, finding 7), what
    stood there kept in the commit the outcome names."""
    assert op.files_before is not None
    until = _alive_until(log, op)
    try:  # a look that fails says so, and leaves the next command free to run
        since = _unblocked(log, op, until)  # first: the snapshot's git would wait on a FIFO
        safety = log.store.checkpoint(op.files_before).tree
        now = log.checkpoints.snapshot_tree(op.plan_id)
        changed = log.checkpoints.trees.differences(safety, now)
        runs, way = _runs_on_host(log, since[1])
        ignored, made, gone = _ignored_changed(
            log, op, runs, since, log.checkpoints.trees.tree_paths(now)
        )
        # What stands changed after the kill is the user's; a deletion goes back (`changed_at`)
        # but one of the user's HEAD moving since the run began.
        paths, began = [*changed, *ignored], int(op.created_at.timestamp() * 1e9)
        later = set[str]() if until is None else log.checkpoints.changed_at(paths, until, began)
    except CleverAgentsError as failed:
        log.notices.append(
            f"could not look for files your host runs that operation {op.id}'s killed command "
            f"changed: {failed.message}; `agents plan undo {op.id}` puts every file back"
        )
        return None
    back = {
        path: was
        for path, (was, now) in changed.items()
        if (runs(path) or way(path, was, now)) and path not in log.spared and path not in later
    }
    ignored = [path for path in ignored if path not in later]
    if not back and not ignored and not made:
        return None
    shown = ", ".join(visible(path, one_line=True) for path in sorted({*back, *ignored, *made}))
    command = f"putting back what operation {op.id} ({op.kind}), killed, left where your host runs"
    before, repair = _repair(log, op, command)
    to = log.checkpoints.trees.edited_tree(before.tree, back)
    records, spare = _only(op, ignored, made)
    ignored += made
    to_tree = log.checkpoints.at_tree(op.plan_id, to, command)
    # What stood there is the killed command's: kept in the repair's commits, and no undo
    # writes it back (as none does what the put-back after a command took: attack 26, F3).
    # A deletion put back is not (its bytes are the user's): undoing it deletes it again.
    gone += [path for path in back if changed[path][1].absent]
    repair.held_out = sorted({*back, *ignored} - {*gone})
    with log.store.transaction():
        log.store.save_operation(repair)
    if lost := restored_each(log, to_tree, records, spare, repair):  # named, made inert
        shown = ", ".join(visible(p, one_line=True) for p in sorted({*back, *ignored} - {*lost}))
        shown = shown or "none of them"
    repair.decisions_before = {
        d.id: [d.status.value, d.superseded_by] for d in log.store.decisions(op.plan_id)
    }
    said = f"put back {shown}: the killed command left them where your host runs them"
    kept = _kept_line(repair.saved, ignored, before.id, sorted(back))
    kept += "".join(f"; {line}" for line in log.checkpoints.opened)  # a folder made 555
    repair.summary = said + kept + owed_note(lost)
    _end(log, repair)
    op.summary = (
        f"{op.summary}; put back {shown}: its killed command changed them where your host "
        f"runs them{kept}"
    )
    with log.store.transaction():
        log.store.save_operation(op)
    return repair


def settled_notes(
    op: Operation, repair: Operation | None, first: Operation | None = None
) -> list[str]:
    """What the next command says of `op`, settled, and of its `repair` (None: none) and
    the `first` repair of the same settling (None: none)."""
    said = [f"operation {op.id} ({op.kind}) was {op.summary}"]
    if first is not None:
        said += settled_notes(op, first)[1:]
    if repair is not None and repair.held_out:  # the killed command's: never back
        said.append(
            f"no undo writes back what operation {repair.id} took back: the killed command's, "
            "where your host runs them; `git show` reads them from the commit named"
        )
    elif repair is not None:
        said.append(
            "the files as they were before that (edits since included) are kept: "
            f"`agents plan undo {repair.id}` brings them back"
        )
    return said


def held_note(op: Operation) -> str:
    """What an undo of the repair `op` says of the paths it took back (`held_out`): never
    written back, and the commits that keep them."""
    if not op.held_out:
        return ""
    ignored = [p for p in op.held_out if any(p in saved.modes for saved in op.saved)]
    back = [p for p in op.held_out if p not in ignored]
    shown = ", ".join(visible(path, one_line=True) for path in op.held_out)
    kept = _kept_line(op.saved, ignored, op.files_before or "", back)
    return (
        f", but for {shown}: the killed command's, where your host runs them, which no undo "
        f"writes back{kept}"
    )


def _alive_until(log: OperationLog, op: Operation) -> int | None:
    """When `op`'s killed command could last have written (ns): its agents process touched
    the working tree's lock up to its death (`PlanLocks.beat_before`), every `BEAT`, and so
    did a process beside its command while the command lived (`box_beat.py`: agents may
    have been stopped while it wrote on); the box, and what it ran, died with it. What
    changed later, and stands, is the user's (attack 23, F12: the user's own settings, hooks, a
    worktree's `.git` made after the kill were taken back). None when no beat is known since
    `op` began (a lock of an older agents)."""
    beat = log.locks.beat_before
    if beat is None or beat < int(op.created_at.timestamp() * 1e9):
        return None
    return beat + AFTER_BEAT


def _unblocked(
    log: OperationLog, op: Operation, until: int | None = None
) -> tuple[list[str], list[str]]:
    """The ignored files made or changed since `op` began (before `until`), and what git or
    Claude Code would run that no checkpoint holds changed since (`ignored_since`); a FIFO its
    killed command left where git opens a file removed first, as the put-back after the
    command would have (the next `agents` hung on it for good), and said."""
    began = int(op.created_at.timestamp() * 1e9)
    ignored, running, said = log.checkpoints.ignored_since(began, until)
    log.notices += said
    return ignored, running


def _runs_on_host(
    log: OperationLog, git_runs: list[str]
) -> tuple[Callable[[str], bool], Callable[[str, TreeEntry, TreeEntry], bool]]:
    """Whether a path of the tree is one the put-back after a command takes back: one the
    host runs (`domain/host_files.host_run`), one Claude Code runs or takes permissions from
    (`rules.claude_setting`: a `.claude` setting, a `.mcp.json`), or what of a `.git` (or a
    folder git takes for one) the user's git would run (attack 22, finding K: a killed run
    left the model's fsmonitor, hooks and MCP servers); and whether a path that was or is a
    link (its entries before and now) leads what the host runs elsewhere, as `link_ways.py`
    and the watched pattern links put back after a command (`host_files.link_way`: attack
    23, F19: `scripts -> tools` re-pointed to `other` stayed; F7, F30: a new `bin` or
    `.vscode` link where a place's folder would stand)."""
    from cleveragents.domain.host_files import host_run, link_way
    from cleveragents.domain.rules import claude_reads, claude_setting

    host, links, git = log.checkpoints.host_folders(), log.checkpoints.claude_links(), {*git_runs}

    def runs(path: str) -> bool:
        if host_run(path, host) is not None or claude_setting(path, links) or path in git:
            return True
        return claude_reads(path.rpartition("/")[2])  # a `.claude` link: Claude Code follows it

    def way(path: str, was: TreeEntry, now: TreeEntry) -> bool:
        return SYMLINK in (was.mode, now.mode) and link_way(path, host)

    return runs, way


def _ignored_changed(
    log: OperationLog,
    op: Operation,
    runs: Callable[[str], bool],
    since: tuple[list[str], list[str]],
    tree: frozenset[str],
) -> tuple[list[str], list[str], list[str]]:
    """The paths no checkpoint holds (ignored files, a nested repository's) that the host
    runs (`runs`): those of `op`'s saved records not as the oldest record holds them now,
    and those made since `op` began (`since`: ignored ones, what git or Claude Code runs;
    not in the `tree` of now) that no record names (the looks saw none there); and of the
    first, those absent now (deleted since)."""
    found = log.checkpoints.found_states(op.saved)
    wanted = [
        path
        for path, (entry, _) in found.items()
        if entry not in (BYTES_IN_TREE, FOLDER) and path not in log.spared and runs(path)
    ]
    now = log.checkpoints.saved_states(wanted)
    made = [
        path
        for path in dict.fromkeys([*since[0], *since[1]])
        if path not in found and path not in log.spared and path not in tree and runs(path)
    ]
    changed = sorted(path for path in wanted if now[path] != found[path])
    return changed, sorted(made), [path for path in changed if now[path] == (None, None)]


def _only(op: Operation, paths: list[str], made: list[str]) -> tuple[list[SavedFiles], set[str]]:
    """Of `op`'s saved records, those holding `paths`, each narrowed to them, and one of
    `made` (nothing stood there: removed); and the other paths their commits hold (spared
    by the put-back: only `paths` are written)."""
    records = op.saved
    if not paths and not made:
        return [], set()
    only = narrowed(records, paths)
    only += [SavedFiles(plan_id=op.plan_id, absent=made)] if made else []
    return only, {p for saved in records for p in saved.paths} - set(paths)


def _kept_line(kept: list[SavedFiles], ignored: list[str], checkpoint: str, back: list[str]) -> str:
    """Where what stood at the paths put back is kept: the checkpoint commit of the repair
    (`back`, paths a checkpoint holds), the put-back's record (the `ignored` paths)."""
    line = f"; what stood there is kept in commit {_shown(checkpoint, back)}" if back else ""
    commit = next((s.commit for s in kept if s.commit and set(s.modes) & set(ignored)), None)
    if commit is None:
        return line
    return f"{line}; what stood there, no checkpoint holding it, is kept in commit " + _shown(
        commit, ignored
    )


def _shown(commit: str, paths: list[str]) -> str:
    """`commit` shortened, and how to read one of `paths` from it (a `.git` folder in a
    commit is named `.git~cleveragents`: git records no path through one)."""
    short = commit[:12]
    if any(in_git_folder(path) for path in paths):
        return f"{short} (git show {short}:PATH, each .git folder as .git~cleveragents)"
    path = visible(paths[0], one_line=True) if len(paths) == 1 else "PATH"
    return f"{short} (git show {short}:{path})"
