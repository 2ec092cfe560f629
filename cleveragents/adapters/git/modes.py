"""Tree entry modes and object id patterns, as git writes them: one definition each for
every module of the git layer (the domain names the two it reasons about, `ABSENT` and
`GITLINK`, in `domain/checkpoint.py`).

Modes are text, as `ls-tree`, `diff-tree --raw` and `update-index --index-info` print and
take them; a tree object stores a folder's as `40000` (no leading zero), and the index file
stores each as a number (`NUMBERS`).
"""

from __future__ import annotations

import re

FILE = "100644"
EXECUTABLE = "100755"
LINK = "120000"
GITLINK = "160000"  # a nested repository's commit: a tree records no more of it
FOLDER = "040000"
ABSENT = "000000"  # no entry on that side of a diff

# As a tree object spells them.
TREE_FOLDER = b"40000"
TREE_LINK = LINK.encode()

# The index file's numbers for the modes `update-index --index-info` takes (0 removes).
NUMBERS = {
    b"0": 0,
    FILE.encode(): 0o100644,
    EXECUTABLE.encode(): 0o100755,
    LINK.encode(): 0o120000,
    GITLINK.encode(): 0o160000,
}
GITLINK_NUMBER = NUMBERS[GITLINK.encode()]

# A full object id, SHA-1 (40 hex digits) or SHA-256 (64).
OBJECT_ID = re.compile(rb"[0-9a-f]{40}(?:[0-9a-f]{24})?")
OBJECT_ID_TEXT = re.compile(OBJECT_ID.pattern.decode())
# One standing alone in a file of text (a pseudo-ref, rebase state).
OBJECT_ID_IN_TEXT = re.compile(rb"\b" + OBJECT_ID.pattern + rb"\b")


def object_id(digest_size: int) -> re.Pattern[bytes]:
    """A full object id of one hash: `digest_size` bytes, as hex digits."""
    return re.compile(rb"[0-9a-f]{%d}" % (2 * digest_size))


def mode_of_file(executable: bool) -> str:
    """The mode git records for a regular file."""
    return EXECUTABLE if executable else FILE
