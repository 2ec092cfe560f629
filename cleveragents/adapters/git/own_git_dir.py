"""OwnGitDir: the files of the repository's own git directory that tell git where to find
its config and hooks, put back after a command that changed them.

Claude Code's Bash runs on the host. One call can write `.git/commondir` (`../.evil`: git
then reads the repository's config, hooks, objects and refs from that folder of the working
tree), or replace `.git/hooks` or `.git/config` with a link into the tree. From then on every
later command, even a sandboxed one, and every file action of the model's could change what
the user's git runs. So just before each command the look notes, in this repository's git
directory (and in its common dir, for a linked worktree): `commondir` and `gitdir`, whose
every change is put back (a new one removed), and `config`, `config.worktree` and `hooks`,
which are put back when they became a link, or a file where a folder stood (a regular file
rewritten in place is `own_config.py`'s and a hook in the tree's `.git/hooks`
`claude_dirs.py`'s). Where `.git` is a file (a linked worktree, a submodule's checkout), the
hooks git runs lie in the common dir, outside the tree: each file there is held to its bytes
too (a new one removed: git would run it at the user's next commit in any worktree).
The `hooks` of each submodule's git dir under `modules/` (at any depth) is held as the top's
is: a link made there, where no folder or a folder stood, has git run the hooks of the
folder it leads to (a new folder's hooks are `claude_dirs.py`'s, as `own_config.py` lists it).
A top `.git` file (`gitdir: …`, in a linked worktree or a submodule) is held to its bytes.
`info/exclude` (in the common dir) is held to its bytes too: it lists the files the user
keeps out of git by hand, and emptied it would let a checkpoint, and a push, take them.
A recorded session's next hook process finds the repository through a config made a link
into the tree and puts it back (`tree_includes` lets it, settling); when the look before the
call is lost, the link becomes a regular file of the bytes it named (`unlink_configs`).
`objects/info/alternates` is left alone: objects are data, git runs none of them.
Cost: an `lstat` of nine paths, and a read of the few small ones, per command (and of the
hooks folder's files, when it is the common dir's; a listing of `modules/` and an `lstat`
per submodule).
"""

from __future__ import annotations

import base64
import os
import stat
from collections.abc import Callable
from pathlib import Path

from cleveragents.adapters.folder_walk import walk
from cleveragents.adapters.git.modes import LINK
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.git.saved_files import FileSaver, remove
from cleveragents.adapters.git.saved_names import escaped
from cleveragents.domain.box_holds import Held
from cleveragents.domain.command_saves import shown_path
from cleveragents.errors import ConflictingState

EXACT = ("commondir", "gitdir")  # every change put back
LINKABLE = ("config", "config.worktree", "hooks")  # put back when git would look elsewhere
NEW_HOOK = "new, git would run it outside the sandbox"
EXCLUDE = Path("info", "exclude")  # the user's own ignore rules, in the common dir: exact
MOST_MODULES = 256  # submodules' git dirs looked at, at most
MOST_BYTES = 1 << 20  # a file larger than this is not kept: put back is then refused
# By path (as shown): "folder", "link:TARGET", "file:MODE:BASE64" ("linked:…" with a second
# name, a hard link), "big" or "other".
Structure = dict[str, str]
File = tuple[str, str, bytes]  # (path in a commit, git mode, bytes)
Keep = Callable[[str, list[File]], str]  # (plan, files) -> the commit holding them


class OwnGitDir:
    """Looks at the structure of the repository's own git dir and puts back what changed."""

    def __init__(self, repo: GitRepository, keep: Keep | None = None) -> None:
        self.repo = repo
        self._keep = keep  # what a put-back removes or overwrites: kept in a commit first

    def look(self) -> Structure:
        found: Structure = {}
        for label, full, _ in self._watched({}):
            seen = _seen(full)
            if seen is not None:
                found[label] = seen
        return found

    def put_back(
        self, before: Structure | None, holds: Held = None, plan_id: str | None = None
    ) -> list[str]:
        """What a command changed of `before`, as it was; one line for each. What changed
        where the box held it read-only the whole command (`holds`: the top `.git`) was
        the host's (the user's own line in `info/exclude`): it stays, unsaid. What stood
        where something goes back (the user's, maybe: a command on the host) is read
        first and kept in a commit of the plan `plan_id` the line names, once git finds
        this repository again."""
        if before is None:  # pragma: no cover - a look held on disk by an older agents
            return []
        changed: list[tuple[str, Path, str | None, str | None]] = []
        for label, full, exact in self._watched(before):
            was, now = before.get(label), _seen(full)
            if was == now or not (exact or _elsewhere(was, now)) or was == "big":
                continue
            if holds is None or not holds.holds(label):  # held: the host's
                changed.append((label, full, was, now))
        # What stands is read first, kept once git finds this repository again (after).
        standing = {label: _standing(label, full, now) for label, full, _, now in changed}
        lines: list[tuple[str, str]] = []
        hooks = self._hooks_label()
        for label, full, was, now in changed:
            if now is not None:
                remove(full)
            _write(full, was)
            verb = "removed" if was is None else "put back"
            hook = hooks is not None and label.startswith(f"{hooks}/")
            why = NEW_HOOK if hook and was is None else _why(label, was, now)
            why = "changed by the command" if label.endswith(str(EXCLUDE)) else why
            lines.append((label, f"{verb} {shown_path(label)}: {why}"))
        kept = self._kept(plan_id, standing)
        return [f"{line}{kept.get(label, '')}" for label, line in lines]

    def _kept(self, plan_id: str | None, standing: dict[str, list[File]]) -> dict[str, str]:
        """Keep what stood at each label (`_standing`) in one commit; what each label's line
        then says of it."""
        files = [file for found in standing.values() for file in found]
        if self._keep is None or plan_id is None or not files:
            return {}
        short = self._keep(plan_id, files)[:12]
        return {label: _kept_line(short, label) for label, found in standing.items() if found}

    def refuse_left(self, before: Structure | None, holds: Held = None) -> None:
        """Raise `ConflictingState` when what a command changed could not be put back (a
        file too large to keep, or one git or the disk would not let us write); what the
        box held read-only is the host's (`put_back`)."""
        for label, full, exact in self._watched(before or {}):
            was, now = (before or {}).get(label), _seen(full)
            if holds is not None and holds.holds(label):
                continue
            if before is not None and was != now and (exact or _elsewhere(was, now)):
                raise ConflictingState(
                    f"a command changed {shown_path(label)}, which tells git where this "
                    "repository's config and hooks are, and agents could not put it back",
                    hint=f"put {shown_path(label)} back as it was by hand, then retry",
                )

    def unlink_configs(self) -> list[str]:
        """After a command whose look is lost: a config made a link into the working tree
        becomes a regular file again, of the bytes it names (the settings that run programs
        are then put back as the decision recorded them: `own_config.py`). One line each."""
        said: list[str] = []
        for label, full, _ in self._watched({}):
            target = full.resolve()
            if full.name not in ("config", "config.worktree") or not self._in_tree(target):
                continue
            data = target.read_bytes() if target.is_file() else b""
            remove(full)
            full.write_bytes(data)
            said.append(f"put back {shown_path(label)}: a link into the working tree, made a file")
        return said

    def _in_tree(self, target: Path) -> bool:
        """Whether `target` (resolved) is a file of the working tree, outside its git dir."""
        root, git_dir = self.repo.root.resolve(), self.repo.git_dir.resolve()
        return target.is_relative_to(root) and not target.is_relative_to(git_dir)

    def _watched(self, before: Structure) -> list[tuple[str, Path, bool]]:
        """(label, path, whether every change is put back) of each watched path: and each
        file of the hooks folder git runs when it is not the tree's `.git/hooks` (which
        `claude_dirs.py` watches), now or in `before`."""
        places = [self.repo.git_dir]
        common = common_dir_now(self.repo)
        if os.path.normpath(common) != os.path.normpath(self.repo.git_dir):
            places.append(common)
        watched = []
        for place in places:
            names = [*EXACT, *LINKABLE] if place == self.repo.git_dir else ["config", "hooks"]
            watched += [(self._label(place / n), place / n, n in EXACT) for n in names]
        top = self.repo.root / ".git"
        if os.path.normpath(top) != os.path.normpath(self.repo.git_dir):
            watched.append((".git", top, True))  # a `gitdir:` file naming the git dir
        # Each submodule's git dir's `hooks`, as the top's: a link made there (where none or
        # a folder stood) would have git run the hooks of a folder anywhere.
        for module in module_git_dirs(common):
            hooks_at = common / module / "hooks"
            watched.append((self._label(hooks_at), hooks_at, False))
        exclude = common / EXCLUDE
        watched.append((self._label(exclude), exclude, True))
        hooks = self._hooks_label()
        if hooks is not None:
            folder = common / "hooks"
            names = _names(folder) if folder.is_dir() and not folder.is_symlink() else []
            names += [k.removeprefix(f"{hooks}/") for k in before if k.startswith(f"{hooks}/")]
            watched += [(f"{hooks}/{n}", folder / n, True) for n in sorted(set(names))]
        return watched

    def _hooks_label(self) -> str | None:
        """The label of the hooks folder git runs, when it is not the tree's own
        `.git/hooks`: a linked worktree's common dir's, a submodule checkout's
        `.git/modules/NAME/hooks`, a `--separate-git-dir`'s; None otherwise."""
        hooks = common_dir_now(self.repo) / "hooks"
        if os.path.normpath(hooks) == os.path.normpath(self.repo.root / ".git" / "hooks"):
            return None
        return self._label(hooks)

    def _label(self, path: Path) -> str:
        inside = os.path.relpath(path, self.repo.root)
        return str(path) if inside.startswith("..") else inside


def common_dir_now(repo: GitRepository) -> Path:
    """The common dir the git dir's `commondir` names now (the git dir itself without one):
    a process that settles a held look may have found the repository while a planted one
    stood, and puts it back before it reads any config."""
    try:
        named = (repo.git_dir / "commondir").read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return repo.git_dir
    return Path(os.path.normpath(repo.git_dir / named))


def module_git_dirs(common: Path) -> list[str]:
    """The git dirs of the submodules under `common`'s `modules/` (relative to it), at any
    depth and theirs: a submodule's name may hold slashes (`modules/a/b`), a folder holding
    a `HEAD` is one."""
    found: list[str] = []
    folders = [f"modules/{n}" for n in folder_names(common / "modules")]
    while folders and len(found) < MOST_MODULES:
        folder = folders.pop()
        if (common / folder / "HEAD").is_file():
            found.append(folder)
            folders += [f"{folder}/modules/{n}" for n in folder_names(common / folder / "modules")]
        else:
            folders += [f"{folder}/{n}" for n in folder_names(common / folder)]
    return sorted(found)


def folder_names(folder: Path) -> list[str]:
    """The names of the folders (not links) in `folder`, sorted; none when it is no folder."""
    try:
        return sorted(e.name for e in os.scandir(folder) if e.is_dir(follow_symlinks=False))
    except OSError:
        return []


def _names(folder: Path) -> list[str]:
    try:
        return os.listdir(folder)
    except OSError:  # pragma: no cover - removed between its lstat and here
        return []


def _seen(full: Path) -> str | None:
    try:
        st = os.lstat(full)
    except OSError:
        return None
    if stat.S_ISDIR(st.st_mode):
        return "folder"
    if stat.S_ISLNK(st.st_mode):
        return f"link:{os.readlink(full)}"
    if not stat.S_ISREG(st.st_mode):
        return "other"
    if st.st_size > MOST_BYTES:
        return "big"
    data = base64.b64encode(full.read_bytes()).decode()
    # A second name (`ln .git/config tools.cfg`): a write in place there is a write here.
    kind = "file" if st.st_nlink == 1 else "linked"
    return f"{kind}:{stat.S_IMODE(st.st_mode):o}:{data}"


def _elsewhere(was: str | None, now: str | None) -> bool:
    """Whether git would now find what `was` held somewhere else: a new link, or a file
    where a folder stood (or the other way); a file rewritten in place is not."""
    if now is None or was is None:
        return was is None and now is not None and now.startswith("link:")
    return now.startswith("link:") or now.partition(":")[0] != was.partition(":")[0]


def _write(full: Path, was: str | None) -> None:
    if was is None:
        return
    kind, _, rest = was.partition(":")
    if kind == "folder":
        full.mkdir()
    elif kind == "link":
        os.symlink(rest, full)
    elif kind in ("file", "linked"):
        mode, _, data = rest.partition(":")
        full.write_bytes(base64.b64decode(data))
        os.chmod(full, int(mode, 8))


def _why(label: str, was: str | None, now: str | None) -> str:
    if was is None and os.path.basename(label) == "hooks":
        return "new, git would run the hooks where it leads, outside the sandbox"
    if was is None:
        return "new, git would take this repository's config and hooks from where it names"
    if now is None:
        return "removed by the command"
    if now.startswith("link:") and not was.startswith("link:"):
        return "replaced by a link by the command"
    if now.startswith("linked:") and not was.startswith("linked:"):
        return "given a second name by the command"
    return "changed by the command"


def keeping(saver: FileSaver, commit: Callable[[str, str, str], str]) -> Keep:
    """What keeps files for `OwnGitDir.put_back`: a commit on the plan's saved ref (`commit`:
    plan, tree, message) holding each (path, git mode, bytes)."""

    def keep(plan_id: str, files: list[File]) -> str:
        blobs = [saver.objects.blob(data) for _, _, data in files]
        tree = saver.tree_of([(p, m, b) for (p, m, _), b in zip(files, blobs, strict=True)])
        return commit(plan_id, tree, "cleveragents removed files: the repository's git dir")

    return keep


def _standing(label: str, full: Path, now: str | None) -> list[File]:
    """What stands at `label` (as `_seen` read it) as (path in a commit, git mode, bytes):
    a file's or link's, or each file of a folder (up to `MOST_BYTES` each)."""
    path = label.lstrip("/")
    kind, _, rest = (now or "").partition(":")
    if kind in ("file", "linked"):
        mode, _, data = rest.partition(":")
        return [(path, _git_mode(int(mode, 8)), base64.b64decode(data))]
    if kind == "link":
        return [(path, LINK, os.fsencode(rest))]
    if kind != "folder":
        return []
    found: list[File] = []
    for top, _, names in walk(full):
        for name in names:
            inside = os.path.join(top, name)
            seen = _seen(Path(inside))
            inner = f"{path}/{os.path.relpath(inside, full)}"
            found += _standing(inner, Path(inside), seen) if seen != "folder" else []
    return found


def _kept_line(short: str, label: str) -> str:
    named = shown_path(escaped(label.lstrip("/")))  # as the commit's tree holds it
    return f"; what stood there is kept in commit {short} (git show {short}:{named})"


def _git_mode(perm: int) -> str:
    return "100755" if perm & 0o111 else "100644"
