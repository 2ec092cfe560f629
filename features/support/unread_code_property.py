"""The property of claude_code.unread_code.property.feature.

`claude_programs` (`adapters/git/config_programs.py`) reads the user's own settings
(`CLAUDE_CONFIG_DIR/settings.json`, a real file) holding one hook line that gives an
interpreter code on its command line: `python3 -c 'import subprocess;
subprocess.run("make -s fmt", shell=True)'` ran the tree's Makefile on the host while its
words were read as file names (attack 17 finding 16).

Holds: the user's line reaches the whole tree, the reach saying why (code on its command
line); the same line in a project's settings (run in the sandbox) is read as before: never
the whole tree for that reason."""

from __future__ import annotations

import json
import os
import shlex
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from features.support.properties import reproducible

# Code of operator characters alone is read as the shell's operators (`perl -e ';'`: a
# quoted `;` is one to the reader), and runs nothing.
OPERATORS = ";&|()<> \t\n\r\x0b\x0c"
PROGRAMS = st.sampled_from(
    [("python3", "-c"), ("perl", "-e"), ("node", "-e"), ("node", "--eval"), ("ruby", "-e")]
)
CODE = st.one_of(
    st.just('import subprocess; subprocess.run("make -s fmt", shell=True)'),
    st.text(
        st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)),
        min_size=1,
        max_size=30,
    ).filter(lambda code: code.strip(OPERATORS)),
)


def check_property(examples: int, seed: int, work: Path) -> int:
    ran = 0

    @reproducible(examples, seed)
    @given(PROGRAMS, CODE)
    def holds(program: tuple[str, str], code: str) -> None:
        nonlocal ran
        ran += 1
        _example(Path(tempfile.mkdtemp(prefix="unread-code-", dir=work)), program, code)

    holds()
    return ran


def _example(top: Path, program: tuple[str, str], code: str) -> None:
    from cleveragents.adapters.git.config_programs import claude_programs
    from cleveragents.domain.interpreters import UNREAD
    from cleveragents.domain.reach import WHOLE

    line = shlex.join([*program, code])
    settings = {"hooks": {"PostToolUse": [{"hooks": [{"type": "command", "command": line}]}]}}
    tree, config = top / "tree", top / "config"
    (tree / ".claude").mkdir(parents=True)
    config.mkdir()
    (tree / "Makefile").write_text("fmt:\n\t@true\n")
    said = os.environ.get("CLAUDE_CONFIG_DIR")
    os.environ["CLAUDE_CONFIG_DIR"] = str(config)
    try:
        (config / "settings.json").write_text(json.dumps(settings))
        users = claude_programs(tree, [])
        (config / "settings.json").unlink()
        (tree / ".claude" / "settings.json").write_text(json.dumps(settings))
        projects = claude_programs(tree, [".claude"])
    finally:
        if said is None:
            os.environ.pop("CLAUDE_CONFIG_DIR", None)
        else:
            os.environ["CLAUDE_CONFIG_DIR"] = said
    whole = [r for r, _ in users if r.path == WHOLE and r.unknown == UNREAD]
    assert whole, f"{line!r}: the user's hook reaches {[r for r, _ in users]}"
    assert all("settings.json" in key for r, key in users if r in whole), users
    unread = [r for r, _ in projects if r.unknown == UNREAD]
    assert not unread, f"{line!r}: a project's hook read as the user's: {unread}"
