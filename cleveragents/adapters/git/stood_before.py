"""What stood in the tree before a command, for a place watched only since it.

A command's `git config diff.x.textconv ./tools/conv` makes `tools/conv` a program git
runs, though no look before the command watched it (no setting named it then). What the
command did there is judged against what the command's look holds of it instead: the
checkpoint it ran from (`CommandLook.tree`) and the ignored files saved just before it
(`CommandLook.ignored`). A file or link standing with the git mode and bytes one of them
holds is the user's: `claude_dirs.py` leaves it, and the setting alone goes back. Anything
else (made, or changed, by the command or an earlier action of the agent's) is removed as
any new file there is. Cost: one `ls-tree` of those paths and one `hash-object`, only
after a command that made a setting name a file of the tree.
"""

from __future__ import annotations

import stat
from collections.abc import Mapping

from cleveragents.adapters.git.checkout import lstat
from cleveragents.adapters.git.saved_files import FileSaver, git_mode, has_bytes
from cleveragents.domain.command_saves import IgnoredFile


def stood_before(
    saver: FileSaver, tree: str | None, ignored: Mapping[str, IgnoredFile], paths: list[str]
) -> set[str]:
    """Of `paths` (of the tree now), those that stood as they stand now before the command:
    a file or link whose git mode and bytes `tree` or a saved ignored file held, a folder
    `tree` held files in."""
    held = {path: (mode, blob) for path, mode, blob in saver.listing(tree, paths)}
    held.update({path: (saved.git_mode, saved.blob) for path, saved in ignored.items()})
    found: set[str] = set()
    files: list[tuple[str, str]] = []
    for path in paths:
        st = lstat(f"{saver.repo.root}/{path}")
        if st is None:  # pragma: no cover - removed since the look after the command
            continue
        if stat.S_ISDIR(st.st_mode):
            if any(known.startswith(f"{path}/") for known in held):
                found.add(path)
        elif has_bytes(st) and held.get(path, ("", ""))[0] == git_mode(st):
            files.append((path, git_mode(st)))
    blobs = saver.hash_files(files) if files else []
    same = zip(files, blobs, strict=True)
    found.update(path for (path, _), blob in same if held[path][1] == blob)
    return found
