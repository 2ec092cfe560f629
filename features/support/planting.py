"""What the properties about host-run files share: the model's write, unless refused."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.host_folders import host_folders
from cleveragents.domain.host_files import HostFolders, host_run


def planted(root: Path, path: str, text: str, *, executable: bool = True) -> bool:
    """Write `text` at `path` of the tree at `root`, as a model's file action would, unless
    agents refuses it to the model (`host_run`): whether it was written."""
    repo = GitRepository(root=root.resolve(), git_dir=(root / ".git").resolve())
    if host_run(path, host_folders(repo)) is not None:
        return False
    full = root / path
    full.parent.mkdir(parents=True, exist_ok=True)
    full.write_text(text)
    if executable:
        full.chmod(0o755)
    return True


def textconv_tree(top: Path, untouched: str, text: str) -> tuple[Path, Path, GitRepository]:
    """A repository at `top/tree` whose `d.x` git shows through the `diff.x` textconv (not
    set yet), changed since its one commit, with a folder `other` and the file `untouched`
    holding `text`: (its top, the folder for marks, the repository)."""
    root = top / "tree"
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    (root / ".gitattributes").write_text("*.x diff=x\n")
    (root / "d.x").write_text("one\n")
    (root / "other").mkdir()
    (root / untouched).write_text(text)
    git = ["git", "-c", "user.name=a", "-c", "user.email=a@b"]
    subprocess.run([*git, "add", "."], cwd=root, check=True)
    subprocess.run([*git, "commit", "-qm", "s"], cwd=root, check=True)
    (root / "d.x").write_text("two\n")
    return (
        root,
        top / "marks",
        GitRepository(root=root.resolve(), git_dir=(root / ".git").resolve()),
    )


def marks_host_run(host: HostFolders, marks: Path, scripts: list[str], said: str) -> int:
    """Assert that each script of `scripts` that left its mark in `marks` (its index as the
    mark's name) is a host-run file; how many did."""
    found = os.listdir(marks) if marks.is_dir() else []
    for mark in found:
        path = scripts[int(mark)]
        assert host_run(path, host) is not None, f"{said} ran {path}: {host.programs}"
    return len(found)
