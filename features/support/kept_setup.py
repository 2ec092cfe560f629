"""A Background built once per behave process and copied for each scenario after the first.

Some features start every scenario from the same repositories made by real `agents`
commands (a plan run, pushed, cloned): seconds each time, for the same bytes. Here the
first scenario builds them; each later one gets a fresh `cp -a` of what the build left,
so nothing a scenario does is seen by the next. The copy lands at the same path as the
build, because what it left holds absolute paths (a clone's remote, the plan file a plan
ran from, the scratch folder records name). A build that fails keeps no copy: every
scenario then builds, and fails, on its own.
"""

from __future__ import annotations

import atexit
import copy
import hashlib
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

_BUILT: dict[str, dict[str, Any]] = {}  # key -> the context attributes the build set


def set_up_once(context: Any, text: str, build: Callable[[], None], names: Iterable[str]) -> None:
    """Work in one folder per `text` (what the setup is): built there by `build` the first
    time, restored there from the copy later, with the context attributes `names` (read
    once `build` has run)."""
    key = hashlib.sha1(text.encode()).hexdigest()[:12]
    home = Path(tempfile.gettempdir()) / f"ca-behave-kept-{key}-{os.getpid()}"
    kept = home.with_name(home.name + "-copy")
    context.tmp.rmdir()  # the scenario's own folder, still empty: `home` takes its place
    context.tmp, context.repo = home, home / "repo"  # removed after the scenario, as it was
    shutil.rmtree(home, ignore_errors=True)
    if key in _BUILT:
        subprocess.run(["cp", "-a", str(kept), str(home)], check=True)
        for name, value in _BUILT[key].items():
            setattr(context, name, copy.deepcopy(value))
        return
    home.mkdir()
    build()
    subprocess.run(["cp", "-a", str(home), str(kept)], check=True)
    atexit.register(shutil.rmtree, kept, True)
    _BUILT[key] = {name: copy.deepcopy(getattr(context, name)) for name in names}
