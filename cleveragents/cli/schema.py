"""`agents schema [NAME]`: the JSON Schema of the documents `--json` prints."""

from __future__ import annotations

from typing import Annotated

import typer

from cleveragents.cli import output
from cleveragents.errors import BadInput


def _names(incomplete: str) -> list[str]:
    from cleveragents.domain.documents import DOCUMENTS

    return [name for name in DOCUMENTS if name.startswith(incomplete)]


def schema(
    name: Annotated[
        str | None,
        typer.Argument(
            metavar="NAME",
            help="One document: plan-list, plan-show, plan-tree, plan-run, plan-resume, "
            "plan-decision, plan-diff, plan-ops, plan-correct, plan-correct-preview, "
            "plan-restore, plan-restore-preview, plan-undo, plan-delete, gc, hooks-install, "
            "hooks-uninstall, hooks-status, hooks-vouch, hooks-unvouch, demo, error. "
            "All of them when "
            "left out.",
            show_default=False,
            autocompletion=_names,
        ),
    ] = None,
) -> int:
    """Print the JSON Schema (draft 2020-12) of the documents `--json` prints.

    \b
    agents schema plan-tree > plan-tree.schema.json
    agents plan tree --json | check-jsonschema --schemafile plan-tree.schema.json -

    Every document carries `schema_version`; it goes up only when a key goes away or
    changes its meaning, so a script ignores keys it does not know. Every id is a string.
    """
    from cleveragents.adapters.render.json_schema import all_schemas, document_schema
    from cleveragents.domain.documents import DOCUMENTS

    if name is None:
        output.emit_json(all_schemas(), versioned=False)
        return 0
    if name not in DOCUMENTS:
        raise BadInput(f"no document named {name!r}", hint=f"choose one of {', '.join(DOCUMENTS)}")
    output.emit_json(document_schema(name), versioned=False)
    return 0
