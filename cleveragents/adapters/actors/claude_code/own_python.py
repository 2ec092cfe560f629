"""The words that run a module of this very cleveragents under this Python, isolated:
Claude Code runs them as our hook, our key asker, our boxed Bash, and as the hook
`agents hooks install claude-code` writes.

Isolated (`-I`): no `PYTHONPATH`, no user site, no working folder on the import path, so a
`PYTHONPATH` a project's settings `env` gives Claude Code's hooks (`src`) cannot put the
tree ahead of our own modules. But `-I` also drops where a `pip install --user` or a
`PYTHONPATH` run found cleveragents: when the isolated Python would not import this
cleveragents (asked once, of the Python itself), the words put its folder first on the
import path themselves (`-c`), then run the module as `-m` would.
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys


def module_words(module: str, *args: str) -> list[str]:
    """`python -I -m MODULE ARGS...`, or its `-c` form naming our folder (see above)."""
    folder = _own_folder()
    if folder is None:
        return [sys.executable, "-I", "-m", module, *args]
    code = (
        f"import sys; sys.path.insert(0, {folder!r}); import runpy; "
        f"runpy.run_module({module!r}, run_name='__main__', alter_sys=True)"
    )
    return [sys.executable, "-I", "-c", code, *args]


@functools.cache
def _own_folder() -> str | None:
    """The folder holding this cleveragents when the isolated Python would import another
    one or none; None when it imports this one."""
    import cleveragents

    own = os.path.realpath(cleveragents.__file__)
    ask = "import cleveragents; print(cleveragents.__file__)"
    try:
        found = subprocess.run(
            [sys.executable, "-I", "-c", ask],
            capture_output=True,
            text=True,
            timeout=30,
            cwd="/",
            check=False,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):  # pragma: no cover - this Python ran us
        found = ""
    if found and os.path.realpath(found) == own:
        return None
    return os.path.dirname(os.path.dirname(own))
