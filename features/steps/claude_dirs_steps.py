"""Steps of checkpoints.claude_dirs.feature and claude_dirs.property.feature: what a
command does where Claude Code reads its settings is undone right after it."""

from __future__ import annotations

import os
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from behave import given, then, when

from features.support.properties import property_seed


@when("random commands change the .claude folders of a working tree")
def step_claude_dirs_property(context: Any) -> None:
    from features.support.claude_dirs_property import check_property

    examples = int(os.environ.get("CLEVERAGENTS_PROPERTY_EXAMPLES", 10))
    seed = property_seed()
    replay = (
        f"replay with CLEVERAGENTS_PROPERTY_SEED={seed} CLEVERAGENTS_PROPERTY_EXAMPLES={examples}"
    )
    print(f"claude dirs property: seed {seed}, {examples} examples; {replay}", file=sys.stderr)
    context.property_failure = None
    started = time.monotonic()
    try:
        ran = check_property(examples, seed, context.tmp)
    except Exception as failure:
        notes = "\n".join(getattr(failure, "__notes__", []))
        context.property_failure = f"seed {seed}: {failure!r}\n{notes}\n{replay}"
        return
    print(
        f"claude dirs property: {ran} examples in {time.monotonic() - started:.0f} s",
        file=sys.stderr,
    )


@then("every file Claude Code runs is the user's, and what the command wrote is kept")
def step_claude_dirs_property_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@given("a working tree whose sub folder has the user's own .claude")
def step_claude_tree(context: Any) -> None:
    from features.support.claude_dirs_property import claude_repository

    work = Path(tempfile.mkdtemp(prefix="claude-", dir=context.tmp))
    context.claude_root = claude_repository(work / "repo")


@when("a command there runs `{command}`")
def step_claude_command(context: Any, command: str) -> None:
    from features.support.claude_dirs_property import around

    context.claude_seen = around(context.claude_root, command.replace("\\n", "\n"))


@then('the put-back says "{said}"')
def step_claude_said(context: Any, said: str) -> None:
    done = "; ".join(context.claude_seen.said) or "nothing"
    done = re.sub(r"\b[0-9a-f]{12}\b", "C", done)
    assert done == said, f"said {done!r}, expected {said!r}"


@then("every file Claude Code runs there before is as it was, and no new one stands")
def step_claude_as_before(context: Any) -> None:
    seen = context.claude_seen
    assert seen.after == seen.before, (seen.before, seen.after, seen.said)


@then("what Claude Code runs is as it was where its folder stands, and no new one stands")
def step_claude_as_before_where_standing(context: Any) -> None:
    seen = context.claude_seen
    root = context.claude_root
    assert set(seen.after) <= set(seen.before), (seen.after, seen.said)
    for path, was in seen.before.items():
        holder = root / path.partition(".claude")[0]
        if holder.is_dir():
            assert seen.after.get(path) == was, (path, seen.said)


@then("what the command wrote there is in the commit named, and CLAUDE.md as it left it")
def step_claude_kept(context: Any) -> None:
    from features.support.claude_dirs_property import _instructions, assert_kept

    assert_kept(context.claude_root, context.claude_seen)
    assert _instructions(context.claude_root) == context.claude_seen.instructions


@then("the user's own .claude files were not written at all")
def step_claude_untouched(context: Any) -> None:
    from features.support.claude_dirs_property import file_marks

    seen = context.claude_seen
    now = file_marks(context.claude_root, seen.before)
    assert now == seen.marks, (seen.marks, now, seen.said)
