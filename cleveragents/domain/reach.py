"""A place of the tree a git config value may run (`Reach`), and how the readers of a value
(`config_programs.py`, `interpreters.py`) name one from a word of its command line.

A word the shell expands before it runs it (`"$PWD"/x`, `./scripts/*.sh`, `a=~/x`, a
substitution's output) names a file agents cannot name ahead: when a shell or an interpreter
runs it, all of the folder before its first expansion is reachable when only a glob follows
(a glob matches within one name), else (braces may hold a `..`) the whole tree.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, replace
from fnmatch import fnmatchcase

from cleveragents.domain.rules import name_as_opened

WHOLE = "*"  # every name at the tree's top, and all below it
ANY_FOLDERS = "**"  # a part of a place's pattern: any folders, none included (`**/x.js`)
PACKAGE = "*/__init__.*"  # a package folder: the adapter adds each one standing, whole
SUBSTITUTED = "\0"  # marks where a substitution stood in a word (no git value holds a NUL)
# What the shell expands in a word: a variable, a glob, a `~` not at its start, a
# substitution's mark, braces (bash's `{a,b}`, `{1..3}`).
EXPANSION = re.compile(r"[$*?\[\0]|(?<=.)~|\{(?=[^}]*(?:,|\.\.)[^}]*\})")
_PLACE = re.compile(r"\0\d+\0")


@dataclass(frozen=True)
class Reach:
    """A place of the tree (from its top) a value may run: `path` itself and all below it,
    `*` in a pattern standing for one name; found through `launcher`, or `unknown` (why
    agents cannot tell what the value runs)."""

    path: str
    launcher: str = ""
    unknown: str = ""
    hint: str = ""  # how the setting could keep its launcher out of the tree
    repo: str = ""  # the nested repository (its top) whose own config names it; "": the top's
    kind: str = ""  # a tool's config (`mypy`): read for what that tool loads (`tool_configs`)
    vouch: str = ""  # the program `agents hooks vouch` could hold to reading data (`unknown`)
    # An `unknown` that holds only where no set of these files (from the same folder as
    # `path`) all stand: `python3 -m NAME` runs the tree's `NAME.py`, read as its files,
    # and only a NAME installed outside the tree is a program agents cannot tell about.
    unless: tuple[tuple[str, ...], ...] = ()
    # A word of a program's arguments read as a file it may open, not as one it surely runs
    # (`notify-send "Task done"`, `git log -n 5`): missing, the sandbox makes no mount point
    # for it unless it looks like a path (`host_binds.path_like`), attack 21 #9. Only a
    # program agents knows (`launchers.reads_data`): not `mytool setup` (attack 22 #7).
    data: bool = False
    # Each name matched as a case-insensitive disk opens it (`rules.name_as_opened`): what a
    # program of the home opens by name in any folder (`.exrc` is the model's `.EXRC`
    # there, attack 23 F31), as `.claude` and `.git` are.
    any_case: bool = False

    def covers(self, path: str) -> bool:
        """Whether `path` (relative to the tree's top) is this place or lies in it."""
        parts, pattern = posixpath.normpath(path).split("/"), self.path.split("/")
        if self.any_case:
            parts, pattern = [name_as_opened(p) for p in parts], list(map(name_as_opened, pattern))
        if not self.launcher and not self.unknown:  # a word of the value: no pattern
            return parts[: len(pattern)] == pattern
        return _matches(parts, pattern)

    def on_way(self, path: str) -> bool:
        """Whether `path` (relative to the tree's top) stands where a folder of this place
        would (`deep/sub/bin` of `**/bin/proxy.sh`, `scripts` of `scripts/check.sh`, any
        folder below `pkg` of `pkg/**/x`): a link there leads the place elsewhere, to
        whatever its target holds. Not one only a leading `**` spans: what the link leads to
        in the tree matches the place where it stands."""
        return bool(self.beyond(path))

    def beyond(self, path: str) -> list[str]:
        """What of this place lies beyond `path` where it stands on the way (`on_way`): the
        rest of the pattern after each folder `path` is (`proxy.sh` of `**/bin/proxy.sh` at
        `deep/sub/bin`; `**/.vscode/x` of `pkg/**/.vscode/x` at `pkg/a`, the `**` going on)."""
        parts, pattern = posixpath.normpath(path).split("/"), self.path.split("/")
        found: list[str] = []
        for at in range(1, len(pattern)):
            head = pattern[:at]
            if all(part == ANY_FOLDERS for part in head):
                continue
            plain = not self.launcher and not self.unknown
            if parts == head if plain else _exactly(parts, head):
                rest = [ANY_FOLDERS, *pattern[at:]] if head[-1] == ANY_FOLDERS else pattern[at:]
                found.append("/".join(rest))
        return list(dict.fromkeys(found))


def _exactly(parts: list[str], pattern: list[str]) -> bool:
    """Whether `parts` are exactly what `pattern` names (`*` one name, `**` any folders)."""
    if not pattern:
        return not parts
    if pattern[0] == ANY_FOLDERS:
        return any(_exactly(parts[skip:], pattern[1:]) for skip in range(len(parts) + 1))
    return bool(parts) and fnmatchcase(parts[0], pattern[0]) and _exactly(parts[1:], pattern[1:])


def _matches(parts: list[str], pattern: list[str]) -> bool:
    """Whether `parts` lie in a place `pattern` names: `*` one name, `**` (a whole part)
    any folders, none included."""
    at = pattern.index(ANY_FOLDERS) if ANY_FOLDERS in pattern else len(pattern)
    head, tail = pattern[:at], pattern[at + 1 :]
    if len(parts) < len(head) or not all(map(fnmatchcase, parts, head)):
        return False
    if at == len(pattern):
        return True
    rest = parts[len(head) :]
    return any(_matches(rest[skip:], tail) for skip in range(len(rest) + 1))


def named(cwd: str, words: list[str], *, data: bool = False) -> list[Reach]:
    """Files `words` may name, run in `cwd`, as the tree sees them (`~` the adapter's); a
    word holding a substitution's output names nothing agents can read (the substitution
    itself is read where it stands). `data`: words a known program reads (`Reach.data`)."""
    return [
        Reach(w if w.startswith(("~", "/")) else joined(cwd, w), data=data)
        for w in words
        if SUBSTITUTED not in w
    ]


def run_files(cwd: str, words: list[str]) -> list[Reach]:
    """Files `words` name that a shell or an interpreter surely runs (a script, a `.`'s
    file, a module option's file): a word the shell expands by its folder or the tree."""
    found: list[Reach] = []
    for word in words:
        found.extend(unnamed(cwd, word) if EXPANSION.search(word) else named(cwd, [word]))
    return found


def unnamed(cwd: str, word: str) -> list[Reach]:
    """What a file word the shell expands (`EXPANSION`) may name: all of the tree's folder
    before a glob, else (a variable, a substitution, a `~`, a glob over `..`) the tree."""
    why = f"`{shown(word)}` as a file"
    match = EXPANSION.search(word)
    at = match.start() if match else len(word)
    head, slash, tail = word[:at].rpartition("/")
    folder = joined(cwd, head if slash else ".")
    bounded = not re.search(r"[$\0{]|(?<=.)~", word) and not word.startswith(("/", "~"))
    inner = bounded and ".." not in (tail + word[at:]).split("/")
    if inner and folder not in ("", ".") and not folder.startswith(".."):
        return [Reach(escaped(folder), unknown=why)]
    return [Reach(WHOLE, unknown=why)]


def places(
    folder: str, names: tuple[str, ...], launcher: str, hint: str = "", *, absolute: bool = False
) -> list[Reach]:
    """The places `names` of `folder` where `launcher` finds what it runs; an `absolute`
    folder's too, for the adapter to find in the tree (a `PYTHONPATH` entry's)."""
    if folder.startswith("..") or (folder.startswith("/") and not absolute):
        return []  # outside the tree (an absolute folder: the adapter judges `cd` only)
    said = f" ({hint} would not look there)" if hint else ""
    return [Reach(joined(escaped(folder), name), launcher, hint=said) for name in names]


def inside(folder: str, launcher: str) -> Reach:
    """All of `folder`, or the whole tree when `folder` holds its top."""
    if folder in ("", ".") or folder.startswith(".."):
        return Reach(WHOLE, launcher=launcher)
    return Reach(escaped(folder), launcher=launcher)


def anywhere_of(reaches: list[Reach], launcher: str, hint: str) -> list[Reach]:
    """`reaches` of a line run in the tree's top, as run in whatever folder `launcher` starts
    in: each relative place of a file it runs, in every folder (`**/x`; attack 23 F20: the
    user's own Claude Code hook `./.claude/stop.sh` runs `deep/.claude/stop.sh` in `deep`)."""
    return [
        replace(r, path=f"{ANY_FOLDERS}/{r.path}", launcher=r.launcher or launcher, hint=hint)
        for r in reaches
        if not (r.unknown or r.data or r.path == WHOLE or r.path.startswith(("/", "~", "..")))
        and r.path.split("/")[0] != ANY_FOLDERS
    ]


def shown(word: str) -> str:
    """A word of the user's value as data in a one-line message (a substitution `(…)`)."""
    return printable(_PLACE.sub("(…)", word))


def printable(word: str) -> str:
    """`word` as data in a one-line message: escaped unless every character prints."""
    return word if word.isprintable() else word.encode("unicode_escape").decode("ascii")


def escaped(path: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", path)


def joined(cwd: str, path: str) -> str:
    return posixpath.normpath(posixpath.join(cwd, path))
