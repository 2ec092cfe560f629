"""The property of `adapters/git/session_reads.py`: a Claude Code session file that holds
what the model read of a file the user's ignore rules exclude (at the plan's start, even
when the rules on disk no longer do) is found, however the model read it; one that holds
only tracked files' lines and the ignored file's name is not, nor is an ignored copy of a
tracked file whose lines the session holds (`build/app.py`, as a `.venv` holds copies),
nor an ignored file the model wrote itself (`build/made.env`).

Each example: a real repository ignoring `.env` and `build/`, the plan's start rules taken
by a real checkpoint; a random line (the secret) written into `.env` or `build/creds`; a
session file of random tool calls around one that reads it, in one of the forms Claude Code
records (a `Read`, its result numbered with a tab or an arrow and kept whole beside; a Bash
`cat` or `grep -n` and its output); the top `.gitignore` rewritten to stop ignoring `.env`
or not. The session is looked at with and without the reading call.
"""

from __future__ import annotations

import json
import shutil
import string
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.adapters.git.checkpoints import GitCheckpoints
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.git.session_reads import ignored_held
from features.support.git_dirs_property import _git

SECRET = st.text(string.ascii_letters + string.digits + "=-_+/.", min_size=6, max_size=40).map(
    lambda s: f"K={s}"
)
FORMS = ("read-tab", "read-arrow", "cat", "grep")
TRACKED = "def main() -> None:\n    print('hello world')\n"
MADE = "K=made-by-the-model-4f1e"
NOISE = st.lists(st.sampled_from(("read-tracked", "ls", "echo", "text", "write")), max_size=4)


def check_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the property; the number of examples that ran."""
    ran = 0
    work = Path(tempfile.mkdtemp(prefix="session-reads-", dir=tmp))
    root = work / "repo"
    (root / "src").mkdir(parents=True)
    (root / ".gitignore").write_text(".env\nbuild/\n")
    (root / "src" / "app.py").write_text(TRACKED)
    (root / "build").mkdir()
    (root / "build" / "app.py").write_text(TRACKED)  # ignored, as a `.venv` copy would be
    (root / "build" / "made.env").write_text(f"{MADE}\n")  # ignored, written by the model
    _git(root, "init", "-q")
    _git(root, "add", ".")
    _git(root, "commit", "-qm", "start")
    repo = GitRepository.discover(root)
    GitCheckpoints(repo, lambda: datetime.now(UTC)).create("p1", "start")

    @reproducible_given(examples, seed)
    def holds(
        secret: str, path: str, form: str, before: list[str], after: list[str], unignore: bool
    ) -> None:
        nonlocal ran
        ran += 1
        (root / path).parent.mkdir(exist_ok=True)
        (root / path).write_text(f"# the keys\n{secret}\n")
        (root / ".gitignore").write_text("build/\n" if unignore else ".env\nbuild/\n")
        calls = [*map(_noise, before), _reading(root, path, secret, form), *map(_noise, after)]
        without = [*map(_noise, before), *map(_noise, after)]
        try:
            found = ignored_held(repo, "p1", {"s.jsonl": _session(calls)})
            assert found == [path], (found, secret, path, form)
            unread = ignored_held(repo, "p1", {"s.jsonl": _session(without)})
            assert unread == [], (unread, without)
        finally:
            (root / path).unlink()

    holds()
    shutil.rmtree(work)
    return ran


def reproducible_given(examples: int, seed: int) -> Any:
    from features.support.properties import reproducible

    def wrap(test: Any) -> Any:
        strategies = (SECRET, st.sampled_from((".env", "build/creds")), st.sampled_from(FORMS))
        return reproducible(examples, seed)(given(*strategies, NOISE, NOISE, st.booleans())(test))

    return wrap


def _reading(root: Path, path: str, secret: str, form: str) -> tuple[str, dict[str, Any], Any]:
    """A call that reads `path`, and the result Claude Code records for it."""
    if form.startswith("read"):
        mark = "\t" if form == "read-tab" else "\u2192"
        text = f"     1{mark}# the keys\n     2{mark}{secret}\n"
        return "Read", {"file_path": f"{root}/{path}"}, text
    if form == "cat":
        return "Bash", {"command": f"cat {path}"}, f"# the keys\n{secret}\n"
    return "Bash", {"command": f"grep -n = {path}"}, f"2:{secret}\n"


def _noise(kind: str) -> tuple[str, dict[str, Any], Any]:
    """A call that reads a tracked file, names `.env` without its content, or writes an
    ignored file."""
    if kind == "read-tracked":
        return "Read", {"file_path": "src/app.py"}, TRACKED
    if kind == "ls":
        return "Bash", {"command": "ls -a"}, ".env\n.gitignore\nbuild\nsrc\n"
    if kind == "write":
        return "Write", {"file_path": "build/made.env", "content": f"{MADE}\n"}, "File created"
    if kind == "echo":
        return "Bash", {"command": "echo the keys are in .env"}, "the keys are in .env\n"
    return "", {}, "I will look at .env and build/creds now."


def _session(calls: list[tuple[str, dict[str, Any], Any]]) -> bytes:
    """A session file of `calls`, as Claude Code writes one (a call's result twice: in the
    message and in `toolUseResult`); a call without a tool is the model's text."""
    lines: list[dict[str, Any]] = [{"type": "user", "message": {"role": "user", "content": "go"}}]
    for number, (tool, given_input, result) in enumerate(calls):
        if not tool:
            text = {"type": "text", "text": result}
            lines.append({"type": "assistant", "message": {"role": "assistant", "content": [text]}})
            continue
        use = {"type": "tool_use", "id": f"t{number}", "name": tool, "input": given_input}
        lines.append({"type": "assistant", "message": {"role": "assistant", "content": [use]}})
        answer = {"type": "tool_result", "tool_use_id": f"t{number}", "content": result}
        lines.append(
            {
                "type": "user",
                "message": {"role": "user", "content": [answer]},
                "toolUseResult": {**given_input, "type": "create"}
                if tool == "Write"
                else {"stdout": result},
            }
        )
    return b"".join(json.dumps(line).encode() + b"\n" for line in lines)
