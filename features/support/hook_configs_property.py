"""The property of trust.hook_contents.property.feature's config scenario: a hook manager's
config of aliases is read in bounded time, as the whole tree past the bound, else exactly
as the same config written out without aliases.

Each example draws a tower of anchors (`a0` a lefthook command or a pre-commit hook's two
args; each `aN` a list of W aliases of `aN-1`, L levels) under lefthook's or pre-commit's
layout. The oracle for "past the bound" is arithmetic on the tower (how many values it
holds expanded), not the reader's count; below it (up to `COMPARED` values), the oracle
is the reader itself on the text PyYAML writes with every alias expanded.
"""

from __future__ import annotations

import time
from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

from features.support.properties import reproducible

MOST = 100_000  # values of a plan file or hook config once its aliases are expanded
SECONDS = 10.0  # a read far past the bound still ends within this (once: for good)
COMPARED = 5_000  # values written out without aliases at most (PyYAML writes them slowly)


def config(kind: str, levels: int, width: int) -> tuple[str, int]:
    """The config text of a tower `levels` high and `width` wide, and how many values it
    holds with its aliases expanded (each mapping, list, key and scalar one value)."""
    base = '{run: "sh scripts/check.sh"}' if kind == "lefthook" else '["x", "y"]'
    lines = [f"a0: &a0 {base}"]
    size = [3]  # a mapping with one pair, or a list of two
    for n in range(1, levels + 1):
        lines.append(f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * width)}]")
        size.append(1 + width * size[-1])
    top = f"*a{levels}"
    if kind == "lefthook":
        lines.append(f"pre-commit:\n  commands:\n    lint: {top}")
        tail = 4  # pre-commit: {commands: {lint: ...}}
    else:
        lines.append(
            "repos:\n- repo: local\n  hooks:\n  - id: a\n    name: a\n    entry: sh a.sh\n"
            f"    language: system\n    args: {top}"
        )
        tail = 16  # repos: [{repo: local, hooks: [{id, name, entry, language, args: ...}]}]
    total = 1 + sum(1 + s for s in size) + 1 + tail + size[-1]
    return "\n".join(lines) + "\n", total


def check_property(examples: int, seed: int, work: Path) -> int:
    """Returns how many examples read past the bound."""
    import yaml

    from cleveragents.domain.config_programs import WHOLE
    from cleveragents.domain.hook_runs import LEFTHOOK, PRE_COMMIT, config_reach

    past = 0

    class Expanded(yaml.SafeDumper):
        def ignore_aliases(self, data: object) -> bool:
            return True

    @reproducible(examples, seed)
    @example(kind=LEFTHOOK, levels=8, width=10)  # the reported 538 bytes: 10^8 values
    @example(kind=PRE_COMMIT, levels=7, width=10)  # the pre-commit addendum
    @example(kind=LEFTHOOK, levels=4, width=10)  # 33,336 values: read as written
    @given(
        kind=st.sampled_from([LEFTHOOK, PRE_COMMIT]),
        levels=st.integers(1, 9),
        width=st.integers(1, 10),
    )
    def check(kind: str, levels: int, width: int) -> None:
        nonlocal past
        text, total = config(kind, levels, width)
        started = time.monotonic()
        found, _ = config_reach(kind, text)
        assert time.monotonic() - started < SECONDS, (kind, levels, width)
        whole = [r for r in found if r.path == WHOLE and "too large" in r.unknown]
        if total > MOST:
            past += 1
            assert whole == found and len(found) == 1, (kind, levels, width, total, found)
            return
        assert not whole, (kind, levels, width, total, found)
        if total <= COMPARED:
            written = yaml.dump(yaml.safe_load(text), Dumper=Expanded)
            assert "*" not in written
            assert found == config_reach(kind, written)[0], (kind, levels, width)

    check()
    return past
