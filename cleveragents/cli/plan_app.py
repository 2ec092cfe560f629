"""The `plan` command group: its typer app, and every plan command registered in one list.

Imported only when `agents plan ...` runs (`app.PlanGroup`): `agents --help` needs none of it.
Each command module defines its functions and imports no other command module.
"""

from __future__ import annotations

import typer

from cleveragents.cli import (
    plan,
    plan_correct,
    plan_decision,
    plan_delete,
    plan_diff,
    plan_inspect,
    plan_log,
    plan_restore,
    plan_share,
    plan_tree,
    plan_undo,
)
from cleveragents.cli.plan_help import PLAN_HELP

app = typer.Typer(
    help=PLAN_HELP,
    no_args_is_help=True,
    rich_markup_mode=None,  # click's plain help: typer's rich help imports markdown_it
    add_completion=False,  # built on its own (`app.PlanGroup`): no completion options here
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.command("run", epilog=plan.EXAMPLE)(plan.run)
app.command("resume")(plan.resume)
app.command("list")(plan_inspect.list_plans)
app.command("show")(plan_inspect.show)
app.command("tree")(plan_tree.tree)
app.command("decision")(plan_decision.decision)
app.command("diff")(plan_diff.diff)
app.command("log")(plan_log.log)
app.command("correct")(plan_correct.correct)
app.command("undo")(plan_undo.undo)
app.command("ops")(plan_correct.ops)
app.command("restore")(plan_restore.restore)
app.command("delete")(plan_delete.delete)
app.command("push", epilog=plan_share.WHAT)(plan_share.push)
app.command("pull", epilog=plan_share.WHAT)(plan_share.pull)
app.command("export", epilog=plan_share.WHAT)(plan_share.export)
app.command("import", epilog=plan_share.WHAT)(plan_share.import_)
