"""A plan's trust settings are this clone's: which of them are in force here.

What a plan's commands may do (its allow patterns, whether they run outside the sandbox
or reach the network, which of the user's variables they see, whether a plan file's
commands run as written) and where its exchanges with the model are recorded is a
person's decision in one clone. A plan pulled or imported from another clone brings that
clone's settings (`Plan.settings_from` names it); they are shown, never used here. On
`resume` or `correct` its commands run with what is given here: the `--allow-command`
patterns and the config's, in the sandbox unless `--no-sandbox`, without the network
unless `--allow-network`, seeing only the variables `--pass-env` names here, recording
nowhere. Its plan file's commands run as written only once a person here vouched for
them (`--trust-plan`, or a yes on a terminal); with `--allow-command` instead, they are
checked and sandboxed like a model's. From then on the settings are this clone's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:  # `plan show`'s fast path reads `trust_facts` without pydantic
    from cleveragents.domain.plan import Plan

IMPORTED_FROM_UNKNOWN = ""  # records that did not say which clone the settings came from


@dataclass(frozen=True)
class GivenHere:
    """What the person here gave on the command line of a `resume` or `correct`."""

    allow: tuple[str, ...] = ()
    sandbox: bool = True  # False: --no-sandbox
    network: bool = False  # --allow-network
    plan_file: bool = False  # --trust-plan: a pulled plan file's commands run as written
    pass_env: tuple[str, ...] | None = None  # --pass-env given again (None: not given)

    def anything(self) -> bool:
        return (
            bool(self.allow)
            or not self.sandbox
            or self.network
            or self.plan_file
            or self.pass_env is not None
        )


class PlannedAction(NamedTuple):
    """One action of a plan file: all of it (`key`, to compare), where it stands (`place`:
    the steps and options holding it, with their conditions), as a question names it
    (`shown`), and whether it writes, edits or deletes a file Claude Code runs or takes
    permissions from outside the sandbox (`rules.claude_setting`: it counts as a command)."""

    key: str
    place: str
    shown: str
    claude_code: bool


def imported(plan: Plan) -> bool:
    """Whether the plan's settings came with it from another clone (and are not in force)."""
    return plan.settings_from is not None


def settings_here(plan: Plan, given: GivenHere, configured: list[str]) -> Plan | None:
    """The plan with the settings in force in this clone; None when it is a plan file from
    another clone that nobody here vouched for (`given.plan_file`) or confined."""
    if not imported(plan):
        if plan.allow_commands is None:
            return plan  # a plan file written here: its commands run as written
        return plan.model_copy(
            update={
                "allow_commands": list(dict.fromkeys([*plan.allow_commands, *given.allow])),
                "sandbox": plan.sandbox and given.sandbox,
                "allow_network": plan.allow_network or given.network,
            }
        )
    if plan.actor.kind == "scripted" and not given.allow:
        if not given.plan_file:
            return None
        return plan.model_copy(
            update={
                "allow_commands": None,
                "sandbox": True,
                "allow_network": False,
                "pass_env": list(given.pass_env or ()),
                "actor": plan.actor.model_copy(update={"record": None}),
                "settings_from": None,
            }
        )
    return plan.model_copy(
        update={
            "allow_commands": list(dict.fromkeys([*given.allow, *configured])),
            "sandbox": given.sandbox,
            "allow_network": given.network,
            "pass_env": list(given.pass_env or ()),
            "actor": plan.actor.model_copy(update={"record": None}),
            "settings_from": None,
        }
    )


def described(plan: dict[str, Any]) -> dict[str, Any]:
    """The settings as `plan show` tells them, from the plan's fields as JSON: sandbox,
    network, patterns (None: a plan file's commands run as written), and their `origin`:
    `this clone` (in force) or `imported` (shown, not used here)."""
    here = plan.get("settings_from") is None
    return {
        "sandbox": plan.get("sandbox", True),
        "network": plan.get("allow_network", False),
        "allow_commands": plan.get("allow_commands"),
        "origin": "this clone" if here else "imported",
        "in_force": here,
    }


def trust_facts(trust: dict[str, Any]) -> list[tuple[str, str]]:
    """`described` in words, a fact a line."""
    patterns = trust["allow_commands"]
    where = (
        "this clone"
        if trust["in_force"]
        else "imported: not used here; give them again on `resume` or `correct` "
        "(a plan file's commands run only with --trust-plan or a yes)"
    )
    if patterns is None:
        return [("commands", "as the plan file writes them"), ("settings from", where)]
    return [
        ("sandbox", "on" if trust["sandbox"] else "off (--no-sandbox)"),
        ("network", "allowed" if trust["network"] else "none"),
        ("allowed commands", ", ".join(patterns) or "none (each one asked about)"),
        ("settings from", where),
    ]
