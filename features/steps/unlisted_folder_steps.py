"""Steps of the walk of a folder its owner cannot list or write to, and of the put-back in
it, run as a user who is not root (`features/support/nobody_put_back.py`)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from behave import then, when

from features.support.nobody_put_back import (
    NOBODY,
    as_nobody,
    checkpoint_as_nobody,
    ignored_kept_as_nobody,
    killed_as_nobody,
    undone_as_nobody,
    undone_whole,
    user_folders_kept,
)
from features.support.properties import run_property


@when("as a user who is not root, a command plants in a/b and then runs `{after}`")
def step_unlisted_folder(context: Any, after: str) -> None:
    context.unlisted = _in_nobody_folder(as_nobody, after)


@then("the put-back after it says {said}")
def step_unlisted_said(context: Any, said: str) -> None:
    assert json.loads(said) in context.unlisted["said"], context.unlisted


@then("its walk found {names}, left a and a/b modes {modes} and nothing it planted")
def step_unlisted_found(context: Any, names: str, modes: str) -> None:
    found = context.unlisted
    assert found["claudes"] == json.loads(names), found
    assert (found["modes"], found["left"]) == (json.loads(modes), []), found
    user_folders_kept(found, found["said"])  # and the next command's says nothing (walk26)
    assert found["next"] == [], found


@when(
    "as a user who is not root, a run killed after its command planted in a/b and ran "
    "`{after}` is settled by the next command"
)
def step_killed_unlisted(context: Any, after: str) -> None:
    context.unlisted = _in_nobody_folder(killed_as_nobody, after)


def _in_nobody_folder(run: Callable[[Path, str], Any], after: str) -> Any:
    """What `run` (as nobody, in a fresh folder of /tmp nobody owns) found; the folder gone
    after, whatever modes the command left in it."""
    top = Path(tempfile.mkdtemp(prefix="unlisted-", dir="/tmp"))
    if os.geteuid() == 0:
        os.chown(top, NOBODY, NOBODY)
    try:
        return run(top, after)
    finally:
        subprocess.run(["chmod", "-R", "u+rwx", str(top)], check=False)
        shutil.rmtree(top)


@then("its outcome says {said}, left a and a/b modes {modes} and nothing it planted")
def step_killed_said(context: Any, said: str, modes: str) -> None:
    found = context.unlisted
    assert any(json.loads(said) in line for line in found["said"]), found
    assert (found["modes"], found["left"]) == (json.loads(modes), []), found
    user_folders_kept(found, found["said"])  # a walk killed midway set back too (walk26)


@when("random chmods follow a command's plantings, as a user not root")
def step_put_back_modes_property(context: Any) -> None:
    from features.support.put_back_modes_property import check_property

    run_property(context, "put-back modes property", check_property, 8)


@when("a command removes my files from my folders of random modes, then I undo it, not root")
def step_undo_modes_property(context: Any) -> None:
    from features.support.put_back_modes_property import check_undo_property

    run_property(context, "undo modes property", check_undo_property, 8)


@then("nothing planted stands, and each folder has the mode the command gave it")
@then("undo brought back each file with its bytes, and each folder with its mode")
def step_put_back_modes_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@when("as a user who is not root, the tree is checkpointed with my folder u6 of mode 600")
def step_checkpoint_unenterable(context: Any) -> None:
    context.refused = _in_nobody_folder(lambda top, _: checkpoint_as_nobody(top, {"u6": 0o600}), "")


@then("the checkpoint is refused in one line: {said}")
def step_checkpoint_refused(context: Any, said: str) -> None:
    assert context.refused.startswith("cannot checkpoint the working tree"), context.refused
    assert json.loads(said) in context.refused, context.refused


@when(
    "as a user who is not root, a command deletes my ignored u0/s.log in my folder u0 of mode 000"
)
def step_ignored_in_unlisted(context: Any) -> None:
    context.unlisted = _in_nobody_folder(lambda top, _: ignored_kept_as_nobody(top), "")


@then("the look before it saved u0/s.log, its record keeps it, and u0 has mode 000 again")
def step_ignored_in_unlisted_kept(context: Any) -> None:
    found = context.unlisted
    assert "u0/s.log" in found["saved"] and "u0/s.log" in found["kept"], found
    assert found["mode"] == "0o0", found


@when(
    "as a user who is not root, {how} removes my files from my folder u0 of mode {mode}, "
    "then I undo it"
)
def step_undone_in_unlisted(context: Any, how: str, mode: str) -> None:
    modes, deletes = {"u0": int(mode, 8), "u0/v": 0o755}, how == "a delete: action"
    context.unlisted = _in_nobody_folder(
        lambda top, _: undone_as_nobody(top, modes, deletes, how), ""
    )


@then("undo says it restored them, and u0 holds them again with mode {mode}")
def step_undone_kept(context: Any, mode: str) -> None:
    found = context.unlisted
    assert undone_whole(found), found
    assert found["u0"][:2] == [oct(int(mode, 8)), "0o755"], found
    assert found["outside"] == "0o0", found  # never opened through a link (review29 F5)
