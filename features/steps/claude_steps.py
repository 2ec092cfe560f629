"""Claude through the real anthropic SDK, answered by the stand-in Messages API server."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
from pathlib import Path
from typing import Any

from behave import given, then, when

from features.steps.cli_steps import run_agents
from features.support.messages_server import MessagesServer

KEY = "sk-ant-test-KEY-must-never-leak-0123456789"


def server(context: Any) -> MessagesServer:
    found: MessagesServer = context.claude
    return found


def claude_env(context: Any, timeout: float = 30.0) -> dict[str, str]:
    return {
        "ANTHROPIC_API_KEY": KEY,
        "ANTHROPIC_BASE_URL": server(context).url,
        "CLEVERAGENTS_MODEL_TIMEOUT": str(timeout),
        "CLEVERAGENTS_MODEL_RETRIES": "2",
    }


@given("Claude answers through a stand-in server")
def step_claude(context: Any) -> None:
    context.claude = MessagesServer().start()
    context.cleanups.append(context.claude.stop)


def answer(context: Any, data: dict[str, Any]) -> None:
    """A one-shot duty's reply: JSON text, as structured outputs give it."""
    server(context).reply_text(json.dumps(data))


def _plan(context: Any, names: list[str], check: str = "") -> None:
    steps = [{"name": n, "checks": [check] if check else []} for n in names]
    answer(context, {"steps": steps, "rationale": "plain"})


@given('Claude will propose the plan "{name}" checked by "{check}"')
def step_plan_checked(context: Any, name: str, check: str) -> None:
    _plan(context, [name], check)


@given('Claude will propose the plan "{first}" then "{second}"')
def step_plan_two(context: Any, first: str, second: str) -> None:
    _plan(context, [first, second])


@given('Claude will propose the plan "{name}"')
def step_plan_one(context: Any, name: str) -> None:
    _plan(context, [name])


@given('Claude will write "{path}" with "{content}"')
def step_write(context: Any, path: str, content: str) -> None:
    server(context).reply_tools(
        [
            ("write_file", {"path": path, "content": content.replace("\\n", "\n")}),
            ("finish_step", {"option": f"write {path}"}),
        ]
    )


@given('Claude will list the files, then write "{path}" with "{content}"')
def step_list_then_write(context: Any, path: str, content: str) -> None:
    server(context).reply_tool("list_files", {"path": "."})
    step_write(context, path, content)


@given('Claude will run "{command}"')
def step_run_command(context: Any, command: str) -> None:
    server(context).reply_tools(
        [
            ("run_command", {"command": command}),
            ("finish_step", {"option": "run it"}),
        ]
    )


@given('Claude will run two commands, "{first}" then "{second}"')
def step_run_two_commands(context: Any, first: str, second: str) -> None:
    """Two commands in one option, each with its own look before and put-back after."""
    server(context).reply_tools(
        [
            ("run_command", {"command": first}),
            ("run_command", {"command": second}),
            ("finish_step", {"option": "run them"}),
        ]
    )


@given("Claude will give up")
def step_give_up(context: Any) -> None:
    server(context).reply_tool("give_up", {"reason": "no other way"})


@given('Claude will answer the plan with "{field}" set to "{value}"')
def step_invalid_plan(context: Any, field: str, value: str) -> None:
    answer(context, {field: value})


@given('Claude\'s service answers {status:d} "{kind}" once')
def step_error_once(context: Any, status: int, kind: str) -> None:
    server(context).reply_error(status, kind, "try again", retry_after=0.01)


@given('Claude\'s service answers {status:d} "{kind}" {times:d} times')
def step_error_times(context: Any, status: int, kind: str, times: int) -> None:
    for _ in range(times):
        server(context).reply_error(status, kind, "the service broke", retry_after=0.01)


@given("Claude answers the plan only after {seconds:d} seconds")
def step_slow(context: Any, seconds: int) -> None:
    for _ in range(3):  # the first try and the SDK's two retries
        server(context).reply_text(json.dumps({"steps": []}), delay=float(seconds))


@given('I have run "{command}" with Claude')
def step_have_run_claude(context: Any, command: str) -> None:
    result = run_agents(context, command, claude_env(context))
    assert result.returncode == 0, result.stderr
    context.requests_before = len(server(context).requests)


@when('I run "{command}" with Claude')
def step_run_claude(context: Any, command: str) -> None:
    run_agents(context, command, claude_env(context))


@when('I run "{command}" with Claude and a timeout of {seconds:f} seconds')
def step_run_claude_timeout(context: Any, command: str, seconds: float) -> None:
    run_agents(context, command, claude_env(context, seconds))


@when('I run "{command}" with Claude and the environment {name}={value}')
def step_run_claude_env(context: Any, command: str, name: str, value: str) -> None:
    run_agents(context, command, {**claude_env(context), name: value})


@given("every command runs with Claude and the environment {name}={value}")
def step_claude_env_always(context: Any, name: str, value: str) -> None:
    context.env.update({**claude_env(context), name: value})


@when('I run "{command}" without an API key')
def step_run_no_key(context: Any, command: str) -> None:
    env = {**claude_env(context), "ANTHROPIC_API_KEY": ""}
    run_agents(context, command, env)


def _text(request: Any) -> str:
    return json.dumps(request.body)


@then("Claude was asked {times:d} times")
def step_asked(context: Any, times: int) -> None:
    assert len(server(context).requests) == times, len(server(context).requests)


@then(
    'Claude was asked {times:d} times, the third request answering the file listing with "{name}"'
)
def step_listing(context: Any, times: int, name: str) -> None:
    step_asked(context, times)
    last = server(context).requests[2].body["messages"][-1]["content"]
    assert last[0]["type"] == "tool_result" and name in last[0]["content"], last


@then('Claude\'s request {number:d} answers a tool use with an error containing "{text}"')
def step_error_result(context: Any, number: int, text: str) -> None:
    last = server(context).requests[number - 1].body["messages"][-1]["content"]
    assert last[0]["type"] == "tool_result" and last[0]["is_error"], last
    assert text in last[0]["content"], last


@then('Claude\'s request {number:d} sends its reply back with "{text}"')
def step_sent_back(context: Any, number: int, text: str) -> None:
    messages = server(context).requests[number - 1].body["messages"]
    assert messages[-2]["role"] == "assistant", messages
    assert text in plain_text(messages[-1]["content"]), messages[-1]


def plain_text(content: Any) -> str:
    """A message's text, whether a string or blocks (a cache breakpoint makes it blocks)."""
    if isinstance(content, str):
        return content
    return "".join(b.get("text", "") for b in content)


@then('Claude\'s first request after the correction holds "{guidance}" and "{marker}"')
def step_after_correction(context: Any, guidance: str, marker: str) -> None:
    first = _text(server(context).requests[context.requests_before])
    assert guidance in first and marker in first, first


@then('no request after the correction holds "{text}"')
def step_no_leak(context: Any, text: str) -> None:
    for request in server(context).requests[context.requests_before :]:
        assert text not in _text(request), _text(request)


@then("nothing the tool stored or printed holds the API key")
def step_no_key(context: Any) -> None:
    git_dir = context.repo / ".git"
    leaked = subprocess.run(["grep", "-rl", KEY, str(git_dir)], capture_output=True, text=True)
    assert leaked.stdout == "", leaked.stdout
    assert KEY not in context.result.stdout + context.result.stderr
    for request in server(context).requests:
        assert KEY not in _text(request)
        # It went where it belongs, and only there (SDK 2 sends it as a bearer token).
        assert request.headers.get("authorization") == f"Bearer {KEY}"


@then('the file "{path}" does not exist outside the repository')
def step_missing_outside(context: Any, path: str) -> None:
    assert not Path(path.format(tmp=context.tmp)).exists()


@then('the folder "{folder}" holds {count:d} recorded exchanges')
def step_cassette(context: Any, folder: str, count: int) -> None:
    found = sorted(Path(folder.format(tmp=context.tmp)).glob("*.json"))
    assert len(found) == count, found
    for path in found:
        exchange = json.loads(path.read_text())
        assert KEY not in path.read_text() and set(exchange) == {"request", "response"}


@given("a second git repository like the first")
def step_second_repo(context: Any) -> None:
    context.second = context.tmp / "second"
    context.second.mkdir()
    subprocess.run(["git", "init", "-q", "--initial-branch=main"], cwd=context.second, check=True)
    (context.second / "README.md").write_text((context.repo / "README.md").read_text())


@when('I run "{command}" in it without an API key')
def step_run_second(context: Any, command: str) -> None:
    from features.steps.cli_steps import command_line, expand

    env = {k: v for k, v in os.environ.items() if not k.startswith("ANTHROPIC_")}
    context.result = subprocess.run(
        command_line(context, expand(context, command)),
        cwd=context.second,
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=120,
    )


@then('the file "{path}" in it contains "{text}"')
def step_second_file(context: Any, path: str, text: str) -> None:
    assert text in (context.second / path).read_text()


@given('the file "{path}" is committed with "{content}"')
def step_committed(context: Any, path: str, content: str) -> None:
    (context.repo / path).parent.mkdir(parents=True, exist_ok=True)
    (context.repo / path).write_text(content)
    commit(context, path)


def commit(context: Any, path: str) -> None:
    """Commit `path` of the scenario's repository as it is."""
    subprocess.run(["git", "add", path], cwd=context.repo, check=True)
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", path],
        cwd=context.repo,
        check=True,
    )


@given('Claude will read "{first}", read "{second}", call "{bogus}" and write without content')
def step_reads(context: Any, first: str, second: str, bogus: str) -> None:
    server(context).reply_tools(
        [
            ("read_file", {"path": first}),
            ("read_file", {"path": second}),
            (bogus, {}),
            ("write_file", {"path": "x.txt"}),
        ]
    )


@given('Claude will edit "{path}" from "{find}" to "{replace}", delete "{gone}" and finish')
def step_edit_delete(context: Any, path: str, find: str, replace: str, gone: str) -> None:
    server(context).reply_tools(
        [
            ("edit_file", {"path": path, "find": find, "replace": replace}),
            ("delete_file", {"path": gone}),
            ("finish_step", {"option": "tidy", "rationale": "as asked"}),
        ]
    )


@then('Claude\'s request {number:d} answered "{content}", a refusal, "{unknown}" and "{invalid}"')
def step_answers(context: Any, number: int, content: str, unknown: str, invalid: str) -> None:
    results = server(context).requests[number - 1].body["messages"][-1]["content"]
    texts = [r["content"] for r in results]
    assert content in texts[0] and "leaves the working tree" in texts[1], texts
    assert unknown in texts[2] and results[2]["is_error"], texts
    assert invalid in texts[3] and results[3]["is_error"], texts


@when('on a terminal I run "{command}" answering "{answer}" with Claude')
def step_tty_claude(context: Any, command: str, answer: str) -> None:
    from features.steps.cli_steps import step_run_tty

    context.env.update(claude_env(context))
    step_run_tty(context, command, answer)


@given('Claude will propose a plan with the goal "{check}" and the step "{name}"')
def step_plan_goal(context: Any, check: str, name: str) -> None:
    answer(context, {"steps": [{"name": name}], "goal": [check], "rationale": "with a goal"})


@given("Claude will estimate the distance at {distance:d}")
def step_distance(context: Any, distance: int) -> None:
    answer(context, {"distance": distance, "reasoning": "as the checks say"})


@given('Claude will take the irreversible local action "{name}" running "{command}"')
def step_irreversible(context: Any, name: str, command: str) -> None:
    server(context).reply_tools(
        [
            ("run_command", {"command": command, "irreversible": True}),
            ("finish_step", {"option": name, "alternatives": 0}),
        ]
    )


@given('Claude will answer the drift with "{action}"')
def step_drift(context: Any, action: str) -> None:
    answer(context, {"action": action, "reasoning": "many new files"})


@given("the config of the repository says:")
def step_config(context: Any) -> None:
    folder = context.repo / ".git" / "cleveragents"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "config.toml").write_text(context.text + "\n")


@then('every request Claude got names the model "{model}"')
def step_model(context: Any, model: str) -> None:
    assert server(context).requests
    assert all(r.body["model"] == model for r in server(context).requests)


def _stored_messages(context: Any) -> list[str]:
    import sqlite3

    db = sqlite3.connect(context.repo / ".git" / "cleveragents" / "state.db")
    contents = [r[0] for r in db.execute("SELECT content FROM messages ORDER BY id")]
    db.close()
    return contents


@then("every prompt Claude got is rebuilt exactly from the actor state its request names")
def step_prompts_rebuilt(context: Any) -> None:
    from cleveragents.adapters.actors.claude_prompt import prompt
    from cleveragents.adapters.storage.sqlite import SqliteStore
    from cleveragents.domain.strategy import ActorContext

    store = SqliteStore(context.repo / ".git" / "cleveragents" / "state.db")
    context.cleanups.append(store.close)
    task = store.plan(None).task
    stored = [json.loads(c) for c in _stored_messages(context)]
    rebuilt = []
    for request, opening in itertools.pairwise(stored):
        if isinstance(request, dict) and set(request) == {"duty", "context"}:
            state = store.actor_state(request["context"])
            rebuilt.append(prompt(ActorContext.from_state(task, state.data), opening["ask"]))
    # A duty's first request to the model holds one message: the prompt.
    sent = [
        plain_text(r.body["messages"][0]["content"])
        for r in server(context).requests
        if len(r.body["messages"]) == 1
    ]
    assert len(sent) == 3 and rebuilt == sent, (rebuilt, sent)


@then("no message the store holds repeats a prompt")
def step_no_prompt_stored(context: Any) -> None:
    for content in _stored_messages(context):
        assert "Task: two files" not in content and "Current plan:" not in content, content
