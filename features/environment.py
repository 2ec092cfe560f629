"""behave hooks: every scenario gets its own temporary directory, removed afterwards."""

from __future__ import annotations

import os
import signal
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from features.support.step_loading import check_only_matching_definitions

# Before behave loads the step modules (it reads this file first): see the module.
check_only_matching_definitions()


def before_all(context: Any) -> None:
    # Tests must never write into the real home directory (pre-commit's habit).
    home = Path(os.environ.get("HOME", "/"))
    context.real_home = home
    # Started in the background of a script (`.ci/run &`), the suite inherits SIGINT ignored
    # and so would every agents it starts: a Ctrl-C test would see it ignored. A handler of
    # ours is reset to the default in each child, so they get SIGINT as a terminal gives it.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    if signal.getsignal(signal.SIGHUP) is signal.SIG_IGN:  # `nohup`: a closed terminal's
        signal.signal(signal.SIGHUP, signal.SIG_DFL)


def before_scenario(context: Any, scenario: Any) -> None:
    context.tmp = Path(tempfile.mkdtemp(prefix="ca-behave-"))
    context.repo = context.tmp / "repo"
    context.services = None
    context.env = {}
    context.cleanups = []


def after_scenario(context: Any, scenario: Any) -> None:
    for cleanup in context.cleanups:
        cleanup()
    if getattr(context, "services", None) is not None:
        context.services.close()
    for store in getattr(context, "stores", []):
        store.close()
    # `rm` walks without recursion: shutil.rmtree fails on a folder 1,000 levels deep.
    subprocess.run(["rm", "-rf", "--", str(context.tmp)], check=False)
