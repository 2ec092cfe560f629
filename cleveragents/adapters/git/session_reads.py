"""Which of the user's ignored files a Claude Code session holds: what `agents plan push`
and `export` would upload of them inside the session files a plan carries (`carried.py`)
or its records (a command's output, the conversation: JSON lines too, looked at alike),
or in the files its checkpoints carry.

A session file holds every tool result whole: a `Read` of `.env` puts the key's bytes in it,
so does a `cat .env`, a `grep KEY .env` or a `jq -r .key secrets.json` in Bash. A file
counts as held when the user's rules ignore it (now, or at the plan's start here) and the
session names it (its name is a word of the session's text, or a glob of it such as `.env*`
or `secrets/*` matches it) or the plan saved it for undo, and either a `Read` or
`NotebookRead` named its path, or the session's text holds a piece of it: one of its lines
(of at least MIN_LINE characters, stripped) as a whole line (of a tool result, a command's
output, a `Read` result without its line numbers, a grep line without its `path:`/`line:`
or `N-` context prefixes, a `cat -A` line without its `$`), or one of its secret-looking
values (`domain/secret_values.py`: `KEY=VALUE`, `export KEY=VALUE`, JSON and YAML strings)
anywhere, as a word or words of it. Its pieces are taken of the file as it is now and as
the plan saved it (`plan_texts.py`: a key rotated or a file removed since still counts);
the session's text takes in the files the plan's checkpoints carry that its first did not
(a `cp .env .env.bak`). A piece counts unless a file of the tree not ignored holds it too
(a `.venv` copy of the user's code tells nothing; a file the plan's checkpoints carry does
not vouch) or the model or the plan wrote it itself (a tool call's input, a decision's
action: a `.env` it made). A file bigger than MOST_BYTES counts only when read by path; at
most MOST_GLOBBED files count by a glob. What escapes: a piece cut, encoded or reworded
(`base64 .env`, `cut -c1-5`), a value glued to other letters in the output, a value that is
a plain word (`secret_values.py`), a file the session never names (`cat $(ls -a | head -1)`),
and a line read, then written by the model into another ignored file.
"""

from __future__ import annotations

import fnmatch
import json
import os
import re
import stat
from collections.abc import Iterable, Iterator
from typing import Any

from cleveragents.adapters.git.plan_texts import carried_texts, saved_texts
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.git.start_rules import StartRules
from cleveragents.domain.secret_values import TOKENS, anchor, line_forms, pieces
from cleveragents.errors import GitFailed

MOST_BYTES = 1 << 20
MOST_GLOBBED = 500
MOST_GLOBS = 64
PATH_READERS = {"Read": "file_path", "NotebookRead": "notebook_path"}
NUMBERED = re.compile(r"\s*\d+(?:\t|\u2192)(.*)")  # a `Read` result's line: number, tab or arrow
AUTHORED = frozenset({"input", "action"})
WORDS = re.compile(r"[\s/\\\"'`=:;|&<>(){}\[\],$*?!]+")
SHELL_WORDS = re.compile(r"[\s\"'`;|&<>()=]+")


class SessionText:
    """The text of session files: their lines, the words they use and the paths `Read` named."""

    def __init__(self, sessions: dict[str, bytes], carried: Iterable[str] = ()) -> None:
        self.lines: set[str] = set()
        self.words: set[str] = set()
        self.texts: list[str] = []
        self.read: set[str] = set()
        self.authored: set[str] = set()  # lines the model or the plan wrote itself
        self.tokens: set[str] = set()  # the words of what was not written by them
        self.told: list[str] = []
        self.written: list[str] = []
        for data in sessions.values():
            for raw in data.split(b"\n"):
                try:
                    entry = json.loads(raw)
                except ValueError:
                    continue
                for text, authored in _strings(entry, False):
                    self._take(text, authored)
                self._reads(entry)
        for text in carried:
            self._take(text, False)
        self._told = "\0".join(self.told)
        self._written = "\0".join(self.written)
        self._known: dict[str, bool] = {}  # what `_holds` said of each value

    def _take(self, text: str, authored: bool) -> None:
        self.texts.append(text)
        self.words.update(WORDS.split(text))
        (self.written if authored else self.told).append(text)
        if not authored:
            self.tokens.update(TOKENS.split(text))
        for line in text.splitlines():
            self.lines.add(line.strip())
            if authored:
                self.authored.add(line.strip())
            numbered = NUMBERED.fullmatch(line)
            if numbered:
                self.lines.add(numbered.group(1).strip())
            self.lines.update(line_forms(line))
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

    def globbed(self, paths: list[str]) -> set[str]:
        """Those of `paths` a glob of what the model or the plan wrote matches (`.env*`,
        `secrets/*`; `cat *`: the top folder's), the shallowest MOST_GLOBBED of them; the
        first MOST_GLOBS globs of 256 characters at most are taken."""
        globs: dict[str, None] = {}
        bare = False
        for text in self.written:
            if not any(sign in text for sign in "*?["):
                continue
            for word in SHELL_WORDS.split(text):
                bare = bare or word in ("*", "./*")  # `cat *`: every file of the top folder
                if len(word) <= 256 and any(s in word for s in "*?[") and word.strip("*?[]/.-"):
                    globs[word.removeprefix("./")] = None
            if len(globs) >= MOST_GLOBS:
                break
        if not globs and not bare:
            return set()
        whole = [fnmatch.translate(g) for g in list(globs)[:MOST_GLOBS] if "/" in g]
        whole += [fnmatch.translate(f"*/{g}") for g in list(globs)[:MOST_GLOBS] if "/" in g]
        named = [fnmatch.translate(g) for g in list(globs)[:MOST_GLOBS] if "/" not in g]
        by_path = re.compile("|".join(whole)) if whole else None
        by_name = re.compile("|".join(named)) if named else None
        found = [
            p
            for p in paths
            if (bare and "/" not in p)
            or (by_path is not None and by_path.match(p))
            or (by_name is not None and by_name.match(p.rsplit("/", 1)[-1]))
        ]
        return set(sorted(found, key=lambda p: (p.count("/"), p))[:MOST_GLOBBED])

    def held(self, path: str, roots: list[str], past: list[str], now: bool) -> set[str] | None:
        """What the session holds of the file `path` (of the tree at any of `roots`; its
        texts `past` too, and as it is `now` when asked): None when a `Read` named it,
        else its lines and values the session's text holds."""
        if any(os.path.join(root, path) in self.read for root in roots):
            return None
        texts = list(past)
        if now:
            texts.extend(_current(os.path.join(roots[0], path)))
        found: set[str] = set()
        for text in texts:
            lines, values = pieces(text)
            found.update(line for line in lines if line in self.lines)
            found.update(value for value in values if self._holds(value))
        return found - self.authored

    def _holds(self, value: str) -> bool:
        """Whether `value` is in what the session was told, not in what it wrote."""
        known = self._known.get(value)
        if known is None:
            word = anchor(value)
            known = self._known[value] = (
                bool(word)
                and word in self.tokens
                and value in self._told
                and value not in self._written
            )
        return known


def _current(full: str) -> list[str]:
    """The text of the regular file at `full` (none when bigger than MOST_BYTES)."""
    try:
        st = os.lstat(full)
        if not stat.S_ISREG(st.st_mode) or st.st_size > MOST_BYTES:
            return []
        with open(full, "rb") as file:
            return [file.read(MOST_BYTES).decode("utf-8", "replace")]
    except OSError:
        return []


def ignored_held(repo: GitRepository, plan_id: str, sessions: dict[str, bytes]) -> list[str]:
    """The paths of the working tree the user's rules ignore, now or at `plan_id`'s start,
    that the user does not track, and whose bytes (now, or as the plan saved them) the
    session files `sessions`, or the files the plan's checkpoints carry, hold. A piece the
    tree's other files hold too (tracked or untracked, not ignored, not carried by the
    plan: `from os import path` in a `.venv` copy and in the user's code) tells nothing
    and is not counted."""
    if not sessions:
        return []
    carried = carried_texts(repo, plan_id)
    text = SessionText(sessions, (t for texts in carried.values() for t in texts))
    now = _listed(repo, "-i")
    candidates = {p for p in now if text.names(p)} | text.globbed(now)
    rules = StartRules(repo).of(plan_id)
    if rules is not None:
        others = [p for p in _listed(repo) if text.names(p)]
        if others:
            listing = b"\0".join(p.encode("utf-8", "surrogateescape") for p in others)
            candidates.update(StartRules(repo).ignored(rules, listing))
    past = saved_texts(repo, plan_id)
    roots = list(dict.fromkeys([str(repo.root), os.path.realpath(repo.root)]))
    held = {
        p: text.held(p, roots, past.get(p, []), p in candidates) for p in candidates | set(past)
    }
    seen = set().union(*(lines for lines in held.values() if lines))
    common = _shared_lines(repo, seen, (candidates - set(now)) | set(carried))
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
