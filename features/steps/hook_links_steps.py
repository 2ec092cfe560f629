"""Hooks installed as links into the tree, and programs the user's git config names there."""

from __future__ import annotations

import os
import shutil
from typing import Any

from behave import given


@given('the repository\'s hooks folder ".git/hooks" is a link to "{target}"')
def step_hooks_folder_link(context: Any, target: str) -> None:
    """The other common setup: the whole `.git/hooks` a link to a folder of the tree."""
    hooks = context.repo / ".git" / "hooks"
    shutil.rmtree(hooks)
    os.symlink(target, hooks)
