"""Steps about what a command's output lists under one of its headings."""

from __future__ import annotations

from typing import Any

from behave import then


@then('stdout lists "{path}" under "{heading}"')
def step_listed_under(context: Any, path: str, heading: str) -> None:
    """`path` is one of the indented lines that follow the line starting with `heading`."""
    lines = context.result.stdout.splitlines()
    starts = [n for n, line in enumerate(lines) if line.startswith(heading)]
    assert starts, f"no line starts with {heading!r}:\n{context.result.stdout}"
    listed = []
    for line in lines[starts[0] + 1 :]:
        if not line.startswith("  "):
            break
        listed.append(line.strip())
    assert path in listed, f"{path!r} is not listed under {heading!r}: {listed}"
