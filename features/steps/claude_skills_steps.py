"""Steps of claude_skills.property.feature: random skills read against Claude Code's reader."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from behave import then, when

from features.support.properties import reproducible, run_property

# Claude Code 2.1.332's reader (`SFn`, `Bit`, `eTi` in its bundle), as JavaScript runs them.
FENCED = re.compile(r"```!\s*\n?([\s\S]*?)\n?```")
INLINE = re.compile(r"(?<!\S)!`([^`]+)`", re.MULTILINE)
SPAN = re.compile(r"`[^`\n]+`")
PIECES = (
    "text", " ", "\n", "\r\n", "!", "`", "``", "```", "a!b", "!`", "`code`", "`!x`",
    "```js\nx\n```\n", "---\n", "x`y", "\t",
)  # fmt: skip


def claude_code_finds(text: str) -> list[str]:
    """The `!` commands of `text` as Claude Code's own regular expressions find them."""

    def blank(span: re.Match[str]) -> str:
        before = text[span.start() - 1] if span.start() else ""
        kept = span.group(0)
        return kept if before in ("!", "`") else "`" + " " * (len(kept) - 2) + "`"

    found = [m.group(1) for m in FENCED.finditer(text)]
    if "!`" in text:
        found += [m.group(1) for m in INLINE.finditer(SPAN.sub(blank, text))]
    return [c for c in (f.strip().replace("\r\n", "\n") for f in found) if c]


def _check(examples: int, seed: int, work: Path) -> int:
    from hypothesis import given as for_every
    from hypothesis import strategies as st

    from cleveragents.adapters.git.config_programs import claude_programs
    from cleveragents.domain.claude_skills import shell_lines

    root = work / "tree"
    skill = root / "sub" / ".claude" / "skills" / "s" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    command = st.integers(0, 9).map(lambda n: f"python3 scripts/s{n}.py")
    inline = command.map(lambda c: f"!`{c}`")
    fenced = st.tuples(st.sampled_from(["", " ", "\n", "bash\n"]), command).map(
        lambda p: f"```!{p[0]}{p[1]}\n```"
    )
    part = st.one_of(st.sampled_from(PIECES), inline, fenced)
    ran = 0

    @reproducible(examples, seed)
    @for_every(st.lists(part, max_size=24).map("".join))
    def holds(text: str) -> None:
        nonlocal ran
        ran += 1
        expected = claude_code_finds(text)
        found = shell_lines(text)
        assert found == expected, (text, found, expected)
        skill.write_text(text)
        places = [reach for reach, _ in claude_programs(root.resolve(), ["sub/.claude"])]
        for line in expected:
            if re.fullmatch(r"python3 scripts/s\d\.py", line):
                for path in (f"sub/{line.split()[1]}", line.split()[1]):  # both tops
                    assert any(p.covers(path) for p in places), (text, line, path)

    holds()
    return ran


@when("random skills are written into a real tree's .claude and read")
def step_random_skills(context: Any) -> None:
    context.skills_ran = run_property(context, "claude skills property", _check, 60)


@then("every `!` line Claude Code finds was found, and each script one runs is a host-run place")
def step_skills_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
    assert context.skills_ran, "no example ran"
