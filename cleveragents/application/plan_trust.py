"""PlanTrust: before a plan's commands run again, the settings in force are this clone's.

Every run, resume and correction goes on through `PlanLifecycleService.continue_from`,
which asks `PlanTrust.here` first: a plan pulled from another clone gets the settings
given here (`domain/trust.py`), and its plan file runs only once a person here vouched
for it, on a terminal or with `--trust-plan`; without a terminal it is refused (exit 3,
as a correction's conflicts are: a person must decide, and CI says so with a flag).
The pages it opens in Chromium (its `browser:` URL, every `goto`) are fetched here only
once vouched for too, even when `--allow-command` confines its commands: a fetch is an
action no sandbox holds, and what its URL carries leaves the machine. So are its plan
file's writes, edits and deletes of the files that run on the host (Claude Code's
`.claude/settings.json`, `.mcp.json`, ...: `rules.claude_setting`; a hook in the tree's
`core.hooksPath` folder, `agents`' own Python: `domain/host_files.py`): no sandbox holds
what Claude Code, git or `agents`, on the host, do with them.
A plan file edited since the run is asked about the same way (`edited`) when the edit adds
or changes a command or a page, or adds, removes or changes any action (compared as parsed:
a comment or a step's name is none): a sandboxed command or the model may have written it,
and a `write:` of `.claude/settings.json` or `.mcp.json` runs code at the user's next
`claude` as surely as a command does. The plan file a person runs as they wrote it is
theirs: its actions, those on Claude Code's files too, are not asked about.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from cleveragents.domain.plan import Plan
from cleveragents.domain.trust import GivenHere, PlannedAction, imported, settings_here
from cleveragents.errors import Cancelled, ConflictingState
from cleveragents.ports import PlanStore

MOST_LISTED = 3  # changed actions a question or a refusal names; the rest are counted
CLAUDE_CODE = " (a file that runs on the host, outside the sandbox)"


class PlanTrust:
    """What this clone's person gave (`given`), the config's patterns, and how to ask."""

    def __init__(
        self,
        store: PlanStore,
        configured: Callable[[], list[str]],
        given: GivenHere | None = None,
        ask: Callable[[str], bool] | None = None,
        commands: Callable[[Plan], list[str]] | None = None,
        pages: Callable[[Plan], list[str]] | None = None,
        actions: Callable[[Plan], list[PlannedAction]] | None = None,
    ) -> None:
        self.store = store
        self.configured = configured
        # The commands of a plan's plan file; None: not known, so there may be some.
        self.commands = commands
        self.pages = pages or _browser_url  # the URLs a plan's page may be sent to
        self.actions = actions or _no_actions  # the actions of a plan's plan file
        self.given = given or GivenHere()
        self.ask = ask  # None: no terminal to ask on

    def here(self, plan: Plan) -> Plan:
        """The plan with this clone's settings, saved when they changed."""
        if plan.settings_from is None and not self.given.anything():
            return plan
        settled = settings_here(plan, self.given, self.configured())
        commands: list[str] | None = []  # with patterns given here, each one is checked
        if settled is None:
            commands = self.commands(plan) if self.commands else None
        unvouched = imported(plan) and not self.given.plan_file
        pages = self.pages(plan) if unvouched else []
        # Claude Code runs what these write on the host, sandbox or not: as a command does.
        writes = [a.shown for a in self.actions(plan) if a.claude_code] if unvouched else []
        if commands != [] or pages or writes:  # a plan file without any: nothing to vouch for
            self._vouched_for(plan, commands, pages, writes)
        if settled is None:
            settled = settings_here(plan, replace(self.given, plan_file=True), [])
            assert settled is not None
        if settled != plan:
            with self.store.transaction():
                self.store.save_plan(settled)
        return settled

    def edited(self, before: Plan, after: Plan) -> None:
        """A correction goes on with the plan file as it is now (`after`): the commands it
        adds or changes since the run (`before`), the pages it adds, and any action it
        adds, removes or changes, run and open only once a person here vouched."""
        if self.given.plan_file:
            return
        known = self.commands(before) if self.commands else None
        commands = self.commands(after) if self.commands else None
        new = [c for c in commands or [] if c not in (known or [])]
        pages = [p for p in self.pages(after) if p not in self.pages(before)]
        changed = _changes(self.actions(before), self.actions(after), new)
        if commands is not None and known is not None and not (new or pages or changed):
            return  # its text or steps' names changed, not what it does
        source = after.actor.source or "plan file"
        runs = bool(new) or commands is None or known is None
        said = f"it {_few(changed)}" if changed else ""
        if self.ask is None:
            kinds = (("commands", runs), ("pages", pages), ("actions", changed))
            what = " and ".join(w for w, has in kinds if has)
            raise ConflictingState(
                f"the plan file {source} changed since the run and adds or changes {what}"
                + (f": {said}" if said else ""),
                hint="check it, then pass --trust-plan to go on with it as written",
            )
        asked = _asked("its new commands", "its new pages", runs, pages)
        if not (runs or pages):
            asked = "Go on with the edited file?"
        question = (
            f"The plan file {source} changed since the run{': ' + said if said else ''}."
            f" {asked} {_listed(new, pages)}"
        )
        if not self.ask(question.rstrip()):
            raise Cancelled("nothing changed: the edited plan file was not trusted")

    def _vouched_for(
        self, plan: Plan, commands: list[str] | None, pages: list[str], writes: list[str]
    ) -> None:
        """A person here says the plan file another clone wrote may run its commands, open
        its pages and write the files of Claude Code's it writes."""
        runs = commands != []
        if self.ask is None:
            raise _refused_writes(plan, writes) if writes else _refused(plan, runs, pages)
        source = plan.actor.source or "its plan file"
        opened = "its pages" if runs else f"the pages of {source}"
        asked = _asked(f"the commands of {source}", opened, runs, pages)
        if not (runs or pages):
            asked = f"Let {source} write them as written?"
        said = f" Its plan file writes files that run on the host: {_few(writes)}."
        said = said if writes else ""
        question = (
            f"Plan {plan.id} came from another clone.{said} {asked} {_listed(commands, pages)}"
        )
        if not self.ask(question.rstrip()):
            raise Cancelled("nothing changed: the plan file was not trusted")


def _refused(plan: Plan, runs: bool, pages: list[str]) -> ConflictingState:
    """Why a pulled plan does not go on without a terminal to ask on, and what to pass."""
    if not pages:
        return ConflictingState(
            f"plan {plan.id} came from another clone: its plan file's commands run here "
            "only if you vouch for them",
            hint="pass --trust-plan to run them as written, or --allow-command PATTERN "
            "to run only those it matches, in the sandbox",
        )
    more = len(pages) - 1
    shown = pages[0] + (f" and {more} more" if more else "")
    return ConflictingState(
        f"plan {plan.id} came from another clone: "
        + ("its plan file's commands run and " if runs else "")
        + f"the pages it opens ({shown}) are fetched here only if you vouch for them",
        hint="check them, then pass --trust-plan to open them"
        + (" and run its commands as written" if runs else ""),
    )


def _refused_writes(plan: Plan, writes: list[str]) -> ConflictingState:
    """Why a pulled plan whose plan file writes Claude Code's files does not go on without a
    terminal: an --allow-command pattern confines its commands, not those writes."""
    return ConflictingState(
        f"plan {plan.id} came from another clone: its plan file writes files that run on the "
        f"host, outside the sandbox ({_few(writes)}), and goes on here only if you vouch for it",
        hint="check it, then pass --trust-plan to go on with its plan file as written",
    )


def _asked(commands: str, pages: str, runs: bool, opens: list[str]) -> str:
    """The question's verb phrase: run the commands, open the pages, or both."""
    run = f"Run {commands} as written, outside the sandbox"
    if not opens:
        return run + "?"
    return f"{run}, and open {pages} in Chromium?" if runs else f"Open {pages} in Chromium?"


def _changes(before: list[PlannedAction], after: list[PlannedAction], new: list[str]) -> list[str]:
    """What an edit did to the plan file's actions, in words: each one it adds (but a run
    of a new command, which the question lists already), moves (to another step, option or
    condition) or removes; a changed one is added and removed. Those on Claude Code's files
    first; the same words once, with a count."""
    commands = {f"run `{c}`" for c in new}
    added, removed = _unmatched(after, before), _unmatched(before, after)
    moved = [a for a in added if a.key in {r.key for r in removed}]
    said = [(a, "moves") for a in moved]
    said += [(a, "adds") for a in added if a not in moved and a.shown not in commands]
    said += [(a, "removes") for a in removed if a.key not in {m.key for m in moved}]
    said.sort(key=lambda pair: not pair[0].claude_code)
    phrases = Counter(f"{verb} {a.shown}{CLAUDE_CODE if a.claude_code else ''}" for a, verb in said)
    return [phrase + (f" ({n} times)" if n > 1 else "") for phrase, n in phrases.items()]


def _unmatched(these: list[PlannedAction], others: list[PlannedAction]) -> list[PlannedAction]:
    """The actions of `these` left once each one of `others` took its equal, in its place."""
    left = Counter((a.place, a.key) for a in others)
    found = []
    for action in these:
        if left[action.place, action.key]:
            left[action.place, action.key] -= 1
        else:
            found.append(action)
    return found


def _few(changes: list[str]) -> str:
    """The first few changes, and how many more there are."""
    more = len(changes) - MOST_LISTED
    return "; ".join(changes[:MOST_LISTED]) + (f"; and {more} more" if more > 0 else "")


def _no_actions(plan: Plan) -> list[PlannedAction]:
    """No plan file is read here: the services wire the one that reads it."""
    return []


def _browser_url(plan: Plan) -> list[str]:
    """The page a plan opens first, when nothing reads its plan file's `goto`s."""
    return [plan.browser_url] if plan.browser_url else []


def _listed(commands: list[str] | None, pages: list[str]) -> str:
    """Commands in backquotes, then the pages, as the question shows them."""
    shown = [f"`{c}`" for c in commands or []]
    if pages:
        shown.append("pages: " + ", ".join(pages))
    return "; ".join(shown)
