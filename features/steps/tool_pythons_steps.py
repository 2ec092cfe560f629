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


# A shim as each version manager writes it (`{root}` its home, `{tool}` the shim's name).
SHIMS = {
    "pyenv": (
        "versions/3.12.1",
        '#!/usr/bin/env bash\nset -e\n[ -n "$PYENV_DEBUG" ] && set -x\n\nprogram="${{0##*/}}"\n\n'
        'export PYENV_ROOT="{root}"\nexec "{root}/libexec/pyenv" exec "$program" "$@"\n',
    ),
    "asdf": (
        "installs/python/3.12.1",
        "#!/usr/bin/env bash\n# asdf-plugin: python 3.12.1\n"
        'exec {root}/bin/asdf exec "{tool}" "$@"\n',
    ),
}


@given(
    'a {manager:w} shim "{tool}" is first on the user\'s PATH, a version it runs holding '
    '"{name}" naming the tree\'s "{folder}"'
)
def step_shim_first(context: Any, manager: str, tool: str, name: str, folder: str) -> None:
    """A version manager's home outside the tree: its `shims` first on PATH, a script that
    runs the version `.python-version` names, and that version a real venv (its layout is
    a Python install's) whose site-packages holds the `.pth`."""
    root = context.tmp / manager
    version, text = SHIMS[manager]
    if manager == "pyenv":
        real_venv(root / "versions" / "3.11.9")  # another version, before it in name order
    site = real_venv(root / version)
    (site / name).write_text(f"{context.repo / folder}\n", encoding="utf-8")
    shim = root / "shims" / tool
    shim.parent.mkdir(parents=True)
    shim.write_text(text.format(root=root, tool=tool), encoding="utf-8")
    shim.chmod(0o755)
    first_on_path(context, [shim.parent])


@given(
    'a script "{tool}" first on the user\'s PATH execs the Python of a venv outside the tree '
    'holding "{name}" naming the tree\'s "{folder}"'
)
def step_wrapper_first(context: Any, tool: str, name: str, folder: str) -> None:
    site = real_venv(context.tmp / "tools-venv")
    (site / name).write_text(f"{context.repo / folder}\n", encoding="utf-8")
    wrapper = context.tmp / "wrappers" / tool
    wrapper.parent.mkdir(parents=True)
    python = context.tmp / "tools-venv" / "bin" / "python3"
    wrapper.write_text(f'#!/bin/sh\nexec "{python}" -m {tool} "$@"\n', encoding="utf-8")
    wrapper.chmod(0o755)
    first_on_path(context, [wrapper.parent])
