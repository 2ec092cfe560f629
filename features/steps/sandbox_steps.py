"""Steps of the sandbox rules: the streamed output record, bounded reads, the limits."""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path
from typing import Any

from behave import given, then, when

from cleveragents.adapters.command_safety.limits import SandboxLimits
from cleveragents.adapters.workspace.file_reading import read_text
from cleveragents.domain.command_output import OutputRecord
from features.support.properties import property_seed, reproducible

EXAMPLES = 200


@when("random outputs are streamed in random chunks into records of random caps")
def step_streamed_property(context: Any) -> None:
    from hypothesis import given as for_all
    from hypothesis import strategies as st

    examples = int(os.environ.get("CLEVERAGENTS_PROPERTY_EXAMPLES", EXAMPLES))
    seed = property_seed()
    print(
        f"streamed output property: seed {seed}, {examples} examples; replay with "
        f"CLEVERAGENTS_PROPERTY_SEED={seed} CLEVERAGENTS_PROPERTY_EXAMPLES={examples}",
        file=sys.stderr,
        flush=True,
    )
    lines = st.lists(st.binary(max_size=12).map(lambda b: b + b"\n") | st.binary(max_size=6))

    @reproducible(examples, seed)
    @for_all(lines, st.integers(2, 64), st.lists(st.integers(1, 40), max_size=30))
    def holds(parts: list[bytes], cap: int, sizes: list[int]) -> None:
        raw = b"".join(parts)
        record = OutputRecord(cap)
        at = 0
        for size in [*sizes, len(raw)]:
            record.add(raw[at : at + size])
            at += size
        assert record.text() == _capped_whole(raw, cap), (raw, cap, sizes)
        assert record.last(cap) == raw[-cap:]

    holds()
    context.property_held = True


@then("every record kept what capping the whole output keeps")
def step_streamed_held(context: Any) -> None:
    assert context.property_held


def _capped_whole(raw: bytes, cap: int) -> str:
    """What a decision kept of the whole output, as the record did before it streamed."""
    if len(raw) <= cap:
        return raw.decode("utf-8", errors="replace")
    half = cap // 2
    head, tail = raw[:half], raw[len(raw) - half :]
    if (end := head.rfind(b"\n")) >= half // 2:
        head = head[: end + 1]
    if 0 <= (start := tail.find(b"\n")) < half // 2:
        tail = tail[start + 1 :]
    cut = len(raw) - len(head) - len(tail)
    line = f"[agents: {cut} bytes cut here, of {len(raw)}; the head and the tail are kept]\n"
    text = head.decode("utf-8", errors="replace")
    return text + ("" if text.endswith("\n") else "\n") + line + tail.decode(errors="replace")


@given('a FIFO at "{path}" in the repository')
def step_fifo(context: Any, path: str) -> None:
    os.mkfifo(context.repo / path)


@given('a socket at "{path}" in the repository')
def step_socket(context: Any, path: str) -> None:
    listening = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listening.bind(str(context.repo / path))
    listening.listen(1)
    context.add_cleanup(listening.close)


@given('a directory at "{path}" in the repository')
def step_directory(context: Any, path: str) -> None:
    (context.repo / path).mkdir()


@given('a file "{path}" of {size:d} characters "{char}"')
def step_file_of(context: Any, path: str, size: int, char: str) -> None:
    (context.repo / path).write_text(char * size, encoding="utf-8")


@when('the model\'s read of "{path}" is answered')
def step_read(context: Any, path: str) -> None:
    _read(context, path, None)


@when('the model\'s read of "{path}" is answered, at most {cap:d} characters')
def step_read_capped(context: Any, path: str, cap: int) -> None:
    _read(context, path, cap)


def _read(context: Any, path: str, cap: int | None) -> None:
    target = Path(context.repo) / path
    try:
        context.answer = read_text(target) if cap is None else read_text(target, cap)
    except OSError as refused:
        context.answer = str(refused)


@then('the answer is "{text}"')
def step_answer(context: Any, text: str) -> None:
    assert context.answer == text, context.answer


@then('the answer has {shown:d} characters "{char}" and nothing more')
def step_answer_whole(context: Any, shown: int, char: str) -> None:
    assert context.answer == char * shown, context.answer


@then('the answer has {shown:d} characters "{char}" then "{note}"')
def step_answer_cut(context: Any, shown: int, char: str, note: str) -> None:
    assert context.answer == char * shown + "\n" + note, context.answer


@given('the environment variable "{name}" is "{value}"')
def step_variable(context: Any, name: str, value: str) -> None:
    before = os.environ.get(name)
    os.environ[name] = "" if value == "-" else value
    context.add_cleanup(_put_back, name, before)


def _put_back(name: str, value: str | None) -> None:
    if value is None:
        os.environ.pop(name, None)
    else:
        os.environ[name] = value


@then('the sandbox\'s {limit} limit is named "{named}"')
def step_limit_named(context: Any, limit: str, named: str) -> None:
    assert SandboxLimits.configured().named(limit) == named


@then('a sandboxed command that ended with {code:d} printing "{printed}" was stopped by "{named}"')
def step_stopped_by(context: Any, code: int, printed: str, named: str) -> None:
    tail = b"" if printed == "-" else printed.encode()
    found = SandboxLimits.configured().stopped_by(code, tail, False)
    assert found == (None if named == "nothing" else named), found


@when('the workspace runs "{command}" with a timeout of {seconds:d} second')
def step_run_with_timeout(context: Any, command: str, seconds: int) -> None:
    from cleveragents.adapters.workspace.environment import WorkspaceEnvironment
    from cleveragents.domain.action import RunAction

    environment = WorkspaceEnvironment(context.repo, context.repo / ".git")
    context.outcome = environment.apply(RunAction(command=command, timeout=seconds))


@then('the command\'s kept output is "{text}"')
def step_kept_output(context: Any, text: str) -> None:
    assert context.outcome.output == text + "\n", context.outcome.output


@given('PATH also holds "{first}", "{second}" and "{third}"')
def step_path_holds(context: Any, first: str, second: str, third: str) -> None:
    before = os.environ["PATH"]
    os.environ["PATH"] = os.pathsep.join([first, second, third, before])
    context.add_cleanup(_put_back, "PATH", before)


@when('the sandbox runs "{command}"')
def step_sandbox_runs(context: Any, command: str) -> None:
    from cleveragents.adapters.workspace.environment import WorkspaceEnvironment
    from cleveragents.domain.action import RunAction
    from cleveragents.domain.command_policy import Confinement

    environment = WorkspaceEnvironment(context.repo, context.repo / ".git")
    context.outcome = environment.apply(RunAction(command=command), Confinement())
