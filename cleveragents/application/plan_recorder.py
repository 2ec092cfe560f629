"""PlanRecorder: writes one run's decisions, checkpoints, messages and actor states."""

from __future__ import annotations

import contextlib
import json
from collections import defaultdict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cleveragents.domain.action import Action, ActionOutcome, EditAction, RunAction, with_outputs
from cleveragents.domain.actor_state import ActorState
from cleveragents.domain.browser import BrowserAction, PageExpectation, address_refusal
from cleveragents.domain.budget import Usage, calls_left, spending_over
from cleveragents.domain.checkpoint import Checkpoint, Keeping, SavedFiles
from cleveragents.domain.command_policy import confinement, judge
from cleveragents.domain.command_saves import CommandLook, shown_path, unsaved_note
from cleveragents.domain.correction_journal import ACTION, about_to_leave, about_to_write
from cleveragents.domain.decision import Decision, DecisionKind
from cleveragents.domain.plan import Plan
from cleveragents.domain.rules import confined_path, roll
from cleveragents.domain.strategy import ActorContext
from cleveragents.domain.tool_writes import left_by
from cleveragents.errors import BudgetExhausted, Interrupted, PathRefused
from cleveragents.ports import Actor, CheckpointStore, Clock, Environment, PlanStore

if TYPE_CHECKING:  # imported when a decision has a page to record
    from cleveragents.domain.page_state import PageLook, PageState

Observer = Callable[[Decision, Plan], None]


class PlanRecorder:
    """Each write is its own transaction: a crash keeps every decision recorded before it.

    What it does per decision does not grow with the plan: ids and seq numbers are
    counted, not searched for; the actor's context is stored as what changed.
    """

    def __init__(
        self,
        store: PlanStore,
        checkpoints: CheckpointStore,
        clock: Clock,
        plan: Plan,
        state: ActorState,
        observer: Observer | None,
        actor: object = None,
        approve: Callable[[str], bool] | None = None,
        *,
        keeping: Keeping,
    ) -> None:
        self.store = store
        self.checkpoints = checkpoints
        self.keeping = keeping  # the operation's: what the run's calls save, and its journal
        self.clock = clock
        self.plan = plan
        self.observer = observer
        self.actor = actor
        self.approve = approve  # asks a person (the question given) whether a command runs
        self.decisions: list[Decision] = store.decisions(plan.id)
        self.position = {d.id: i for i, d in enumerate(self.decisions)}
        self.children: dict[str | None, list[str]] = defaultdict(list)
        self.seq = 0
        self.top = 0  # the highest main-line id (`7`)
        self.local: dict[str, int] = {}  # the highest local id under each step (`8.2`)
        for d in self.decisions:
            self._count(d)
        self.message_id = state.message_id
        self.context = ActorContext.from_state(plan.task, state.data)
        self.blob: tuple[ActorContext, dict[str, Any]] | None = None  # the last one stored
        self.current: Checkpoint | None = None
        self.planned_on: str | None = None  # the tree the current segment was planned on
        self.touched: set[str] = set()  # paths the segment's own file actions wrote
        self.replaced: list[SavedFiles] = []  # saved by actions since the last decision
        # Paths the agent's file actions changed since the last checkpoint, which then reads
        # only those; None once a command ran (it may have changed anything): a full scan.
        self.changed: set[str] | None = None
        # Paths the checkpoints since `planned_on` read again, the others being as planned
        # on; None once one scanned the whole working tree (anything may differ).
        self.read_since_planned: set[str] | None = None
        self.noted: str | None = None  # the last note on what a command's look did not save
        # The page a decision sees, when the plan has one; the last state recorded.
        self.look: Callable[[], PageLook | None] = lambda: None
        self.page_seen: PageState | None = None

    def apply(self, environment: Environment, action: Action) -> tuple[Action, ActionOutcome]:
        """Take an action with earlier outputs filled in; keep its own output if it names one.

        The files it writes are remembered: changes the plan makes itself are no drift.
        """
        try:
            action = with_outputs(action, self.context.outputs)
        except KeyError as missing:
            return action, ActionOutcome(ok=False, summary=f"no output {missing} yet")
        if (refused := self._page_refusal(action)) is not None:
            return action, ActionOutcome(ok=False, summary=f"refused: goto {refused}")
        if isinstance(action, BrowserAction | PageExpectation):
            return action, environment.apply(action)  # the page: no file of the tree
        if not isinstance(action, RunAction):
            self.touched.add(action.path)
            self.save_before(action.path, action)
        elif (refused := self.refusal(environment, action.command)) is not None:
            return action, ActionOutcome(ok=False, summary=f"refused: {refused}")
        else:
            self.changed = None
            return action, self._command(environment, action)
        return action, environment.apply(action, confinement(self.plan))

    def _page_refusal(self, action: Action) -> str | None:
        """Why a `goto` may not open its address, filled in as it now is (the rule of the
        plan file's own, checked again here: an output may have made the address)."""
        if not isinstance(action, BrowserAction) or action.url is None:
            return None
        return address_refusal(action.url, self.plan.browser_url)

    def _command(self, environment: Environment, action: RunAction) -> ActionOutcome:
        """Run a command, with what it may destroy that no checkpoint holds saved before
        (what is beyond the bound named first) and what it changed of it recorded after."""
        look = self.look_before_command(environment)
        try:
            outcome = environment.apply(action, confinement(self.plan))
        except BaseException as stop:  # an interrupt, most often: what the user must hear of
            with contextlib.suppress(Exception):  # what it changed recorded, failed places named
                self._after_command(look, environment)
                if isinstance(stop, Interrupted):  # in the plan's outcome (review30, 4)
                    stop.failed += look.failed
            raise
        look.holds = outcome.holds  # what changed there meanwhile is the host's, not its
        self._after_command(look, environment)
        # No checkpoint holds them: their absence before goes back. Not where a file stood
        # before (a FIFO in its place): its checkpoint or saved bytes go back there.
        stood = {*look.modes, *look.ignored, *look.folders}
        if left_out := [p for p in outcome.left_out if p not in stood]:
            made = SavedFiles(plan_id=self.plan.id, absent=left_out, at=look.at)
            self.keeping.keep(made)
            self.replaced.append(made)
        if replaced := [p for p in outcome.left_out if p in look.modes and p in outcome.kinds]:
            # Where a checkpointed file stood: the next checkpoint cannot hold what stands
            # there now (`git/nested.py`); undo and a correction put the file back.
            named = ", ".join(f"{shown_path(p)} ({outcome.kinds[p]})" for p in replaced)
            outcome = outcome.model_copy(
                update={"summary": f"{outcome.summary}; not saved: {named}"}
            )
        if look.put_back:  # a `.git` the command made, changed or moved; a place failed
            said = f"{outcome.summary}; {'; '.join(dict.fromkeys(look.put_back))}"
            ok = outcome.ok and not look.failed  # not put back: the command failed, whatever it did
            outcome = outcome.model_copy(update={"summary": said, "ok": ok})
        if look.unsaved:
            not_saved = f"not saved (over the bound): {', '.join(look.unsaved)}"
            outcome = outcome.model_copy(update={"summary": f"{outcome.summary}; {not_saved}"})
        if action.output and outcome.ok:
            outputs = {**self.context.outputs, action.output: outcome.output.strip()}
            self.context = self.context.model_copy(update={"outputs": outputs})
        return outcome

    def look_before_command(self, environment: Environment) -> CommandLook:
        """What a command may destroy that no checkpoint holds, saved (`before_command`)."""
        tree = self.current.tree if self.current is not None else None
        self.keeping.journal(ACTION)  # what it writes: not known until the next checkpoint
        look = self.checkpoints.before_command(self.plan.id, tree, self.keeping.keep)
        self.keeping.looked(look.at, look.own_config)  # for a kill's settle (attack 31, F7)
        note = unsaved_note(look.unsaved) if look.unsaved else None
        if note is not None and note != self.noted:  # the same again: in the outcome only
            environment.notice(note)
            self.noted = note
        return look

    def _after_command(self, look: CommandLook, environment: Environment) -> None:
        saved = self.checkpoints.after_command(look, self.keeping.keep)
        for line in look.failed:  # a place not put back: on stderr now
            environment.notice(line)
        if saved is not None:
            self.replaced.append(saved)

    def save_before(
        self, path: str, action: Action | None = None, call: tuple[str, Any] | None = None
    ) -> None:
        """Save what a write, edit or delete of `path` (or Claude Code's tool `call`: name,
        input) replaces that no checkpoint holds, once the correction's journal names it
        (`domain/correction_journal.py`), with what it leaves there when that is known."""
        try:
            relative = confined_path(path)
        except PathRefused:
            return  # the environment refuses the action itself
        if self.changed is not None:
            self.changed.add(relative)
        reads = call is not None or isinstance(action, EditAction)  # what it leaves: by the file
        now = self.checkpoints.file_bytes(relative) if reads else None
        if call is not None and (leaves := left_by(*call, now)):
            for data in leaves:
                self.keeping.journal(about_to_leave(relative, data))
        else:
            self.keeping.journal(about_to_write(relative, action, now))
        saved = self.checkpoints.save_before_action(self.plan.id, relative, self.keeping.keep)
        if saved is not None:
            self.replaced.append(saved)

    def replaced_under(self, parent_id: str) -> list[SavedFiles]:
        """What the actions below a decision replaced: a restore of its checkpoint puts it back."""
        below = (self.decisions[self.position[i]] for i in self.children[parent_id])
        return [saved for d in below for saved in d.replaced]

    def refusal(self, environment: Environment, command: str) -> str | None:
        """Why a command may not run, or None. A plan made by a model runs a command when
        every simple command in it matches its allow list, or a person approves; a plan
        file's commands were written by a person and run as they are."""
        patterns = self.plan.allow_commands
        if patterns is None:
            return None
        judged = judge(command, environment.shell_line(command), patterns)
        if judged is None or (self.approve is not None and self.approve(judged.question)):
            return None
        return judged.summary

    def checkpoint(self, label: str) -> Checkpoint:
        """The working tree now: the last checkpoint again if the agent changed nothing."""
        changed = None if self.changed is None else sorted(self.changed)
        checkpoint = self.checkpoints.create(self.plan.id, label, changed, self.keeping.journal)
        self.changed = set()
        if changed is None:
            self.read_since_planned = None
        elif self.read_since_planned is not None:
            self.read_since_planned.update(changed)
        if self.current is None or checkpoint.id != self.current.id:
            with self.store.transaction():
                self.store.save_checkpoint(checkpoint)
        self.current = checkpoint
        return checkpoint

    def fresh(self, label: str) -> Checkpoint:
        """The working tree just before a command, scanned whole: what the user changed
        since the last checkpoint is then not counted the command's own change."""
        self.changed = None
        return self.checkpoint(label)

    def plan_on(self, tree: str) -> None:
        """A segment is planned on `tree`: drift is measured from it from now on."""
        self.planned_on, self.touched, self.read_since_planned = tree, set(), set()

    def actor_state(self) -> str:
        """Store the actor's context as it is now; the plan remembers it as the latest."""
        with self.store.transaction():
            key = self._store_state(self.context)
            self.save_plan(actor_state=key)
        return key

    def _store_state(self, context: ActorContext) -> str:
        blob = context.as_state(self.blob)
        self.blob = (context, blob)
        return self.store.save_actor_state(ActorState(message_id=self.message_id, data=blob))

    def ask(self, duty: str, call: Callable[[], Any]) -> Any:
        """Ask the actor; the question and the answer join the message tree.

        A model's actor checks the plan's spending limits before each request it makes.
        A duty that stops half way (the service failed, a limit was reached) decides
        nothing, but what its requests spent is counted all the same.
        """
        if not calls_left(self.plan.budget, self.plan.usage):
            raise BudgetExhausted(
                f"the actor call budget ({self.plan.budget.actor_calls}) is spent"
            )
        asked = self.context
        spent_before = getattr(self.actor, "spent", Usage())
        self._within_budget(self.plan.usage)
        if hasattr(self.actor, "allowance"):
            self.actor.allowance = lambda spent: self._within_budget(
                self.plan.usage.plus(spent, spent_before)
            )
        try:
            reply = call()
        except BaseException:  # the service failed, a limit was reached, Ctrl-C, a bug
            self.save_plan(usage=self._spent(spent_before))
            raise
        answer = "null" if reply is None else reply.model_dump_json()
        # A model's actor says what it exchanged and spent; the scripted one, nothing more.
        exchange = getattr(self.actor, "exchange", None) or [("assistant", answer)]
        with self.store.transaction():
            # The request names the context it was asked with (stored as an actor state,
            # most often the one just stored): never the whole context again.
            request = json.dumps({"duty": duty, "context": self._store_state(asked)})
            for role, content in [("user", request), *exchange]:
                said = self.store.add_message(self.plan.id, self.message_id, role, content)
                self.message_id = said.id
            self.save_plan(usage=self._spent(spent_before))
        return reply

    def _spent(self, before: Usage) -> Usage:
        """The plan's usage after one actor call, with what a model's service counted for it."""
        after = getattr(self.actor, "spent", Usage())
        called = self.plan.usage.model_copy(update={"actor_calls": self.plan.usage.actor_calls + 1})
        return called.plus(after, before)

    def _within_budget(self, usage: Usage) -> None:
        """Raise BudgetExhausted when `usage` (the plan's, with a duty's so far) is at a limit."""
        over = spending_over(self.plan.budget, usage)
        if over is not None:
            raise BudgetExhausted(over)

    def record(
        self,
        *,
        before: Checkpoint | None,
        local_to: str | None = None,
        after: Checkpoint | None = None,
        plan_update: dict[str, Any] | None = None,
        **fields: Any,
    ) -> Decision:
        """A new decision below `fields['parent_id']`, with its checkpoints and actor state.

        With `local_to`, the id is a local one under that step (`8.1`).
        """
        look = self.look()
        if look is not None:
            from cleveragents.domain.page_state import look_record

            fields["page"] = look_record(self.page_seen, look)
            self.page_seen = look.state
        decision = Decision(
            plan_id=self.plan.id,
            made_by=self.store.place,
            id=f"{local_to}.{self.local.get(local_to, 0) + 1}" if local_to else str(self.top + 1),
            seq=self.seq + 1,
            checkpoint_before=before.id if before else None,
            checkpoint_after=after.id if after else None,
            created_at=self.clock.now(),
            replaced=self.replaced,
            **fields,
        )
        self.replaced = []
        with self.store.transaction():
            self.store.save_decision(decision)
            self.save_plan(head_decision=decision.id, **(plan_update or {}))
        self.position[decision.id] = len(self.decisions)
        self.decisions.append(decision)
        self._count(decision)
        if decision.kind in (DecisionKind.ACTION, DecisionKind.LOCAL_ACTION):
            recent, earlier = roll(
                self.context.recent_actions,
                self.context.earlier_actions,
                f"{decision.summary}: {decision.outcome}",
            )
            self.context = self.context.model_copy(
                update={"recent_actions": recent, "earlier_actions": earlier}
            )
        if self.observer:
            self.observer(decision, self.plan)
        return decision

    def update(self, decision: Decision, after: Checkpoint | None, **fields: Any) -> Decision:
        changed = decision.model_copy(
            update={**fields, "checkpoint_after": after.id if after else None}
        )
        with self.store.transaction():
            self.store.save_decision(changed)
        self.decisions[self.position[decision.id]] = changed
        return changed

    def replace(self, decision: Decision, **fields: Any) -> Decision:
        """`decision` with `fields` changed, nothing else."""
        changed = decision.model_copy(update=fields)
        with self.store.transaction():
            self.store.save_decision(changed)
        self.decisions[self.position[decision.id]] = changed
        return changed

    def _count(self, decision: Decision) -> None:
        """Keep the numbering and the children of each decision up to date."""
        self.seq = max(self.seq, decision.seq)
        self.children[decision.parent_id].append(decision.id)
        step, dot, local = decision.id.partition(".")
        if dot:
            self.local[step] = max(self.local.get(step, 0), int(local))
        else:
            self.top = max(self.top, int(step))

    def save_plan(self, **fields: Any) -> None:
        """Save the plan with `fields` changed; unchanged, it is not written again."""
        if all(getattr(self.plan, name) == value for name, value in fields.items()):
            return
        self.plan = self.plan.model_copy(update={**fields, "updated_at": self.clock.now()})
        with self.store.transaction():
            self.store.save_plan(self.plan)


class RunPart:
    """What each part of a run works with: its recorder, actor, checkpoints, environment."""

    def __init__(
        self,
        recorder: PlanRecorder,
        actor: Actor,
        checkpoints: CheckpointStore,
        environment: Environment,
    ) -> None:
        self.r = recorder
        self.actor = actor
        self.checkpoints = checkpoints
        self.environment = environment
