"""The hook `agents hooks install claude-code` installs: `python -m cleveragents.cli.hook_record`.

Claude Code runs it for each event of a session the user runs; it records the event
(`SessionRecording`) and prints the hook's output, if any. It never fails the session:
whatever goes wrong (another command holds the lock, the state cannot be written) it says
once per session on stderr, prints nothing, and exits 0, which lets the call through to
Claude Code's own permissions.

Flags (written by the install): `--enforce-policy` and `--allow-command PATTERN` (our
command policy decides Bash calls), `--user` (installed in the user's settings: it
stands aside where the repository's own settings install us too, so a call is recorded
once; only for one running exactly this command, Python and policy flags, for every event
and tool). `CLEVERAGENTS_HOOK_TIMES=FILE` appends, for each event, the seconds it took (wall
clock, then CPU time of this process) to FILE.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cleveragents.adapters.actors.claude_code import hook
from cleveragents.domain import claude_settings
from cleveragents.errors import NotAGitRepository

if TYPE_CHECKING:
    pass

TIMES = "CLEVERAGENTS_HOOK_TIMES"


def record(event: dict[str, Any], argv: list[str]) -> dict[str, Any]:
    """Record `event` in the repository of its `cwd`; the hook's output back."""
    from cleveragents.adapters.actors.claude_code import settings_file, transcript
    from cleveragents.adapters.actors.claude_code.settings_file import SettingsFile
    from cleveragents.application.claude_code_recording import SessionRecording
    from cleveragents.bootstrap_session import session_services

    enforce, allow = settings_file.policy_in(argv)
    services = session_services(event)
    try:
        if "--user" in argv:
            local = settings_file.local_place(services.repo.root)
            _, data = SettingsFile(local, services.repo.state_dir).read()
            if _recorded_there(data, [a for a in argv if a != "--user"]):
                return {}  # the repository's own install records this session
        recording = SessionRecording(services.claude_code(), transcript.version_of, enforce, allow)
        return recording.record(event)
    finally:
        services.close()


def _recorded_there(data: object, flags: list[str]) -> bool:
    """Whether a repository's settings `data` install our hook exactly as this user install
    runs it (with its policy `flags`): as `agents hooks install` writes it (`own_python`),
    or as it wrote it before it ran the hook isolated (`-P`)."""
    from cleveragents.adapters.actors.claude_code.own_python import module_words

    mark = claude_settings.MARK
    forms = (module_words(mark, *flags), [sys.executable, "-P", "-m", mark, *flags])
    return any(claude_settings.records_here(data, form, os.path.realpath) for form in forms)


def say_once(session: object, why: str) -> None:
    """One line on stderr the first time a session's event goes unrecorded."""
    folder = marker_folder()
    marker = folder / hashlib.sha256(str(session).encode()).hexdigest()[:32] if folder else None
    if marker is not None and marker.exists():
        return
    if marker is not None:
        with contextlib.suppress(OSError):
            marker.touch()
    one_line = " ".join(why.split())
    print(f"cleveragents: this session goes on unrecorded: {one_line}", file=sys.stderr)


def marker_folder() -> Path | None:
    """The folder of "said once" markers, made 0700; None when it is not ours alone.

    In the shared temporary folder anyone may make it first: a link, another user's folder
    or one others may write would let them silence the line (or aim our writes elsewhere),
    so then the line is said every time instead.
    """
    folder = Path(tempfile.gettempdir()) / f"cleveragents-hooks-{os.getuid()}"
    with contextlib.suppress(OSError):  # already there: looked at below
        folder.mkdir(mode=0o700)
    try:
        found = os.lstat(folder)
    except OSError:  # pragma: no cover - gettempdir() checked it can make files there
        return None
    alone = found.st_uid == os.getuid() and not found.st_mode & 0o022
    return folder if stat.S_ISDIR(found.st_mode) and alone else None


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if os.environ.get(hook.SOCKET):
        return 0  # `agents plan run` (or a correction) records this session itself
    started, event = time.monotonic(), None
    try:
        event = json.loads(sys.stdin.read())
        answer = record(event, args) if isinstance(event, dict) else {}
    except NotAGitRepository:
        return 0  # a session outside any repository (a --user install): nothing to record
    except Exception as error:
        session = event.get("session_id") if isinstance(event, dict) else None
        say_once(session, str(error) or type(error).__name__)
        return 0
    if answer:
        print(json.dumps(answer))
    times = os.environ.get(TIMES)
    if times:
        with contextlib.suppress(OSError), open(times, "a") as out:
            name = event.get("hook_event_name") if isinstance(event, dict) else None
            out.write(f"{name} {time.monotonic() - started:.3f} {time.process_time():.3f}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
