"""Real venvs (no pip) for the steps on the Pythons a hook's tool may run, and putting
folders first on PATH for one scenario (`path_folders_steps`, `tool_pythons_steps`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any


def real_venv(folder: Path) -> Path:
    """A real venv at `folder`; its site-packages."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True)
    (site,) = (folder / "lib").glob("python3*/site-packages")
    return site


def first_on_path(context: Any, folders: list[Path]) -> None:
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
