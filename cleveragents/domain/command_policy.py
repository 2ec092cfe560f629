"""Which of a model's commands run without asking, and how they run.

A command line runs without a person's yes when every simple command in it (across `;`,
`&&`, `||`, `|`, subshells, groups, `$(...)`, backticks, process substitutions, redirect
targets and assignments) matches an allow pattern as a whole: `python3 -m unittest*` allows
`python3 -m unittest -q` and nothing chained to it. A pattern matches the whole text of one
simple command, so `xargs*`, `env*`, `bash*` or `eval*` allow whatever those run.
A line the shell adapter cannot check (it does not parse, defines a function, evaluates
variables as arithmetic) is asked about too; only a pattern of nothing but `*` allows it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fnmatch import fnmatchcase

from cleveragents.domain.plan import Plan


@dataclass(frozen=True)
class ShellLine:
    """A command line as the shell reads it: the text of each simple command in it, in order,
    or why it cannot be checked."""

    commands: tuple[str, ...] = ()
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


def judge(line: str, read: ShellLine, patterns: Sequence[str]) -> Refusal | None:
    """None when `line` may run: every simple command in it matches a pattern."""
    if any(p and set(p) == {"*"} for p in patterns):
        return None  # `--allow-command '*'`: anything, checked or not
    if read.unchecked is not None:
        return Refusal(
            f"`{line}` cannot be checked ({read.unchecked})",
            f"Run `{line}`? It cannot be checked ({read.unchecked})",
        )
    parts = list(dict.fromkeys(read.commands))
    refused = [c for c in parts if not any(fnmatchcase(c, p) for p in patterns)]
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
        sandbox=plan.sandbox, network=plan.allow_network, pass_env=tuple(plan.pass_env)
    )
