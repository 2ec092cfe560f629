"""The `plan` command group: its typer app, and every plan command registered in one list.

Imported only when `agents plan ...` runs (`app.PlanGroup`): `agents --help` needs none of it.
Each command module defines its functions and imports no other command module. The group
(`app`) holds no command of its own: a command's module is imported, and typer builds the
command from its function's signature, only when a command line or the help asks for it
(`PlanCommands`). Importing and building all seventeen took some 30 ms of CPU of every start
(`benchmarks/startup.py`), and a command line runs one.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, MutableMapping

import typer
from typer._click import Command
from typer.core import TyperCommand
from typer.models import CommandInfo

from cleveragents.cli.plan_help import PLAN_HELP

app = typer.Typer(
    help=PLAN_HELP,
    no_args_is_help=True,
    rich_markup_mode=None,  # click's plain help: typer's rich help imports markdown_it
    add_completion=False,  # built on its own (`app.PlanGroup`): no completion options here
    context_settings={"help_option_names": ["-h", "--help"]},
)

# Each plan command, in the order the help lists them: its name, the module of
# cleveragents.cli and the function there that runs it, and the name in that module of the
# text its help ends with (an example, or what a push sends), if any.
COMMANDS: list[tuple[str, str, str, str | None]] = [
    ("run", "plan", "run", "EXAMPLE"),
    ("resume", "plan", "resume", None),
    ("list", "plan_inspect", "list_plans", None),
    ("show", "plan_inspect", "show", None),
    ("tree", "plan_tree", "tree", None),
    ("decision", "plan_decision", "decision", None),
    ("diff", "plan_diff", "diff", None),
    ("log", "plan_log", "log", None),
    ("correct", "plan_correct", "correct", None),
    ("undo", "plan_undo", "undo", None),
    ("ops", "plan_correct", "ops", None),
    ("restore", "plan_restore", "restore", None),
    ("delete", "plan_delete", "delete", None),
    ("push", "plan_share", "push", "WHAT"),
    ("pull", "plan_share", "pull", "WHAT"),
    ("export", "plan_share", "export", "WHAT"),
    ("import", "plan_share", "import_", "WHAT"),
]


def command_info(name: str) -> CommandInfo:
    """What `app.command(name, epilog=...)(function)` would register for the command `name`."""
    _, module_name, function, epilog = next(c for c in COMMANDS if c[0] == name)
    module = importlib.import_module(f"cleveragents.cli.{module_name}")
    return CommandInfo(
        name,
        cls=TyperCommand,
        callback=getattr(module, function),
        epilog=getattr(module, epilog) if epilog else None,
    )


class PlanCommands(MutableMapping[str, Command]):
    """The plan commands by name, in the order of `COMMANDS`; each built by typer, and given
    `conventions` by `ready`, the first time it is looked up."""

    def __init__(self, ready: Callable[[Command], None]) -> None:
        self._names = [name for name, *_ in COMMANDS]
        self._built: dict[str, Command] = {}
        self._ready = ready

    def __getitem__(self, name: str) -> Command:
        if name not in self._built:
            if name not in self._names:
                raise KeyError(name)
            built = typer.main.get_command_from_info(
                command_info(name),
                pretty_exceptions_short=app.pretty_exceptions_short,
                rich_markup_mode=app.rich_markup_mode,
            )
            self._ready(built)
            self._built[name] = built
        return self._built[name]

    # typer's add_command would set one; nothing of ours adds or removes a plan command.
    def __setitem__(self, name: str, command: Command) -> None:  # pragma: no cover
        raise TypeError(f"the plan commands are those of COMMANDS, not {name!r}")

    def __delitem__(self, name: str) -> None:  # pragma: no cover
        raise TypeError(f"the plan commands are those of COMMANDS, not {name!r}")

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)
