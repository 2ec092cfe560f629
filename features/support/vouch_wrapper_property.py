"""The wrapper property of hooks.vouch.property.feature: a vouch for a program whose file on
PATH is a wrapper of the tree's (attack 21, finding 16) leaves every tree file it runs
refused to the model.

Each example makes, outside the tree on PATH under a random name agents has no table for,
a real program of a random form: a shell wrapper running the tree's `tools/NAME` (by
`exec`, by a plain call, through `/usr/bin/env`, after a `cd`), the console script of an
editable install of the tree's package (`pip install -e .`: a venv whose `.pth` names the
tree's `src`, the script importing `acme_NAME.cli`), or a control: a wrapper of a program
outside the tree. The user vouches for it (by its bare name, or its absolute path) through
the vouch file of `agents hooks vouch`; the pre-commit hook runs it on `src`; the user's own
`git commit` runs the hook, and each tree file that ran leaves a mark and must be judged
host-run (`host_folders`, the vouch in force, the wrapper on PATH): an oracle sharing
nothing with agents' reading. Where nothing of the tree ran, `docs/a.md` (given to no
program) must be open to the model.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from hypothesis import assume, example, given
from hypothesis import strategies as st

from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.host_folders import host_folders
from cleveragents.adapters.vouch_file import vouch
from cleveragents.domain.host_files import host_run
from features.support.hook_tools_property import NAMES, _known, commit_through_hook
from features.support.properties import reproducible

MARK = 'touch "{marks}/{mark}"\n'
# The program on PATH: its file's text (`{tree}` the tree, `{name}` its name, `{python}` the
# venv's Python); "" for the editable install's console script.
WRAPPERS = [
    '#!/bin/sh\nexec {tree}/tools/{name} "$@"\n',
    '#!/bin/sh\n{tree}/tools/{name} "$@"\nexit $?\n',
    '#!/usr/bin/env bash\nset -e\n"{tree}/tools/{name}" --quiet "$@"\n',
    '#!/bin/sh\ncd {tree} && exec ./tools/{name} "$@"\n',
    "",  # `pip install -e .`'s console script
    '#!/bin/sh\nexec /bin/true "$@"\n',  # control: runs nothing of the tree
]
CONSOLE = (
    "#!{python}\n# -*- coding: utf-8 -*-\nimport re\nimport sys\nfrom {package}.cli import main\n"
    "if __name__ == '__main__':\n    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', "
    "sys.argv[0])\n    sys.exit(main())\n"
)


def check_property(examples: int, seed: int, work: Path) -> int:
    top = Path(tempfile.mkdtemp(prefix="vouch-wrap-", dir=work))
    root, marks, tools, config = top / "tree", top / "marks", top / "bin", top / "config"
    venv = top / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    site = next(venv.glob("lib/python3*/site-packages"))
    path = f"{tools}:{os.environ.get('PATH', '')}"
    env = {**os.environ, "PATH": path}
    env.update({"GIT_AUTHOR_NAME": "a", "GIT_AUTHOR_EMAIL": "a@b"})
    env.update({"GIT_COMMITTER_NAME": "a", "GIT_COMMITTER_EMAIL": "a@b"})
    ran = 0

    @reproducible(examples, seed)
    @example(name="acme-w", form=0, by_path=False)
    @example(name="acmecli", form=4, by_path=False)
    @example(name="fmtwrap", form=5, by_path=True)
    @given(name=NAMES, form=st.integers(0, len(WRAPPERS) - 1), by_path=st.booleans())
    def check(name: str, form: int, by_path: bool) -> None:
        nonlocal ran
        assume(not _known(name))
        for folder in (root, marks, tools, config):
            shutil.rmtree(folder, ignore_errors=True)
        for old in site.glob("__editable__*.pth"):
            old.unlink()
        marks.mkdir()
        tools.mkdir()
        subprocess.run(["git", "init", "-q", str(root)], check=True)
        package = f"acme_{name.replace('-', '_')}"
        mark = MARK.format(marks=marks, mark="{}")
        files = {
            f"tools/{name}": "#!/bin/sh\n" + mark.format(f"tools!{name}"),
            f"src/{package}/__init__.py": "",
            f"src/{package}/cli.py": (
                f"def main():\n    open({str(marks / f'src!{package}!cli.py')!r}, 'w')\n"
            ),
            "docs/a.md": "a\n",
        }
        for each, content in files.items():
            (root / each).parent.mkdir(parents=True, exist_ok=True)
            (root / each).write_text(content)
            (root / each).chmod(0o755)
        if WRAPPERS[form]:
            text = WRAPPERS[form].format(tree=root, name=name)
        else:  # what pip writes for `pip install -e .` of the tree's project
            (site / f"__editable__.{package}-0.1.pth").write_text(f"{root / 'src'}\n")
            text = CONSOLE.format(python=venv / "bin" / "python3", package=package)
        (tools / name).write_text(text)
        (tools / name).chmod(0o755)
        program = str(tools / name) if by_path else name
        line = f"{program} --check src"
        loaded = commit_through_hook(root, line, env, marks)
        was = {k: os.environ.get(k) for k in ("XDG_CONFIG_HOME", "PATH")}
        os.environ.update({"XDG_CONFIG_HOME": str(config), "PATH": path})
        try:
            vouch(program, root)
            repo = GitRepository(root=root.resolve(), git_dir=(root / ".git").resolve())
            host = host_folders(repo)
        finally:
            for key, value in was.items():
                os.environ.pop(key, None)
                os.environ.update({} if value is None else {key: value})
        said = f"the hook runs `{line}`, {program} being {text!r}, vouched for"
        for each in loaded:
            ran += 1
            assert host_run(each, host) is not None, f"{said}: {each} ran, not refused"
        if not loaded:
            assert host_run("docs/a.md", host) is None, f"{said}: {host_run('docs/a.md', host)}"

    check()
    return ran


# Console scripts pip wrote into the venv the suite runs in: of a runner (each runs the
# code, the script or the project it is given), and of tools reading their input as data.
RUNNERS = ("robot", "pabot", "libdoc", "rebot", "behave", "coverage", "uvicorn", "typer", "mcp")
DATA = ("jsonschema", "markdown-it")


def check_runner_property(examples: int, seed: int, work: Path) -> int:
    """A copy of a runner's real console script, under a random name on PATH, cannot be
    vouched for (`agents hooks vouch`), nor counts when written into the vouch file by
    hand; a copy of a data tool's can and does."""
    from cleveragents.adapters.vouch_file import vouched_for, write_vouches
    from cleveragents.errors import BadInput

    top = Path(tempfile.mkdtemp(prefix="vouch-runner-", dir=work))
    root, tools, config = top / "tree", top / "bin", top / "config"
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    installed = [p for p in (*RUNNERS, *DATA) if shutil.which(p)]
    assert set(RUNNERS) & set(installed) and set(DATA) & set(installed), installed
    ran = 0

    @reproducible(examples, seed)
    @example(name="rbt", program="robot")
    @example(name="mdl", program="markdown-it")
    @given(name=NAMES, program=st.sampled_from(installed))
    def check(name: str, program: str) -> None:
        nonlocal ran
        assume(not _known(name))
        shutil.rmtree(tools, ignore_errors=True)
        shutil.rmtree(config, ignore_errors=True)
        tools.mkdir()
        shutil.copy(shutil.which(program) or "", tools / name)
        was = {k: os.environ.get(k) for k in ("XDG_CONFIG_HOME", "PATH")}
        os.environ.update({"XDG_CONFIG_HOME": str(config), "PATH": f"{tools}:{was['PATH']}"})
        try:
            try:
                vouch(name, root)
                refused = ""
            except BadInput as error:
                refused = str(error)
            write_vouches([name])
            counts = name in vouched_for(root)
        finally:
            for key, value in was.items():
                os.environ.pop(key, None)
                os.environ.update({} if value is None else {key: value})
        ran += 1
        runner = program in RUNNERS
        said = f"{name}, a copy of {program}'s console script"
        assert bool(refused) == runner, f"{said}: vouch refused: {refused or 'no'}"
        assert counts != runner, f"{said}: written in by hand, counts: {counts}"

    check()
    return ran
