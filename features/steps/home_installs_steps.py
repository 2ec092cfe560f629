"""Steps installing a package of the tree editable into the user's home, as pip, pipx and
uv tool leave it (`adapters/home_installs.py`)."""

from __future__ import annotations

import os
from typing import Any

from behave import given


@given(
    'the user\'s home has a package installed editable by a ".pth" naming the tree\'s "{folder}"'
)
def step_home_editable_pth(context: Any, folder: str) -> None:
    """`pip install --user -e .` of a src layout: the user site's `.pth` names `src`."""
    home = context.tmp / "home"
    site = home / ".local/lib/python3.11/site-packages"
    site.mkdir(parents=True, exist_ok=True)
    (site / "__editable__.tool-0.1.pth").write_text(f"{context.repo / folder}\n")
    context.env["HOME"] = str(home)


@given(
    'the user\'s home has a pipx venv whose editable finder maps "{name}" to the tree\'s "{folder}"'
)
def step_home_editable_finder(context: Any, name: str, folder: str) -> None:
    """`pipx install -e .`: setuptools' finder in the venv maps the package to its folder."""
    home = context.tmp / "home"
    site = home / f".local/share/pipx/venvs/{name}/lib/python3.11/site-packages"
    site.mkdir(parents=True, exist_ok=True)
    (site / f"__editable___{name}_0_1_finder.py").write_text(
        f"MAPPING: dict[str, str] = {{{name!r}: {str(context.repo / folder)!r}}}\n"
    )
    (site / f"__editable__.{name}-0.1.pth").write_text(
        f"import __editable___{name}_0_1_finder; __editable___{name}_0_1_finder.install()\n"
    )
    context.env["HOME"] = str(home)


@given('the user\'s home site holds "{name}" naming the tree\'s "{folder}"')
def step_home_site_file(context: Any, name: str, folder: str) -> None:
    """A `.pth` or `.egg-link` of the user site naming a folder of the tree (`.`: its top,
    a flat layout installed editable), as `pip install --user -e .` writes it."""
    home = context.tmp / "home"
    site = home / ".local/lib/python3.11/site-packages"
    site.mkdir(parents=True, exist_ok=True)
    (site / name).write_text(f"{os.path.normpath(context.repo / folder)}\n")
    context.env["HOME"] = str(home)


@given('the user\'s home site\'s "{name}" names the tree\'s "{folder}" on its second line')
def step_home_site_second_line(context: Any, name: str, folder: str) -> None:
    """An `.egg-link`'s second line is setuptools' path back to the project, not imported."""
    file = context.tmp / "home/.local/lib/python3.11/site-packages" / name
    file.write_text(file.read_text() + f"{os.path.normpath(context.repo / folder)}\n")
