"""A plan pulled (or imported) from another clone is that clone's data, not this one's.

Its checkpoints hold the sender's files, its saved records the sender's ignored bytes,
and its `actor.source` a path on the sender's machine (or any path a forger wrote).
So a restore of a pulled plan never writes, changes or deletes here:

  * a file this clone's ignore rules exclude (where a user keeps `.env`, keys, builds);
  * a file Claude Code runs on the host (`.claude/settings.json`, `settings.local.json`,
    `hooks/`, `commands/`, `skills/`, `agents/`, a `.claude` link, `.mcp.json`, and what
    the tree's `.claude` and `.mcp.json` links lead to: `domain.rules.claude_setting`),
    whatever `--trust-plan` says: trust vouches for the commands and pages a person was
    shown, not for the sender's Claude Code settings;
  * any other file that runs on the host later (`domain.host_files`): a hook in the tree's
    `core.hooksPath` folder (husky's whole `.husky`), `agents`' own Python in the tree;
  * anything in a folder that holds, or would hold, a `HEAD`: git takes a folder with a
    `HEAD`, `objects/` and `refs/` for a git directory (before it looks up for `.git`), and
    runs what its config names (`core.fsmonitor` at the user's next `git status` there);

and each such path is named as kept, with why. Restoring the whole tree (this clone never
changed the plan), it also keeps the files untracked here that the target does not hold:
none of them is the plan's work here, they are the user's. A pulled plan's decisions
replay its records' script: its `actor.source` never picks a local file to read or run.

A plan is pulled when its settings came from elsewhere, or this store met another over it
(a pull or an import, recorded here, never in the records), or it holds operations made in
another store: what the records say of themselves is never enough to call it local.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from cleveragents.application.undo_target import made_here
from cleveragents.domain.host_files import HostFolders, host_run, on_the_way
from cleveragents.domain.plan import Plan
from cleveragents.domain.rules import claude_reads, claude_setting
from cleveragents.domain.trust import imported
from cleveragents.ports import PlanStore

PULL = "pull"  # the kind of a pull's or an import's operation (`plan_sharing.py`)
CLAUDE_KEPT = "a pulled plan never writes Claude Code settings"
HOST_KEPT = "a pulled plan never writes files that run on the host"
IGNORED_KEPT = "a pulled plan never writes files ignored here"
UNTRACKED_KEPT = "untracked here, and not in the pulled plan's checkpoint"
SAVED_KEPT = "a pulled plan never puts back the ignored files another clone saved"
GIT_DIR_KEPT = "a pulled plan never writes a git directory, whose config git would run"
AROUND_KEPT = "restoring it would remove a file kept here, under it or in its way"


def pulled(store: PlanStore, plan: Plan) -> bool:
    """Whether `plan` came from another clone (its checkpoints are not this clone's own)."""
    if imported(plan):
        return True
    return any(op.kind == PULL or not made_here(store, op) for op in store.operations(plan.id))


def withheld(
    paths: Iterable[str],
    ignored_here: Callable[[list[str]], set[str]],
    links: Mapping[str, str] | None = None,
    host: HostFolders | None = None,
    head_here: Callable[[str], bool] = lambda folder: False,
) -> dict[str, str]:
    """Of `paths` a pulled plan's restore would write, those it leaves as they are, each
    with why: Claude Code's settings (through the tree's `.claude` and `.mcp.json` `links`
    too), then the other files that run on the host (`host`: the tree's hooks folder,
    agents' own Python; a folder with a `HEAD` there, `head_here`, or among `paths`), then
    what this clone's ignore rules exclude."""
    paths = list(paths)
    found = {
        p: CLAUDE_KEPT for p in paths if claude_setting(p, links) or claude_reads(p.split("/")[-1])
    }
    for path in paths:
        folders = host or HostFolders()
        why = (host_run(path, folders) or on_the_way(path, folders)) if path not in found else None
        if why is not None:
            found[path] = f"{HOST_KEPT}: it {why}"
    for path in in_git_dirs(paths, head_here):
        found.setdefault(path, GIT_DIR_KEPT)
    rest = [p for p in paths if p not in found]
    ignored = ignored_here(rest) if rest else set()
    return {**found, **{p: IGNORED_KEPT for p in rest if p in ignored}}


def in_git_dirs(paths: list[str], head_here: Callable[[str], bool]) -> list[str]:
    """Of `paths`, those in a folder below the tree's top (whose `.git` git finds first)
    that holds a `HEAD` (`head_here`) or would hold one among `paths`: without its `HEAD`,
    no folder is a git directory for git (`setup.c`, `is_git_directory`)."""
    heads = {folder for folder, _, name in (p.rpartition("/") for p in paths) if name == "HEAD"}
    seen: dict[str, bool] = {}

    def git_like(folder: str) -> bool:
        if folder not in seen:
            seen[folder] = folder in heads or head_here(folder)
        return seen[folder]

    return [p for p in paths if any(git_like(folder) for folder in _folders(p))]


def around_kept(paths: Iterable[str], held: dict[str, str]) -> dict[str, str]:
    """Of `paths` a restore would write, those that would remove a `held` path: one at a
    folder of it (a link or file comes back where its folder stands), or one under it (a
    folder comes back where it stands); each kept in turn, with why, until none is left.
    Each round looks paths up in two sets (the kept paths, and every folder above one), so
    it costs the paths' depth, not the number kept."""
    kept = dict(held)
    rest = set(paths) - set(kept)
    new = set(kept)
    while new:
        above = {folder for path in new for folder in _folders(path)}
        found = {p for p in rest if p in above or any(f in kept for f in _folders(p))}
        kept |= dict.fromkeys(found, AROUND_KEPT)
        rest -= found
        new = found
    return {p: AROUND_KEPT for p in kept if p not in held}


def _folders(path: str) -> list[str]:
    """The folders `path` lies in: `a`, `a/b` for `a/b/c`."""
    parts = path.split("/")
    return ["/".join(parts[:i]) for i in range(1, len(parts))]
