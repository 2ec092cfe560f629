"""What `agents gc` frees of the browser's kept files: page states, screenshots, trails,
cookies and storage (`page_files.py`) that no plan left in the store names any more.

A kept file is named by its SHA-256. A plan names one when its id appears anywhere in its
records (a decision's `page`, an operation); a kept JSON file may name others in turn, and
what it names is kept too. Only files named `<64 hex>.<ext>` in the kept folders are ever
removed: the browser's profile, its PID file and half-written `.part` files are not looked
at, nor any file written since gc began. Cookies and storage a dropped plan kept go
with it: gc is where they leave the disk.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

KEPT_NAME = re.compile(r"([0-9a-f]{64})\.[A-Za-z0-9]+")
ID = re.compile(r"(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])")
NOT_KEPT = frozenset({"profile"})  # Chromium's own folder: never a kept file


def kept_files(home: Path) -> dict[Path, str]:
    """Every kept file under the browser folder, with its id."""
    found: dict[Path, str] = {}
    if not home.is_dir():
        return found
    for folder in sorted(home.iterdir()):
        if folder.name in NOT_KEPT or folder.is_symlink() or not folder.is_dir():
            continue
        for path in folder.iterdir():
            match = KEPT_NAME.fullmatch(path.name)
            if match and path.is_file() and not path.is_symlink():
                found[path] = match.group(1)
    return found


def named(files: dict[Path, str], records: Iterable[str]) -> set[str]:
    """The ids `records` name, and those the kept JSON files they name name in turn."""
    ids: set[str] = set()
    for text in records:
        ids.update(ID.findall(text))
    by_id: dict[str, list[Path]] = {}
    for path, sha in files.items():
        by_id.setdefault(sha, []).append(path)
    todo = [p for sha in ids for p in by_id.get(sha, []) if p.suffix == ".json"]
    while todo:
        text = todo.pop().read_text(errors="replace")
        for sha in set(ID.findall(text)) - ids:
            ids.add(sha)
            todo.extend(p for p in by_id.get(sha, []) if p.suffix == ".json")
    return ids


def sweep(home: Path, records: Iterable[str], since_ns: int, dry_run: bool) -> tuple[int, int]:
    """Remove (unless `dry_run`) the kept files no record names, written before
    `since_ns`; how many, and their bytes."""
    files = kept_files(home)
    keep = named(files, records)
    count = size = 0
    for path, sha in files.items():
        if sha in keep:
            continue
        stat = path.stat()
        if stat.st_mtime_ns >= since_ns:
            continue
        if not dry_run:
            path.unlink(missing_ok=True)
        count, size = count + 1, size + stat.st_size
    return count, size
