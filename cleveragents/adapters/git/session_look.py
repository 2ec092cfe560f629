"""SessionLook: what Claude Code runs, as it was before a whole session, put back at its end.

Each Bash call is looked at just before and put back just after it (`claude_dirs.py`), but
a child it left running (`( sleep 15; ... ) &`, Bash's `run_in_background`) writes after
that put-back. So the `.claude` settings, the `.mcp.json` files, the repository's own
`.git/hooks`, where its git dir finds config and hooks (`own_git_dir.py`) and the settings
of its configs not known harmless (`own_config.py`) are looked at once more before the
session's first call, and when the session is over (what it left running ended) whatever
differs from that look is put back or removed, named, by the same code. It has its own
`ClaudeDirs`: the bytes a call's look keeps are those of that moment, not the session's
start. So for every `.git` and git directory of another name of the tree (`git_dirs.py`):
its own `GitDirs` (`gits`) looks at them before the first call and puts back at the end.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial

from cleveragents.adapters.git.claude_dirs import ClaudeDirs
from cleveragents.adapters.git.config_writes import make_inert
from cleveragents.adapters.git.git_dirs import GitDirs
from cleveragents.adapters.git.own_config import OwnConfig
from cleveragents.adapters.git.own_git_dir import OwnGitDir, keeping
from cleveragents.adapters.git.put_back_failures import PutBackFailures
from cleveragents.adapters.git.stood_before import stood_before
from cleveragents.domain.command_saves import SessionStart


class SessionLook:
    """The look before a Claude Code session and the put-back at its end."""

    def __init__(
        self,
        dirs: ClaudeDirs,
        git_dirs: GitDirs,
        runs: Callable[[], list[str]],
        config: OwnConfig,
        gits: GitDirs,
    ) -> None:
        self.dirs = dirs
        self.git_dirs = git_dirs
        self.gits = gits  # its own: the bytes it keeps are those of the session's start
        self.config = config  # the checkpoints' own: the hooks path it read, reused
        self.own_git = OwnGitDir(git_dirs.repo, keeping(dirs.saver, dirs.commit))
        self._runs = runs  # every `.claude`, `.mcp.json` and `.git/hooks` of the last walk

    def take(self, plan_id: str, tree: str | None = None) -> SessionStart:
        at = time.time_ns()
        with self.gits.opened(), self.git_dirs.opened():  # an unlistable folder: for the looks
            self.git_dirs.walk()
            own_git = self.own_git.look()
            config = self.config.look()
            self.dirs.hooks = self.config.hooks_folder(config)
            self.dirs.behind = self.config.behind
            entries = self.dirs.look([*self._runs(), *self.dirs.hooks])
            gits = self.gits.look({})
        return SessionStart(plan_id, at, entries, config, own_git, gits, tree)

    def put_back(self, start: SessionStart) -> list[str]:
        """What differs from `start` put back or removed; one line for each."""
        fails = PutBackFailures(self.git_dirs.repo.root, self.dirs.saver, self.dirs.commit)
        each = partial(fails.each, plan_id=start.plan_id, at=start.at)  # each on its own
        plan = start.plan_id
        with self.gits.opened(), self.git_dirs.opened():  # an unlistable folder: for these
            put = each(".git", lambda: self.own_git.put_back(start.own_git, None, plan))  # first
            gits = partial(self.gits.put_back, start.git_entries, {}, None, plan)
            put += each("the nested .git folders", gits, self.git_dirs.running)
            put += fails.fifos(start.at)  # before a git reads it
            self.git_dirs.walk()  # a `.claude` made since the last call's look is found too
            self.dirs.hooks = self.config.hooks_folder(start.own_config)
            runs = [*self._runs(), *self.dirs.hooks]
            # A file a setting names that no setting named at the start (one in the user's
            # global config, which no call puts back): the user's unless a call wrote it.
            stood = partial(stood_before, self.dirs.saver, start.tree, {})
            dirs = partial(self.dirs.put_back, plan, start.entries, runs, start.at, stood)
            where = [*start.entries, *runs]
            put += each(".claude folders, folders on PATH", dirs, lambda: where)
        inert = partial(make_inert, self.config, start.own_config)
        put += each("git config", partial(self.config.put_back, start.own_config), inert=inert)
        self.own_git.refuse_left(start.own_git)
        return put
