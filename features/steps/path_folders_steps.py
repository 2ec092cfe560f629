"""A folder of the working tree on the user's PATH (an activated `.venv/bin`, direnv's
`PATH_add bin`): what the user's shell runs from there is the host's."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from behave import given

from features.support.venv_paths import first_on_path, real_venv


@given("the tree's folder \"{folder}\" is first on the user's PATH")
def step_folder_on_path(context: Any, folder: str) -> None:
    """As `source .venv/bin/activate` leaves it: every agents process and the user's own
    `git` (`the user commits everything with git`) get it first."""
    place = context.repo / folder
    place.mkdir(parents=True, exist_ok=True)
    context.env["PATH"] = f"{place}{os.pathsep}{context.env.get('PATH', os.environ['PATH'])}"


@given('the PATH entry "{entry}", relative, is first on the user\'s PATH')
def step_relative_on_path(context: Any, entry: str) -> None:
    """`export PATH=./node_modules/.bin:$PATH`, or `PATH="$EXTRA:$PATH"` with `EXTRA` unset
    (an empty entry): the shell finds programs there from the folder it stands in."""
    context.env["PATH"] = f"{entry}{os.pathsep}{context.env.get('PATH', os.environ['PATH'])}"


@given("an empty entry is first on the user's PATH")
def step_empty_on_path(context: Any) -> None:
    step_relative_on_path(context, "")


@given('the user\'s home links "{name}" to the tree\'s "{path}"')
def step_home_links(context: Any, name: str, path: str) -> None:
    """A dotfiles repository's layout: `~/.bashrc -> ~/dotfiles/bashrc`."""
    home = context.tmp / "home"
    (home / name).parent.mkdir(parents=True, exist_ok=True)
    (home / name).symlink_to(context.repo / path)
    context.env["HOME"] = str(home)


@given('the user\'s home holds the folder "{name}"')
def step_home_folder(context: Any, name: str) -> None:
    """A folder of the home, deep: its walk stops at `home_files.MOST_DEPTH`."""
    home = context.tmp / "home"
    (home / name).mkdir(parents=True, exist_ok=True)
    context.env["HOME"] = str(home)


@given('the user\'s home holds {count:d} files in "{name}"')
def step_home_many_files(context: Any, count: int, name: str) -> None:
    """A big cache of the home (`~/.cache/go-build`): more entries than the walk's budget."""
    home = context.tmp / "home"
    (home / name).mkdir(parents=True, exist_ok=True)
    for n in range(count):
        (home / name / f"f{n}").touch()
    context.env["HOME"] = str(home)


@given('the tree lies in the user\'s home at "{place}"')
def step_tree_in_home(context: Any, place: str) -> None:
    """A tree cloned where a program reads its config (`~/.config/nvim`), before any run."""
    home = context.tmp / "home"
    (home / place).parent.mkdir(parents=True, exist_ok=True)
    context.repo = Path(shutil.move(context.repo, home / place))
    context.env["HOME"] = str(home)


@given("the user's home is the tree")
def step_home_is_tree(context: Any) -> None:
    context.env["HOME"] = str(context.repo)


@given('the user\'s own "{name}" in their home holds "{content}"')
def step_home_file(context: Any, name: str, content: str) -> None:
    """A startup file of the user's, outside the tree."""
    home = context.tmp / "home"
    (home / name).parent.mkdir(parents=True, exist_ok=True)
    (home / name).write_text(content.replace("\\n", "\n").replace('\\"', '"'))
    context.env["HOME"] = str(home)


@given('the user\'s own "{name}" in their home links to "{target}", which holds "{content}"')
def step_home_file_linked(context: Any, name: str, target: str, content: str) -> None:
    """A startup file of the user's that is a link to a plain file of the home, outside
    the tree (`~/.bashrc -> .config/bash/bashrc`)."""
    step_home_file(context, target, content)
    os.symlink(target, context.tmp / "home" / name)


@given('the user\'s own "{name}" in their home holds {count:d} alias lines, then "{content}"')
def step_home_file_long(context: Any, name: str, count: int, content: str) -> None:
    """A startup file longer than `tree_scripts.MOST_BYTES` (an alias collection)."""
    aliases = "".join(f"alias a{n}='echo {n:048d}'\\n" for n in range(count))
    step_home_file(context, name, aliases + content)


@given('the user\'s own "{name}" in their home aliases {count:d} missing programs of "{folder}"')
def step_home_file_missing(context: Any, name: str, count: int, folder: str) -> None:
    """A startup file naming more programs than `home_shells.MOST_READ`, none installed."""
    lines = "".join(f"alias a{n}='{folder}/a{n} --x'\\n" for n in range(count))
    step_home_file(context, name, lines)


@given('the user\'s own "{name}" in their home sources {count:d} files of "{folder}"')
def step_home_file_sources(context: Any, name: str, count: int, folder: str) -> None:
    """A startup file sourcing more files than `home_shells.MOST_READ`, each standing (one
    that does not is no file read: attack 25 G19)."""
    lines = "".join(f". {folder}/s{n}.sh\\n" for n in range(count))
    step_home_file(context, name, lines)
    standing = context.tmp / "home" / folder.removeprefix("~/")
    standing.mkdir(parents=True, exist_ok=True)
    for n in range(count):
        (standing / f"s{n}.sh").write_text("true\n")


@given(
    'a venv outside the tree is first on the user\'s PATH, its site-packages holding "{name}" '
    'naming the tree\'s "{folder}"'
)
def step_venv_with_pth(context: Any, name: str, folder: str) -> None:
    """A monorepo's plugin installed editable (`pip install -e packages/x`) into the user's
    venv: a real venv (no pip) outside the tree, its `.pth` naming the tree's folder, its
    `bin` first on PATH for agents' processes and for this one (restored after)."""
    venv = context.tmp / "outside-venv"
    site = real_venv(venv)
    (site / name).write_text(f"{context.repo / folder}\n", encoding="utf-8")
    first_on_path(context, [venv / "bin"])


@given('the user\'s shell exported "{name}" as the tree\'s "{folder}"')
def step_exported_tree_folder(context: Any, name: str, folder: str) -> None:
    """A loader variable of the environment `agents` runs in (`NODE_PATH=~/dotfiles/lib`),
    exported by the user's shell, written in no startup file."""
    context.env[name] = str(context.repo if folder == "." else context.repo / folder)
