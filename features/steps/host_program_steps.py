"""Programs planted in a folder of the working tree that PATH names: agents must never run
them on the host."""

from __future__ import annotations

import os
from typing import Any

from behave import given, then

PLANTED = '#!/bin/sh\necho "$0 $*" >> \'{log}\'\nexec /usr/bin/{name} "$@"\n'


@given('the working tree\'s folder "{folder}" comes first on PATH, holding a planted {names}')
def step_planted(context: Any, folder: str, names: str) -> None:
    place = context.repo / folder
    place.mkdir(parents=True, exist_ok=True)
    context.planted_log = context.tmp / "planted.log"
    for name in names.replace(" and ", ", ").split(", "):
        program = place / name.strip('"')
        program.write_text(PLANTED.format(log=context.planted_log, name=program.name))
        program.chmod(0o755)
    before = os.environ["PATH"]
    os.environ["PATH"] = f"{place}{os.pathsep}{before}"
    context.add_cleanup(os.environ.__setitem__, "PATH", before)


@then("no planted program ran")
def step_none_ran(context: Any) -> None:
    log = context.planted_log
    assert not log.exists(), f"planted programs ran:\n{log.read_text()}"


@given('a file outside the repository "{name}" hard-linked into it as "{linked}" holding "{text}"')
def step_hard_linked(context: Any, name: str, linked: str, text: str) -> None:
    outside = context.tmp / name
    outside.write_text(text.encode().decode("unicode_escape"))
    os.link(outside, context.repo / linked)


@then('the file outside the repository "{name}" holds "{text}"')
def step_outside_holds(context: Any, name: str, text: str) -> None:
    held = (context.tmp / name).read_text()
    assert held == text.encode().decode("unicode_escape"), held
