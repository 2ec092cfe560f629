"""Claude Code's Bash in our sandbox: an allowed command runs where our own actor's do.

Our PreToolUse hook lets an allowed Bash call through with its command replaced by a
launcher line (`updatedInput`, honoured by Claude Code 2.1) that names only a random handle;
the model's command stays here, as data. When Claude Code's Bash runs the launcher, it asks
the run for the handle's command, which runs through `Environment.apply` with the plan's
confinement, exactly as the Claude actor's commands do: bubblewrap with the tree writable and
the `.git` and host-run files read-only, the environment's allow list, the limits, the
plan's network setting, or on the host with `--no-sandbox`. The output and exit code go back
to the launcher, so Claude Code sees them as Bash's own; the decision records the model's
command. The look before and the put-back after the call stay (`claude_code_run.py`).
Claude Code applies its own permission rules to the launcher, not to the model's command:
the user's `deny` and `ask` rules for Bash are applied here (`domain/claude_bash_rules.py`).
"""

from __future__ import annotations

import os
import secrets
import shlex
from dataclasses import dataclass, replace
from typing import Any, Protocol

from cleveragents.application.plan_recorder import PlanRecorder
from cleveragents.domain.action import ActionOutcome, RunAction
from cleveragents.domain.claude_bash_rules import refused_by
from cleveragents.domain.command_policy import Confinement
from cleveragents.ports import Environment

# Claude Code's Bash timeout when the call names none, and the most it takes (ms).
DEFAULT_MS, MOST_MS = 120_000, 600_000
BACKGROUND = (
    "cleveragents runs Claude Code's commands in its sandbox, each to its end: "
    "run it without run_in_background"
)
ISOLATED = (
    "cleveragents records one working tree and runs each command at its top: a worktree of "
    "the user's repository is not made: start the subagent without isolation"
)
TIMED_OUT, REFUSED = 124, 126  # exit codes as `timeout` and a shell give them
UNBOXED = "not in the sandbox: Claude Code ran the command without our launcher"


class Launching(Protocol):
    """Claude Code's side: the launcher line, and the user's own rules for Bash."""

    def boxed_command(self, handle: str) -> str: ...
    def bash_rules(self) -> tuple[list[str], list[str]]: ...


@dataclass(frozen=True)
class BoxedCall:
    """An allowed Bash call waiting for its launcher: its id, the model's command, timeout."""

    call: str
    command: str
    seconds: float


class CommandBox:
    """The Bash calls of one run that go through our sandbox, by handle."""

    def __init__(
        self, recorder: PlanRecorder, environment: Environment, session: Launching
    ) -> None:
        self.r = recorder
        self.environment = environment
        self.session = session
        self.waiting: dict[str, BoxedCall] = {}
        self.outcomes: dict[str, ActionOutcome] = {}  # what each call's command did, by id
        self.held_back: list[str] = []  # why each command a user's hook held did not run

    def updated(self, call: str, tool_input: dict[str, Any]) -> dict[str, Any]:
        """The Bash input Claude Code runs instead: the launcher of a new handle."""
        handle = secrets.token_hex(16)
        command = str(tool_input.get("command", ""))
        self.waiting[handle] = BoxedCall(call, command, _seconds(tool_input.get("timeout")))
        return {**tool_input, "command": self.session.boxed_command(handle)}

    def refusal(self, command: str) -> str | None:
        """Why the user's own Claude Code rules for Bash refuse `command`, or None."""
        deny, ask = self.session.bash_rules()
        if not deny and not ask:
            return None
        read = self.environment.shell_line(command)
        return refused_by(deny, command, read, "deny") or refused_by(ask, command, read, "ask")

    def run(self, handle: str, refused: object = None) -> dict[str, Any]:
        """Run the command `handle` names, once; what the launcher prints and exits with.
        Not when the run `refused` it (a hook of the user's still runs on the host)."""
        boxed = self.waiting.pop(handle, None)
        if boxed is None:
            return {"output": "", "code": REFUSED, "note": "no command waits under that name"}
        action = RunAction(command=boxed.command, timeout=boxed.seconds)
        if isinstance(refused, str):
            outcome = ActionOutcome(ok=False, summary=f"not run: {refused}")
            self.held_back.append(refused)  # said now: the call's line read as if it ran
            self.environment.notice(f"the model's command `{boxed.command}` did not run: {refused}")
        else:
            outcome = self.environment.apply(action, self.confinement())
        self.outcomes[boxed.call] = outcome
        if outcome.exit_code is None:  # it never ran to an end: refused, or timed out
            code = TIMED_OUT if outcome.timed_out else REFUSED
            return {"output": outcome.output, "code": code, "note": outcome.summary}
        code = outcome.exit_code if outcome.exit_code >= 0 else 128 - outcome.exit_code
        noted = outcome.summary.removeprefix(f"exit {outcome.exit_code}").lstrip("; ")
        return {"output": outcome.output, "code": code, "note": noted}

    def shell(self, event: dict[str, Any], root: str) -> dict[str, Any]:
        """A project's command Claude Code's shell runs (a hook of its settings, through our
        shell prefix), run as an allowed Bash command is: in the sandbox, with the event it
        reads on its stdin and `CLAUDE_PROJECT_DIR` naming the tree, as Claude Code gives
        them, for as long as Claude Code lets it (a hook's `timeout`, the event's `seconds`);
        what the launcher prints and exits with."""
        refused = event.get("refused")
        if isinstance(refused, str):  # a hook of the user's still runs on the host
            self.held_back.append(refused)
            self.environment.notice(
                f"the project's hook `{event.get('shell')}` did not run: {refused}"
            )
            return {"output": "", "code": REFUSED, "note": f"the command did not run: {refused}"}
        line, stdin = str(event.get("shell")), str(event.get("stdin", ""))
        named = f"export CLAUDE_PROJECT_DIR={shlex.quote(root)}\n"
        action = RunAction(command=named + line, timeout=_hook_seconds(event.get("seconds")))
        given = stdin.encode("utf-8", errors="surrogateescape")
        outcome = self.environment.apply(action, replace(self.confinement(), stdin=given))
        if outcome.exit_code is None:
            code = TIMED_OUT if outcome.timed_out else REFUSED
            return {"output": outcome.output, "code": code, "note": outcome.summary}
        code = outcome.exit_code if outcome.exit_code >= 0 else 128 - outcome.exit_code
        noted = outcome.summary.removeprefix(f"exit {outcome.exit_code}").lstrip("; ")
        return {"output": outcome.output, "code": code, "note": noted}

    def confinement(self) -> Confinement:
        """The plan's, always: a Claude Code plan's commands are a model's, run while Claude
        Code runs on the host (its missing `.mcp.json` held too: `host_mounts.host_binds`)."""
        plan = self.r.plan
        return Confinement(
            sandbox=plan.sandbox,
            network=plan.allow_network,
            pass_env=tuple(plan.pass_env),
            claude_code=True,
            plan=plan.id,
        )

    def ended(self, call: str) -> str | None:
        """How the call's command ended, when Claude Code gives no result (a failure): it
        ran in the box, so we know."""
        outcome = self.outcomes.pop(call, None)
        return None if outcome is None else f"failed: {outcome.summary}"

    def skipped(self, call: str) -> bool:
        """Whether the call's launcher never asked, though Claude Code gave its result: a
        Claude Code that does not honour `updatedInput` ran the command on the host."""
        unused = [h for h, boxed in self.waiting.items() if boxed.call == call]
        for handle in unused:
            del self.waiting[handle]
        return bool(unused)

    def said(self, call: str) -> str | None:
        """What the decision's outcome adds of the command's run in the box, if anything."""
        outcome = self.outcomes.pop(call, None)
        if outcome is None:
            return None
        return outcome.summary.removeprefix(f"exit {outcome.exit_code}").lstrip("; ") or None


def _hook_seconds(seconds: object) -> float:
    """A project hook's run, in seconds: its timeout as Claude Code gives it, at most 10
    min; the most when none is given (a line that is no hook: a skill's `!`)."""
    if isinstance(seconds, int | float) and not isinstance(seconds, bool) and seconds > 0:
        return min(float(seconds), MOST_MS / 1000)
    return MOST_MS / 1000


def _seconds(given: object) -> float:
    """The call's timeout in seconds, as Claude Code's Bash takes it (ms, at most 10 min)."""
    default = os.environ.get("BASH_DEFAULT_TIMEOUT_MS", "")
    ms = int(default) if default.isascii() and default.isdigit() else DEFAULT_MS
    if isinstance(given, int | float) and not isinstance(given, bool) and given > 0:
        ms = int(min(given, MOST_MS))  # never infinite: Python's JSON reads `Infinity`
    return min(max(ms, 1), MOST_MS) / 1000
