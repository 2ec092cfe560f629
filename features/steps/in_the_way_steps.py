"""Steps that make files, folders and links where a restore would write."""

from __future__ import annotations

import shutil
from typing import Any

from behave import given, then, when

from cleveragents.domain.checkpoint import ABSENT, TreeEntry
from cleveragents.domain.restore_scope import in_the_way
from features.steps.repo_steps import unescape
from features.steps.restore_scope_steps import paths


@given('I make the file "{path}" holding "{content}"')
def step_make_file(context: Any, path: str, content: str) -> None:
    full = context.repo / path
    full.parent.mkdir(parents=True, exist_ok=True)
    full.write_bytes(unescape(content).encode())


@given('I make "{path}" a link to "{target}"')
def step_make_link(context: Any, path: str, target: str) -> None:
    (context.repo / path).symlink_to(target)


# `"PATH" is a link to "TARGET"` is in saved_since_steps.py.


@given('a restore that writes "{writes}" where I made "{mine}" since')
def step_restore_writes(context: Any, writes: str, mine: str) -> None:
    written, made = paths(writes), paths(mine)
    file = TreeEntry("100644", "1" * 40)
    absent = TreeEntry(ABSENT, "0" * 40)
    entries = {p: (file, absent) for p in written} | {p: (absent, file) for p in made}
    context.clash = in_the_way(written, entries, made)


@then('the paths in each other\'s way are "{clash}"')
def step_clash(context: Any, clash: str) -> None:
    assert sorted(context.clash) == paths(clash), f"{sorted(context.clash)} != {paths(clash)}"


# `the folder/file "PATH" has mode OCTAL` is in saved_since_steps.py.


@when("restores are grouped and applied on random trees with the user's things in the way")
def step_in_the_way_property(context: Any) -> None:
    from features.steps.safety_steps import _check
    from features.support.in_the_way_property import check_property

    _check(context, "in the way property", check_property, 200)


@then("every path grouped as kept stands as it stood")
def step_in_the_way_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@given('I remove the folder "{path}"')
def step_remove_folder(context: Any, path: str) -> None:
    shutil.rmtree(context.repo / path)


@then("git can still read the repository's HEAD")
def step_head_readable(context: Any) -> None:
    import subprocess

    done = subprocess.run(
        ["git", "rev-parse", "--verify", "HEAD"], cwd=context.repo, capture_output=True, check=False
    )
    assert done.returncode == 0, done.stderr
