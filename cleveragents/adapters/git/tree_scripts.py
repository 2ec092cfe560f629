"""The tree scripts a git config setting runs, read for what they run in turn
(`domain/tree_scripts.py` judges them).

A script is read as the file it is: not through a link, nor a FIFO or a device (which
could block or never end), nor more than `MOST_BYTES`; such a one stands for the whole
tree (a link for its folder: where it leads is read in its place). What a script reaches
is kept with the stat (device, inode, mode, size, mtime, ctime, or absence) of each file
read for it, and read again when one changed, or had changed so recently (`RECENT`) that
a change in the same clock tick would keep its stamps: the user may edit the script while
the model works, and the model cannot (it is host-run). Reads and stamps are
`stamped_reads.py`'s.

A tool that looks its config up from each file it checks (eslint, prettier) loads one
anywhere below its working folder: such a place (`**/eslint.config.js`) is matched by one
walk of the tree (`below`), `.git` and `node_modules` not entered (what lies in the
latter is host-run whole where node finds it).

Cost: an `lstat` of each script read, per look; its read when it changed; when a hook runs
a tool whose configs lie anywhere, an `lstat` of each folder of the tree per look, and a
listing of each folder changed since the last.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
from dataclasses import replace
from pathlib import Path

from cleveragents.adapters.git.folder_listings import walked
from cleveragents.adapters.git.stamped_reads import Stamp, regular_bytes, settled, stamp
from cleveragents.domain.config_programs import ON_PATH, Reach, programs_on_path, reading_hook
from cleveragents.domain.launchers import launches, tabled
from cleveragents.domain.reach import ANY_FOLDERS, escaped, printable
from cleveragents.domain.tree_scripts import (
    LINK,
    MOST_BYTES,
    Script,
    outside_reach,
    scripts_reach,
)
from cleveragents.domain.vouches import refusal as vouch_refusal
from cleveragents.domain.vouches import vouched, vouched_now

_KEPT: dict[tuple[object, ...], tuple[dict[str, Stamp], list[Reach]]] = {}


def script_places(root: Path, path: str, cwd: str, kind: str = "") -> list[Reach]:
    """What the tree script `path` (from the top of the tree at `root`), run by git in the
    folder `cwd` of the tree (or the config of the tool `kind` it runs), may run in turn,
    from the tree's top."""
    from cleveragents.domain.interpreters import reading_code_unread  # read as a script is
    from cleveragents.domain.tool_configs import current_roots

    key: tuple[object, ...] = (str(root), path, cwd, kind, reading_hook(), reading_code_unread())
    key += (current_roots(), vouched_now())
    kept = _KEPT.get(key)
    if kept is not None and all(stamp(root / p, follow=False) == s for p, s in kept[0].items()):
        return _with_outside(root, cwd, kept[1])
    stamps: dict[str, Stamp] = {}

    def read(name: str) -> Script:
        stamps[name] = stamp(root / name, follow=False)
        return _read(root, name)

    found = scripts_reach([(path, cwd)], read, kind)
    if settled(stamps.values()):
        _KEPT[key] = (stamps, found)
    else:
        _KEPT.pop(key, None)
    return _with_outside(root, cwd, found)


def _with_outside(root: Path, cwd: str, found: list[Reach]) -> list[Reach]:
    """`found` (a tree script's reach) with each script it names OUTSIDE the tree
    (`exec ~/x/fmt.sh`, `sh ../sibling/fmt.sh`: the user's, the model cannot change it, but
    what it runs in the tree it can) read as a hook line's outside scripts are
    (`outside_places`, read afresh at each look), and the tree scripts those name read in
    turn (once: no outside reading again from there, `DEPTH` and `MOST_SCRIPTS` apply)."""
    outside = [r for r in found if _names_outside(r)]
    if not outside:
        return found
    more = outside_places(root, outside, cwd)
    further = [(r.path, cwd) for r in more if not (r.launcher or r.unknown or r.kind)]
    if further:
        more += scripts_reach(further, lambda name: _read(root, name))
    return list(dict.fromkeys([r for r in found if r not in outside] + more))


def _names_outside(reach: Reach) -> bool:
    """Whether `reach` is a file named by a path outside the tree (`~/x`, `/x`, `../x`)."""
    if reach.launcher or reach.unknown or reach.kind or re.search(r"[*?\[$]", reach.path):
        return False
    return reach.path.startswith(("/", "~", ".."))


def _read(root: Path, name: str) -> Script:
    """The tree file `name` as a script: its bytes, absent (or a folder: none), or why not
    read."""
    if ".git" in Path(name).parts:
        return Script()
    full = root / name
    try:
        seen = os.lstat(full)
    except OSError:
        return Script()
    if stat.S_ISDIR(seen.st_mode):
        return Script()
    if stat.S_ISLNK(seen.st_mode):
        return Script(unread=LINK)
    if not stat.S_ISREG(seen.st_mode):
        return Script(unread="a FIFO, socket or device")
    if seen.st_size > MOST_BYTES:
        return Script(unread="too large a script")
    found = regular_bytes(full, MOST_BYTES, follow=False)
    if found is None:  # or a swap since lstat
        return Script(unread="a file it cannot open")
    if len(found[0]) > MOST_BYTES:  # pragma: no cover - grown since lstat
        return Script(unread="too large a script")
    return Script(content=found[0], executable=bool(seen.st_mode & 0o111))


def outside_places(
    root: Path,
    reaches: list[Reach],
    cwd: str,
    base: str = "",
    read: list[str] | None = None,
    *,
    setting: bool = False,
) -> list[Reach]:
    """`reaches` (of a line run in `cwd`; paths from `base`, both folders of the tree `root`,
    as its realpath, `cwd` from `base`) with
    each script they name OUTSIDE the tree (`~/.claude/hooks/fmt.sh`, `python3 ~/x.py`: the
    user's, but what it runs in the tree the model can rewrite) replaced by what it runs of
    the tree, read by its kind as a tree script is (`domain/tree_scripts.outside_reach`,
    bounded; one agents cannot read: the whole tree). A shell, an interpreter or a launcher
    (`/usr/bin/python3`) is not read as a script: its table reads what it runs. Each file
    read goes into `read`. Of a git config program (`setting`), a binary or a script of
    another language outside the tree (`exec /opt/nvim/bin/nvim "$@"`, `diff-so-fancy`: a
    perl one's calls are read) runs nothing of it, as the setting naming it would;
    and a bare program whose script agents cannot tell about (VS Code's `code`) may be
    vouched for, said so."""

    on_path: set[str] = set()
    into: dict[Reach, Reach] = {}  # a program on PATH outside the tree linking into it

    def outside(reach: Reach) -> str | None:
        if reach.kind == ON_PATH:  # `claude-fmt`: the user's script on PATH, read as one
            found = shutil.which(reach.path)
            real = os.path.realpath(found) if found else ""
            linked = found and not Path(os.path.abspath(found)).is_relative_to(root)
            if linked and Path(real).is_relative_to(root / base):  # `~/.local/bin/x -> tree`
                into[reach] = Reach(Path(real).relative_to(root / base).as_posix())
                return None  # the tree script it is (attack 20, finding 7)
            if not real or Path(real).is_relative_to(root):
                return ""  # none, or the tree's: `path_folders.py` keeps those
            on_path.add(real)
            return real
        if reach.launcher or reach.unknown or re.search(r"[*?\[$]", reach.path):
            return None
        full = os.path.normpath(os.path.join(root, base, os.path.expanduser(reach.path)))
        if Path(os.path.realpath(full)).is_relative_to(root) or full == "/":
            return None  # the tree's own (as named or through its links): read as such
        if setting and any(vouched(os.path.basename(full), p) for p in (reach.path, full)):
            return None  # `agents hooks vouch ~/bin/edit.sh`: it runs nothing of the tree
        return None if launches(os.path.basename(full)) and not reach.kind else full

    def script(path: str) -> Script:
        if read is not None:
            read.append(path)
        found = _outside_script(path)
        # A program on PATH (`jq`), or one vouched for by its path (`/opt/acme/bin/acme-fmt`):
        # no script, read as before, by name (its words naming tree files: `vouches.py`).
        program = path in on_path or setting or vouched(os.path.basename(path), path)
        if program and found.content is not None and b"\0" in found.content:
            return Script()
        return found

    found: list[Reach] = []
    with programs_on_path():
        for reach in reaches:
            path = outside(reach)
            if path is None:
                found.append(into.get(reach, reach))
            elif path:
                kind = "" if reach.kind == ON_PATH else reach.kind
                runs = outside_reach([(path, kind)], cwd, script, outside, programs=setting)
                named = reach.path if reach.kind == ON_PATH else path
                found += _vouchable(runs, named) if setting else runs
    return list(dict.fromkeys(found))


def _vouchable(reaches: list[Reach], name: str) -> list[Reach]:
    """`reaches` of the user's script a git config program runs by its bare `name` on PATH
    or its absolute path: what agents cannot tell (the whole tree) is the user's to vouch
    for (`agents hooks vouch code`), said so."""
    if vouch_refusal(name) is not None:
        return reaches
    return [replace(r, vouch=name) if r.unknown and not r.vouch else r for r in reaches]


def _outside_script(path: str) -> Script:
    """The file `path` outside the tree as a script (links followed: the user's own);
    absent (or a folder) it runs nothing."""
    try:
        seen = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return Script()
    except OSError:
        return Script(unread="a file it cannot open")
    if stat.S_ISDIR(seen.st_mode):
        return Script()
    if not stat.S_ISREG(seen.st_mode):
        return Script(unread="a FIFO, socket or device")
    found = regular_bytes(path, MOST_BYTES)
    if found is None:
        return Script(unread="a file it cannot open")
    executable = bool(found[1].st_mode & 0o111)
    if b"\0" in found[0]:  # a program (`/usr/bin/vim`, however large), no script
        if tabled(os.path.basename(path)):
            return Script()  # `/usr/bin/jq`: the program its table reads by name
        return Script(content=found[0][:MOST_BYTES], executable=executable)
    if len(found[0]) > MOST_BYTES:
        return Script(unread="too large a script")
    return Script(content=found[0], executable=executable)


def below(root: Path, reaches: list[Reach]) -> list[tuple[Reach, str]]:
    """Each (place, path) of the tree `root` that a place of `reaches` holding `**` matches
    now, by one walk (`folder_listings.py`: a folder unchanged since the last is not
    listed again); `.git` and `node_modules` are not entered."""
    by_name: dict[str, list[Reach]] = {}
    for reach in reaches:
        parts = reach.path.split("/")
        if ANY_FOLDERS in parts:
            by_name.setdefault(parts[-1], []).append(reach)
    found: list[tuple[Reach, str]] = []
    if not by_name:
        return found
    for folder, names in walked(str(root)):
        for name in sorted(by_name.keys() & names):
            path = f"{folder}/{name}" if folder else name
            found += [(r, path) for r in by_name[name] if r.covers(path)]
    return found


def linked_packages(root: Path, reaches: list[Reach]) -> list[Reach]:
    """Where the packages a `node_modules` of `reaches` links to lie in the tree `root` (npm,
    yarn and pnpm workspaces link `node_modules/@acme/x` to `packages/x`): node loads them
    as it loads the folder, whole, so each is a place of its own."""
    found: list[Reach] = []
    real = os.path.realpath(root)
    for reach in reaches:
        if not reach.launcher or reach.path.split("/")[-1] != "node_modules" or "*" in reach.path:
            continue
        for entry in _entries(root / reach.path):
            target = os.path.realpath(entry)
            inside = os.path.relpath(target, real)
            if inside == "." or inside.startswith("..") or _within(inside, reach.path):
                continue  # outside, or in `node_modules` itself (pnpm's `.pnpm`): whole
            shown = Path(entry).relative_to(root).as_posix()
            place = escaped(Path(inside).as_posix())
            found.append(Reach(place, launcher=f"node, through {printable(shown)}"))
    return found


def _within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(f"{folder}/")


def _entries(folder: Path) -> list[str]:
    """The links in the `node_modules` `folder`, and in each `@scope` folder of it."""
    found: list[str] = []
    try:
        with os.scandir(folder) as listing:
            for entry in listing:
                if entry.is_symlink():
                    found.append(entry.path)
                elif entry.name.startswith("@") and entry.is_dir(follow_symlinks=False):
                    found += _entries(Path(entry.path))
    except OSError:
        pass
    return found
