"""Which of the user's ignored files a Claude Code session holds: what `agents plan push`
and `export` would upload of them inside the session files a plan carries (`carried.py`)
or its records (a command's output, the conversation: JSON lines too, looked at alike).

A session file holds every tool result whole: a `Read` of `.env` puts the key's bytes in it,
so does a `cat .env` or a `grep KEY .env` in Bash. A file counts as held when the user's
rules ignore it (now, or at the plan's start here), the session names it (its name is a
word of the session's text) and either a `Read` or `NotebookRead` named its path, or one of
its lines (of at least MIN_LINE characters, stripped) is a whole line of the session's text
(of a tool result, a command's output, a `Read` result without its line numbers, a grep
line without its `path:` and `line:` prefixes) that no file of the tree holds unless
ignored (a `.venv` copy of the user's code tells nothing) and that the model or the plan
did not write itself (a tool call's input, a decision's action: a `.env` it made). A file
bigger than MOST_BYTES counts only when read by path. What escapes: a line cut, encoded or
reworded (`base64 .env`, `cut -c1-5`), a file the session never names (`cat $(ls -a |
head -1)`), and a line read, then written by the model into another ignored file.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Iterator
from typing import Any

from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.git.start_rules import StartRules
from cleveragents.errors import GitFailed

MIN_LINE = 8  # shorter lines (`}`, `done`) are in too many files to tell anything
MOST_BYTES = 1 << 20
PATH_READERS = {"Read": "file_path", "NotebookRead": "notebook_path"}
NUMBERED = re.compile(r"\s*\d+(?:\t|\u2192)(.*)")  # a `Read` result's line: number, tab or arrow
AUTHORED = frozenset({"input", "action"})
WORDS = re.compile(r"[\s/\\\"'`=:;|&<>(){}\[\],$*?!]+")


class SessionText:
    """The text of session files: their lines, the words they use and the paths `Read` named."""

    def __init__(self, sessions: dict[str, bytes]) -> None:
        self.lines: set[str] = set()
        self.words: set[str] = set()
        self.texts: list[str] = []
        self.read: set[str] = set()
        self.authored: set[str] = set()  # lines the model or the plan wrote itself
        for data in sessions.values():
            for raw in data.split(b"\n"):
                try:
                    entry = json.loads(raw)
                except ValueError:
                    continue
                for text, authored in _strings(entry, False):
                    self._take(text, authored)
                self._reads(entry)

    def _take(self, text: str, authored: bool) -> None:
        self.texts.append(text)
        self.words.update(WORDS.split(text))
        for line in text.splitlines():
            self.lines.add(line.strip())
            if authored:
                self.authored.add(line.strip())
            numbered = NUMBERED.fullmatch(line)
            if numbered:
                self.lines.add(numbered.group(1).strip())
            tail = line
            for _ in range(2):  # grep's `path:` and `line:` prefixes
                _, colon, tail = tail.partition(":")
                if not colon:
                    break
                self.lines.add(tail.strip())

    def _reads(self, entry: Any) -> None:
        message = entry.get("message") if isinstance(entry, dict) else None
        content = message.get("content") if isinstance(message, dict) else None
        for part in content if isinstance(content, list) else []:
            if not isinstance(part, dict) or part.get("type") != "tool_use":
                continue
            given = part.get("input")
            key = PATH_READERS.get(str(part.get("name")))
            if key and isinstance(given, dict) and isinstance(given.get(key), str):
                self.read.add(os.path.normpath(given[key]))

    def names(self, path: str) -> bool:
        """Whether the session's text names the file `path` (by its last part)."""
        name = path.rsplit("/", 1)[-1]
        if WORDS.search(name) is None:
            return name in self.words
        return any(name in text for text in self.texts)

    def held(self, path: str, roots: list[str]) -> set[str] | None:
        """What the session holds of the file `path` (of the tree at any of `roots`): None
        when a `Read` named it, else its lines that are whole lines of the session's."""
        if any(os.path.join(root, path) in self.read for root in roots):
            return None
        full = os.path.join(roots[0], path)
        try:
            st = os.lstat(full)
            if not stat.S_ISREG(st.st_mode) or st.st_size > MOST_BYTES:
                return set()
            with open(full, "rb") as file:
                data = file.read(MOST_BYTES)
        except OSError:
            return set()
        lines = (line.strip() for line in data.decode("utf-8", "replace").splitlines())
        found = {line for line in lines if len(line) >= MIN_LINE and line in self.lines}
        return found - self.authored


def ignored_held(repo: GitRepository, plan_id: str, sessions: dict[str, bytes]) -> list[str]:
    """The paths of the working tree the user's rules ignore, now or at `plan_id`'s start,
    that the user does not track, and whose bytes the session files `sessions` hold. A
    line the tree's other files hold too (tracked or untracked, not ignored: `from os
    import path` in a `.venv` copy and in the user's code) tells nothing and is not counted."""
    if not sessions:
        return []
    text = SessionText(sessions)
    now = _listed(repo, "-i")
    candidates = {p for p in now if text.names(p)}
    rules = StartRules(repo).of(plan_id)
    if rules is not None:
        others = [p for p in _listed(repo) if text.names(p)]
        if others:
            listing = b"\0".join(p.encode("utf-8", "surrogateescape") for p in others)
            candidates.update(StartRules(repo).ignored(rules, listing))
    roots = list(dict.fromkeys([str(repo.root), os.path.realpath(repo.root)]))
    held = {p: text.held(p, roots) for p in candidates}
    seen = set().union(*(lines for lines in held.values() if lines))
    common = _shared_lines(repo, seen, candidates - set(now))
    return sorted(p for p, lines in held.items() if lines is None or lines - common)


def _shared_lines(repo: GitRepository, lines: set[str], ignored: set[str]) -> set[str]:
    """Which of `lines` a file of the tree not ignored holds (tracked or untracked, but
    those of `ignored`, ignored at the start only): read by `git grep` in the working tree,
    the lines given on its standard input, never written to a file."""
    if not lines:
        return set()
    patterns = "".join(f"{line}\n" for line in sorted(lines)).encode("utf-8", "surrogateescape")
    excluded = [f":(exclude,literal){p}" for p in sorted(ignored)]
    args = ["grep", "--untracked", "-h", "-I", "-F", "-o", "--no-color", "-f", "/dev/stdin"]
    try:
        out = repo.git_bytes(*args, "--", ".", *excluded, stdin=patterns)
    except GitFailed:  # exit 1: no file holds any of them
        return set()
    return {line.strip() for line in out.decode("utf-8", "replace").splitlines()}


def _listed(repo: GitRepository, *more: str) -> list[str]:
    """The untracked files of the working tree (`-i`: those ignored), by git's own listing."""
    out = repo.git_bytes("ls-files", "-z", "-o", "--exclude-standard", *more)
    return [os.fsdecode(p) for p in out.split(b"\0") if p]


def _strings(value: Any, authored: bool) -> Iterator[tuple[str, bool]]:
    """Every string a JSON value holds, at any depth, and whether it is the model's or the
    plan's own (in a tool call's `input` or a decision's `action`: what it wrote)."""
    if isinstance(value, str):
        yield value, authored
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, authored or key in AUTHORED)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item, authored)
