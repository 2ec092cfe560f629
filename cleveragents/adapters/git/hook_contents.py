"""HookContents: what of the tree the hook files git runs read and run (`domain/hook_runs.py`).

The commonest hooks run a file of the tree: the pre-commit framework's generated
`.git/hooks/pre-commit` runs what `.pre-commit-config.yaml` says, lefthook's what
`lefthook.yml` says, a hand-written one `exec sh scripts/check.sh`. A model that rewrites
that tree file (or the config) would have the user's next `git commit` run it on the host.

So each hook file git would run, in each hooks folder git runs hooks from as the user's git
resolves it (`OwnConfig.hook_folders`: `core.hooksPath` or the common dir's `hooks`, for the
top repository and for each nested repository or submodule the tree's walk finds), is read:
a file named as a hook (not a `.sample`), regular once its links are followed (a FIFO is
never opened: `O_NONBLOCK`, then `fstat`), executable (git runs no other), at most
`MOST_HOOK_BYTES`; and the manager's configs it names, at most `MOST_CONFIG_BYTES` each.
Each place found is a host-run place of the tree (`HostFolders.hook_runs`), refused to the
model and put back after a command (`config_programs.watched`), named as the hook's.

Cost: per hooks folder, a `stat` of the folder, of each hook in it and of each config read
(standing or not); the hooks and configs are read again only when one of these changed, or
changed so recently that a change in the same clock tick would keep its stamps
(`stamped_reads.py`, whose bounded read each file is read with).
"""

from __future__ import annotations

import os
from pathlib import Path

from cleveragents.adapters.git.stamped_reads import Stamp, regular_bytes, settled, stamp
from cleveragents.adapters.git.tree_scripts import (
    below,
    linked_packages,
    outside_places,
    script_places,
)
from cleveragents.adapters.python_roots import tree_import_roots
from cleveragents.adapters.vouch_file import vouched_for
from cleveragents.domain.config_programs import WHOLE, Reach, hook_lines
from cleveragents.domain.hook_runs import MOST_HOOK_BYTES, HookRun, config_reach, hook_read
from cleveragents.domain.host_files import HOOK_NAMES
from cleveragents.domain.reach import printable
from cleveragents.domain.vouches import vouching

MOST_CONFIG_BYTES = 1 << 20  # a larger config is not read: the whole tree
MOST_CONFIGS = 16  # configs read for one hook beyond its own (lefthook's `extends`): then all
Folder = tuple[str, str]  # (hooks folder, absolute; the top of its repository in the tree)


class HookContents:
    """The places of the tree each hooks folder's hooks run, kept while their stats hold."""

    def __init__(self) -> None:
        self._kept: dict[Folder, tuple[list[str], list[Stamp], list[HookRun]]] = {}
        self._vouched: frozenset[str] = frozenset()  # what `_kept` was read with

    def runs(self, root: Path, folders: list[Folder]) -> list[HookRun]:
        """What the hooks of `folders` run of the tree `root`, in order, once each (a
        plugin module found as the tools' Python finds it: `python_roots.py`), the
        programs the user vouched for read as data (`vouch_file.py`, read each time)."""
        from cleveragents.domain.tool_configs import import_roots  # read as a hook is

        vouched = vouched_for(root)
        if vouched != self._vouched:  # a vouch or an unvouch since: read all again
            self._kept.clear()
            self._vouched = vouched
        with import_roots(tree_import_roots(Path(os.path.realpath(root)))), vouching(vouched):
            return self._runs(root, folders)

    def _runs(self, root: Path, folders: list[Folder]) -> list[HookRun]:
        found: list[HookRun] = []
        for folder in dict.fromkeys(folders):
            kept = self._kept.get(folder)
            real = Path(os.path.realpath(root))
            if kept is not None and [stamp(p) for p in kept[0]] == kept[1]:
                # What the hooks' scripts run in turn too (read again when a script
                # changed): the look after a command in the same process needs it as much.
                found += kept[2] + _further(real, folder[1], kept[2])
                continue
            read: list[str] = [folder[0]]  # its listing: a hook made or removed there
            runs = _folder_runs(real, folder, read)
            stamps = [stamp(p) for p in read]
            if settled(stamps):
                self._kept[folder] = (read, stamps, runs)
            else:
                self._kept.pop(folder, None)
            found += runs + _further(real, folder[1], runs)
        return list(dict.fromkeys(found))


def _further(root: Path, top: str, runs: list[HookRun]) -> list[HookRun]:
    """What each tree script a hook runs (a file named, not a config read) may run in
    turn, read as a git config program's script is (`tree_scripts.py`, with its own stat
    cache: a script edited since is read again): `scripts/a.sh` running `sh scripts/b.sh`."""
    found: list[HookRun] = []
    for run in runs:  # a workspace package `node_modules` links to, in the tree
        found += [HookRun(p, run.owner) for p in linked_packages(root, [run.reach])]
    owners = {run.reach: run.owner for run in runs if run.reach.kind}
    for place, path in below(root, list(owners)):  # a config found anywhere below it
        for further in script_places(root, path, top, place.kind):
            found += [HookRun(p, owners[place]) for p in in_tree(root, further)]
    for run in runs:
        reach = run.reach
        if reach.launcher or reach.unknown or run.reads or "*" in reach.path:
            continue
        with hook_lines():  # a hook's scripts' programs are held to what a hook's are
            further_places = script_places(root, reach.path, top, reach.kind)
        for further in further_places:
            found += [HookRun(p, run.owner) for p in in_tree(root, further)]
    return found


def hook_texts(folders: list[Folder]) -> list[str]:
    """The content of each hook git runs from `folders` (as far as `MOST_HOOK_BYTES`)."""
    texts: list[str] = []
    for hooks, _ in dict.fromkeys(folders):
        try:
            names = sorted(n for n in os.listdir(hooks) if n in HOOK_NAMES)
        except OSError:
            continue
        for name in names:
            content = _bytes(os.path.join(hooks, name), MOST_HOOK_BYTES, executable=True)
            if content is not None:
                texts.append(content.decode("utf-8", "replace"))
    return texts


def _folder_runs(root: Path, folder: Folder, read: list[str]) -> list[HookRun]:
    """What each hook of one hooks folder runs; each file read (or looked for) goes into
    `read`."""
    hooks, top = folder
    try:
        names = sorted(n for n in os.listdir(hooks) if n in HOOK_NAMES)
    except OSError:
        return []
    runs: list[HookRun] = []
    for name in names:
        path = os.path.join(hooks, name)
        read.append(path)
        content = _bytes(path, MOST_HOOK_BYTES, executable=True)
        if content is None:
            continue
        owner = f"the nested repository {top}'s {name} hook" if top else f"the {name} hook"
        hook = hook_read(name, content)
        for beside in hook.also:  # husky 9's `X/NAME`, pre-commit's `NAME.legacy`
            other = os.path.normpath(os.path.join(hooks, beside))
            read.append(other)
            more = _bytes(other, MOST_HOOK_BYTES, executable=False)
            hook.places += [] if more is None else hook_read(name, more).places
        with hook_lines():  # a script outside the tree it runs: read as a hook's lines
            places = outside_places(root, hook.places, "", top, read)
        runs += [HookRun(p, owner) for r in places for p in in_tree(root, r, top)]
        runs += _config_runs(root, top, hook.configs, owner, read)
    return runs


def _config_runs(
    root: Path, top: str, configs: list[tuple[str, str]], owner: str, read: list[str]
) -> list[HookRun]:
    """The manager's configs (kind, path from `top`) as places, and what they run."""
    runs: list[HookRun] = []
    queue = list(configs)
    for _ in range(len(configs) + MOST_CONFIGS):  # its own, and those they name
        if not queue:
            break
        kind, named = queue.pop(0)
        full = os.path.normpath(os.path.join(root, top, os.path.expanduser(named)))
        read.append(full)
        runs += [HookRun(p, owner, reads=True) for p in in_tree(root, Reach(named), top)]
        content = _bytes(full, MOST_CONFIG_BYTES, executable=False)
        if content is None:
            continue
        said = f"{owner} (by {os.path.relpath(full, root)})"
        more: list[str] = []
        if len(content) >= MOST_CONFIG_BYTES:
            found = [Reach(WHOLE, unknown=f"{named}, too large to read")]
        else:
            found, more = config_reach(kind, content.decode("utf-8", "replace"), named)
            with hook_lines():  # `entry: ~/bin/check.sh`: what that script runs
                found = outside_places(root, found, "", top, read)
        runs += [HookRun(p, said) for r in found for p in in_tree(root, r, top)]
        queue += [(kind, m) for m in more]
    if queue:  # past the bound: what the rest runs is unread
        why = f"more configs than agents reads ({printable(queue[0][1])} and on)"
        runs += [HookRun(p, owner) for p in in_tree(root, Reach(WHOLE, unknown=why), top)]
    return runs


def _bytes(path: str, most: int, *, executable: bool) -> bytes | None:
    """The first `most` bytes of the regular file at `path` (links followed); None when it
    is none, or, with `executable`, when git would not run it."""
    found = regular_bytes(path, most)
    if found is None or (executable and not found[1].st_mode & 0o111):
        return None
    return found[0][:most]


def in_tree(root: Path, reach: Reach, top: str = "") -> list[Reach]:
    """`config_programs._in_tree`, imported when a hook names a place: its readers of the
    tools' configs (TOML, trusts in SQLite) are not what a correction's start pays for."""
    from cleveragents.adapters.git.config_programs import _in_tree

    return _in_tree(root, reach, top)
