"""The property of trust.outside_scripts.property.feature.

`claude_programs` (`adapters/git/config_programs.py`) reads the user's own settings
(`CLAUDE_CONFIG_DIR/settings.json`, a real file) holding one hook line that runs a script
file outside the tree; that script runs another outside the tree, and so on (a random chain
of shell and Python scripts, each by a random form of its language), the last one running
`make -s fmt`, a tree script, or being one agents cannot read (a perl script, a binary, one
too large). Before, no script outside the tree was read (attack 18 finding 13).

The chain may start instead from a program setting of the repository's git config
(`core.editor`, `core.pager`, `sequence.editor`, `diff.external`, a `!` alias), read by
`host_folders` as `agents` reads it; there a binary at the end is a program of the user's,
which runs nothing of the tree, as the setting naming it would.

Holds: the hook (or setting) reaches the whole tree, said with a script of the chain, when
the last script runs `make`, cannot be read (a binary, for a hook), or lies past the depth
agents reads (`DEPTH`; a setting's binary, which reaches nothing, is read past it); else
it reaches the tree script the last one runs, and never the whole tree."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from features.support.properties import reproducible

# How one script runs the next (`{next}`: its absolute path), by the script's language.
SHELL_FORMS = ("sh {next}\n", "{next}\n", ". {next}\n", 'exec bash {next} "$@"\n')
PYTHON_FORMS = (
    'import subprocess\nsubprocess.run(["sh", "{next}"])\n',
    'import os\nos.system("{next}")\n',
    'import subprocess as sp\nsp.check_call("sh {next}", shell=True)\n',
)
ENDS = st.sampled_from(["make", "tree", "perl", "binary", "large"])
STEP = st.tuples(st.sampled_from(["sh", "py"]), st.integers(0, 3))
RUNNERS = ("hook", "core.editor", "core.pager", "sequence.editor", "diff.external", "alias.x")


def check_property(examples: int, seed: int, work: Path) -> int:
    ran = 0

    @reproducible(examples, seed)
    @given(st.lists(STEP, min_size=1, max_size=12), ENDS, st.sampled_from(RUNNERS))
    def holds(chain: list[tuple[str, int]], end: str, runner: str) -> None:
        nonlocal ran
        ran += 1
        _example(Path(tempfile.mkdtemp(prefix="outside-", dir=work)), chain, end, runner)

    holds()
    return ran


def _example(top: Path, chain: list[tuple[str, int]], end: str, runner: str = "hook") -> None:
    from cleveragents.domain.reach import WHOLE
    from cleveragents.domain.tree_scripts import DEPTH, MOST_BYTES

    tree, config = top / "tree", top / "config"
    (tree / "scripts").mkdir(parents=True)
    (config / "hooks").mkdir(parents=True)
    (tree / "Makefile").write_text("fmt:\n\t@true\n")
    (tree / "scripts" / "t.sh").write_text("true\n")
    paths = [config / "hooks" / f"s{at}.{kind}" for at, (kind, _) in enumerate(chain)]
    last = config / "hooks" / {"perl": "end.pl", "binary": "end"}.get(end, "end.sh")
    for at, (kind, form) in enumerate(chain):
        after = paths[at + 1] if at + 1 < len(paths) else last
        forms = SHELL_FORMS if kind == "sh" else PYTHON_FORMS
        text = forms[form % len(forms)].replace("{next}", str(after))
        paths[at].write_text(("#!/bin/sh\n" if kind == "sh" else "") + text)
        paths[at].chmod(0o755)
    ends = {
        "make": b"#!/bin/sh\nmake -s fmt\n",
        "tree": b"#!/bin/sh\nsh scripts/t.sh\n",
        "perl": b"#!/usr/bin/perl\nsystem('make');\n",
        "binary": b"\x7fELF\0\0\0\x01",
        "large": b"#!/bin/sh\n" + b"# pad\n" * (MOST_BYTES // 6 + 1) + b"sh scripts/t.sh\n",
    }
    last.write_bytes(ends[end])
    last.chmod(0o755)
    first = paths[0]
    line = shlex.join(["python3", str(first)] if first.suffix == ".py" else [str(first)])
    reaches = _hook(tree, config, line) if runner == "hook" else _setting(tree, runner, line)
    whole = [r for r in reaches if r.path == WHOLE and r.unknown]
    # The user's program at a setting's end (read to tell, however deep) runs no tree file:
    # only a script of the chain past the depth is. Else the end is `len(chain)` deep.
    nothing = end == "binary" and runner != "hook"
    deep = len(chain) - nothing > DEPTH
    if (end != "tree" and not nothing) or deep:
        assert whole, f"{chain} {end}: {runner} {line!r} reaches {reaches}"
        assert all(str(config / "hooks") in r.unknown for r in whole), whole
    else:
        assert not whole, f"{chain} {end}: {runner} {line!r} reaches the whole tree: {whole}"
        tree_script = any(r.path == "scripts/t.sh" for r in reaches)
        assert tree_script != nothing, f"{chain} {end}: {runner}: {reaches}"


def _hook(tree: Path, config: Path, line: str) -> list[Any]:
    """What the user's own hook running `line` reaches (`claude_programs`)."""
    from cleveragents.adapters.git.config_programs import claude_programs

    settings = {"hooks": {"PostToolUse": [{"hooks": [{"type": "command", "command": line}]}]}}
    (config / "settings.json").write_text(json.dumps(settings))
    said = os.environ.get("CLAUDE_CONFIG_DIR")
    os.environ["CLAUDE_CONFIG_DIR"] = str(config)
    try:
        return [r for r, _ in claude_programs(tree, [])]
    finally:
        if said is None:
            os.environ.pop("CLAUDE_CONFIG_DIR", None)
        else:
            os.environ["CLAUDE_CONFIG_DIR"] = said


def _setting(tree: Path, key: str, line: str) -> list[Any]:
    """What the repository's git config setting `key = line` reaches, as `agents` reads
    the user's config (`host_folders`)."""
    from cleveragents.adapters.git.repository import GitRepository
    from cleveragents.adapters.host_folders import host_folders

    subprocess.run(["git", "init", "-q", str(tree)], check=True)
    value = f"!{line}" if key.startswith("alias.") else line
    subprocess.run(["git", "config", key, value], cwd=tree, check=True)
    repo = GitRepository(root=tree.resolve(), git_dir=(tree / ".git").resolve())
    return [r for r, k in host_folders(repo).programs if k == key]
