"""Steps of correction_journal.tool_writes.property.feature: `domain.tool_writes.left_by`
against what Claude Code's Edit and Write leave, judged by the real git's blob ids."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from behave import then, when

from features.support import agents_process
from features.support.messages_server import MessagesServer
from features.support.properties import reproducible, run_property

LINE = "abc\u00e9\u4e2d\U0001f600 \t"  # a few letters, accents, wide and astral characters


def _blob(data: bytes) -> str:
    done = subprocess.run(
        ["git", "hash-object", "--stdin"], input=data, capture_output=True, check=True
    )
    return done.stdout.decode().strip()


def _named(path: str, left: bytes, leaves: list[bytes]) -> bool:
    """Whether an entry the journal makes of `leaves` judges a file holding `left` as the
    call left it, by the blob id git gives `left`."""
    from cleveragents.domain.checkpoint import TreeEntry
    from cleveragents.domain.correction_journal import about_to_leave, as_written, written

    entry = TreeEntry("100644", _blob(left))
    for data in leaves:
        named = written(about_to_leave(path, data))
        assert named is not None and named[0] == path, named
        if as_written(entry, named[1]):
            return True
    return False


def _edits(examples: int, seed: int, tmp: Path) -> int:
    from hypothesis import given
    from hypothesis import strategies as st

    from cleveragents.domain.tool_writes import left_by

    ran = 0
    lines = st.lists(st.text(LINE, max_size=6), max_size=5)

    @reproducible(examples, seed)
    @given(
        lines,
        st.booleans(),
        st.booleans(),
        st.data(),
        st.text(LINE + "\n", max_size=8),
        st.text(max_size=12),
        st.binary(max_size=12),
    )
    def check(
        rows: list[str],
        crlf: bool,
        end: bool,
        data: Any,
        new: str,
        content: str,
        raw: bytes,
    ) -> None:
        nonlocal ran
        ran += 1
        seen = "\n".join(rows) + ("\n" if end and rows else "")  # as the model sees it
        crlf = crlf and "\n" in seen  # a file with no line end has no `\r\n` to keep
        file = (seen.replace("\n", "\r\n") if crlf else seen).encode()
        start = data.draw(st.integers(0, len(seen)))
        stop = data.draw(st.integers(start, len(seen)))
        old = seen[start:stop]
        every = data.draw(st.booleans())
        call = {"file_path": "a.txt", "old_string": old, "new_string": new}
        call["replace_all"] = every
        leaves = left_by("Edit", call, file)
        found = seen.count(old) if old else 0
        if old and (found == 1 or every):
            made = seen.replace(old, new, -1 if every else 1)
            left = (made.replace("\n", "\r\n") if crlf else made).encode()
            assert _named("a.txt", left, leaves), (file, call, leaves)
        absent = dict(call, old_string=old + "\x00never")  # not in the file: refused
        assert left_by("Edit", absent, file) == []
        # A Write leaves its content; any file, UTF-8 or not, never makes the rule fail.
        written = left_by("Write", {"file_path": "a.txt", "content": content}, raw)
        if not any("\ud800" <= c <= "\udfff" for c in content):
            assert _named("a.txt", content.encode(), written), (content, written)
        left_by("Edit", call, raw)
        # A MultiEdit of that one edit leaves what the Edit leaves; an Edit of a part of a
        # file not there, another tool, or a call not of Claude Code's shape: nothing.
        assert left_by("MultiEdit", {"file_path": "a.txt", "edits": [call]}, file) == leaves
        assert left_by("Edit", dict(call, old_string=old or "x"), None) == []
        assert left_by("Read", call, file) == []
        assert left_by("MultiEdit", {"edits": [old]}, file) == []
        assert left_by("Edit", dict(call, new_string=None), file) == []
        assert left_by("Write", {"file_path": "a.txt", "content": None}, file) == []
        assert left_by("Write", {"content": "\ud800"}, None) == []  # no bytes: not named

    check()
    return ran


@when("random Edit and Write calls of Claude Code are journaled before they run")
def step_tool_writes(context: Any) -> None:
    context.property_ran = run_property(context, "tool writes property", _edits, 100)


@then("what each call leaves in its file is named by an entry of the journal")
def step_tool_writes_named(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@when("the real Claude Code edits and writes files with \\r\\n line ends in a run")
def step_real_claude_code(context: Any) -> None:
    repo = context.tmp / "repo"
    repo.mkdir()
    env = agents_process.environment()
    subprocess.run(["git", "init", "-q", "--initial-branch=main"], cwd=repo, env=env, check=True)
    (repo / "a.txt").write_bytes(b"one\r\ntwo\r\nthree\r\n")
    (repo / "b.txt").write_bytes(b"x\r\ny\r\n")
    edit = {"file_path": f"{repo}/a.txt", "old_string": "one\ntwo", "new_string": "uno\ndos"}
    write = {"file_path": f"{repo}/b.txt", "content": "p\nq\n"}
    context.calls = {"a.txt": ("Edit", edit), "b.txt": ("Write", write)}
    context.before = {p: (repo / p).read_bytes() for p in context.calls}
    server = MessagesServer(answer_side_requests=True).start()
    context.cleanups.append(server.stop)
    for call in context.calls.values():
        server.reply_tools([call])
    server.reply_text("Done.")
    env |= {
        "ANTHROPIC_API_KEY": "sk-ant-tool-writes-0123456789",
        "ANTHROPIC_BASE_URL": server.url,
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
        "DISABLE_AUTOUPDATER": "1",
        "CLAUDE_CONFIG_DIR": str(context.tmp / "claude-config"),
        "GIT_CEILING_DIRECTORIES": str(context.tmp),
    }
    agents = Path(sys.executable).with_name("agents")
    done = subprocess.run(
        [str(agents), "plan", "run", "edit the files", "--actor", "claude-code"],
        cwd=repo,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, f"agents exited {done.returncode}: {done.stderr[-1500:]}"
    context.after = {p: (repo / p).read_bytes() for p in context.calls}


@then("what its Edit and its Write left is named by an entry of the journal")
def step_real_named(context: Any) -> None:
    from cleveragents.domain.tool_writes import left_by

    for path, (tool, call) in context.calls.items():
        left, was = context.after[path], context.before[path]
        assert left != was, f"{tool} changed nothing in {path}: {left!r}"
        leaves = left_by(tool, call, was)
        assert _named(path, left, leaves), f"{tool} left {left!r} in {path}, named: {leaves}"
