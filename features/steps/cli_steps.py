"""The reusable CLI step library: run the real `agents` command and look at what it printed."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

from behave import given, then, when

from features.support.forked_agents import run_forked

AGENTS = Path(sys.executable).with_name("agents")


def expand(context: Any, text: str) -> str:
    """Fill in `{tmp}`, `{repo}`, what steps named in `context.values`, and prefixes of
    the ids of plans created so far."""
    values = {"tmp": str(context.tmp), "repo": str(context.repo), **getattr(context, "values", {})}
    ids = getattr(context, "plan_ids", [])
    if ids:
        values["plan_prefix"] = ids[-1][:4]
        values["first_plan"] = ids[0]
        values["common_prefix"] = os.path.commonprefix(ids)  # noqa: RUF071 - prefix of ids
    for name, value in values.items():
        text = text.replace("{" + name + "}", value)
    return text


def run_agents(
    context: Any,
    command: str,
    env: dict[str, str] | None = None,
    stdout: Any = subprocess.PIPE,
) -> subprocess.CompletedProcess[str]:
    """`command` run, its result kept in `context.result`. `agents` whose output is read
    runs as a fork of this process, the CLI (and the SDK) already imported, no new Python
    and no new coverage start (`features/support/forked_agents.py`); the tag `@agents_exec`
    on a feature or scenario whose point is the process itself (signals, start-up imports,
    its environ, /proc, a terminal) execs a new one."""
    args = command_line(context, command)
    environ = {**os.environ, **context.env, **(env or {})}
    forked = "agents_exec" not in getattr(context, "tags", ())
    if forked and args[0] == str(AGENTS) and stdout is subprocess.PIPE:
        result = run_forked(args, cwd_of(context), environ)
        context.result = result
        return result
    result = subprocess.run(
        args,
        cwd=cwd_of(context),
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        env=environ,
        stdin=subprocess.DEVNULL,
        timeout=120,
    )
    context.result = result
    return result


def command_line(context: Any, command: str) -> list[str]:
    args = shlex.split(expand(context, command))
    if args[:3] == ["python", "-m", "cleveragents"]:
        return [sys.executable, *args[1:]]
    assert args[0] == "agents", f"steps run only the agents command, not {args[0]}"
    return [str(AGENTS), *args[1:]]


def cwd_of(context: Any) -> Path:
    return context.repo if context.repo.exists() else context.tmp


def command_wrote(repo: Path, path: str) -> bool:
    """Whether `path` stands in the tree, or in a sandboxed command's overlay (the upper
    layer in `.git/cleveragents/box/PID/up`), where what it writes waits till it ends."""
    import glob

    box = glob.escape(str(repo / ".git" / "cleveragents" / "box"))
    return os.path.lexists(repo / path) or bool(glob.glob(f"{box}/*/up/{glob.escape(path)}"))


@when('I start "{command}" and interrupt it once "{path}" exists')
def step_interrupt(context: Any, command: str, path: str) -> None:
    import signal
    import time

    process = subprocess.Popen(
        command_line(context, command),
        cwd=cwd_of(context),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        stdin=subprocess.DEVNULL,
        env={**os.environ, **context.env},
    )
    deadline = time.monotonic() + 60
    while not command_wrote(context.repo, path) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)  # let the command of the next action start
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=60)
    context.result = subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)


@then("no command of the plan is still running")
def step_no_orphans(context: Any) -> None:
    import time

    time.sleep(0.2)
    found = subprocess.run(["pgrep", "-f", "sleep 30; echo late"], capture_output=True, text=True)
    # Only this scenario's: another feature running beside it may run the same command.
    ours = [pid for pid in found.stdout.split() if _runs_in(pid, context.tmp)]
    assert not ours, ours
    assert not (context.repo / "late.txt").exists()


def _runs_in(pid: str, folder: Path) -> bool:
    """Whether process `pid` works in `folder` (or below); a gone one does not."""
    try:
        return Path(os.readlink(f"/proc/{pid}/cwd")).is_relative_to(folder.resolve())
    except OSError:
        return False


@when('I run "{command}"')
def step_run(context: Any, command: str) -> None:
    run_agents(context, command)


@when('I run "{command}" with the environment {name}={value}')
def step_run_with_env(context: Any, command: str, name: str, value: str) -> None:
    run_agents(context, command, {name: expand(context, value)})


@when('I run "{command}" with no API key in the environment')
def step_run_keyless(context: Any, command: str) -> None:
    run_agents(context, command, {"ANTHROPIC_API_KEY": ""})


@when('I run "{command}" with stdout going to /dev/full')
def step_run_full(context: Any, command: str) -> None:
    with open("/dev/full", "w") as full:
        run_agents(context, command, stdout=full)


@when('I run "{command}" with stdout going to /dev/full and CLEVERAGENTS_DEBUG=1')
def step_run_full_debug(context: Any, command: str) -> None:
    with open("/dev/full", "w") as full:
        run_agents(context, command, {"CLEVERAGENTS_DEBUG": "1"}, stdout=full)


@given('I have run "{command}"')
def step_have_run(context: Any, command: str) -> None:
    result = run_agents(context, command)
    assert result.returncode == 0, result.stderr
    listed = run_agents(context, "agents plan list --json")
    context.plan_ids = [p["id"] for p in json.loads(listed.stdout)["plans"]]


@given('I have run "{command}" until two plan ids share their first character')
def step_have_run_until_shared(context: Any, command: str) -> None:
    for _ in range(40):
        step_have_run(context, command)
        firsts = [plan_id[0] for plan_id in context.plan_ids]
        shared = [c for c in firsts if firsts.count(c) > 1]
        if shared:
            context.plan_ids = [p for p in context.plan_ids if p[0] == shared[0]][:2]
            return
    raise AssertionError("40 plans and no two ids share a first character")


@then("the exit code is {code:d}")
def step_exit_code(context: Any, code: int) -> None:
    result = context.result
    assert result.returncode == code, (
        f"exit {result.returncode}, expected {code}\n"
        f"stdout:\n{result.stdout}\nstderr:\n{result.stderr}"
    )


@then('stdout contains "{text}"')
def step_stdout_contains(context: Any, text: str) -> None:
    assert text in context.result.stdout, f"{text!r} not in stdout:\n{context.result.stdout}"


@then('stdout has a line "{key}" "{value}"')
def step_stdout_row(context: Any, key: str, value: str) -> None:
    rows = [line.split() for line in context.result.stdout.splitlines()]
    assert [*key.split(), *value.split()] in rows, context.result.stdout


@then('stderr does not contain "{text}"')
def step_stderr_lacks(context: Any, text: str) -> None:
    assert text not in context.result.stderr, context.result.stderr


@then('stdout does not contain "{text}"')
def step_stdout_lacks(context: Any, text: str) -> None:
    assert text not in context.result.stdout, f"{text!r} in stdout:\n{context.result.stdout}"


@then('stderr contains "{text}"')
def step_stderr_contains(context: Any, text: str) -> None:
    assert text in context.result.stderr, f"{text!r} not in stderr:\n{context.result.stderr}"


@then('stderr is one line containing "{text}"')
def step_stderr_one_line(context: Any, text: str) -> None:
    text = expand(context, text)
    lines = context.result.stderr.strip().splitlines()
    assert len(lines) == 1, f"stderr has {len(lines)} lines:\n{context.result.stderr}"
    assert text in lines[0], f"{text!r} not in {lines[0]!r}"


def json_value(context: Any, dotted: str) -> Any:
    value: Any = json.loads(context.result.stdout)
    for part in dotted.split("."):
        value = value[int(part)] if isinstance(value, list) else value[part]
    return value


@then('the JSON value "{dotted}" is "{expected}"')
def step_json_string(context: Any, dotted: str, expected: str) -> None:
    assert json_value(context, dotted) == expected, json_value(context, dotted)


@then('the JSON value "{dotted}" is {expected:d}')
def step_json_int(context: Any, dotted: str, expected: int) -> None:
    assert json_value(context, dotted) == expected, json_value(context, dotted)


@then('the JSON value "{dotted}" is true')
def step_json_true(context: Any, dotted: str) -> None:
    assert json_value(context, dotted) is True


@then('the JSON value "{dotted}" contains "{expected}"')
def step_json_contains(context: Any, dotted: str, expected: str) -> None:
    assert expected in json_value(context, dotted), json_value(context, dotted)


@then("the demo repository is kept with the plan in it")
def step_demo_kept(context: Any) -> None:
    import shutil

    kept = Path(json_value(context, "repository"))
    try:
        assert (kept / "greet.py").read_text().count("Hello") == 1
        assert "argparse" in (kept / "cli.py").read_text()
        listed = subprocess.run(
            [str(AGENTS), "-C", str(kept), "plan", "list"],
            capture_output=True,
            text=True,
            check=True,
        )
        assert "completed" in listed.stdout
        # The plan file it ran is named, and runs again as it is: `agents plan run FILE`.
        plan_file = Path(json_value(context, "plan_file"))
        assert plan_file.is_relative_to(kept) and "task:" in plan_file.read_text()
    finally:
        shutil.rmtree(kept)


@when('on a terminal I run "{command}" with no question to answer')
def step_run_tty_unasked(context: Any, command: str) -> None:
    on_terminal(context, command, [])


@when('on a terminal I run "{command}" answering "{answer}"')
def step_run_tty(context: Any, command: str, answer: str) -> None:
    on_terminal(context, command, [answer])


def on_terminal(context: Any, command: str, answers: list[str]) -> None:
    """Each answer goes in once a new question (`...]: `) shows; `EOF` closes the input."""
    import pty
    import select
    import time

    leader, follower = pty.openpty()
    process = subprocess.Popen(
        command_line(context, command),
        cwd=cwd_of(context),
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env={**os.environ, **context.env},
        close_fds=True,
    )
    os.close(follower)
    left = list(answers)
    seen, asked_from = b"", 0
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        ready, _, _ = select.select([leader], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(leader, 4096)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
        if left and b"]: " in seen[asked_from:]:
            answer = left.pop(0)
            os.write(leader, b"\x04" if answer == "EOF" else answer.encode() + b"\n")
            asked_from = len(seen)
        if process.poll() is not None and not ready:
            break
    if process.poll() is None:
        process.kill()
    process.wait(timeout=60)
    os.close(leader)
    assert not left, f"the command asked fewer questions than answered; it showed:\n{seen!r}"
    text = seen.decode(errors="replace")
    context.result = subprocess.CompletedProcess(process.args, process.returncode, text, text)


@then('the terminal shows "{text}"')
def step_terminal_shows(context: Any, text: str) -> None:
    assert text in context.result.stdout, context.result.stdout


@then('importing the agents command leaves "{first}" and "{second}" unimported')
def step_lazy_imports(context: Any, first: str, second: str) -> None:
    code = (
        "import sys, cleveragents.cli.app\n"
        f"loaded = [m for m in ({first!r}, {second!r}) if m in sys.modules]\n"
        "print(loaded)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout.strip() == "[]", result


@when('I run "{command}" with no key and the network closed')
def step_run_offline(context: Any, command: str) -> None:
    # Port 9 (discard) is closed here: any request to a model's service would fail.
    env = {k: v for k, v in os.environ.items() if not k.startswith("ANTHROPIC_")}
    context.result = subprocess.run(
        command_line(context, command),
        cwd=cwd_of(context),
        capture_output=True,
        text=True,
        env={**env, "ANTHROPIC_BASE_URL": "http://127.0.0.1:9"},
        stdin=subprocess.DEVNULL,
        timeout=120,
    )
