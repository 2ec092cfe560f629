"""WorkspaceEnvironment: actions on a git working tree, confined to it."""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

from cleveragents.adapters import host_programs, interrupts
from cleveragents.adapters.command_safety import mount_points
from cleveragents.adapters.command_safety.bubblewrap import Bubblewrap
from cleveragents.adapters.command_safety.host_mounts import host_binds
from cleveragents.adapters.command_safety.limits import HARD_LINKS, MOST_HARD_LINKS
from cleveragents.adapters.command_safety.nested_gits import refused_line, unbound_note
from cleveragents.adapters.command_safety.overlay_box import Layers, OverlayBox, remove
from cleveragents.adapters.git.claude_links import ClaudeLinks
from cleveragents.adapters.git.git_folders import GitFolders, named_in_tree
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.host_folders import host_folders, own_python
from cleveragents.adapters.workspace import command_process, own_path, pinned, tree_walk
from cleveragents.adapters.workspace.file_puts import put, refuse_special
from cleveragents.adapters.workspace.git_waits import git_reads, removed_line
from cleveragents.adapters.workspace.overlay_apply import Applied, Commit, apply_upper
from cleveragents.adapters.workspace.tree_walk import TreeWalk
from cleveragents.domain.action import (
    Action,
    ActionOutcome,
    DeleteAction,
    EditAction,
    RunAction,
    WriteAction,
)
from cleveragents.domain.box_holds import bound_read_only
from cleveragents.domain.command_policy import Confinement, ShellLine
from cleveragents.domain.command_saves import shown_path
from cleveragents.domain.hard_links import held_note, held_places, linked_outside, refusal
from cleveragents.domain.host_binds import HostBinds, host_note
from cleveragents.domain.host_files import HostFolders, host_run
from cleveragents.domain.rules import LONGEST_PATH, claude_setting, confined_path
from cleveragents.errors import PathRefused

NO_SANDBOX = "refused: no sandbox (install bubblewrap, or pass --no-sandbox)"


class WorkspaceEnvironment:
    """Applies `write`, `edit`, `delete` and `run` actions inside one working tree."""

    def __init__(
        self,
        root: Path,
        git_dir: Path,
        sandbox: Bubblewrap | None = None,
        notice: Callable[[str], None] | None = None,
        links: Callable[[], dict[str, str]] | None = None,
        host: Callable[[], HostFolders] | None = None,
        git_folder: Callable[[Sequence[str]], str | None] | None = None,
        commit: Commit | None = None,
    ) -> None:
        self.root = root.resolve()
        self.git_dir = git_dir.resolve()
        # The tree's `.claude` and `.mcp.json` links leading into it (`git/claude_links.py`).
        self.links = links or ClaudeLinks(self.root).now
        # The tree's hooks folder and agents' own Python (`domain/host_files.py`).
        self.host = host or partial(host_folders, GitRepository(self.root, self.git_dir))
        # Git directories of other names (`git/git_folders.py`): a `.git` file names them.
        self.git_folder = git_folder or GitFolders(GitRepository(self.root, self.git_dir), {}).why
        self.sandbox = sandbox or Bubblewrap(self.root, self.git_dir)
        self.notice = notice or _on_stderr
        self.noticed = False
        self.named_long: set[str] = set()  # the paths too long for git named last
        self.named_unbound: tuple[str, ...] = ()  # the nested `.git`s past the bound named last
        self.overlay = OverlayBox(self.root, self.git_dir)  # what a command writes, applied after
        self.commit = commit  # keeps what an overlay's apply replaces (`overlay_apply.py`)

    def apply(self, action: Action, confinement: Confinement | None = None) -> ActionOutcome:
        """Carry out one action. A refused path, a failed edit, an OS error: an outcome.

        A command runs with /bin/sh as written, or, with a `confinement` (a model's
        command), under bash and in the sandbox it says.
        """
        interrupts.raise_if_swallowed()
        try:
            if isinstance(action, RunAction):
                return self._run(action, confinement)
            if confinement is not None and isinstance(
                action, WriteAction | EditAction | DeleteAction
            ):
                self._refuse_host_file(action.path)  # a model's file action
            if isinstance(action, WriteAction):
                target = self.resolve(action.path)
                refuse_special(target, action.path)
                target.parent.mkdir(parents=True, exist_ok=True)
                put(target, action.content.encode())
                return ActionOutcome(ok=True, summary=f"wrote {action.path}")
            if isinstance(action, EditAction):
                return self._edit(action)
            assert isinstance(action, DeleteAction), "page actions go to PageEnvironment"
            return self._delete(action)
        except PathRefused as refused:
            return ActionOutcome(ok=False, summary=f"refused: {refused.message}")
        except OSError as error:  # a folder where a file goes, a name too long, no permission
            return ActionOutcome(ok=False, summary=(error.strerror or str(error)).lower())

    def resolve(self, path: str, *, follow_last: bool = True) -> Path:
        """The absolute path for `path`, refused if it (or a symlink on the way) leaves the tree."""
        relative = confined_path(path)
        lexical = self.root / relative
        real = Path(os.path.realpath(lexical if follow_last else lexical.parent))
        if not real.is_relative_to(self.root):
            raise PathRefused(f"path {path!r} goes through a symlink that leaves the working tree")
        if any(real.is_relative_to(d) for d in (self.git_dir, self.root / ".git", *self._common())):
            raise PathRefused(f"path {path!r} leads into the git directory")
        # Through a link, a nested repository's or a submodule's `.git` (a `gitdir:` file
        # planted there is a config, and so commands, the user's own git then runs).
        inside = real.relative_to(self.root).parts
        if any(part.lower() == ".git" for part in inside):
            raise PathRefused(f"path {path!r} leads into a nested repository's .git")
        if (why := self.git_folder([str(lexical), str(real)])) is not None:
            raise PathRefused(f"path {path!r} leads into a git directory ({why})")
        return lexical

    def _common(self) -> list[Path]:
        """The common dir the git dir's `commondir` names as it is now (a command may have
        written one naming a folder of the tree: its config and hooks are git's)."""
        try:
            named = (self.git_dir / "commondir").read_text().strip()
        except (OSError, UnicodeDecodeError):
            return []
        return [Path(os.path.realpath(self.git_dir / named))]

    def session(
        self, plan: object, since: object = None
    ) -> contextlib.AbstractContextManager[None]:
        """Nothing to hold open for a working tree."""
        return contextlib.nullcontext()

    def mark(self) -> int:
        return 0  # no page: nothing to rewind

    def rewind(self, mark: int) -> str | None:
        return None

    def look(self) -> None:
        return None  # no page to see

    def screen(self) -> None:
        return None

    def shell_line(self, command: str) -> ShellLine:
        """The simple commands of `command` as bash, which runs a model's commands, reads it."""
        from cleveragents.adapters.command_safety.shell import read_line

        return read_line(command)

    def _refuse_host_file(self, path: str) -> None:
        """A model writes, edits or deletes no file that runs on the host later, outside the
        sandbox (through a link too): one Claude Code runs or takes permissions from
        (`.claude/settings.json`, `hooks/`..., a `.mcp.json`, where a `.claude` or
        `.mcp.json` link of the tree leads), a hook in the tree's `core.hooksPath` folder,
        or agents' own Python (`domain/host_files.py`). A command's changes there are put
        back (`git/claude_dirs.py`) or bound read-only (`command_safety/bubblewrap.py`)."""
        lexical = self.resolve(path, follow_last=False)
        seen = [
            Path(os.path.realpath(lexical.parent), lexical.name),
            Path(os.path.realpath(lexical)),
        ]
        paths = [
            confined_path(path),
            *(p.relative_to(self.root).as_posix() for p in seen if p.is_relative_to(self.root)),
        ]
        links = self.links()
        if any(claude_setting(p, links) for p in paths):
            raise PathRefused(
                f"path {path!r} is one Claude Code runs or takes permissions from, outside "
                "the sandbox: a model may not change it (change it yourself)"
            )
        host = self.host()
        why = next((w for p in paths if (w := host_run(p, host)) is not None), None)
        if why is not None:
            raise PathRefused(
                f"path {path!r} {why}, outside the sandbox: a model may not change it "
                "(change it yourself)"
            )

    def _edit(self, action: EditAction) -> ActionOutcome:
        target = self.resolve(action.path)
        refuse_special(target, action.path)
        if not target.is_file():
            return ActionOutcome(ok=False, summary="no such file")
        # Bytes, not text mode: universal newlines would turn every CRLF of the file into LF.
        text = target.read_bytes().decode("utf-8", errors="surrogateescape")
        if action.find not in text:
            return ActionOutcome(ok=False, summary="text to replace not found")
        edited = text.replace(action.find, action.replace, 1)
        put(target, edited.encode("utf-8", errors="surrogateescape"))
        return ActionOutcome(ok=True, summary=f"edited {action.path}")

    def _delete(self, action: DeleteAction) -> ActionOutcome:
        # The link itself is deleted, never what it points to: only its folder must be inside.
        target = self.resolve(action.path, follow_last=False)
        if not target.is_symlink() and not target.exists():
            return ActionOutcome(ok=False, summary="no such file")
        if target.is_dir() and not target.is_symlink():
            return ActionOutcome(ok=False, summary="is a directory")
        target.unlink()
        return ActionOutcome(ok=True, summary=f"deleted {action.path}")

    def _run(self, action: RunAction, confinement: Confinement | None) -> ActionOutcome:
        sandboxed = confinement is not None and confinement.sandbox
        named = confinement.pass_env if confinement is not None else ()
        env = command_process.environment(confinement is not None, sandboxed, named)
        args: str | list[str] = action.command
        pins: dict[str, pinned.Identity] = {}
        read_only: list[str] | None = None  # bound read-only: noted once mount points stand
        host: HostBinds | None = None
        layers: Layers | None = None  # the command's overlay (`overlay_box.py`)
        own_made: list[str] = []  # of `missing`, made read-only folders for its time
        # agents' own import path in the tree, not there yet: what a command makes there
        # would run in the next `agents` (`sitecustomize.py`).
        missing = [p for p in own_python(self.root) if not os.path.lexists(p)]
        before = tree_walk.walk(self.root, links=sandboxed)
        held = linked_outside(before.linked)
        if confinement is not None:
            # Found as git and bwrap are: never in a folder of the tree (an activated
            # .venv/bin), where a model's command could have planted a `bash` of its own.
            tree = host_programs.tree_of(self.root)
            bash = os.path.realpath(host_programs.find("bash", tree) or "/bin/bash")
            args = [bash, "-c", "--", action.command]
            if confinement.sandbox:
                why = self.sandbox.unavailable()
                if why is not None:
                    self._notice_once(why)
                    return ActionOutcome(ok=False, summary=NO_SANDBOX)
                bound = self.sandbox.limits.hard_links
                places = held_places(held, _own_files(self.root, held, bound), bound)
                if places is None:
                    refused = refusal(held, bound, HARD_LINKS[1], MOST_HARD_LINKS)
                    return ActionOutcome(ok=False, summary=refused)
                # A nested repository's git dir of another name (`--separate-git-dir`):
                # its hooks and config run on the host as any `.git`'s do.
                places = [*places, *named_in_tree(self.root, before.git_files)]
                # What the host runs, read-only in the box: never the model's while it runs.
                host = host_binds(self.root, self.host(), mcp=confinement.claude_code)
                host, own_made = own_path.made_in(self.root, host, missing)
                layers = self._layers()
                sockets = sorted(before.sockets)
                args = self.sandbox.argv(args, confinement.network, places, sockets, host)
                if self.sandbox.real_unbound:  # a repository of the user's would be writable
                    return ActionOutcome(ok=False, summary=refused_line(self.sandbox.real_unbound))
                if self.sandbox.unbound and self.sandbox.unbound != self.named_unbound:
                    self.named_unbound = self.sandbox.unbound
                    self.notice(unbound_note(self.sandbox.unbound))
                pins = pinned.note(self.root, [*places, *self.sandbox.bound_in_tree()])
                read_only = bound_read_only(args, str(self.root))
        limits = self.sandbox.limits if sandboxed else None
        if before.too_long and before.too_long != self.named_long:
            self.named_long = before.too_long
            self.notice(
                f"{_too_long_note(before.too_long)}: undo cannot bring back what it changes"
            )
        # A little early: the kernel stamps a ctime from a clock a tick (<= 10 ms) behind.
        started = time.time_ns() - 100_000_000
        given = confinement.stdin if confinement is not None else b""
        binds = host or HostBinds()  # its mount points: made, journaled, removed after
        stood, written, folders = binds.made, binds.written, binds.made_folders
        with mount_points.made(self.root, stood, self.git_dir / "cleveragents", written, folders):
            noted = pinned.HeldPlaces(self.root, read_only) if read_only is not None else None
            own_held = pinned.HeldPlaces(self.root, own_made)
            try:
                enter = None if layers is None else self.overlay.enter(layers, sorted(before.pipes))
                outcome = command_process.run(
                    args, str(self.root), env, action.timeout, limits, given, enter
                )
            except BaseException:
                if layers is not None:  # nothing of it applied: as if it never wrote
                    remove(layers.folder)
                raise
            own = own_held.holds(frozenset())  # before the made folders go
        applied = None if layers is None else self._applied(layers, started, confinement)
        shared = frozenset(inode for (_, inode), _, _ in before.linked)
        holds = noted.holds(shared) if noted is not None else None
        replaced = holds.replaced if holds is not None else ()
        notes = applied.notes if applied is not None else []
        notes += pinned.moved_notes(pinned.put_back(self.root, pins, replaced))
        notes += own_path.put_aside(self.root, [p for p in missing if os.path.lexists(p)], own)
        after = tree_walk.walk(self.root, since=started)
        notes += _leftover_notes(tree_walk.clear_new(self.root, before, after), before, after)
        # No checkpoint holds these: their absence before goes back with an undo. One
        # named as a file git reads wherever it stands would hold git's `open` for good.
        pipes = after.pipes - before.pipes
        if waits := sorted(p for p in pipes if git_reads(p)):
            for path in waits:
                (self.root / path).unlink()
            notes.append(removed_line(waits))
            pipes -= set(waits)
        if held and not outcome.ok:  # maybe why it failed
            notes.append(held_note(held))
        if host is not None and host.kept + host.made and not outcome.ok:
            notes.append(host_note(host))
        if notes:
            outcome = outcome.model_copy(update={"summary": "; ".join([outcome.summary, *notes])})
        wrote = tuple(applied.wrote) if applied is not None else None
        outcome = outcome.model_copy(update={"holds": holds, "wrote": wrote})
        if made := sorted((after.refused - before.refused) | pipes):
            kinds = {p: "a Unix socket" if p in after.sockets else "a FIFO" for p in pipes}
            outcome = outcome.model_copy(update={"left_out": made, "kinds": kinds})
        return outcome

    def _layers(self) -> Layers | None:
        """A fresh overlay for the command, or None (said once) when none can be made."""
        why = self.overlay.unavailable(lambda command: self.sandbox.argv(command, False))
        if why is None:
            return self.overlay.made()
        if not self.overlay.said:
            self.overlay.said = True
            self.notice(f"commands write straight into the tree: {why}")
        return None

    def _applied(self, layers: Layers, started: int, confinement: Confinement | None) -> Applied:
        """The command's upper layer applied to the tree, its folder gone after."""
        plan = confinement.plan if confinement is not None else None
        try:
            return apply_upper(self.root, self.git_dir, layers.upper, started, self.commit, plan)
        finally:
            remove(layers.folder)

    def _notice_once(self, why: str) -> None:
        if not self.noticed:
            self.noticed = True
            self.notice(
                f"the model's commands are refused: {why} "
                "(install bubblewrap, or run the plan with --no-sandbox)"
            )


def _own_files(root: Path, paths: list[str], bound: int) -> dict[str, int]:
    """How many regular files each folder of `paths` holds itself (not in its sub-folders);
    read only when there are more `paths` than `bound` (`hard_links.held_places`)."""
    if len(paths) <= bound:
        return {}
    counts = {}
    for folder in {os.path.dirname(path) for path in paths}:
        with os.scandir(root / folder) as entries:
            counts[folder] = sum(1 for entry in entries if entry.is_file(follow_symlinks=False))
    return counts


def _leftover_notes(cleared: list[str], before: TreeWalk, after: TreeWalk) -> list[str]:
    """What a command's outcome says of what it left that no checkpoint can hold safely."""
    notes = []
    if cleared:
        notes.append(f"cleared setuid/setgid/sticky bits it set on {_listed(cleared)}")
    if refused := sorted(after.refused - before.refused):
        notes.append(f"left out of checkpoints (names git refuses): {_listed(refused)}")
    if too_long := before.too_long | after.too_long:
        notes.append(_too_long_note(too_long))
    return notes


def _too_long_note(paths: set[str]) -> str:
    shown = [p if len(p) <= 60 else f"{p[:40]}…{p[-16:]}" for p in sorted(paths)[:3]]
    more = f" and {len(paths) - 3} more" if len(paths) > 3 else ""
    return (
        f"in no checkpoint (paths over {LONGEST_PATH} bytes, which git cannot open): "
        f"{_listed(shown)}{more}"
    )


def _listed(paths: list[str]) -> str:
    return ", ".join(shown_path(path) for path in paths)


def _on_stderr(text: str) -> None:
    from cleveragents.domain.shown_text import visible

    print(f"note: {visible(text)}", file=sys.stderr, flush=True)
