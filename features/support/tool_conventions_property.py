"""The property of trust.tool_conventions.property.feature: every tree file that mypy, run by
my pre-commit hook, loads as a plugin (found through whichever config it finds, from
whichever folder the hook runs it in, by a path or as a module) is refused to the model, and
a file it does not load is not.

Each example writes a random mypy config (`mypy.ini`, `.mypy.ini`, `setup.cfg`,
`pyproject.toml`, at the top or in `src`) naming a random plugin (a file, a file with its
entry point, a module), each plugin file leaving a mark when imported and importing a
helper beside it that leaves its own; the hook runs mypy by a random form (`mypy src`,
`python3 -m mypy src`, `cd src && mypy .`), and the user's own `git commit` runs it. Each
marked file must be judged host-run (`host_folders`): an oracle that shares nothing with
agents' reading of the config.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.host_folders import host_folders
from cleveragents.domain.host_files import host_run
from features.support.properties import reproducible

CONFIGS = [
    ("mypy.ini", "[mypy]\nplugins = {plugin}\n"),
    (".mypy.ini", "[mypy]\nplugins = {plugin}\n"),
    ("setup.cfg", "[metadata]\nname = x\n\n[mypy]\nplugins =\n  {plugin}\n"),
    ("pyproject.toml", '[project]\nname = "x"\n\n[tool.mypy]\nplugins = ["{plugin}"]\n'),
]
FOLDERS = ["", "src/"]
# (the plugin as the config names it, from the config's folder; its file, from there)
PLUGINS = [
    ("tools/plug.py", "tools/plug.py"),
    ("tools/plug.py:entry", "tools/plug.py"),
    ("plugmod", "plugmod.py"),
    ("nsp.plug", "nsp/plug.py"),
]
HOOKS = ["mypy src", "{python} -m mypy src", "cd src && mypy ."]
PLUGIN = (
    "import os, sys\nsys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))\n"
    "open(os.path.join({marks!r}, {name!r}), 'w').close()\nimport plughelp\n"
    "from mypy.plugin import Plugin\ndef plugin(version): return Plugin\nentry = plugin\n"
)
HELPER = "import os\nopen(os.path.join({marks!r}, {name!r}), 'w').close()\n"
UNTOUCHED = "other/free.py"


def check_property(examples: int, seed: int, work: Path) -> int:
    top = Path(tempfile.mkdtemp(prefix="tool-conventions-", dir=work))
    root = top / "tree"
    marks = top / "marks"
    bin_folder = os.path.dirname(sys.executable)
    env = {**os.environ, "PATH": f"{bin_folder}:{os.environ.get('PATH', '')}"}
    env.update({"GIT_AUTHOR_NAME": "a", "GIT_AUTHOR_EMAIL": "a@b"})
    env.update({"GIT_COMMITTER_NAME": "a", "GIT_COMMITTER_EMAIL": "a@b"})
    env.pop("PYTHONPATH", None)
    env["MYPY_CACHE_DIR"] = str(top / "cache")  # shared by the examples: mypy starts faster
    ran = 0

    @reproducible(examples, seed)
    @example(config=0, folder=0, plugin=0, hook=0)
    @example(config=3, folder=1, plugin=1, hook=2)
    @given(
        config=st.integers(0, len(CONFIGS) - 1),
        folder=st.integers(0, len(FOLDERS) - 1),
        plugin=st.integers(0, len(PLUGINS) - 1),
        hook=st.integers(0, len(HOOKS) - 1),
    )
    def check(config: int, folder: int, plugin: int, hook: int) -> None:
        nonlocal ran
        shutil.rmtree(top / "tree", ignore_errors=True)
        shutil.rmtree(marks, ignore_errors=True)
        marks.mkdir()
        subprocess.run(["git", "init", "-q", str(root)], check=True)
        name, text = CONFIGS[config]
        named, file = PLUGINS[plugin]
        base = FOLDERS[folder]
        files = {
            "src/a.py": "x = 1\n",
            UNTOUCHED: "free = 1\n",
            f"{base}{name}": text.format(plugin=named),
            f"{base}{file}": PLUGIN.format(marks=str(marks), name=_mark(f"{base}{file}")),
        }
        helper = os.path.join(os.path.dirname(f"{base}{file}"), "plughelp.py")
        files[helper] = HELPER.format(marks=str(marks), name=_mark(helper))
        for path, content in files.items():
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_text(content)
        command = HOOKS[hook].format(python=sys.executable)
        pre_commit = root / ".git" / "hooks" / "pre-commit"
        pre_commit.write_text(f"#!/bin/sh\n{command} >/dev/null 2>&1\nexit 0\n")
        pre_commit.chmod(0o755)
        subprocess.run(["git", "add", "--all"], cwd=root, check=True)
        subprocess.run(
            ["git", "commit", "-qm", "user"], cwd=root, env=env, capture_output=True, timeout=120
        )
        repo = GitRepository(root=root.resolve(), git_dir=(root / ".git").resolve())
        host = host_folders(repo)
        said = f"{name} in '{base}' names {named}, the hook runs `{command}`"
        for mark in os.listdir(marks):
            ran += 1
            path = mark.replace("!", "/")
            assert host_run(path, host) is not None, f"{said}: loaded {path}, not refused"
        assert host_run(UNTOUCHED, host) is None, f"{said}: {UNTOUCHED} taken as run"

    check()
    return ran


def _mark(path: str) -> str:
    """The name of the mark a file leaves: its tree path, `/` as `!`."""
    return path.replace("/", "!")
