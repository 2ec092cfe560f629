"""Steps of claude_code.task_list.property.feature: a to-do list read, then rebuilt."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from behave import then, when

from features.support.properties import run_property

EXAMPLES = 200


def _check(examples: int, seed: int, tmp: Path) -> int:
    from hypothesis import given as for_every
    from hypothesis import strategies as st

    from cleveragents.domain.task_list import TaskList
    from cleveragents.domain.tool_calls import SUMMARY_WIDTH
    from features.support.properties import reproducible

    words = st.text(st.sampled_from("ab \n\x1b\u202e"), max_size=70)
    status = st.sampled_from(["pending", "in_progress", "completed", "deleted", "?"])
    ids = st.integers(0, 12).map(str)
    todo = st.fixed_dictionaries({"content": words, "status": status})
    calls = st.one_of(
        st.tuples(st.just("TodoWrite"), st.fixed_dictionaries({"todos": st.lists(todo)})),
        st.tuples(
            st.just("TaskCreate"),
            st.fixed_dictionaries({"subject": words}),
            st.one_of(
                st.none(),
                ids.map(lambda i: {"task": {"id": i}}),
                ids.map(lambda i: f"Task #{i} created successfully"),
            ),
        ),
        st.tuples(
            st.just("TaskUpdate"),
            st.fixed_dictionaries({"taskId": ids}, optional={"status": status, "subject": words}),
        ),
        st.tuples(st.sampled_from(["TaskList", "Write"]), st.just({})),
    )
    ran = 0

    @reproducible(examples, seed)
    @for_every(st.lists(calls, max_size=25))
    def holds(run: list[tuple[Any, ...]]) -> None:
        nonlocal ran
        ran += 1
        live, actions = TaskList(), []
        for tool, tool_input, *answer in run:
            read = live.read(tool, tool_input)
            action = {"type": "tool", "tool": tool, "input": tool_input}
            if tool == "TaskCreate":
                action["task_id"] = live.made
            actions.append(live.answered(action, answer[0] if answer else None))
            todos = list(live.items.values())
            if live.step is None:
                assert all(t["status"] not in ("pending", "in_progress") for t in todos)
            else:
                assert todos[live.step - 1]["status"] in ("pending", "in_progress"), todos
            if read is not None:
                line = read.summary
                assert len(line) <= SUMMARY_WIDTH and "\n" not in line, line
            rebuilt = TaskList.of(actions)
            assert (rebuilt.items, rebuilt.step, rebuilt.planned) == (
                live.items,
                live.step,
                live.planned,
            ), (actions, rebuilt.items, live.items)

    holds()
    return ran


@when("random runs of to-do calls are read and rebuilt")
def step_task_lists_rebuilt(context: Any) -> None:
    ran = run_property(context, "to-do list property", _check, EXAMPLES)
    assert ran is None or ran > 0, "no example ran"


@then("every rebuilt list is the one read, its step an item not done, its lines one line each")
def step_task_lists_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
