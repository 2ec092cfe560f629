"""The property behind `agents hooks install|uninstall claude-code`: the user's settings
keep every key and hook of theirs, and an uninstall gives back the file byte for byte.

Each example is a random settings document (the user's keys, hooks of theirs under our
events and others, a `hooks` that is empty or absent), written with random indentation,
key order and final newline, or no file at all. The real `agents` command installs our
hooks (once or twice, with or without --enforce-policy) and uninstalls them, in a real
git repository; after the install the document minus our groups is the user's, and after
the uninstall the file's bytes are the ones it had (or it is absent, as it was).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.domain import claude_settings

EVENTS = [*claude_settings.EVENTS, "Stop", "Notification"]
WORDS = st.text(alphabet="abcé-_ 😀", min_size=1, max_size=6)
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), WORDS)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(WORDS, inner, max_size=3)),
    max_leaves=6,
)
HOOK = st.fixed_dictionaries(
    {"type": st.just("command"), "command": st.sampled_from(["true", "echo mine", ": x"])}
)
GROUP = st.fixed_dictionaries(
    {"hooks": st.lists(HOOK, min_size=1, max_size=2)},
    optional={"matcher": st.sampled_from(["*", "Write", "Bash|Edit"])},
)
HOOKS = st.dictionaries(st.sampled_from(EVENTS), st.lists(GROUP, max_size=2), max_size=4)
DOCUMENTS = st.builds(
    lambda own, hooks: {**own, **({} if hooks is None else {"hooks": hooks})},
    st.dictionaries(WORDS.filter(lambda w: w != "hooks"), VALUES, max_size=3),
    st.one_of(st.none(), HOOKS),
)


def _agents(repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GIT_CEILING_DIRECTORIES": str(repo.parent)}
    command = [sys.executable, "-m", "cleveragents", *args]
    return subprocess.run(command, cwd=repo, env=env, capture_output=True, text=True)


def check_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the property; the number of examples that ran."""
    from features.support.properties import reproducible

    ran = 0

    @reproducible(examples, seed)
    @given(
        document=st.one_of(st.none(), DOCUMENTS),
        indent=st.sampled_from([None, 1, 2, 4, "\t"]),
        sort=st.booleans(),
        newline=st.booleans(),
        twice=st.booleans(),
        enforce=st.booleans(),
    )
    def prop(
        document: dict[str, Any] | None,
        indent: int | str | None,
        sort: bool,
        newline: bool,
        twice: bool,
        enforce: bool,
    ) -> None:
        nonlocal ran
        ran += 1
        repo = tmp / f"settings-{ran}" / "repo"
        repo.mkdir(parents=True)
        subprocess.run(["git", "init", "-q", str(repo)], check=True)
        settings = repo / ".claude" / "settings.local.json"
        original = None
        if document is not None:
            text = json.dumps(document, indent=indent, sort_keys=sort, ensure_ascii=False)
            original = (text + ("\n" if newline else "")).encode()
            settings.parent.mkdir()
            settings.write_bytes(original)
        for _ in range(2 if twice else 1):
            flags = ["--enforce-policy"] if enforce else []
            done = _agents(repo, "hooks", "install", "claude-code", *flags)
            assert done.returncode == 0, done.stderr
        installed = json.loads(settings.read_bytes())
        assert set(claude_settings.installed(installed)) == set(claude_settings.EVENTS)
        assert claude_settings.without_hooks(installed, document) == (document or {}), installed
        done = _agents(repo, "hooks", "uninstall", "claude-code")
        assert done.returncode == 0, done.stderr
        if original is None:
            assert not settings.exists(), settings.read_bytes()
            assert not settings.parent.exists(), "the .claude folder we made is left"
        else:
            assert settings.read_bytes() == original, settings.read_bytes()

    prop()
    return ran
