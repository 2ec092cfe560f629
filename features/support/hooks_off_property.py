"""The properties of claude_code.hooks_off.property.feature.

Settings: random contents (the key true, false, a string, no JSON, a list, no file, a FIFO,
JSON nested 100,000 deep) in every
settings file Claude Code reads; the one named must be the first, in Claude Code's order,
whose document sets the key to JSON true (allowManagedHooksOnly only in managed ones).

Streams: random stream-json output of Claude Code (calls of the session and of sub-agents,
calls rejected before any hook, failed calls, text, system lines); the calls counted unseen
must be exactly the session's own that ran and our hook did not see."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from features.support.properties import reproducible

# "fifo": a FIFO with no writer (never waited on); "deep": JSON nested past the parser's
# depth; both read as no settings, as Claude Code reads them.
CONTENTS = ["true", "false", '"true"', "1", "{", "[true]", None, "null", "fifo", "deep"]
KEYS = ["disableAllHooks", "allowManagedHooksOnly", "other"]


def _place(top: Path) -> tuple[Path, list[tuple[Path, bool]]]:
    """A repository, a user folder and a managed folder under `top`, in Claude Code's order."""
    root, managed, user = top / "repo", top / "managed", top / "config"
    files = [(managed / "managed-settings.json", True)]
    files += [(managed / "managed-settings.d" / f"{n}.json", True) for n in ("10-a", "20-b")]
    files += [(user / "settings.json", False), (root / ".claude" / "settings.json", False)]
    files += [(root / ".claude" / "settings.local.json", False)]
    return root, files


def _expected(files: list[tuple[Path, bool]], chosen: list[tuple[str | None, str]]) -> Any:
    for (path, managed), (content, key) in zip(files, chosen, strict=True):
        if content == "true" and (key == "disableAllHooks" or (managed and key != "other")):
            return path, key
    return None


def check_settings(examples: int, seed: int, work: Path) -> int:
    from cleveragents.adapters.actors.claude_code import hooks_off

    ran = 0
    pick = st.tuples(st.sampled_from(CONTENTS), st.sampled_from(KEYS))

    @reproducible(examples, seed)
    @given(st.lists(pick, min_size=6, max_size=6))
    def holds(chosen: list[tuple[str | None, str]]) -> None:
        nonlocal ran
        ran += 1
        top = Path(tempfile.mkdtemp(prefix="hooks-off-", dir=work))
        root, files = _place(top)
        for (path, _), (content, key) in zip(files, chosen, strict=True):
            if content is not None:
                path.parent.mkdir(parents=True, exist_ok=True)
                if content == "fifo":
                    os.mkfifo(path)
                    continue
                if content == "deep":
                    path.write_text("[" * 100_000 + "]" * 100_000)
                    continue
                body = content if content in ("{", "[true]") else f'{{"{key}": {content}}}'
                path.write_text(body)
        before = {k: os.environ.get(k) for k in (hooks_off.MANAGED, "CLAUDE_CONFIG_DIR")}
        os.environ.update({hooks_off.MANAGED: str(top / "managed")})
        os.environ["CLAUDE_CONFIG_DIR"] = str(top / "config")
        try:
            found = hooks_off.turned_off(root)
        finally:
            for name, value in before.items():
                os.environ.pop(name, None) if value is None else os.environ.update({name: value})
        assert found == _expected(files, chosen), (found, chosen)

    holds()
    return ran


CALL = st.fixed_dictionaries(
    {
        "sub_agent": st.booleans(),
        "seen": st.booleans(),
        "result": st.sampled_from(
            [
                "ok",
                "failed",
                "InputValidationError",
                "No such tool available",
                "no result",
                "denied",
                "blocked",
            ]
        ),
        "noise": st.sampled_from(["none", "text", "system", "bad content", "not a block"]),
    }
)


def _stream(calls: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Claude Code's messages for these calls, one tool call per assistant message."""
    lines: list[dict[str, Any]] = [{"type": "system", "subtype": "init", "session_id": "s"}]
    for n, call in enumerate(calls):
        parent = "toolu_task" if call["sub_agent"] else None
        use = {"type": "tool_use", "id": f"toolu_{n}", "name": "Bash", "input": {}}
        lines.append(
            {
                "type": "assistant",
                "parent_tool_use_id": parent,
                "message": {"content": [{"type": "text", "text": "x"}, use]},
            }
        )
        failed = call["result"] != "ok"
        said = call["result"] if call["result"] not in ("ok", "failed") else "exit 1"
        text = f"<error>{said}</error>"
        if call["result"] == "denied":
            text = "<tool_use_error>Permission to use Bash has been\n denied.</tool_use_error>"
        if call["result"] == "blocked":  # Claude Code's own check, before any hook
            text = "<tool_use_error>Blocked: standalone sleep 200. To wait...</tool_use_error>"
        result = {
            "type": "tool_result",
            "tool_use_id": f"toolu_{n}",
            "is_error": failed,
            # a string, or text blocks (as a tool's own result may come)
            "content": [{"type": "text", "text": text}] if n % 2 else text,
        }
        if call["result"] != "no result":  # the session stopped before the call ran
            answer = {"content": [result]}
            lines.append({"type": "user", "parent_tool_use_id": parent, "message": answer})
        noise = {
            "none": None,
            "text": {"type": "assistant", "message": {"content": "just words"}},
            "system": {"type": "system", "subtype": "status", "message": [1]},
            "bad content": {"type": "assistant", "message": "no body"},
            "not a block": {"type": "assistant", "message": {"content": ["tool_use", 3]}},
        }[call["noise"]]
        if noise is not None:
            lines.append(noise)
    return lines


def check_streams(examples: int, seed: int, work: Path) -> int:
    from cleveragents.adapters.actors.claude_code.stream_calls import StreamCalls

    ran = 0

    @reproducible(examples, seed)
    @given(st.lists(CALL, max_size=8))
    def holds(calls: list[dict[str, Any]]) -> None:
        nonlocal ran
        ran += 1
        read = StreamCalls()
        for message in _stream(calls):
            read.read(json.loads(json.dumps(message)))
        seen = {f"toolu_{n}" for n, call in enumerate(calls) if call["seen"]}
        # Claude Code's permissions refused these (its result's permission_denials).
        refused = {f"toolu_{n}" for n, call in enumerate(calls) if call["result"] == "denied"}
        expected = [
            f"toolu_{n}"
            for n, call in enumerate(calls)
            if not call["sub_agent"] and not call["seen"] and call["result"] in ("ok", "failed")
        ]
        assert read.unseen(seen, refused) == expected, (read.unseen(seen, refused), calls)
        for call in refused - {f"toolu_{n}" for n, c in enumerate(calls) if c["sub_agent"]}:
            assert read.errors[call] == "Permission to use Bash has been denied.", read.errors

    holds()
    return ran


# A hook's `timeout` as a settings file may hold it: Claude Code's seconds, or what is none.
TIMEOUTS = st.one_of(
    st.none(),
    st.integers(-5, 2000),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([True, False, "5", [5], {"s": 5}]),
)
HOOK = st.tuples(st.sampled_from(["sh fmt.sh", "mypy src", "sleep 9", "true"]), TIMEOUTS)


def check_seconds(examples: int, seed: int, work: Path) -> int:
    from cleveragents.adapters.actors.claude_code import hooks_off

    most, ran = 600.0, 0

    @reproducible(examples, seed)
    @given(st.lists(st.lists(HOOK, max_size=4), min_size=2, max_size=2))
    def holds(files: list[list[tuple[str, Any]]]) -> None:
        nonlocal ran
        ran += 1
        root = Path(tempfile.mkdtemp(prefix="hook-seconds-", dir=work))
        (root / ".claude").mkdir()
        for name, hooks in zip(("settings.json", "settings.local.json"), files, strict=True):
            entries = [
                {"type": "command", "command": line, **({} if t is None else {"timeout": t})}
                for line, t in hooks
            ]
            document = {"hooks": {"PostToolUse": [{"matcher": "*", "hooks": entries}]}}
            (root / ".claude" / name).write_text(json.dumps(document))
        found = hooks_off.project_seconds(root, most)
        given_for: dict[str, list[Any]] = {}
        for line, t in (hook for hooks in files for hook in hooks):
            given_for.setdefault(line, []).append(t)
        assert set(found) == set(given_for), (found, files)
        for line, timeouts in given_for.items():
            seconds = found[line]
            assert 0 < seconds <= most, (line, seconds)  # never past the box's most
            for t in timeouts:  # never shorter than Claude Code lets any hook of the line run
                valid = type(t) in (int, float) and 0 < t < most
                assert seconds >= (t if valid else most), (line, seconds, timeouts)
            assert any(seconds == (t if type(t) in (int, float) and 0 < t < most else most)
                       for t in timeouts), (line, seconds, timeouts)  # fmt: skip

    holds()
    return ran
