"""The property behind "a plan file with any text in it is read or refused, never a bug".

Each example is a plan file whose task, step name, write path and content, command and
check are random texts (NUL, lone surrogates, control characters, `/`, quotes and any
character), written as YAML double-quoted scalars (JSON escapes, which YAML reads). Reading
it must either give a plan whose every text the store can keep as UTF-8, whose commands
hold no NUL and whose paths name files, or refuse it as InvalidPlanFile with one line.
Anything else would reach the user as exit 70.
"""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

from cleveragents.adapters.actors.plan_file import parse_plan_file
from cleveragents.errors import InvalidPlanFile
from features.support.properties import reproducible

# Every kind of character, with the troublesome ones far likelier than by chance.
texts = st.text(
    alphabet=st.one_of(
        st.sampled_from(["\x00", "\ud800", "\udcff", "/", "\n", "\x1b", '"', "\\", ".", "a"]),
        st.characters(codec=None),
    ),
    max_size=12,
)


def plan_text(task: str, name: str, path: str, content: str, command: str, check: str) -> str:
    def q(text: str) -> str:
        return json.dumps(text)  # ASCII, with \uXXXX escapes: a YAML double-quoted scalar

    return (
        f"task: {q(task)}\nsteps:\n  - name: {q(name)}\n    options:\n      - actions:\n"
        f"          - write: {q(path)}\n            content: {q(content)}\n"
        f"          - run: {q(command)}\n    check:\n      - run: {q(check)}\n"
    )


def check_property(examples: int, seed: int, tmp: Path) -> int:
    ran = 0

    @reproducible(examples, seed)
    @given(st.tuples(texts, texts, texts, texts, texts, texts))
    @example(("t", "s", "notes/", "x", "true", "true"))
    @example(("t", "s", "a.txt", "\ud800", "echo \x00", "true"))
    def read_or_refused(fields: tuple[str, str, str, str, str, str]) -> None:
        nonlocal ran
        ran += 1
        try:
            plan = parse_plan_file(plan_text(*fields), "plan.yaml")
        except InvalidPlanFile as refused:
            assert "\n" not in refused.line(), refused.line()
            return
        json.dumps(plan.model_dump(mode="json"), ensure_ascii=False).encode("utf-8")
        for step in plan.real_steps:
            for option in step[1].options:
                for action in option.actions:
                    described = action.model_dump()
                    assert "\x00" not in str(described.get("run", "")), described
                    assert not str(described.get("write", "")).endswith("/"), described
            for check in step[1].check:
                assert "\x00" not in check.run, check

    read_or_refused()
    return ran
