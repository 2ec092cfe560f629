"""ClaudeDirs: no `.claude` setting a command makes or changes stays in the working tree.

Claude Code, which the user runs on the host (outside any sandbox), runs the hooks of the
`.claude/settings.json` and `settings.local.json` of the folder it starts in and of the
folders it works in, takes their permissions, and runs the `!` lines of their slash commands
and skills (`domain.rules.CLAUDE_RUNS`). A command's `mkdir .claude && printf '{"hooks":
...}' > .claude/settings.json` would run on the user's next `claude`. The sandbox binds an
existing top-level `.claude` read-only, but it cannot bind a missing one (bwrap would make
the folder in the user's tree to bind over), nor one deeper down.

Claude Code also starts the stdio servers a project's `.mcp.json` names, without asking once
the user approved them by name (`enabledMcpjsonServers`) or all of them: a command's
`cp x.json .mcp.json` keeps the name and changes the command run on the host. A `.mcp.json`
(any depth, any case: `domain.rules.mcp_file`) is looked at as a `.claude` is, below.

The repository's own `.git/hooks` is looked at whole the same way (`OWN_HOOKS`): the walk
leaves the top `.git` out, since the sandbox binds it read-only, but Claude Code's Bash runs
on the host, and git runs a hook planted there at the user's next commit.

So every `.claude` (any depth, any case: `domain.rules.claude_folder`), found by the walk
that looks for `.git` entries (`git_dirs.found`, with its cached listings), is looked at
just before a command and again just after it, as far as what Claude Code runs goes (and
so is the folder in the tree a `.claude` link of the user's leads to: Claude Code follows
the link, and the sandbox binds no link read-only):
  * a file or link the command made there is removed, and a folder it made when that
    leaves it empty (a new `.claude` link too: Claude Code would follow it);
  * one it changed (bytes, mode, kind) is removed and written back as it was;
  * one it deleted is written back, unless the folder holding the `.claude` is gone too
    (`rm -rf sub`: no Claude Code starts there; undo brings it back).
Each folder of the tree on the user's PATH (`host_programs.path_folders`) is watched whole
the same way, but of what is new there only a file whose name a later PATH folder holds
(`.venv/bin/git`) goes: a new name of its own (`pip install` adding `mytool`) stays; what
its programs run (`PathFolder.runs`: a `.bin` link's package; a venv's `lib` when it does
not stand, as the sandbox binds a standing one read-only) and the home's files in the tree
(`home_files.py`: the dot entries of a home the tree is or holds), whole, all that is new
there going. And a link on the way to what git runs (`scripts -> tools`, a hooks folder that
is a link) that a command re-points is put back first (`link_ways.py`).
What is removed is kept and never written back: its bytes go into one commit on the plan's
checkpoint ref, named in the outcome (`git show COMMIT:PATH` reads it). Undo and
corrections never bring it back: no checkpoint holds it. A `.claude` the user had is not
touched unless the command changed it.

Cost: no walk of its own; per `.claude`, an `lstat` of each file it holds that Claude Code
runs and a listing of those folders, before and after; bytes are read for files new or
changed since the last look (`benchmarks/command_step.py`).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable

from cleveragents.adapters.git import link_ways
from cleveragents.adapters.git.checkout import digest as _digest
from cleveragents.adapters.git.checkout import lstat
from cleveragents.adapters.git.claude_links import inner_links, linked
from cleveragents.adapters.git.folder_listing import opened_around
from cleveragents.adapters.git.folder_making import make_folders
from cleveragents.adapters.git.put_back_failures import alone, remove_made
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.git.saved_files import (
    FileSaver,
    clear_way,
    git_mode,
    has_bytes,
    link_on_the_way,
    real_folder,
    shared_file,
)
from cleveragents.adapters.home_files import home_files, in_home_dot
from cleveragents.adapters.host_programs import path_folders
from cleveragents.domain.box_holds import BoxHolds, put_back_lines, removal_lines
from cleveragents.domain.command_saves import ClaudeEntry, Seen, is_racy, shown_path
from cleveragents.domain.host_files import NEW_IN_VENV, PathFolder
from cleveragents.domain.rules import (
    claude_folder,
    claude_reads,
    claude_runs,
    git_refuses_name,
    mcp_file,
)

MOST_KEPT_BYTES = 1 << 20  # a file larger than this is not kept to be written back
NEW = "new, Claude Code would read it outside the sandbox"
# The repository's own hooks, looked at whole as a `.claude` is: Claude Code's Bash runs on
# the host, where the sandbox's read-only `.git` does not hold, and git runs each hook.
OWN_HOOKS = ".git/hooks"
NEW_HOOK = "new, git would run it outside the sandbox"
NEW_STARTUP = "new, a startup file of your home: your shell or git would run it"
NEW_HOME = "new, in your home (or where it links): your shell or its programs would run it"
NEW_ON_PATH = "new in a folder on your PATH, your shell would run it for a program of its name"
NEW_RUN = "new where a program of a folder on your PATH would run it"


class ClaudeDirs:
    """Looks at every `.claude` of the tree before a command and undoes what it did there."""

    def __init__(
        self, repo: GitRepository, saver: FileSaver, commit: Callable[[str, str, str], str]
    ) -> None:
        self.repo = repo
        self.saver = saver
        self.commit = commit  # (plan_id, tree, message) -> a commit on the plan's saved ref
        self._bytes: dict[str, tuple[Seen, bytes]] = {}  # files read, by path in the tree
        self._targets: list[str] = []  # folders in the tree a `.claude` link led to, at the look
        self._inner: set[str] = set()  # of them, where a link inside a `.claude` led: all of it
        self._digests: dict[str, tuple[Seen, bytes]] = {}  # of files too large to keep
        self.hooks: list[str] = []  # a `core.hooksPath` folder in the tree, as `OWN_HOOKS`
        self.behind: list[str] = []  # what runs on the host behind a link (`link_ways.py`)
        self._ways: dict[str, str | None] = {}  # the links on their way, at the look
        self._on_path: dict[str, PathFolder] = {}  # the tree's folders on PATH, at the look
        self._host: dict[str, str] = {}  # home files, what PATH programs run: why new goes
        self._dots: tuple[str, ...] = ()  # where the home lies in the tree: its dot entries
        self._cwd: Callable[[str], str | None] = lambda path: None  # read from the cwd
        self.bare: Callable[[], frozenset[str]] = frozenset  # what hooks, git run by name

    def look(self, folders: list[str]) -> dict[str, ClaudeEntry]:
        """Each `.claude` of `folders` now, and each folder of the tree on PATH; the bytes
        of its files kept (read again only when their stat changed)."""
        self._home_places()
        folders = list(dict.fromkeys([*folders, *self._on_path, *self._host, *self._dots]))
        self._targets = self._linked(folders)
        self._ways = link_ways.ways(self.repo.root, self.behind)
        entries = {path: self._entry(path) for path in [*folders, *self._targets]}
        kept: dict[str, tuple[Seen, bytes]] = {}
        for path, entry in entries.items():
            for name, seen in entry.items():
                full = _joined(path, name)
                known = self._bytes.get(full)
                if known is None or known[0] != seen:
                    known = self._read(full, seen)
                if known is not None:
                    kept[full] = known
        self._bytes = kept
        return entries

    def put_back(
        self,
        plan_id: str,
        before: dict[str, ClaudeEntry],
        folders: list[str],
        at: int,
        stood: Callable[[list[str]], set[str]] = lambda _: set(),
        holds: BoxHolds | None = None,
    ) -> list[str]:
        """Undo what the command did to the `.claude` folders of `before` and remove what
        it made in new ones (`folders`: every `.claude` now); one line for each. A place
        watched only since the command (a setting it added names a file of the tree) was
        not looked at: what `stood` says stood there as it is now, before the command, is
        the user's and stays (the setting goes back, so git no longer runs it); so is what
        changed where the sandbox `holds` it read-only (`domain/box_holds.py`)."""
        keep = link_ways.keeping(self.saver, self.commit, plan_id)  # what stood: maybe the user's
        held = holds.held if holds is not None else ()  # a link in a folder held: the host's
        relinked_ways = link_ways.put_back(self.repo.root, self._ways, keep, held)  # first
        if not before.keys() & {*self._on_path, *self._host, *self._dots}:  # looked elsewhere:
            self._home_places()  # PATH and HOME are the same here
        made: list[str] = []  # what the command made or changed: removed
        unseen: list[str] = []  # of it, what lies in a place not watched before the command
        back: list[tuple[str, Seen, str]] = []  # what goes back, and why
        # A link made or moved since is itself undone; a folder on PATH as the look saw it.
        folders = [*folders, *self._on_path, *self._host, *self._dots, *self._targets]
        folders = list(dict.fromkeys(folders))
        for path in sorted({*before, *folders}):
            # A hook or a program git runs by its path (not a `.claude`: no Claude Code
            # starts behind a link) is run through a link a command put on its way, to
            # whatever it leads to: the link goes, what stood there comes back.
            relinked = link_on_the_way(self.repo.root, path) is not None
            if relinked and (path not in before or claude_reads(path.rpartition("/")[2])):
                continue  # reached through a link made since: outside the tree, maybe
            old = before.get(path, {})
            new = self._entry(path) if path in folders and not relinked else {}
            holder = path.rpartition("/")[0]
            for name in sorted({*old, *new}):
                full = _joined(path, name)
                was, now = old.get(name), new.get(name)
                if self._as_seen(full, was, now, at) or self._kept_new(path, name, was):
                    continue
                if holds is not None and not relinked and holds.holds(full, was, now):
                    continue  # the host's: the command could not write there
                if now is not None:
                    made.append(full)
                    if path not in before:
                        unseen.append(full)
                if relinked and was is not None:
                    back.append((full, was, "moved behind a link"))
                elif was is not None and (now is not None or real_folder(self.repo.root, holder)):
                    back.append((full, was, "deleted" if now is None else "changed"))
        kept = stood(unseen) if unseen else set()
        # A link's target may lie in a `.claude` looked at.
        made = [full for full in dict.fromkeys(made) if full not in kept]
        shared = {p for p, seen, _ in back if shared_file(self.repo.root, p, seen[4])}
        with opened_around(self.repo.root, [*made, *(p for p, _, _ in back)]) as modes:
            removed, commit = self._remove(plan_id, made, {path for path, _, _ in back}, shared)
            written = [(one[0], alone(self._write_back, *one)) for one in dict.fromkeys(back)]
        said = removal_lines(removed, commit, holds) + put_back_lines(written, made, commit, holds)
        return [*relinked_ways, *said, *modes]

    def _remove(
        self, plan_id: str, made: list[str], going_back: set[str], shared: set[str]
    ) -> tuple[list[tuple[str, str]], str | None]:
        """Keep the bytes of what the command made or changed in one commit (returned),
        then remove it, deepest first (a folder only when that leaves it empty; not a file
        of more names, `shared`: written back in place); each path removed, with its line."""
        said: list[tuple[str, str]] = []
        kept: list[tuple[str, str]] = []
        for full in made:
            st = lstat(f"{self.repo.root}/{full}")
            if st is not None and has_bytes(st):
                kept.append((full, git_mode(st)))
                if full not in going_back:
                    hooks = (OWN_HOOKS, *self.hooks)
                    hook = any(full == h or full.startswith(f"{h}/") for h in hooks)
                    why = NEW_HOOK if hook else NEW
                    on = [f for p, f in self._on_path.items() if full.startswith(f"{p}/")]
                    why = (NEW_ON_PATH if on[-1].active else NEW_IN_VENV) if on else why
                    why = NEW_HOME if in_home_dot(full, self._dots) else why
                    for place, new in self._host.items():
                        why = new if _within(full, place) else why
                    why = self._cwd(full) or why
                    said.append((full, f"removed {shown_path(full)}: {why}"))
        commit = None
        if kept:
            tree = self.saver.tree_of(
                [(p, m, b) for (p, m), b in zip(kept, self.saver.hash_files(kept), strict=True)]
            )
            message = "cleveragents removed files: .claude, .mcp.json, .git/hooks"
            commit = self.commit(plan_id, tree, message)
        failed = dict(remove_made(self.repo.root, made, shared))  # each on its own
        return [s for s in said if s[0] not in failed] + list(failed.items()), commit

    def _write_back(self, full: str, seen: Seen, why: str) -> str | None:
        """`full` as the look saw it (a folder made again, said of its files); what to
        say of it."""
        target = self.repo.root / full
        # Never through a link (`.githooks -> /host`): what stands where the look saw a
        # folder is the command's, and goes.
        clear_way(self.repo.root, full)
        if stat.S_ISDIR(seen[0]):
            if target.is_symlink() or (os.path.lexists(target) and not target.is_dir()):
                target.unlink()
            make_folders(target)
            return None
        known = self._bytes.get(full)
        if known is None:
            return f"removed {shown_path(full)}: {why} by the command, too large to put back"
        make_folders(target.parent)
        # A file of more names (`~/.bashrc` a hard link of it) is written in place.
        shared = stat.S_ISREG(seen[0]) and shared_file(self.repo.root, full, seen[4])
        standing = target.is_symlink() or (os.path.lexists(target) and not target.is_dir())
        if standing and not shared:
            target.unlink()  # put back whole: never written through a link standing there
        if stat.S_ISLNK(seen[0]):
            os.symlink(os.fsdecode(known[1]), target)
        else:
            target.write_bytes(known[1])
            os.chmod(target, stat.S_IMODE(seen[0]))
        return f"put back {shown_path(full)}: {why} by the command"

    def _entry(self, path: str) -> ClaudeEntry:
        """The stat of the `.claude` at `path` and of each file and folder in it that Claude
        Code runs; links are not followed, nor `.git` entries looked into (`git_dirs.py`)."""
        st = lstat(f"{self.repo.root}/{path}")
        if st is None:  # a link's target not there yet, or removed since the walk
            return {}
        entry: ClaudeEntry = {"": _seen(st)}
        if not stat.S_ISDIR(st.st_mode):
            return entry
        # A `.mcp.json` made a folder, and the hooks folder: all of it.
        # Where a link inside a `.claude` leads (`.claude/skills -> ../docs/skills`): all of it.
        everything = mcp_file(path.rpartition("/")[2]) or path in (OWN_HOOKS, *self.hooks)
        everything = everything or path in self._inner or path in self._on_path
        everything = everything or path in self._host or path in self._dots
        dots = path in self._dots and path not in self._host  # the home's: its dot entries
        folders = [""]
        while folders:
            folder = folders.pop()
            try:
                names = os.listdir(self.repo.root / path / folder)
            except OSError:  # pragma: no cover - the suites run as root, who reads every folder
                continue
            for name in names:
                inside = f"{folder}{name}"
                if name == ".git" or git_refuses_name(name):
                    continue
                if not (everything or claude_runs(inside)) or (dots and not in_home_dot(inside)):
                    continue
                if claude_folder(name):  # a `.claude` inside one: looked at on its own
                    continue
                found = lstat(f"{self.repo.root}/{path}/{inside}")
                if found is None:  # pragma: no cover - removed since the listing
                    continue
                entry[inside] = _seen(found)
                if stat.S_ISDIR(found.st_mode):
                    folders.append(f"{inside}/")
        return entry

    def _read(self, full: str, seen: Seen) -> tuple[Seen, bytes] | None:
        target = self.repo.root / full
        try:
            if stat.S_ISLNK(seen[0]):
                return seen, os.fsencode(os.readlink(target))
            if stat.S_ISREG(seen[0]) and seen[1] <= MOST_KEPT_BYTES:
                return seen, target.read_bytes()
            known = self._digests.get(full)
            if stat.S_ISREG(seen[0]) and (known is None or known[0] != seen):
                self._digests[full] = (seen, _digest(target))
        except OSError:  # pragma: no cover - removed since its lstat
            pass
        return None  # a folder, a FIFO, one too large: no bytes kept

    def _as_seen(self, full: str, was: Seen | None, now: Seen | None, at: int) -> bool:
        """Whether `full` is as the look saw it: the same stat (a folder: the same kind,
        its own stat changing with what is in it, looked at on its own) but for a file
        written within the clock tick of the look (where a change may not show in the
        stat); else the same bytes, kind and permission bits (a `touch`, or a put-back that
        wrote the same bytes again, before each project hook: `claude_code_end.py`)."""
        if was is None or now is None:
            return was is now
        if stat.S_ISDIR(was[0]) and stat.S_ISDIR(now[0]):
            return True
        if was == now and not (stat.S_ISREG(now[0]) and is_racy(now, at)):
            return True
        return self._same_kept_file(full, was, now) or self._same_large_file(full, was, now)

    def _same_kept_file(self, full: str, was: Seen, now: Seen) -> bool:
        known = self._bytes.get(full)
        if known is None or known[0] != was or now[0] != was[0] or now[1] != was[1]:
            return False
        target = self.repo.root / full
        try:
            held = os.readlink(target) if stat.S_ISLNK(now[0]) else target.read_bytes()
        except OSError:  # pragma: no cover - removed since its lstat
            return False
        return os.fsencode(held) == known[1]

    def _same_large_file(self, full: str, was: Seen, now: Seen) -> bool:
        """Whether `full`, a file too large to keep, holds the bytes it held at the look
        (its digest the same: a `chmod`, `touch` or hard link changed only its stat), its
        permission bits then given back; a changed one cannot be written back, and goes."""
        kept = self._digests.get(full)
        if kept is None or kept[0] != was or not stat.S_ISREG(now[0]) or now[1] != was[1]:
            return False
        target = self.repo.root / full
        if _digest(target) != kept[1]:
            return False
        if stat.S_IMODE(now[0]) != stat.S_IMODE(was[0]):
            os.chmod(target, stat.S_IMODE(was[0]))
        return True

    def _linked(self, folders: list[str]) -> list[str]:
        """The folders in the tree that the `.claude` links of `folders` lead to (the files,
        for a `.mcp.json` link), and those the links inside a `.claude` standing for what
        Claude Code runs lead to (`.claude/skills -> ../docs/skills`, looked at whole),
        standing or not (an uninitialised submodule: a command makes it and writes there):
        Claude Code follows such a link, and the sandbox binds none of them read-only."""
        root = self.repo.root
        found = {target for target in linked(root, folders, missing=False).values() if target}
        claudes = [p for p in folders if claude_folder(p.rpartition("/")[2])]
        inner = linked(root, inner_links(root, claudes)).values()
        self._inner = {target for target in inner if target} - set(folders)
        return sorted((found | self._inner) - set(folders))  # the top: not looked at whole

    def _home_places(self) -> None:
        """The tree's folders on PATH, what their programs run, and the home's startup
        files in the tree, now."""
        self._on_path = {found.folder: found for found in path_folders(self.repo.root, self.bare)}
        home = home_files(self.repo.root)
        from cleveragents.adapters.home_cwd import cwd_said  # not at a restore's start

        self._cwd = cwd_said(self.repo.root)
        self._host = dict.fromkeys(home.paths, NEW_STARTUP)
        self._host.update({"": NEW_HOME} if home.whole else {})  # the tree, all of it
        self._dots = home.dots
        # What the sandbox binds read-only (a venv's `lib`, its moves undone: `pinned.py`)
        # is not walked: a `site-packages` may hold tens of thousands of files.
        runs = [p for f in self._on_path.values() for p in f.runs if p not in f.kept]
        self._host.update(dict.fromkeys(runs, NEW_RUN))

    def _kept_new(self, path: str, name: str, was: Seen | None) -> bool:
        """Whether `name` in `path`, new since the look, is the command's to keep: in a
        folder on PATH, anything but a file whose name shadows a later program there."""
        on_path = self._on_path.get(path)
        return on_path is not None and was is None and not on_path.shadows(name)


def _joined(path: str, name: str) -> str:
    return f"{path}/{name}" if name and path else path or name


def _within(full: str, place: str) -> bool:
    return not place or full == place or full.startswith(f"{place}/")


def _seen(st: os.stat_result) -> Seen:
    return (st.st_mode, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)
