"""Which of a model's commands run without asking, and how they run.

A command line runs without a person's yes when every simple command in it (across `;`,
`&&`, `||`, `|`, subshells, groups, `if`, `for`, `case`, bare assignments) matches an allow
pattern word by word (`command_patterns`): `python3 -m unittest*` allows `python3 -m
unittest -q` and nothing chained to it. What a matched command runs, it allows: `xargs*`,
`env*`, `bash*` or `eval*` allow whatever those run. A line the shell adapter cannot check
(it does not parse, may be split otherwise by bash than by the parser, defines a function,
substitutes anywhere - `$(...)`, backquotes, `<(...)`, `$((...))` - or evaluates variables
as arithmetic) is asked about too, and so is
a builtin that would evaluate an array index it is given; only a pattern of nothing but
`*` allows those.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cleveragents.domain.command_patterns import evaluated, matches
from cleveragents.domain.plan import Plan


@dataclass(frozen=True)
class SimpleCommand:
    """One simple command: its text as written (with its redirections) and its words as
    bash passes them, None for a word bash expands (its value is known only at run time)."""

    text: str
    words: tuple[str | None, ...] = ()


@dataclass(frozen=True)
class ShellLine:
    """A command line as the shell reads it: each simple command in it, in order, or why it
    cannot be checked."""

    commands: tuple[SimpleCommand, ...] = ()
    unchecked: str | None = None


@dataclass(frozen=True)
class Refusal:
    """Why a line may not run without a person's yes: the outcome's words and the question."""

    summary: str
    question: str


@dataclass(frozen=True)
class Confinement:
    """How a model's command runs: under bash, the grammar it was checked with, and in a
    sandbox (no network unless allowed) unless the plan was started with --no-sandbox."""

    sandbox: bool = True
    network: bool = False
    pass_env: tuple[str, ...] = ()  # variables the user passes to the commands (--pass-env)
    stdin: bytes = b""  # what the command reads (a Claude Code hook's event); else nothing
    claude_code: bool = False  # Claude Code's: it runs on the host meanwhile, reading its files
    plan: str | None = None  # the plan's id: what a command's apply replaces is kept for it


def judge(line: str, read: ShellLine, patterns: Sequence[str]) -> Refusal | None:
    """None when `line` may run: every simple command in it matches a pattern."""
    if any(p and set(p) == {"*"} for p in patterns):
        return None  # `--allow-command '*'`: anything, checked or not
    allowed = [c for c in read.commands if any(matches(c.words, p) for p in patterns)]
    why = read.unchecked
    for command in allowed:
        why = why or evaluated(command.words)
    if why is not None:
        return Refusal(
            f"`{line}` cannot be checked ({why})", f"Run `{line}`? It cannot be checked ({why})"
        )
    parts = list(dict.fromkeys(c.text for c in read.commands))
    refused = [c for c in parts if c not in {a.text for a in allowed}]
    if not refused:
        return None
    if refused == parts:  # nothing in it is allowed: the line as a whole, as it always read
        return Refusal(
            f"`{line}` matches no --allow-command pattern",
            f"Run `{line}`? It matches no --allow-command pattern",
        )
    named = ", ".join(f"`{c}`" for c in refused)
    verb = "matches" if len(refused) == 1 else "match"
    return Refusal(
        f"{named} (in `{line}`) {verb} no --allow-command pattern",
        f"Run `{line}`? {named} in it {verb} no --allow-command pattern",
    )


def confinement(plan: Plan) -> Confinement | None:
    """How the plan's commands run: a plan file's as written (a person wrote them, None),
    a model's under bash in the sandbox the plan was started with."""
    if plan.allow_commands is None:
        return None
    return Confinement(
        sandbox=plan.sandbox,
        network=plan.allow_network,
        pass_env=tuple(plan.pass_env),
        plan=plan.id,
    )
