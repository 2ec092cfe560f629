"""What Mercurial reads from any repository it finds, by default (attack 31, F8): like a
`.git`, an `.hg` folder needs nothing else for `hg` to take it for a repository, and every
`hg` started in its folder or below (`hg status` in `tools/`) reads its `hgrc` (its hooks
run, its extensions load: `[hooks] pre-status = ...`, `[extensions] x = path.py`), its
`hgrc-not-shared`, and through `sharedpath` (with `share-safe`) the `hgrc` of the folder
that names. A model's write there is refused and a command's is put back, as a home's
`set exrc` has vim read `.exrc` in every folder (`cwd_reads.py`), though no setting of the
user's asks for it: a repository's config is the user's, never the project's (hg neither
clones nor versions it).
"""

from __future__ import annotations

from cleveragents.domain.cwd_places import in_every
from cleveragents.domain.reach import Reach

HG = "hg"
# The files of an `.hg` from which hg runs or loads something, or reads a config elsewhere.
HG_FILES = (".hg/hgrc", ".hg/hgrc-not-shared", ".hg/sharedpath")
SAID = "its default for a repository's .hg: the hooks and extensions of its hgrc"


def hg_reads() -> list[Reach]:
    """The files of every `.hg` of the tree (`**/.hg/hgrc`...) that hg runs in the user's
    next `hg` command there."""
    return in_every(HG_FILES, HG, SAID)
