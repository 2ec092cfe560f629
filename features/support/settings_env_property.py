"""The property of claude_code.settings_env.property.feature.

A random variable name and a value of random entries joined by `:`: a relative path
(`a/b`, `./c`), `.`, an empty entry, `$PATH`, an absolute path outside the tree, `~/x`, an
option naming a file (`-javaagent:lib/a.jar`, `--require ./x.js`) or one that cannot tell
which (`-r./x`, Ruby's `x.rb`). Written to a project's `.claude/settings.json` and read by
the real reader (`adapters/git/config_programs.claude_programs`): for a harmless name
(Claude Code's own knobs) no place is kept; else each relative path is kept, and when the
value holds `.`, an empty entry or an untellable option, every file of the tree is."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from features.support.properties import reproducible

NAMES = ["HOME", "GIT_CONFIG_GLOBAL", "PYTHONUSERBASE", "FOO_BAR", "PATH", "RUBYOPT"]
HARMLESS = ["MAX_THINKING_TOKENS", "DISABLE_TELEMETRY", "BASH_DEFAULT_TIMEOUT_MS"]
WORDS = st.sampled_from(["a", "b", "lib", "src", "x.jar"])
RELATIVE = st.lists(WORDS, min_size=1, max_size=3).map("/".join)
# (entry text, the relative path it names or None, whether it names the whole folder)
ENTRY = st.one_of(
    RELATIVE.map(lambda p: (p, p, False)),
    RELATIVE.map(lambda p: (f"./{p}", p, False)),
    st.just((".", None, True)),
    st.just(("", None, True)),
    st.just(("$PATH", None, False)),
    st.just(("/usr/bin", None, False)),
    st.just(("~/bin", None, False)),
    RELATIVE.map(lambda p: (f"-javaagent={p}", p, False)),
    RELATIVE.map(lambda p: (f"--require ./{p}", p, False)),
    st.just(("-r./x", None, True)),
)


def check_env(examples: int, seed: int, work: Path) -> int:
    from cleveragents.adapters.git.config_programs import claude_programs

    ran = 0

    @reproducible(examples, seed)
    @given(st.sampled_from(NAMES + HARMLESS), st.lists(ENTRY, min_size=1, max_size=4))
    def holds(name: str, entries: list[tuple[str, str | None, bool]]) -> None:
        nonlocal ran
        ran += 1
        root = Path(tempfile.mkdtemp(prefix="settings-env-", dir=work))
        (root / ".claude").mkdir()
        value = ":".join(text for text, _, _ in entries)
        (root / ".claude" / "settings.json").write_text(json.dumps({"env": {name: value}}))
        reaches = [reach for reach, _ in claude_programs(root, [".claude"])]
        kept = lambda path: any(r.covers(path) for r in reaches)  # noqa: E731
        if name in HARMLESS:
            assert reaches == [], (name, value, reaches)
            return
        for _, path, _ in entries:
            assert path is None or kept(path), (value, path, reaches)
        whole = any(w for _, _, w in entries) or (len(entries) == 1 and not entries[0][0])
        assert kept("zz/unnamed.py") == whole, (value, reaches)

    holds()
    return ran
