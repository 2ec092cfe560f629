"""Programs the user's git config names by a path of the working tree.

A project's setup script may set `diff.json.textconv = ./scripts/conv.sh`, a filter's
`clean`/`smudge`, a `merge.X.driver`, `core.fsmonitor`, `core.sshCommand`, `gpg.program`
or `credential.helper = !./tools/cred`: the user's next `git diff`, `git status` or `git
fetch` runs that tree file on the host, outside any sandbox. So each value of a setting
not known to be harmless (`domain/git_programs.py`), in every config git reads here
(repository, worktree, global, system, includes: `git config --list` follows them, as git
does), is looked at for words naming a file (`domain/config_programs.py`); one that lies in
the tree (as named, relative to the tree's top where git runs these, and where its links
lead) is a host-run file (`domain/host_files.py`).

Cost: one `git config --list` when a config file changed (`config_listings.py`), not per
look.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from cleveragents.domain.config_programs import program_words
from cleveragents.domain.git_programs import harmless, harmless_alias

if TYPE_CHECKING:
    from cleveragents.adapters.git.config_listings import ConfigListings
    from cleveragents.adapters.git.repository import GitRepository

# Read by their own code: the hooks folder (`own_config.hooks_named`), includes
# (`tree_includes.py`, which refuses one in the tree).
ELSEWHERE = ("core.hookspath", "include.path")


def config_programs(repo: GitRepository, listings: ConfigListings) -> list[tuple[str, str]]:
    """(path in the tree, setting) for each tree file a setting of the user's git config
    (as `listings` holds it) names as a program (or a file git reads), in the order git
    lists them."""
    listed = listings.entries()
    if listed is None:  # pragma: no cover - a config git cannot read already failed `discover`
        return []
    root = Path(os.path.realpath(repo.root))
    found: dict[str, str] = {}
    for key, value in listed:
        if harmless(key) or _read_elsewhere(key, value):
            continue
        for word in program_words(value):
            full = root / os.path.expanduser(word)
            for place in (os.path.normpath(full), os.path.realpath(full)):
                inside = os.path.relpath(place, root)
                if inside != "." and Path(inside).parts[0] not in ("..", ".git"):
                    found.setdefault(Path(inside).as_posix(), key)
    return list(found.items())


def _read_elsewhere(key: str, value: str) -> bool:
    """A setting another look takes care of, or an alias naming a harmless git command."""
    if key in ELSEWHERE or (key.startswith("includeif.") and key.endswith(".path")):
        return True
    return key.startswith("alias.") and harmless_alias(value)
