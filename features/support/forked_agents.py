"""`agents ARGS` as a forked copy of this process instead of a new Python: the same
`cleveragents.cli.main.main` in a process of its own (its own pid, working directory,
environment, signal handlers and file descriptors 0-2), without importing the anthropic SDK
again. That import is some 1,500 pydantic classes, 1.1-1.5 s of CPU in each `agents` that
talks to Claude, more than half of what a step of the Claude features spent; imported here
once, every fork has it. Only for steps whose point is what agents does with Claude's
answers, not how the process starts (exit codes, output and files are the same). The
fork's body (`run_main`) serves the Robot suites' forks too (`robot/resources/ForkedAgents.py`)."""

from __future__ import annotations

import contextlib
import gc
import importlib
import io
import logging
import os
import selectors
import signal
import subprocess
import sys
import time
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import Any


def prepared(env: dict[str, str]) -> None:
    """What a fork should find imported: the CLI, the plan commands, what every command
    imports past them, and the SDK when the command is to talk to Claude. Every command
    imports the services (`bootstrap`: some 180 modules of ours and pydantic) and typer's
    adapters (pydantic's for its options) as it runs; imported in each fork, they were
    half the CPU a command forked from Robot's server took (robot/opaque_git's first two
    tests: 16.4 s of CPU under coverage, 8.5 with them imported here once)."""
    import typer._adapters  # noqa: F401

    import cleveragents.bootstrap
    import cleveragents.cli.app
    import cleveragents.cli.main
    import cleveragents.cli.plan_app  # noqa: F401

    for name in _ALSO:
        importlib.import_module(name)
    if env.get("ANTHROPIC_BASE_URL"):
        import anthropic  # noqa: F401

        for name in _WITH_CLAUDE:
            with contextlib.suppress(ImportError):  # the SDK's HTTP stack, as installed
                importlib.import_module(name)
        if not _WARMED:
            _WARMED.append(True)
            with contextlib.suppress(Exception):  # only slower without it
                _warm_the_sdk()
            with contextlib.suppress(Exception):
                _one_ssl_context()
            # Where Claude Code is to run our hook and launchers: whether an isolated Python
            # imports this cleveragents, asked of a new Python (coverage started in it)
            # once a process; asked here once, each fork has the answer (the same Python,
            # isolated, asked from `/`: nothing of the command's environment changes it).
            with contextlib.suppress(Exception):
                from cleveragents.adapters.actors.claude_code import own_python

                own_python._own_folder()
    if len(sys.modules) != _FROZEN_AT[0]:
        _freeze_what_lives()


# What each fork of `agents plan run`, `correct`, `undo`, `push`, `pull`, `delete`, `gc` and
# the views still imported as it ran (some 30 modules, 75 with Claude: the replies' pydantic
# classes built, the HTTP stack imported, under coverage's tracer, in every fork), imported
# here once instead. None reads the environment as it is imported (a fork's is the
# command's): OpenTelemetry's propagators, which do, are left to the fork.
_ALSO = (
    "typer._click.decorators",
    "yaml",
    "cleveragents.bootstrap_rows",
    "cleveragents.cli.plan",
    "cleveragents.cli.output_path",
    "cleveragents.cli.plan_correct",
    "cleveragents.cli.plan_delete",
    "cleveragents.cli.plan_outcome",
    "cleveragents.cli.plan_share",
    "cleveragents.cli.plan_undo",
    "cleveragents.cli.plan_views",
    "cleveragents.cli.progress",
    "cleveragents.cli.restore_prompts",
    "cleveragents.application.garbage_collection",
    "cleveragents.application.operation_repair",
    "cleveragents.application.plan_deletion",
    "cleveragents.application.plan_sharing",
    "cleveragents.application.share_refusals",
    "cleveragents.adapters.actors.claude_code.hooks_off",
    "cleveragents.adapters.environments.browser.page_sweep",
    "cleveragents.adapters.git.hook_links",
    "cleveragents.adapters.git.reachability",
    "cleveragents.adapters.git.remotes",
    "cleveragents.adapters.git.session_reads",
    "cleveragents.adapters.home_configs",
    "cleveragents.adapters.home_installs",
    "cleveragents.adapters.vouched_programs",
    "cleveragents.adapters.actors.plan_file",
    "cleveragents.adapters.actors.scripted",
    "cleveragents.adapters.render.tree_json",
    "cleveragents.adapters.render.tree_outline",
    "cleveragents.domain.action_reverter",
    "cleveragents.domain.foreign_records",
    "cleveragents.domain.output_patterns",
    "cleveragents.domain.retention",
    "cleveragents.domain.schema_version",
    "cleveragents.domain.when",
)
_WITH_CLAUDE = (
    "cleveragents.adapters.actors.cassette",
    "cleveragents.adapters.actors.claude",
    "cleveragents.adapters.actors.claude_browser",
    "cleveragents.adapters.actors.claude_page_replies",
    "cleveragents.adapters.actors.claude_code.session",
    "httpcore2",
    "h11",
    "truststore",
)
_FROZEN_AT = [0]  # how many modules were imported when the heap was last frozen
_WARMED: list[bool] = []  # the SDK's request and reply classes built in this process


def _one_ssl_context() -> None:
    """The SDK's HTTP client, made anew by every command that talks to Claude, made a new
    TLS context each time, reading and parsing the system's CA bundle: 3-4 % of a Claude
    feature's CPU (trust.home_configs.feature, sampled), though the stand-in server speaks
    plain HTTP. Made once here, the same context (the same certificates) serves each fork;
    where SSL_CERT_FILE or SSL_CERT_DIR is set, the SDK's own reading of them runs."""
    import httpcore2

    real = httpcore2.default_ssl_context
    made = real()

    def shared(*, _trust_env: bool = True) -> Any:
        if _trust_env and (os.environ.get("SSL_CERT_FILE") or os.environ.get("SSL_CERT_DIR")):
            return real(_trust_env=_trust_env)
        return made

    httpcore2.default_ssl_context = shared


def _warm_the_sdk() -> None:
    """One request and its reply through the SDK here, answered in memory: what the SDK
    builds the first time it uses them (pydantic's schemas of the reply's classes, each
    completed on first use, its cached type adapters, the request's transforms) is built
    once, not in every fork that talks to Claude: some 6 % of a Claude feature's CPU
    (trust.hook_contents.feature, sampled). Nothing of the command's changes: caches only."""
    import anthropic
    import httpx2

    reply = {
        "id": "msg_warm",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-5",
        "content": [
            {"type": "text", "text": "warm"},
            {"type": "tool_use", "id": "toolu_warm", "name": "warm", "input": {"a": 1}},
        ],
        "stop_reason": "tool_use",
        "stop_sequence": None,
        "usage": {
            "input_tokens": 1,
            "output_tokens": 1,
            "cache_creation_input_tokens": 0,
            "cache_read_input_tokens": 0,
        },
    }
    cached = {"type": "ephemeral"}
    with httpx2.Client(
        transport=httpx2.MockTransport(lambda _: httpx2.Response(200, json=reply))
    ) as http:
        client = anthropic.Anthropic(
            api_key="warm", base_url="http://127.0.0.1:9", max_retries=0, http_client=http
        )
        for extra in (
            {},
            {"output_config": {"format": {"type": "json_schema", "schema": {"type": "object"}}}},
        ):
            message = client.messages.create(
                model="claude-sonnet-4-5",
                max_tokens=16,
                system=[{"type": "text", "text": "warm", "cache_control": cached}],
                messages=[
                    {
                        "role": "user",
                        "content": [{"type": "text", "text": "warm", "cache_control": cached}],
                    },
                    {"role": "assistant", "content": reply["content"]},
                    {
                        "role": "user",
                        "content": [
                            {"type": "tool_result", "tool_use_id": "toolu_warm", "content": "ok"}
                        ],
                    },
                ],
                tools=[{"name": "warm", "description": "warm", "input_schema": {"type": "object"}}],
                tool_choice={"type": "auto"},
                **extra,
            )
            for block in message.content:
                block.model_dump(mode="json", exclude_none=True)


def _freeze_what_lives() -> None:
    """Once what a fork needs is imported (again when a later command imported more):
    the objects alive now, some 170,000 of the CLI and the SDK with behave's steps, or the
    Robot fork server's, go out of the garbage collector's generations (`gc.freeze`, made
    for processes that fork). A full collection in this process, or in each fork, walked
    them all and wrote into every one's header, the fork's shared pages copied for it
    (with the imports above: trust.config_programs.feature 33.5 s of CPU under coverage,
    29.0 now; claude.models.feature 45.2, 38.1). Objects made later are collected as
    before; of the frozen ones (modules, classes, the scenario under way) only those in a
    reference cycle are never freed."""
    gc.collect()
    gc.freeze()
    _FROZEN_AT[0] = len(sys.modules)


def run_forked(
    argv: list[str], cwd: Path, env: dict[str, str], timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """`agents argv[1:]` in a fork, in `cwd` with exactly `env`, no input; its output read
    as `subprocess.run(..., text=True)` reads it. Killed after `timeout` seconds."""
    prepared(env)
    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        _child(argv, cwd, env, out_w, err_w, (out_r, err_r))
    os.close(out_w)
    os.close(err_w)
    out, err = _read_both(out_r, err_r, pid, timeout)
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    return subprocess.CompletedProcess(argv, code, _text(out), _text(err))


def _child(
    argv: list[str], cwd: Path, env: dict[str, str], out: int, err: int, others: tuple[int, ...]
) -> None:
    try:
        leave_heap_alone()
        for fd in others:
            os.close(fd)
        restart_coverage()
        null = os.open(os.devnull, os.O_RDONLY)
        for fd, target in ((null, 0), (out, 1), (err, 2)):
            os.dup2(fd, target)
            os.close(fd)
    finally:
        run_main(argv, cwd, env)


def run_main(argv: list[str], cwd: str | Path, env: dict[str, str]) -> None:
    """In the fork, its descriptors 0-2 set: `agents argv[1:]` as a new Python runs it, then
    the fork's end with its exit code (never returns; the Robot library's fork too)."""
    code = 70
    try:
        # New streams on 0-2, as a started Python makes them for pipes (behave's capture
        # and Robot replaced sys.stdout and sys.stderr with objects of their own).
        sys.stdin = open(0, encoding="utf-8", closefd=False)  # noqa: SIM115
        sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
        sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)  # noqa: SIM115
        for number in (signal.SIGTERM, signal.SIGHUP, signal.SIGALRM):
            signal.signal(number, signal.SIG_DFL)
        signal.signal(signal.SIGPIPE, signal.SIG_IGN)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.setitimer(signal.ITIMER_REAL, 0)  # a Robot test timeout's timer stays here
        # Logging as a new Python has it: no handler, warnings and worse. Robot's handler on
        # the root logger wrote the command's git calls into Robot's output.xml, whose file
        # the fork shares (it was left unreadable), and a handler there stops basicConfig.
        root = logging.getLogger()
        for handler in list(root.handlers):
            root.removeHandler(handler)
        root.setLevel(logging.WARNING)
        logging.disable(logging.NOTSET)
        os.chdir(cwd)
        os.environ.clear()
        os.environ.update(env)
        sys.argv = list(argv)
        from cleveragents.cli.main import main

        code = main(argv[1:])
    except SystemExit as ended:
        code = ended.code if isinstance(ended.code, int) else 1
    except BaseException:  # as Python would: the traceback, exit 1
        traceback.print_exc()
        code = 1
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
            _save_coverage()
        finally:
            os._exit(code)


def leave_heap_alone() -> None:
    """In the fork, first: what it inherited (the CLI, the SDK, behave's or the server's
    objects) is left out of its garbage collections, as `gc.freeze` is meant for after a
    fork. Each full collection walked the whole inherited heap, writing into every object's
    header, so the kernel copied each page the fork shared; the fork's own objects are
    collected as before, and reference counting frees the inherited ones as it did."""
    gc.freeze()


def restart_coverage() -> None:
    """Under `coverage run` (the suite's), measure the fork as coverage measures a fork
    (its own data file), and save it before `os._exit`."""
    try:
        from coverage.control import _after_fork_in_child
    except ImportError:
        return
    from coverage import Coverage

    if Coverage.current() is not None:
        # Coverage's new collector would keep the fork's call stack, every frame's source
        # line read: 6.5 ms of CPU a fork (see scripts/coverage_quick_start.py).
        import coverage.collector

        setattr(coverage.collector, "short_stack", _no_stack)  # noqa: B010 - a name coverage does not export
        known = _traced_files()
        _after_fork_in_child()
        # What the parent's tracer decided of each file it met (measured or not, by the same
        # settings): the fork's new tracer asked coverage again of each file it ran, resolving
        # its path through every link (`realpath`), 4 % of a Claude feature's CPU.
        collector = getattr(Coverage.current(), "_collector", None)
        if known and collector is not None:
            collector.should_trace_cache.update(known)
        # The behave worker walks `cleveragents/` for the files no process ran when it
        # saves its own data: its forks need not, each some 17 ms of CPU (see
        # scripts/coverage_one_walk.py).
        from coverage import inorout

        if hasattr(inorout.InOrOut, "find_possibly_unexecuted_files"):
            inorout.InOrOut.find_possibly_unexecuted_files = _no_files  # type: ignore[method-assign]


def _traced_files() -> dict[str, Any]:
    """The parent's cache of coverage's decision for each file its tracer met."""
    from coverage import Coverage

    collector = getattr(Coverage.current(), "_collector", None)
    return dict(getattr(collector, "should_trace_cache", None) or {})


def _no_files(self: object) -> Iterator[tuple[str, str | None]]:
    return iter(())


def _no_stack(*args: object, **kwargs: object) -> str:
    return ""


def _save_coverage() -> None:
    try:
        from coverage import Coverage
    except ImportError:
        return
    current = Coverage.current()
    if current is not None:
        current.stop()
        current.save()


def _read_both(out: int, err: int, pid: int, timeout: float) -> tuple[bytes, bytes]:
    """Both pipes read to their end; the child killed if that takes over `timeout`."""
    chunks: dict[int, list[bytes]] = {out: [], err: []}
    deadline = time.monotonic() + timeout
    with selectors.DefaultSelector() as selector:
        for fd in chunks:
            selector.register(fd, selectors.EVENT_READ)
        while selector.get_map():
            left = deadline - time.monotonic()
            if left <= 0:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                for fd in chunks:
                    os.close(fd)
                raise subprocess.TimeoutExpired(["agents"], timeout)
            for key, _ in selector.select(left):
                data = os.read(key.fd, 65536)
                if data:
                    chunks[key.fd].append(data)
                else:
                    selector.unregister(key.fd)
                    os.close(key.fd)
    return b"".join(chunks[out]), b"".join(chunks[err])


def _text(data: bytes) -> str:
    """As `subprocess.run(text=True)` decodes: the locale's encoding, universal newlines."""
    return io.TextIOWrapper(io.BytesIO(data)).read()
