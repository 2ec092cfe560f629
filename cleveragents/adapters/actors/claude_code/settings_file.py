"""Claude Code's settings files, where `agents hooks install claude-code` puts our hooks.

The repository's `.claude/settings.local.json` (Claude Code's per-person, git-ignored
file) or, with `--user`, `settings.json` in CLAUDE_CONFIG_DIR (default `~/.claude`). An
install keeps the file's bytes as they were (in cleveragents' own state, never beside the
user's file): when nothing else changed since, an uninstall writes them back exactly, or
removes the file when there was none.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shlex
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cleveragents.adapters.actors.claude_code.own_python import module_words
from cleveragents.domain import claude_settings
from cleveragents.errors import BadInput, ConflictingState


def local_place(root: Path) -> Path:
    return root / ".claude" / "settings.local.json"


def local_place_to_write(root: Path) -> Path:
    """The repository's settings file, refused (BadInput) when it or `.claude` is a link
    leading out of the working tree: a committed link would turn a repository install into
    an edit of another file (the user's own settings, another repository's)."""
    place = local_place(root)
    top = root.resolve()
    reached = place.resolve()
    if reached != top and top not in reached.parents:
        raise BadInput(
            f"{place.relative_to(root)} leads out of the repository, to {reached}: "
            "nothing was changed",
            hint="remove the link, or install in your own settings with --user",
        )
    return place


def user_place() -> Path:
    folder = os.environ.get("CLAUDE_CONFIG_DIR") or str(Path.home() / ".claude")
    return Path(folder) / "settings.json"


def user_state() -> Path:
    """Where the install of the user's settings is kept (XDG_STATE_HOME, as usual)."""
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "cleveragents" / "hooks"


def hook_command(enforce: bool, allow: list[str]) -> str:
    """This Python running our hook, with the policy the install chose."""
    flags = ["--enforce-policy"] if enforce else []
    for pattern in allow:
        flags += ["--allow-command", pattern]
    return shlex.join(module_words(claude_settings.MARK, *flags))


@dataclass(frozen=True)
class Installed:
    """What a settings file holds of ours: the events and the command's policy."""

    path: Path
    events: list[str]
    enforce: bool
    allow: list[str]

    def as_json(self) -> dict[str, Any]:
        return {
            "path": str(self.path),
            "installed": bool(self.events),
            "events": self.events,
            "enforce_policy": self.enforce,
            "allow_commands": self.allow,
        }


def policy_in(words: list[str]) -> tuple[bool, list[str]]:
    """The `--enforce-policy` and `--allow-command` patterns of our command's words."""
    allow = [words[i + 1] for i, w in enumerate(words[:-1]) if w == "--allow-command"]
    return "--enforce-policy" in words, allow


class SettingsFile:
    """One settings file; `state` is the folder where its installs are kept."""

    def __init__(self, path: Path, state: Path) -> None:
        self.path = path
        self.kept = state / f"claude-code-{hashlib.sha256(bytes(path)).hexdigest()[:16]}.json"

    def read(self) -> tuple[bytes | None, dict[str, Any]]:
        """The file's bytes (None when absent) and its document; BadInput when it is no
        JSON object (it is the user's, to fix by hand: nothing is written)."""
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return None, {}
        except OSError as error:
            raise BadInput(f"cannot read {self.path}: {error.strerror}") from error
        try:
            data = json.loads(raw)
        except ValueError as error:
            raise BadInput(
                f"{self.path} is not valid JSON ({error}): nothing was changed",
                hint="fix the file by hand, then run the command again",
            ) from error
        if not isinstance(data, dict):
            raise BadInput(f"{self.path} holds no JSON object: nothing was changed")
        return raw, data

    def installed(self) -> Installed:
        _, data = self.read()
        found = claude_settings.installed(data)
        enforce, allow = (
            policy_in(shlex.split(next(iter(found.values())))) if found else (False, [])
        )
        return Installed(self.path, list(found), enforce, allow)

    def install(self, command: str) -> None:
        """Add our hooks (replacing ours from before), keeping the bytes it had before the
        first of our installs."""
        raw, data = self.read()
        try:
            merged = claude_settings.with_hooks(data, command)
        except ValueError as error:
            raise BadInput(f"{self.path}: {error}: nothing was changed") from error
        kept = self._kept()
        if kept is None or not claude_settings.installed(data):
            made = not self.path.parent.exists()
            kept = {"original": None if raw is None else raw.decode("utf-8", "surrogateescape")}
            kept["made_folder"] = made
        written = (json.dumps(merged, indent=2, ensure_ascii=False) + "\n").encode()
        self._write(self.path, written)
        self._write(self.kept, json.dumps(kept).encode())

    def uninstall(self) -> bool:
        """Take ours out; False when nothing of ours was there. The file goes back to the
        bytes it had before the install when nothing else in it changed since."""
        raw, data = self.read()
        if raw is None or not claude_settings.installed(data):
            return False
        kept = self._kept()
        original = None if kept is None else kept.get("original")
        before = {} if original is None else _parsed(original)
        cleaned = claude_settings.without_hooks(data, before if kept is not None else None)
        if kept is not None and cleaned == before:
            if original is None:
                self.path.unlink()
                if kept.get("made_folder"):
                    with contextlib.suppress(OSError):
                        self.path.parent.rmdir()  # only when empty
            else:
                self._write(self.path, original.encode("utf-8", "surrogateescape"))
        else:
            written = json.dumps(cleaned, indent=2, ensure_ascii=False) + "\n"
            self._write(self.path, written.encode())
        self.kept.unlink(missing_ok=True)
        return True

    def _kept(self) -> dict[str, Any] | None:
        try:
            found = json.loads(self.kept.read_bytes())
        except (OSError, ValueError):
            return None
        return found if isinstance(found, dict) else None

    @staticmethod
    def _write(path: Path, data: bytes) -> None:
        """Replace the file whole (a reader never sees half of it), keeping its mode; a
        link's target, not the link (a settings file kept with one's dotfiles)."""
        if path.is_symlink():
            path = Path(os.path.realpath(path))
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
        except OSError as error:  # a read-only mount, a folder of another user's, /proc
            raise ConflictingState(
                f"cannot write in {path.parent}: {error.strerror or error}",
                hint="make that folder writable, or point CLAUDE_CONFIG_DIR at one you can write",
            ) from error
        try:
            mode = path.stat().st_mode & 0o7777
        except FileNotFoundError:
            mode = 0o644
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(data)
            os.chmod(temporary, mode)
            os.replace(temporary, path)
        except BaseException:  # pragma: no cover - a full disk or a kill mid-write
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise


def _parsed(text: str) -> object:
    return json.loads(text)  # the install read it as JSON
