"""The property of hooks.vouch.property.feature: a vouch opens to the model only what the
vouched program is given as data; every file of the tree the hook runs stays refused.

Each example makes a real program of a random name agents has no table for, outside the
tree on PATH: `nice` by that name, a binary which runs the command after its options (a
wrapper the user should not have vouched for); the user vouches for it (by its bare name, or by its
absolute path) through the vouch file of `agents hooks vouch` (`adapters/vouch_file.py`);
the pre-commit hook runs it by a random form beside tree files that run: a tree script
(`sh scripts/x.sh`), a shell function of the hook named as the program that runs its word,
a program of the tree by the same name (`./tools/NAME`), a `node_modules/.bin/NAME`. The
user's own `git commit` runs the hook; each tree file that ran leaves a mark, and must be
judged host-run (`host_folders`, with the vouch in force): an oracle that shares nothing
with agents' reading of the hook. Where the hook runs nothing else agents cannot read, the
folder only the vouched program is given by a bare name (`src`) must be open to the model.
"""

from __future__ import annotations

import os
import shutil
import subprocess
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
# A hook line (`{p}`: the program as vouched, bare or by its path), whether `src/a.py`
# (in the folder given to the vouched program by a bare name only) is then the model's to
# write. The program is `nice` under another name, which runs the command
# after its options, as a wrapper the user should not have vouched for does (`setarch x86_64
# ./scripts/fmt.sh`, attack 20 finding 3): a vouch covers the program, never a file of the
# tree its line names.
HOOKS = [
    ("{p} --check src", True),
    ("{p} src; sh scripts/x.sh", True),
    ("exec {p} src", True),
    ("env LINT=1 {p} src && sh scripts/x.sh", True),
    ('{name}() {{ sh "$1"; }}; {name} scripts/x.sh; {p} src', False),  # `sh "$1"`: all
    ("./tools/{name} src/a.py; {p} src", False),
    ("node_modules/.bin/{name} src/a.py", False),
    ("{p} -n 0 ./scripts/x.sh", False),
    ("exec {p} -n 1 scripts/x.sh src", False),
]


def check_property(examples: int, seed: int, work: Path) -> int:
    top = Path(tempfile.mkdtemp(prefix="vouch-", dir=work))
    root, marks, tools, config = top / "tree", top / "marks", top / "bin", top / "config"
    env = {**os.environ, "PATH": f"{tools}:{os.environ.get('PATH', '')}"}
    env.update({"GIT_AUTHOR_NAME": "a", "GIT_AUTHOR_EMAIL": "a@b"})
    env.update({"GIT_COMMITTER_NAME": "a", "GIT_COMMITTER_EMAIL": "a@b"})
    ran = 0

    @reproducible(examples, seed)
    @example(name="mylint", hook=1, by_path=False)
    @example(name="acme-fmt", hook=4, by_path=True)
    @example(name="fmtwrap", hook=7, by_path=False)
    @example(name="fmtpath", hook=0, by_path=True)
    @given(name=NAMES, hook=st.integers(0, len(HOOKS) - 1), by_path=st.booleans())
    def check(name: str, hook: int, by_path: bool) -> None:
        nonlocal ran
        assume(not _known(name))
        for folder in (root, marks, tools, config):
            shutil.rmtree(folder, ignore_errors=True)
        marks.mkdir()
        tools.mkdir()
        subprocess.run(["git", "init", "-q", str(root)], check=True)
        runs = ["scripts/x.sh", f"tools/{name}", f"node_modules/.bin/{name}"]
        files = {"src/a.py": "x = 1\n"}
        for path in runs:
            files[path] = "#!/bin/sh\n" + MARK.format(marks=marks, mark=path.replace("/", "!"))
        for path, content in files.items():
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_text(content)
            (root / path).chmod(0o755)
        (tools / name).symlink_to(shutil.which("nice") or "/usr/bin/nice")
        program = str(tools / name) if by_path else name
        line, opens = HOOKS[hook]
        line = line.format(p=program, name=name)
        loaded = commit_through_hook(root, line, env, marks)
        was = os.environ.get("XDG_CONFIG_HOME")
        os.environ["XDG_CONFIG_HOME"] = str(config)
        try:
            vouch(program, root)
            repo = GitRepository(root=root.resolve(), git_dir=(root / ".git").resolve())
            host = host_folders(repo)
        finally:
            os.environ.pop("XDG_CONFIG_HOME")
            os.environ.update({} if was is None else {"XDG_CONFIG_HOME": was})
        for path in loaded:
            ran += 1
            said = f"the hook runs `{line}`, which ran {path}, with {program} vouched for"
            assert host_run(path, host) is not None, f"{said}: {path} not refused"
        if opens:
            said = f"the hook runs `{line}`, with {program} vouched for"
            assert host_run("src/a.py", host) is None, f"{said}: {host_run('src/a.py', host)}"

    check()
    return ran
