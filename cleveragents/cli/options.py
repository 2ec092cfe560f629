"""Options shared by several commands."""

from __future__ import annotations

from typing import Annotated

import typer

Json = Annotated[
    bool, typer.Option("--json", help="Print one JSON document on stdout, for scripts.")
]
PlanRef = Annotated[
    str | None,
    typer.Argument(
        help="Plan id or a unique prefix of it; the newest plan when left out.", show_default=False
    ),
]
