"""Telling in-process that git ignores no part of a path: one `check-ignore` process less
for each file an agent writes (2-3 ms a step).

Only the sure answer is given here: "not ignored", when no rule that can ignore anything
could match the path or one of its folders, in every file git reads rules from: the
`.gitignore` of the top folder and of each folder on the way, `info/exclude`, and
`core.excludesFile` (by default `$XDG_CONFIG_HOME/git/ignore`). A negated rule (`!`) only
takes an ignore back, so it is passed over. A rule not read here exactly as git reads it
(`[...]`, `**`, a backslash, an empty one) counts as matching; so does a rules file that
cannot be read, or a `.gitignore` that is a link (git does not follow it). The caller asks
git whenever the answer is not sure. Case-insensitive repositories always ask git.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterable, Mapping
from pathlib import Path

BOM = b"\xef\xbb\xbf"
UNREAD = (b"\\", b"[", b"**")  # what git's wildmatch reads in ways not mirrored here
Rule = tuple[bool, re.Pattern[bytes]]  # (matched against the whole relative path, pattern)
_compiled: dict[bytes, list[Rule] | None] = {}


def global_files(common_dir: Path, settings: Mapping[str, str | None]) -> list[Path] | None:
    """The rules files every path is matched against besides `.gitignore` files; None when
    `core.excludesFile` names one in a way only git reads."""
    files = [common_dir / "info" / "exclude"]
    if "core.excludesfile" in settings:
        named = settings["core.excludesfile"]
        if not named or named.startswith("%("):
            return None
        files.append(Path(os.path.expanduser(named)))
    elif os.environ.get("XDG_CONFIG_HOME"):
        files.append(Path(os.environ["XDG_CONFIG_HOME"], "git", "ignore"))
    elif os.environ.get("HOME"):
        files.append(Path(os.environ["HOME"], ".config", "git", "ignore"))
    return files


def surely_not_ignored(root: Path, path: str, everywhere: Iterable[Path]) -> bool:
    """Whether no ignore rule can match `path` (relative to the top folder `root`) or any
    folder on its way: then git ignores none of it."""
    parts = path.encode("utf-8", "surrogateescape").split(b"/")
    if any(part in (b"", b".", b"..") for part in parts):
        return False
    names = path.split("/")
    for depth in range(1, len(names)):
        try:
            if not stat.S_ISDIR(os.lstat(root.joinpath(*names[:depth])).st_mode):
                return False  # a link or a file on the way: git says what it makes of it
        except FileNotFoundError:
            break
        except OSError:
            return False
    for rules_file in everywhere:
        if _could_match(rules_file, parts, follow=True):
            return False
    for depth in range(len(parts)):
        folder = root.joinpath(*names[:depth])
        if _could_match(folder / ".gitignore", parts[depth:], follow=False):
            return False
    return True


def _could_match(rules_file: Path, parts: list[bytes], follow: bool) -> bool:
    """Whether a rule of `rules_file` could match `parts` (a path relative to the file's
    folder) or one of its leading folders."""
    try:
        if not follow and rules_file.is_symlink():
            return True
        content = rules_file.read_bytes()
    except (FileNotFoundError, NotADirectoryError):
        return False
    except OSError:
        return True
    rules = _compiled.get(content)
    if content not in _compiled:
        rules = _compiled[content] = _rules(content)
    if rules is None:
        return True
    prefixes = [b"/".join(parts[: n + 1]) for n in range(len(parts))]
    for whole, pattern in rules:
        names = prefixes if whole else parts
        if any(pattern.fullmatch(name) for name in names):
            return True
    return False


def _rules(content: bytes) -> list[Rule] | None:
    """The rules of a file's content that can ignore something; None when one of them is
    not read here as git reads it."""
    rules: list[Rule] = []
    for line in content.removeprefix(BOM).split(b"\n"):
        line = line.removesuffix(b"\r")
        if not line or line.startswith((b"#", b"!")):
            continue
        if any(mark in line for mark in UNREAD):
            return None
        pattern = line.rstrip(b" ").removesuffix(b"/")  # a folder rule: matched as any
        whole = b"/" in pattern  # matched against the path from the rules' folder
        pattern = pattern.removeprefix(b"/")
        if not pattern:
            return None
        star, one = (b"[^/]*", b"[^/]") if whole else (b".*", b".")
        regex = b"".join(
            star if c == b"*" else one if c == b"?" else re.escape(c)
            for c in (pattern[i : i + 1] for i in range(len(pattern)))
        )
        rules.append((whole, re.compile(regex, re.DOTALL)))
    return rules
