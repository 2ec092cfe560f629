"""Steps for the sweep of the browser's kept files that `agents gc` runs."""

from __future__ import annotations

import time
from typing import Any

from behave import given, then, when

from cleveragents.adapters.environments.browser.page_sweep import sweep


def _id(letter: str) -> str:
    return letter * 64


@given('a browser folder whose state "{a}" names the trail "{b}", with "{c}" named by nothing')
def step_folder(context: Any, a: str, b: str, c: str) -> None:
    home = context.tmp / "browser"
    (home / "states").mkdir(parents=True)
    (home / "trails").mkdir()
    (home / "screenshots").mkdir()
    (home / "states" / f"{_id(a)}.json").write_text(f'{{"trail": "{_id(b)}"}}')
    (home / "trails" / f"{_id(b)}.json").write_text("[]")
    (home / "screenshots" / f"{_id(c)}.png").write_bytes(b"\x89PNG")
    context.home = home


@given(
    "the browser folder has a linked folder, a profile file and an odd name, all named by nothing"
)
def step_odd(context: Any) -> None:
    outside = context.tmp / "outside"
    outside.mkdir()
    (outside / f"{_id('d')}.json").write_text("{}")
    (context.home / "linked").symlink_to(outside)
    (context.home / "profile").mkdir()
    (context.home / "profile" / f"{_id('e')}.json").write_text("{}")
    (context.home / "states" / f"{_id('f')}.json.7.part").write_text("{")
    (context.home / "chromium.pid").write_text("1")


@when('gc sweeps the browser folder with records naming only "{a}"')
def step_sweep(context: Any, a: str) -> None:
    context.swept = sweep(
        context.home, [f'{{"page": {{"state": "{_id(a)}"}}}}'], time.time_ns(), False
    )


@then('"{a}" and "{b}" are kept, "{c}" is removed, and the rest is untouched')
def step_kept(context: Any, a: str, b: str, c: str) -> None:
    home = context.home
    assert context.swept == (1, 4), context.swept
    assert (home / "states" / f"{_id(a)}.json").exists()
    assert (home / "trails" / f"{_id(b)}.json").exists()
    assert not (home / "screenshots" / f"{_id(c)}.png").exists()
    assert (context.tmp / "outside" / f"{_id('d')}.json").exists()
    assert (home / "profile" / f"{_id('e')}.json").exists()
    assert (home / "states" / f"{_id('f')}.json.7.part").exists()
    assert (home / "chromium.pid").exists()


@then('a second sweep, as a dry run with no records, counts "{a}" and "{b}" and removes nothing')
def step_dry(context: Any, a: str, b: str) -> None:
    assert sweep(context.home, [], time.time_ns(), True)[0] == 2
    assert (context.home / "states" / f"{_id(a)}.json").exists()
    assert (context.home / "trails" / f"{_id(b)}.json").exists()
    assert sweep(context.home / "missing", [], time.time_ns(), False) == (0, 0)
