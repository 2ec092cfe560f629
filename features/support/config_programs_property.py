"""The property of trust.config_programs.property.feature: every tree file the user's git
runs as a program a setting names is refused to the model.

Each example sets `diff.x.textconv` or a `!` alias to a random command line (assignments
first or not, the program named `./x`, `sub/../x`, bare, or run by `sh`/`bash`, with
arguments), or a remote's `ext::` address to one (its words, no shell; with the config
allowing ext, or refusing it as git does by default: then nothing may be held), then has
git itself run it (`git diff` of a file whose attribute names the driver, the alias, `git
fetch`): each tree script that ran leaves a mark. Every script that ran must be judged
host-run (`host_folders`): an oracle that shares nothing with the reading of the value.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.host_folders import host_folders
from cleveragents.domain.host_files import host_run
from features.support.properties import reproducible

SCRIPTS = ["conv.sh", "tools/conv", "tools/sub/run.py"]
FORMS = ["./{}", "{}", "tools/../{}", ".//{}", "{}/"]
RUNNERS = ["", "sh ", "bash ", "sh -e ", "env "]
ASSIGNMENTS = ["", "A=1 ", "A=1 B='x y' "]
ARGS = ["", " --flag", " 'a b'", " -- x", " 'unclosed"]
# Commands before the program: a `#` that starts no comment (inside a word, quoted, `$#`,
# escaped), or a comment line, after which the program still runs.
# `ext by insteadOf`: a `url.<ext::...>.insteadOf` rewrites the remote's address to it;
# `ext by env`: no config policy, `GIT_ALLOW_PROTOCOL=ext` (git's and agents') lets it run;
# `ext by startup file`: the home's `.bashrc` exports it, git's (the user's shell's) holds
# it, agents' does not (readers30); `ext by startup git config`: its `git config --global
# protocol.ext.allow always` writes the user's config as their shell starts, after agents'
# look (readers31).
KINDS = ["diff", "alias", "ext", "ext refused", "ext by insteadOf", "ext by env"]
KINDS += ["ext by startup file", "ext by startup git config"]
BEFORE = ["", ": a#b; ", ": '# x'; ", 'echo "$#"; ', ": \\# x; ", "# ./x.sh\n", "true #x\n"]


def tree(top: Path) -> Path:
    """A repository with a script at each of `SCRIPTS`, each leaving a mark when it runs,
    and a committed `d.x` whose attribute names the diff driver `x`."""
    root = top / "tree"
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    marks = top / "marks"
    marks.mkdir()
    for number, script in enumerate(SCRIPTS):
        full = root / script
        full.parent.mkdir(parents=True, exist_ok=True)
        full.write_text(f"#!/bin/sh\ntouch '{marks}/{number}'\ncat \"$@\" 2>/dev/null\n")
        full.chmod(0o755)
    (root / ".gitattributes").write_text("*.x diff=x\n")
    (root / "d.x").write_text("one\n")
    git = ["git", "-c", "user.name=a", "-c", "user.email=a@b"]
    subprocess.run([*git, "add", "."], cwd=root, check=True)
    subprocess.run([*git, "commit", "-qm", "s"], cwd=root, check=True)
    (root / "d.x").write_text("two\n")
    # Settings naming no program: an empty alias, an include of a file that is not there.
    subprocess.run(["git", "config", "alias.e", ""], cwd=root, check=True)
    subprocess.run(["git", "config", "includeIf.gitdir:/none/.path", "/none/x"], cwd=root)
    return root


def check_property(examples: int, seed: int, work: Path) -> int:
    top = Path(tempfile.mkdtemp(prefix="config-programs-", dir=work))
    root = tree(top)
    (top / "home").mkdir()  # the user's, for `ext by startup file`
    (top / "home" / ".bashrc").write_text("export GIT_ALLOW_PROTOCOL=file:ext\n")
    (top / "home2").mkdir()  # the user's, for `ext by startup git config`
    (top / "home2" / ".bashrc").write_text("git config --global protocol.ext.allow always\n")
    marks = top / "marks"
    repo = GitRepository(root=root.resolve(), git_dir=(root / ".git").resolve())
    ran = 0

    @reproducible(examples, seed)
    @example(kind="diff", assign="", runner="", form="./{}", script=0, args="", before="")
    @example(
        kind="alias", assign="A=1 ", runner="sh ", form="{}", script=1, args=" 'a b'", before=""
    )
    @example(
        kind="diff", assign="", runner="bash ", form="{}/", script=2, args=" 'unclosed", before=""
    )
    @example(kind="diff", assign="", runner="", form="./{}", script=0, args="", before=": a#b; ")
    @example(kind="ext", assign="", runner="sh ", form="{}", script=1, args=" -- x", before="")
    @example(
        kind="ext by insteadOf", assign="", runner="", form="./{}", script=0, args="", before=""
    )
    @example(kind="ext by env", assign="", runner="sh ", form="{}", script=2, args="", before="")
    @example(
        kind="ext by startup file", assign="", runner="", form="./{}", script=0, args="", before=""
    )
    @example(
        kind="ext by startup git config", assign="", runner="", form="./{}", script=0, args="",
        before="",
    )  # fmt: skip
    @given(
        kind=st.sampled_from(KINDS),
        assign=st.sampled_from(ASSIGNMENTS),
        runner=st.sampled_from(RUNNERS),
        form=st.sampled_from(FORMS),
        script=st.integers(0, len(SCRIPTS) - 1),
        args=st.sampled_from(ARGS),
        before=st.sampled_from(BEFORE),
    )
    def check(
        kind: str, assign: str, runner: str, form: str, script: int, args: str, before: str
    ) -> None:
        nonlocal ran
        value = f"{before}{assign}{runner}{form.format(SCRIPTS[script])}{args}"
        key = "remote.o.url" if kind.startswith("ext") else {"alias": "alias.t"}.get(kind, "")
        key = key or "diff.x.textconv"
        if kind.startswith(
            "ext"
        ):  # no shell: words on spaces (`% ` one in a word), `cat` given a file
            words = f"{runner}{form.format(SCRIPTS[script])}{args} /dev/null".split()
            value = "ext::" + " ".join(w.replace("%", "%%") for w in words)
        for mark in marks.iterdir():
            mark.unlink()
        for each in ("alias.t", "diff.x.textconv", "remote.o.url", "protocol.ext.allow"):
            subprocess.run(["git", "config", "--unset-all", each], cwd=root)
        for section in subprocess.run(
            ["git", "config", "--name-only", "--get-regexp", r"^url\.ext::"],
            cwd=root, capture_output=True, text=True,
        ).stdout.splitlines():  # fmt: skip
            subprocess.run(["git", "config", "--unset-all", section], cwd=root)
        if kind not in ("ext by env", "ext by startup file", "ext by startup git config"):
            policy = ["protocol.ext.allow", "never" if kind == "ext refused" else "always"]
            subprocess.run(["git", "config", *policy], cwd=root, check=True)
        if kind == "ext by insteadOf":
            subprocess.run(["git", "config", f"url.{value}.insteadOf", "gh:"], cwd=root)
            value = "gh:"
        subprocess.run(["git", "config", key, f"!{value}" if kind == "alias" else value], cwd=root)
        command = {"alias": ["git", "t"], "diff": ["git", "diff", "--textconv"]}.get(
            kind, ["git", "fetch", "-q", "o"]
        )
        allowed = {"GIT_ALLOW_PROTOCOL": "file:ext"} if kind == "ext by env" else {}
        shell = {"GIT_ALLOW_PROTOCOL": "file:ext"} if kind == "ext by startup file" else {}
        home = os.environ.get("HOME")
        os.environ.update(allowed)
        try:
            if kind == "ext by startup git config":  # agents looks, then the user's shell
                (top / "home2" / ".gitconfig").unlink(missing_ok=True)  # starts, then git
                os.environ["HOME"] = str(top / "home2")
                host = host_folders(repo)
                command = ["bash", "-c", '. ~/.bashrc && exec "$@"', "bash", *command]
            ran_by = {**os.environ, **shell}  # the user's git: their shell's variables
            subprocess.run(command, cwd=root / "tools", env=ran_by, capture_output=True, timeout=30)
            os.environ.update({"HOME": str(top / "home")} if shell else {})
            host = host if kind == "ext by startup git config" else host_folders(repo)
        finally:
            for name in allowed:
                os.environ.pop(name, None)
            os.environ.update({} if home is None else {"HOME": home})
        if kind == "ext refused":  # git's default: it runs nothing, and agents holds nothing
            held = [s for s in SCRIPTS if host_run(s, host) is not None]
            assert not any(marks.iterdir()) and not held, f"{value} refused: {held}"
        for mark in marks.iterdir():
            ran += 1
            path = SCRIPTS[int(mark.name)]
            assert host_run(path, host) is not None, f"{key} = {value} ran {path}: {host}"

    check()
    return ran
