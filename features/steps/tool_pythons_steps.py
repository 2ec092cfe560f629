"""The Pythons a hook's tool may run beyond the first on agents' PATH (attack 18 finding 6):
a venv later on PATH, the tree's own `.venv`; each a real venv (no pip)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from behave import given


def _venv(folder: Path) -> Path:
    """A real venv at `folder`; its site-packages."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True)
    (site,) = (folder / "lib").glob("python3*/site-packages")
    return site


def _on_path(context: Any, folders: list[Path]) -> None:
    """`folders` first on PATH for agents' processes and for this one (restored after)."""
    from cleveragents.adapters.python_roots import tree_import_roots

    before = os.environ["PATH"]
    first = os.pathsep.join(str(f) for f in folders)
    os.environ["PATH"] = f"{first}{os.pathsep}{before}"
    context.env["PATH"] = f"{first}{os.pathsep}{context.env.get('PATH', before)}"
    tree_import_roots.cache_clear()

    def back() -> None:
        os.environ["PATH"] = before
        tree_import_roots.cache_clear()

    context.add_cleanup(back)


@given(
    "a venv outside the tree is on the user's PATH after another Python, its site-packages "
    'holding "{name}" naming the tree\'s "{folder}"'
)
def step_second_venv(context: Any, name: str, folder: str) -> None:
    _venv(context.tmp / "first-venv")
    site = _venv(context.tmp / "second-venv")
    (site / name).write_text(f"{context.repo / folder}\n", encoding="utf-8")
    _on_path(context, [context.tmp / "first-venv" / "bin", context.tmp / "second-venv" / "bin"])


@given('the tree\'s ignored ".venv", on no PATH, holds "{name}" naming the tree\'s "{folder}"')
def step_tree_venv_pth(context: Any, name: str, folder: str) -> None:
    from cleveragents.adapters.python_roots import tree_import_roots

    site = _venv(context.repo / ".venv")
    (site / name).write_text(f"{context.repo / folder}\n", encoding="utf-8")
    with (context.repo / ".git" / "info" / "exclude").open("a") as exclude:
        exclude.write(".venv/\n")
    tree_import_roots.cache_clear()
    context.add_cleanup(tree_import_roots.cache_clear)
