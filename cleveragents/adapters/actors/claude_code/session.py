"""Running Claude Code headless on the working tree, its hook events answered by the run.

The CLI runs with `-p TASK --output-format stream-json`, a settings file written into the
git directory's cleveragents folder (never the user's repository) that installs our hook
for PreToolUse and PostToolUse, and the permission mode `acceptEdits`: the hook is the gate
(it answers `allow` or `deny` for every call); should the run fail to answer, the call is
denied and the session ends (`hook.py`): nothing goes ahead unrecorded.
"""

from __future__ import annotations

import json
import os
import secrets
import shlex
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from cleveragents.adapters import held_secrets, host_programs, interrupts
from cleveragents.adapters.actors.claude_code import (
    asks,
    boxed,
    carried,
    hook,
    hooks_off,
    plugins,
    shell_prefix,
    startup_free,
    transcript,
)
from cleveragents.adapters.actors.claude_code.leftovers import adopting, end_group
from cleveragents.adapters.actors.claude_code.own_python import module_words
from cleveragents.adapters.actors.claude_code.permission_rules import bash_rules
from cleveragents.adapters.actors.claude_code.process_ties import (
    ends_with_agents,
    listening,
)
from cleveragents.adapters.actors.claude_code.program import ClaudeProgram
from cleveragents.adapters.actors.claude_code.serving import serve
from cleveragents.adapters.actors.claude_code.stream_calls import RefusedCall, StreamCalls
from cleveragents.adapters.actors.claude_code.transcript import ToolCallPlace

KEY_KEPT_MS = 7 * 24 * 3600 * 1000  # Claude Code keeps the helper's key this long
PLACE_SECONDS = 3.0  # how long a hook waits for its call's entry in the session file
HOOK_SECONDS = 600  # Claude Code ends a hook after this; a person may be asked meanwhile
Answer = Callable[[dict[str, Any]], dict[str, Any]]


class Fork(Protocol):
    """Resume into a new session (the original stays as it was), cut after the message
    `at` when given; `seen` learns the new session's id as soon as the CLI says it."""

    @property
    def at(self) -> str | None: ...
    def seen(self, session_id: str) -> None: ...


@dataclass
class SessionEnd:
    """How the CLI ended: its `result` message (usage, cost, subtype), exit code, stderr."""

    result: dict[str, Any] | None
    returncode: int
    stderr: str
    calls: StreamCalls = field(default_factory=StreamCalls)  # the calls it said it made

    def unseen(self, seen: set[str]) -> list[str]:
        return self.calls.unseen(seen, self.refused())

    def refused(self) -> dict[str, RefusedCall]:
        """The calls Claude Code's own permissions refused, by id: its result's
        `permission_denials` (its authoritative record), each with the reason it gave."""
        denials = (self.result or {}).get("permission_denials")
        found = {}
        for denial in denials if isinstance(denials, list) else []:
            if isinstance(denial, dict) and denial.get("tool_use_id"):
                call = str(denial["tool_use_id"])
                tool_input = denial.get("tool_input")
                found[call] = RefusedCall(
                    str(denial.get("tool_name")),
                    tool_input if isinstance(tool_input, dict) else {},
                    self.calls.errors.get(call) or "its permissions denied it",
                )
        return found


def settings(
    hook_command: str,
    key_command: str | None = None,
    prefix: Path | None = None,
    shell: Path | None = None,
) -> dict[str, Any]:
    """Claude Code settings that send every tool call's events to `hook_command`, take the
    API key from `key_command` (an apiKeyHelper) when given, and run every command of its
    shell through `prefix` when given, in `shell` (its `env` outranks a project's, user's)."""
    entry = [
        {
            "matcher": "*",
            "hooks": [{"type": "command", "command": hook_command, "timeout": HOOK_SECONDS}],
        }
    ]
    found: dict[str, Any] = {"hooks": {"PreToolUse": entry, "PostToolUse": entry}}
    if key_command is not None:
        found["apiKeyHelper"] = key_command
    if prefix is not None and shell is not None:
        found["env"] = {shell_prefix.VARIABLE: str(prefix), startup_free.VARIABLE: str(shell)}
    return found


def hook_command(tree: Path, mark: str | None = None) -> str:
    """This Python running our hook module, without the API key in its environment. `env`
    by its full path outside the tree: Claude Code's shell would otherwise look it up on
    a PATH a command could have planted one in, and it stands between Claude Code and the
    hook that decides its calls. Isolated (`-I`): a `PYTHONPATH` a project's settings `env`
    gives Claude Code's hooks (`src`) would put the tree ahead of our own modules. `mark`,
    a random word, tells our shell prefix the line is ours (the hook reads no argument)."""
    env = host_programs.find("env", tree) or "/usr/bin/env"
    words = [env, "-u", "ANTHROPIC_API_KEY", *module_words(hook.__name__)]
    return shlex.join([*words, *([mark] if mark else [])])


def key_command() -> str:
    """Our hook module asking the run for the API key, once (see `asks.answering`)."""
    return shlex.join(module_words(hook.__name__, "--key"))


# Not passed on: the key (above), and the switches that make Claude Code drop the hooks
# `--settings` gives it, ours (the policy, the recording): `--safe-mode`'s, `--bare`'s.
WITHHELD = frozenset(("ANTHROPIC_API_KEY", "CLAUDE_CODE_SAFE_MODE", "CLAUDE_CODE_SIMPLE"))
TOKENS = ("ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN")
# Set for Claude Code (and so for the hooks of the user's settings) in a run of ours: a hook
# that starts a service can leave it to the user then (`host_holders.SKIP`).
RUN = "CLEVERAGENTS_RUN"


def _environment(place: str, token: str, tree: Path) -> dict[str, str]:
    """Claude Code's environment: the user's, with the way to reach the run, without the API
    key (passed on to every command it runs: it asks through its apiKeyHelper, once). Its
    PATH leaves out the tree's folders (`host_programs`): Claude Code runs `git` on the host
    itself, and a command could have planted one in an activated `.venv/bin`."""
    env = {name: value for name, value in os.environ.items() if name not in WITHHELD}
    # Its own tokens, as Claude Code run by the user has them (not agents' other children).
    env.update({name: found for name in TOKENS if (found := held_secrets.value(name))})
    env.update(
        {
            "PATH": host_programs.trusted_path(tree),
            hook.SOCKET: place,
            hook.TOKEN: token,
            RUN: "1",
            "DISABLE_AUTOUPDATER": "1",
            "CLAUDE_CODE_API_KEY_HELPER_TTL_MS": str(KEY_KEPT_MS),
        }
    )
    return env


class ClaudeCodeSession:
    """One headless run of the CLI in `root`, its settings kept under `state_dir`."""

    def __init__(
        self,
        program: ClaudeProgram,
        root: Path,
        state_dir: Path,
        carried: Callable[[], dict[str, bytes]] | None = None,
        boxed: bool = False,
    ) -> None:
        self.program = program
        self.root = root
        self.state_dir = state_dir
        self.carried = carried  # the session files the plan's records carry (pulled)
        self.boxed = boxed  # the plan's commands run in our sandbox: so does Claude Code's shell

    def place_of(self, event: dict[str, Any]) -> ToolCallPlace:
        """Where the event's tool call sits in its session file. Claude Code may run the
        hook before the entry holding the call reaches the file: it is waited for a little,
        since a correction forks the session there."""
        path, call = event.get("transcript_path"), str(event.get("tool_use_id"))
        if event.get("hook_event_name") == "UserPromptSubmit":  # a later prompt of yours
            return transcript.place_before_prompt(path, str(event.get("prompt") or ""))
        deadline = time.monotonic() + PLACE_SECONDS
        place = transcript.place_of(path, call)
        while place.message_uuid is None and path and time.monotonic() < deadline:
            time.sleep(0.02)
            place = transcript.place_of(path, call)
        return place

    def boxed_command(self, handle: str) -> str:
        """What Claude Code's Bash runs in place of an allowed command (`boxed.py`)."""
        return boxed.command(handle)

    def bash_rules(self) -> tuple[list[str], list[str]]:
        """The user's Claude Code `deny` and `ask` rules for Bash (`permission_rules.py`)."""
        return bash_rules(self.root)

    def known(self, session_id: str) -> bool:
        """Whether Claude Code can resume the session: its file is there (carried files
        of a pulled plan are put there first)."""
        if self.carried is not None:
            carried.place_session(self.root, session_id, self.carried())
        return carried.session_known(session_id)

    def argv(
        self,
        task: str,
        session_id: str,
        settings_file: Path,
        model: str | None,
        usd: float | None,
        resume: bool = False,
        fork: Fork | None = None,
    ) -> list[str]:
        """The command line: a new session with this id, or the existing one resumed (or,
        with `fork`, copied into a new session, cut after the message `fork.at` names)."""
        line = [
            self.program.path,
            "-p",
            "--output-format",
            "stream-json",
            "--verbose",
            "--settings",
            str(settings_file),
            "--resume" if resume else "--session-id",
            session_id,
            "--permission-mode",
            "acceptEdits",
        ]
        if fork is not None:
            line += ["--fork-session"]
            line += ["--resume-session-at", fork.at] if fork.at else []
        if model:
            line += ["--model", model]
        if usd is not None:
            line += ["--max-budget-usd", f"{usd:g}"]
        # The task (or guidance) last, after `--`: a plan's task may be a pulled plan's, and
        # one starting with `-` would otherwise be an option (`--plugin-url=...`, `--bare`).
        return [*line, "--", task]

    def run(
        self,
        task: str,
        session_id: str,
        model: str | None,
        usd: float | None,
        answer: Answer,
        resume: bool = False,
        fork: Fork | None = None,
    ) -> SessionEnd:
        """Run the CLI until it ends; each hook event is handed to `answer` as it comes."""
        hooks_off.refuse_if_turned_off(self.root)  # its settings may have changed meanwhile
        if self.boxed:
            hooks_off.refuse_own_prefix(self.root, shell_prefix.VARIABLE)
            plugins.refuse(self.root)  # exec-form hooks, plugins the managed settings force
        if resume and self.carried is not None:  # a plan pulled: its session was not run here
            carried.place_session(self.root, session_id, self.carried())
        folder = self.state_dir / "claude-code"
        folder.mkdir(parents=True, exist_ok=True)
        settings_file = folder / f"settings-{session_id}.json"
        key = held_secrets.value("ANTHROPIC_API_KEY")
        mark = secrets.token_hex(16) if self.boxed else None
        own = hook_command(self.root, mark)
        users = hooks_off.users_seconds(HOOK_SECONDS) if self.boxed else {}
        seconds = hooks_off.project_seconds(self.root, HOOK_SECONDS) if self.boxed else {}
        prefix = shell_prefix.script(own, folder, users, seconds) if self.boxed else None
        shell = startup_free.script(folder, self.root) if self.boxed else None
        written = settings(own, key_command() if key else None, prefix, shell)
        written = plugins.turned_off(self.root, written) if self.boxed else written
        settings_file.write_text(json.dumps(written, indent=2))
        try:  # the settings serve this run only: none are left behind
            token = secrets.token_hex(16)
            with (
                listening() as (listener, place),
                tempfile.TemporaryFile() as errors,
                adopting(),
            ):
                env = _environment(place, token, self.root)
                if prefix is not None and shell is not None:
                    env[shell_prefix.VARIABLE] = str(prefix)
                    env[startup_free.VARIABLE] = str(shell)
                process = subprocess.Popen(
                    self.argv(task, session_id, settings_file, model, usd, resume, fork),
                    cwd=self.root,
                    env=env,
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.PIPE,
                    stderr=errors,
                    preexec_fn=ends_with_agents,
                    process_group=0,  # its own group: what it leaves running ends with it
                )
                try:
                    # Starting it ran Python's at-fork hooks (for the preexec_fn), where an
                    # interrupt is swallowed: it is raised here, not lost.
                    interrupts.raise_if_swallowed()
                    seen = fork.seen if fork is not None else None
                    calls = StreamCalls()
                    served = asks.answering(key, answer)
                    result = serve(process, listener, token, served, seen, calls)
                except BaseException:
                    _end(process)
                    end_group(process.pid)
                    raise
                returncode = process.wait()
                end_group(process.pid)
                errors.seek(0)
                stderr = errors.read().decode("utf-8", errors="replace")
        finally:
            settings_file.unlink(missing_ok=True)
            if prefix is not None:  # the shell stays: a session's fork names it the same
                prefix.unlink(missing_ok=True)
        return SessionEnd(result, returncode, stderr, calls)


def _end(process: subprocess.Popen[bytes]) -> None:
    """Stop the CLI we started (by its own pid), waiting a little before killing it."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:  # pragma: no cover - Claude Code ends on SIGTERM
            process.kill()
            process.wait()
