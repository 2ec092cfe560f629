"""The Pythons a hook's tool may run beyond the first on agents' PATH (attack 18 finding 6):
a venv later on PATH, the tree's own `.venv`; each a real venv (no pip)."""

from __future__ import annotations

from typing import Any

from behave import given

from features.support.venv_paths import first_on_path, real_venv


@given(
    "a venv outside the tree is on the user's PATH after another Python, its site-packages "
    'holding "{name}" naming the tree\'s "{folder}"'
)
def step_second_venv(context: Any, name: str, folder: str) -> None:
    real_venv(context.tmp / "first-venv")
    site = real_venv(context.tmp / "second-venv")
    (site / name).write_text(f"{context.repo / folder}\n", encoding="utf-8")
    first_on_path(context, [context.tmp / venv / "bin" for venv in ("first-venv", "second-venv")])


@given('the tree\'s ignored ".venv", on no PATH, holds "{name}" naming the tree\'s "{folder}"')
def step_tree_venv_pth(context: Any, name: str, folder: str) -> None:
    from cleveragents.adapters.python_roots import tree_import_roots

    site = real_venv(context.repo / ".venv")
    (site / name).write_text(f"{context.repo / folder}\n", encoding="utf-8")
    with (context.repo / ".git" / "info" / "exclude").open("a") as exclude:
        exclude.write(".venv/\n")
    tree_import_roots.cache_clear()
    context.add_cleanup(tree_import_roots.cache_clear)
