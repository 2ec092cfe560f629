"""Steps for Claude's commands: scripts it writes and runs, a PATH without bwrap, the key."""

from __future__ import annotations

import os
import shlex
import shutil
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from behave import given, then, when

from features.steps.claude_steps import KEY, answer, claude_env, server, step_run_command


def _expand(context: Any, text: str) -> str:
    port = str(urlsplit(server(context).url).port)
    outside = str(getattr(context, "outside", ""))
    return text.replace("{outside}", outside).replace("{port}", port)


@given('Claude will run the command line "{line}"')
def step_run_line(context: Any, line: str) -> None:
    """The line as Claude sends it; `\\n` in it is a new line, `<CR>` a carriage return."""
    from features.steps.command_policy_steps import written

    step_run_command(context, written(line))


@given("a folder outside the working tree and outside /tmp")
def step_outside_folder(context: Any) -> None:
    """Not under /tmp: the sandbox has a /tmp of its own, where any write succeeds, unseen."""
    context.outside = Path(tempfile.mkdtemp(prefix="ca-behave-outside-", dir="/var/tmp"))
    context.cleanups.append(lambda: shutil.rmtree(context.outside, ignore_errors=True))


@then("nothing was written in the folder outside")
def step_nothing_in_outside(context: Any) -> None:
    assert list(context.outside.iterdir()) == [], list(context.outside.iterdir())


@given('Claude will write "{path}" and run "{command}":')
def step_write_and_run(context: Any, path: str, command: str) -> None:
    answer(context, {"steps": [{"name": "probe"}], "rationale": "-"})
    server(context).reply_tools(
        [
            ("write_file", {"path": path, "content": context.text + "\n"}),
            ("run_command", {"command": _expand(context, command)}),
            ("finish_step", {"option": "probe"}),
        ]
    )


@given("a PATH without bwrap")
def step_path_without_bwrap(context: Any) -> None:
    """A folder of links to every program on PATH but bwrap, as the only PATH: a machine
    where bubblewrap is not installed, with everything else where it was."""
    folder = context.tmp / "bin"
    folder.mkdir()
    for directory in os.environ.get("PATH", "").split(os.pathsep):
        if not directory or not Path(directory).is_dir():
            continue
        for program in Path(directory).iterdir():
            link = folder / program.name
            if program.name != "bwrap" and not link.exists() and os.access(program, os.X_OK):
                link.symlink_to(program)
    assert not (folder / "bwrap").exists()
    context.env["PATH"] = str(folder)


@given('a bwrap on PATH that says "{message}" and fails')
def step_failing_bwrap(context: Any, message: str) -> None:
    """A machine where bubblewrap is installed but may not create namespaces (a container
    without user namespaces): bwrap says why on stderr and exits 1."""
    folder = context.tmp / "bin"
    folder.mkdir()
    bwrap = folder / "bwrap"
    bwrap.write_text(f"#!/bin/sh\necho {shlex.quote(message)} >&2\nexit 1\n")
    bwrap.chmod(0o755)
    context.env["PATH"] = f"{folder}{os.pathsep}{os.environ.get('PATH', '')}"


@then('the file "{path}" exists')
def step_file_exists(context: Any, path: str) -> None:
    assert (context.repo / path).exists(), f"{path} does not exist"


@then('the file "{path}" does not hold the API key')
def step_no_key_in_file(context: Any, path: str) -> None:
    content = (context.repo / path).read_bytes()
    assert content, f"{path} is empty: the command read nothing"
    assert KEY.encode() not in content and b"ANTHROPIC_API_KEY" not in content, content


@then('the file "{path}" does not hold the API key\'s value')
def step_no_key_value_in_file(context: Any, path: str) -> None:
    content = (context.repo / path).read_bytes()
    assert content, f"{path} is empty: the command read nothing"
    assert KEY.encode() not in content, content


@then('the file "{path}" holds "{text}"')
def step_file_holds(context: Any, path: str, text: str) -> None:
    content = (context.repo / path).read_bytes()
    assert text.encode() in content, content


@then('stderr has one line containing "{text}"')
def step_stderr_once(context: Any, text: str) -> None:
    lines = [line for line in context.result.stderr.splitlines() if text in line]
    assert len(lines) == 1, f"{len(lines)} lines with {text!r}:\n{context.result.stderr}"


@given('Claude will run "{command}" with a timeout of {seconds:d} second')
def step_run_with_timeout(context: Any, command: str, seconds: int) -> None:
    server(context).reply_tools(
        [
            ("run_command", {"command": command, "timeout": seconds}),
            ("finish_step", {"option": "run it"}),
        ]
    )


@when('I start "{command}" with Claude and interrupt it once "{path}" exists')
def step_interrupt_claude(context: Any, command: str, path: str) -> None:
    from features.steps.cli_steps import step_interrupt

    context.env.update(claude_env(context))
    step_interrupt(context, command, path)


# What CI checkouts leave in .git/config: actions/checkout's header, a token in a remote's
# URL and in an insteadOf, a credential helper and an include; git's own password keys and
# an ssh command line that carries one.
TOKENS = [
    ("remote.origin.url", "https://ci:SECRET-URL-TOKEN@example.com/r.git"),
    ("remote.origin.fetch", "+refs/heads/*:refs/remotes/origin/*"),
    ("http.https://example.com/.extraheader", "AUTHORIZATION: basic SECRET-HEADER"),
    ("url.https://x:SECRET-INSTEAD@example.com/.insteadOf", "https://mirror.example.com/"),
    ("credential.helper", "store --file /tmp/SECRET-STORE"),
    ("include.path", "/tmp/SECRET-INCLUDE"),
    ("gitlab.accessToken", "SECRET-GITLAB"),
    ("sendemail.smtpPass", "SECRET-SMTP"),
    ("imap.pass", "SECRET-IMAP"),
    ("core.sshCommand", "sshpass -p SECRET-SSH ssh"),
]


@given("the repository's config holds tokens as CI checkouts write them")
def step_config_tokens(context: Any) -> None:
    from features.steps.repo_steps import git

    for key, value in TOKENS:
        git(context, "config", key, value)
    context.config_before = (context.repo / ".git" / "config").read_bytes()


@given('the nested repositories "{clone}" and "{bare}" hold tokens in their configs')
def step_nested_tokens(context: Any, clone: str, bare: str) -> None:
    """A clone inside the tree (as actions/checkout with `path:` makes one), and a bare
    repository: a git directory of another name, found by what it holds."""
    from features.steps.repo_steps import git

    git(context, "init", "-q", clone)
    git(context, "init", "-q", "--bare", bare)
    for place in (context.repo / clone / ".git" / "config", context.repo / bare / "config"):
        for key, value in TOKENS:
            git(context, "config", "--file", str(place), key, value)
    context.nested_before = {
        place: place.read_bytes()
        for place in (context.repo / clone / ".git" / "config", context.repo / bare / "config")
    }


@then("the nested repositories' configs still hold their tokens")
def step_nested_kept(context: Any) -> None:
    for place, before in context.nested_before.items():
        assert place.read_bytes() == before, place


@then("the repository's config still holds its tokens")
def step_config_kept(context: Any) -> None:
    assert (context.repo / ".git" / "config").read_bytes() == context.config_before
