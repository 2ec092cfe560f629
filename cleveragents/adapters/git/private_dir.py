"""The private git directory our working-tree plumbing runs in: byte-exact, hook-free.

`git add` applies `.gitattributes` (`text=auto` turns CRLF into LF, clean filters rewrite
content) and `read-tree -u` applies eol conversion and smudge filters. Only
`$GIT_DIR/info/attributes` outranks a working tree's `.gitattributes`, and git 2.39 has no
`--attr-source`; so `add`, `write-tree` and `read-tree -u` run with GIT_DIR pointing at a small
directory of ours (inside `<git-dir>/cleveragents/`) whose attributes turn every conversion
off, while objects go to the repository's own object database. Its config includes the
user's (excludes and the like), then overrides what would make git miss a change or write a
file otherwise than it was: `core.ignoreStat` (every change unseen), `core.trustctime` and
`core.checkStat` (a same-size change that keeps the mtime unseen), and `core.fileMode`,
`core.symlinks` and `core.ignoreCase` set as this file system behaves, probed as `git init`
probes them (not as the user's config says: a mode or a link would come back lost), and
the index's format and extensions, so that it is one `index_file.py` reads. Its
`info/exclude` is the user's; the user's index, HEAD and refs are never involved.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from cleveragents.adapters.folder_walk import remove_tree
from cleveragents.adapters.git.repository import IDENTITY, GitRepository

ATTRIBUTES = "* -text -filter -ident -working-tree-encoding -eol\n"
VERSION = "3"  # bump when the layout below changes: the directory is made again


def working_tree_env(repo: GitRepository, index: Path) -> dict[str, str]:
    """Environment for plumbing that reads or writes working-tree files through `index`."""
    return {
        "GIT_DIR": str(ensure(repo)),
        "GIT_WORK_TREE": str(repo.root),
        "GIT_INDEX_FILE": str(index),
        "GIT_OBJECT_DIRECTORY": str(repo.common_dir / "objects"),
        **IDENTITY,
    }


def ensure(repo: GitRepository) -> Path:
    """The private git directory, made (atomically) on first use."""
    where = repo.state_dir / "gitdir"
    marker = where / "cleveragents-version"
    if marker.is_file() and marker.read_text() == VERSION:
        return where
    repo.state_dir.mkdir(parents=True, exist_ok=True)
    draft = Path(tempfile.mkdtemp(prefix="gitdir-", dir=repo.state_dir))
    (draft / "refs").mkdir()
    (draft / "info").mkdir()
    (draft / "HEAD").write_text("ref: refs/heads/cleveragents\n")
    extensions = ""
    if repo.object_format != "sha1":
        extensions = f"[extensions]\n\tobjectFormat = {repo.object_format}\n"
    version = "1" if extensions else "0"
    (draft / "config").write_text(
        f"[core]\n\trepositoryformatversion = {version}\n\tbare = false\n{extensions}"
        f"[include]\n\tpath = {_quoted(repo.common_dir / 'config')}\n"
        f"\tpath = {_quoted(repo.git_dir / 'config.worktree')}\n" + _overrides(draft)
    )
    (draft / "info" / "attributes").write_text(ATTRIBUTES)
    os.symlink(repo.common_dir / "info" / "exclude", draft / "info" / "exclude")
    (draft / "cleveragents-version").write_text(VERSION)
    if marker.exists():
        # An index built under an older layout may hold assume-unchanged bits the user's
        # `core.ignoreStat` let git set, which hide a file's changes for good: it is a cache
        # of the tree (built again from the files), so it goes.
        with contextlib.suppress(FileNotFoundError):
            (repo.state_dir / "worktree.index").unlink()
    _replace_dir(draft, where)
    return where


def _overrides(probe_in: Path) -> str:
    """The core settings that follow the includes, so that the user's cannot stand."""
    facts = {
        "ignoreStat": "false",
        "trustctime": "true",
        "checkStat": "default",
        "fileMode": _bool(_keeps_exec_bit(probe_in)),
        "symlinks": _bool(_makes_symlinks(probe_in)),
        "ignoreCase": _bool(_ignores_case(probe_in)),
        # here and below: an index of format 2 or 3 with no extension but the cache of
        # trees, one `index_file.py` reads (`feature.manyFiles` asks for format 4 and more)
        "untrackedCache": "false",
        "splitIndex": "false",
    }
    core = "".join(f"\t{key} = {value}\n" for key, value in facts.items())
    index = {
        "version": "2",
        "sparse": "false",
        "skipHash": "false",
        "recordEndOfIndexEntries": "false",
        "recordOffsetTable": "false",
    }
    kept = "".join(f"\t{key} = {value}\n" for key, value in index.items())
    return f"[core]\n{core}[index]\n{kept}"


def _bool(fact: bool) -> str:
    return "true" if fact else "false"


def _keeps_exec_bit(folder: Path) -> bool:
    probe = folder / "probe-mode"
    probe.touch(mode=0o644)
    try:
        probe.chmod(0o755)
        set_kept = bool(probe.stat().st_mode & 0o111)
        probe.chmod(0o644)
        return set_kept and not probe.stat().st_mode & 0o111
    finally:
        probe.unlink()


def _makes_symlinks(folder: Path) -> bool:
    probe = folder / "probe-link"
    try:
        os.symlink("probe-target", probe)
    except OSError:
        return False
    probe.unlink()
    return True


def _ignores_case(folder: Path) -> bool:
    probe = folder / "probe-case"
    probe.touch()
    try:
        return (folder / "PROBE-CASE").exists()
    finally:
        probe.unlink()


def _quoted(path: Path) -> str:
    return '"' + str(path).replace("\\", "\\\\").replace('"', '\\"') + '"'


def _replace_dir(draft: Path, where: Path) -> None:
    """Move `draft` to `where`; an older one goes (a racing command may have made it too)."""
    if where.exists():
        old = where.with_name(f"{where.name}.old.{os.getpid()}")
        with contextlib.suppress(OSError):
            where.rename(old)
        remove_tree(old, ignore_errors=True)
    try:
        draft.rename(where)
    except OSError:  # another command made it first: theirs is as good as ours
        remove_tree(draft, ignore_errors=True)
