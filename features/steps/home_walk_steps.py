"""The home's walk for links (`adapters/home_walk.py`): a tree kept apart from the home, a
dot entry linked to a folder on another disk, and files in a folder of the home."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from behave import given


@given('the tree lies outside the user\'s home at "{place}"')
def step_tree_outside_home(context: Any, place: str) -> None:
    """A checkout kept on another disk or under `/work`, `/data` (not in the home), before
    any run."""
    (context.tmp / "elsewhere" / place).parent.mkdir(parents=True, exist_ok=True)
    context.repo = Path(shutil.move(context.repo, context.tmp / "elsewhere" / place))
    (context.tmp / "home").mkdir(exist_ok=True)
    context.env["HOME"] = str(context.tmp / "home")


@given(
    'the user\'s home links "{name}" to the folder "{folder}" outside it, whose "{inner}" '
    'links to the tree\'s "{path}"'
)
def step_home_links_outside(context: Any, name: str, folder: str, inner: str, path: str) -> None:
    """`~/.vim -> /data/vimfiles` (a second disk, a synced folder), a plugin there linked
    into the tree."""
    home, outside = context.tmp / "home", context.tmp / "data" / folder
    (outside / inner).parent.mkdir(parents=True, exist_ok=True)
    (outside / inner).symlink_to(context.repo / path)
    (home / name).parent.mkdir(parents=True, exist_ok=True)
    (home / name).symlink_to(outside)
    context.env["HOME"] = str(home)


@given('the user\'s home holds {folders:d} folders of {files:d} files in "{name}"')
def step_home_folders_of_files(context: Any, folders: int, files: int, name: str) -> None:
    """A folder of plugin clones (neovim's `lazy/`): many small folders, no link."""
    home = context.tmp / "home"
    for n in range(folders):
        (home / name / f"p{n}").mkdir(parents=True, exist_ok=True)
        for m in range(files):
            (home / name / f"p{n}" / f"f{m}").touch()
    context.env["HOME"] = str(home)
