"""The property of trust.tool_conventions.property.feature's second scenario: under a hook
running mypy or pylint, a command's edit of `pyproject.toml` outside the sections the tool
reads stays, one inside them (or one leaving the file unparsable) goes back.

One real repository with the hook (`mypy src` or `pylint src`); each example writes a random
`pyproject.toml` (a `[project]`, a `[tool.ruff]`, the tool's own table with its plugins and a
setting), then a command between the real look and put-back (`claude_dirs_property.around`)
edits one value, adds or removes one, in a random table: the oracle is which table it
touched, not agents' reading of the file.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from features.support.claude_dirs_property import around
from features.support.properties import reproducible

TOOLS = {"mypy": ("tool.mypy", "plugins"), "pylint": ("tool.pylint.main", "load-plugins")}
OUTSIDE = ("project", "tool.ruff", "tool.black")
NAMES = st.sampled_from(
    ["name", "version", "line-length", "strict", "plugins", "load-plugins", "x"]
)
WORDS = st.text("abcdefgh.-_", min_size=1, max_size=8)
VALUES = st.one_of(
    st.integers(-5, 500), st.booleans(), WORDS, st.lists(WORDS, min_size=0, max_size=3)
)
TABLE = st.dictionaries(NAMES, VALUES, max_size=3)


def _value(value: object) -> str:
    """`value` as TOML (a literal string, never an escape)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, str):
        return f"'{value}'"
    return str(value)


def _toml(tables: dict[str, dict[str, object]]) -> str:
    return "".join(
        f"[{name}]\n" + "".join(f"{k} = {_value(v)}\n" for k, v in table.items()) + "\n"
        for name, table in tables.items()
    )


def check_property(examples: int, seed: int, work: Path) -> int:
    root = Path(tempfile.mkdtemp(prefix="tool-sections-", dir=work))
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    for key, value in (("user.name", "t"), ("user.email", "t@t"), ("commit.gpgsign", "false")):
        subprocess.run(["git", "config", key, value], cwd=root, check=True)
    (root / "a.txt").write_text("a\n")
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    subprocess.run(["git", "commit", "-qm", "a"], cwd=root, check=True)
    hook = root / ".git" / "hooks" / "pre-commit"
    ran = 0

    @reproducible(examples, seed)
    @given(
        tool=st.sampled_from(sorted(TOOLS)),
        outside=st.fixed_dictionaries({t: TABLE for t in OUTSIDE}),
        own=TABLE,
        plugins=st.lists(WORDS, min_size=1, max_size=2),
        inside=st.booleans(),
        where=st.integers(0, len(OUTSIDE) - 1),
        key=NAMES,
        value=st.none() | VALUES,
        broken=st.booleans(),
    )
    def one(tool, outside, own, plugins, inside, where, key, value, broken) -> None:  # type: ignore[no-untyped-def]
        nonlocal ran
        table, plugin_key = TOOLS[tool]
        hook.write_text(f"#!/bin/sh\n{tool} src\n")
        hook.chmod(0o755)
        tables = {**outside, table: {**own, plugin_key: plugins}}
        edited = {name: dict(values) for name, values in tables.items()}
        target = edited[table if inside else OUTSIDE[where]]
        if value is None:
            target.pop(key, None)
        else:
            target[key] = value
        base, after = _toml(tables), _toml(edited)
        after += "[unclosed\n" if broken else ""
        if after == base:
            return
        pyproject = root / "pyproject.toml"
        pyproject.write_text(base)
        seen = around(root, lambda: pyproject.write_text(after))
        now = pyproject.read_text()
        goes_back = inside or broken
        assert now == (base if goes_back else after), (tool, inside, broken, now, seen.said)
        said = "put back pyproject.toml: changed by the command" in seen.said
        assert said == goes_back, seen.said
        ran += 1

    one()
    return ran
