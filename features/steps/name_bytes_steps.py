"""File names and contents written with `\\xff` escapes: bytes that are not UTF-8."""

from __future__ import annotations

import os
from typing import Any

from behave import given, then, when

from features.support.properties import run_property


def as_bytes(text: str) -> bytes:
    """`text` with each `\\xNN` (and `\\n`, `\\t`) made the byte it names."""
    return text.encode("latin-1").decode("unicode_escape").encode("latin-1")


@given('the user\'s file "{name}", which git ignores, holds the bytes "{content}"')
def step_ignored_bytes(context: Any, name: str, content: str) -> None:
    path = os.path.join(bytes(context.repo), as_bytes(name))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as made:
        made.write(as_bytes(content))
    exclude = context.repo / ".git" / "info" / "exclude"
    exclude.parent.mkdir(exist_ok=True)
    with exclude.open("ab") as rules:
        rules.write(b"/" + as_bytes(name).split(b"/")[0] + b"/\n")


@then('the file "{name}" holds the bytes "{content}"')
def step_file_bytes(context: Any, name: str, content: str) -> None:
    path = os.path.join(bytes(context.repo), as_bytes(name))
    folder = os.path.dirname(path)
    assert os.path.exists(path), f"{path!r} is gone; {folder!r} holds {os.listdir(folder)!r}"
    with open(path, "rb") as kept:
        assert kept.read() == as_bytes(content)


@then('no file "{name}" is there')
def step_no_file(context: Any, name: str) -> None:
    assert not os.path.lexists(os.path.join(bytes(context.repo), as_bytes(name)))


@when(
    "random names are kept in the saved-files records of a decision, an operation and a correction"
)
def step_name_bytes_store(context: Any) -> None:
    from features.support.name_bytes_property import check_store

    run_property(context, "name bytes store property", check_store, 60)


@then("each name reads back with its bytes, from the store and from the plan's records")
def step_name_bytes_kept(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@when("random names are quoted as git quotes them")
def step_name_quoting(context: Any) -> None:
    from features.support.name_bytes_property import check_quoting

    run_property(context, "name quoting property", check_quoting, 60)


@then("each is byte for byte what git lists")
def step_name_quoted(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
