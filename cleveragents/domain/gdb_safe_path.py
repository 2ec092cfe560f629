"""gdb's `set auto-load safe-path` (`add-auto-load-safe-path`) read as gdb reads it, for
`domain/cwd_reads.py`: a safe path holding the tree, or relative (`.`), has gdb load the
`.gdbinit` of whatever folder of it gdb starts in, and `*-gdb.py`, `*-gdb.gdb`, `*-gdb.scm`
beside an object; one inside the tree, those of the folders below it."""

from __future__ import annotations

import posixpath
import re

from cleveragents.domain.reach import ANY_FOLDERS, Reach, escaped

GDB_NAMES = (".gdbinit", "*-gdb.py", "*-gdb.gdb", "*-gdb.scm")
GDB_SAFE = re.compile(
    r"^\s*(?:set\s+auto-l[a-z]*\s+s[ac][a-z-]*|add-auto-load-safe-path"
    r"|add-auto-load-scripts-directory)\s+(.*?)\s*$"
)


def safe_path_places(lines: list[str], setting: str, top: str, home: str) -> list[Reach]:
    """gdb's auto-load places in the tree: every folder of it when a safe path holds its top
    or is relative (`.`: whatever folder gdb starts in), the folder below when one lies in
    it; gdb's abbreviations (`set auto-load safe /`) read as it reads them (attack 23 F4)."""
    found: list[Reach] = []
    for line in lines:
        match = GDB_SAFE.match(line)
        if match is None:
            continue
        for entry in match[1].split(":"):
            path = entry.strip().strip("'\"")
            path = home + path[1:] if path == "~" or path.startswith("~/") else path
            path = path.replace("${HOME}", home).replace("$HOME", home)
            head = re.split(r"[*?\[]", path)[0]  # a glob: the folder before it
            folder = posixpath.normpath(head if head == path else head.rpartition("/")[0] or "/")
            if path and not path.startswith(("/", "$")):  # `.`: the folder gdb starts in
                return _everywhere(setting)
            if not path.startswith("/") or "$" in folder:
                continue  # gdb's own `$debugdir`, `$datadir`
            if top == folder or top.startswith(folder.rstrip("/") + "/"):
                return _everywhere(setting)
            if folder.startswith(top + "/"):
                inside = escaped(folder.removeprefix(top + "/"))
                found += [
                    Reach(
                        f"{inside}/{ANY_FOLDERS}/{n}",
                        "gdb",
                        hint=f"{setting}'s auto-load safe-path",
                    )
                    for n in GDB_NAMES
                ]
    return found


def _everywhere(setting: str) -> list[Reach]:
    said = f"{setting}'s auto-load safe-path"
    return [Reach(f"{ANY_FOLDERS}/{name}", "gdb", hint=said) for name in GDB_NAMES]
