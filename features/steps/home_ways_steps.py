"""`$XDG_CONFIG_HOME`, `$XDG_DATA_HOME`, `$XDG_CONFIG_DIRS` in the working tree (git reads
`$XDG_CONFIG_HOME/git/config` as the user's global config), a home's folder on PATH, and a
home's file that is a hard link of a tree's (`adapters/home_ways.py`, `home_hard.py`)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from behave import given, then


@given("the user's XDG_CONFIG_HOME is the tree's \"{folder}\"")
def step_config_home_in_tree(context: Any, folder: str) -> None:
    """A dotfiles repository used in place (`XDG_CONFIG_HOME=~/dotfiles/config`), or a
    folder of a home that is the tree; the folder not there yet."""
    if context.env.get("HOME") != str(context.repo):  # a home of the scenario's own
        (context.tmp / "home").mkdir(exist_ok=True)
        context.env["HOME"] = str(context.tmp / "home")
    context.env["XDG_CONFIG_HOME"] = str(context.repo / folder)


def _home(context: Any) -> Path:
    """The scenario's own home (made), as the user's."""
    home = context.tmp / "home"
    home.mkdir(exist_ok=True)
    context.env["HOME"] = str(home)
    return home


@given("the user's XDG_DATA_HOME is the tree's \"{folder}\"")
def step_data_home_in_tree(context: Any, folder: str) -> None:
    """`XDG_DATA_HOME=~/dotfiles/share`: desktop entries, systemd user units and
    bash-completion's completions read there; the folder not there yet."""
    _home(context)
    context.env["XDG_DATA_HOME"] = str(context.repo / folder)


@given("the user's XDG_CONFIG_DIRS holds the tree's \"{folder}\"")
def step_config_dirs_in_tree(context: Any, folder: str) -> None:
    """`XDG_CONFIG_DIRS=/etc/xdg:~/dotfiles/xdg`: autostart entries read there too."""
    _home(context)
    context.env["XDG_CONFIG_DIRS"] = f"/etc/xdg{os.pathsep}{context.repo / folder}"


@given('the user\'s home hard-links "{name}" to the tree\'s "{path}"')
def step_home_hard_link(context: Any, name: str, path: str) -> None:
    """`ln ~/dotfiles/bashrc ~/.bashrc`, no `-s`: one file of two names."""
    home = _home(context)
    (home / name).parent.mkdir(parents=True, exist_ok=True)
    os.link(context.repo / path, home / name)


@given("the user's home folder \"{folder}\" is first on the user's PATH")
def step_home_folder_on_path(context: Any, folder: str) -> None:
    """A folder of the home on PATH besides its dot entries (`~/tools/bin`), made."""
    place = _home(context) / folder
    place.mkdir(parents=True, exist_ok=True)
    context.env["PATH"] = f"{place}{os.pathsep}{context.env.get('PATH', os.environ['PATH'])}"


@then('the user\'s home file "{name}" does not contain "{text}"')
def step_home_file_lacks(context: Any, name: str, text: str) -> None:
    content = (context.tmp / "home" / name).read_text()
    assert text not in content, content
