"""The property of a killed run's journal of opened folders (trust.killed_put_back.property
.feature): the next opening gives each folder the killed run opened its mode back exactly
when it is still as that opening left it, and leaves any other as it is now
(`opened_journals.set_back_left`, review27 R11, R12).

Each example makes folders of random modes (`000`, `311`, `600`, ...), opens each as the walk
does (`Opened._open`: journaled, given `u+rwx`), leaves the journal as a kill would, its name
that of a process of this PID started at another time (a PID reused, R12); then, for each
folder, nothing, or the user's own change: `chmod` to the opened mode again (the `chmod
u+rwx` a refusal asks for), to another mode, or a file made in it. An action `written`
first has the killed run write in the folder what it noted it would (`Opened.ways`, as a
restore writes into a `500` folder it opened: review29 F8), then (after its comma) the
user's. Then a new opening. The oracle is what the user did, not agents' rule: untouched by
the user, the folder has its first mode back; changed, it is as the user left it; and no
journal is left.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
import time
from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

from cleveragents.adapters.git.folder_listing import WRITE, Opened
from cleveragents.adapters.git.opened_journals import expected_records
from features.support.properties import reproducible

MODES = [0o000, 0o311, 0o300, 0o600, 0o555, 0o100]
ACTIONS = ["none", "again", "other", "file", "written", "written, again", "written, file"]
TICK = 0.02  # s: more than the coarse clock a change time is taken from


def check_property(examples: int, seed: int, work: Path) -> int:
    """Returns how many folders were judged."""
    judged = 0

    @reproducible(examples, seed)
    @example(folders=[(0o000, "again")])  # R11: the user's `chmod u+rwx` stays
    @example(folders=[(0o311, "none"), (0o000, "none")])  # R12: set back, the PID reused
    @example(folders=[(0o555, "written"), (0o000, "written")])  # F8: its own write, set back
    @given(
        folders=st.lists(st.tuples(st.sampled_from(MODES), st.sampled_from(ACTIONS)), max_size=4)
    )
    def check(folders: list[tuple[int, str]]) -> None:
        nonlocal judged
        root = Path(tempfile.mkdtemp(prefix="opened-journal-", dir=work))
        journals = root / ".git/cleveragents/opened"
        try:
            killed = Opened(root, journals)
            for n, (mode, _) in enumerate(folders):
                (root / f"f{n}").mkdir()
                os.chmod(root / f"f{n}", mode)
                killed._open(root / f"f{n}", f"f{n}", os.lstat(root / f"f{n}"), WRITE)
            for n, (_, action) in enumerate(folders):
                if action.startswith("written"):  # the killed run's own write there
                    with open(killed.journal or journals, "ab") as journal:
                        journal.write(expected_records([f"f{n}/w"], killed.folders()))
                    (root / f"f{n}/w").write_text("restored\n")
            for journal in journals.glob("*"):  # killed; its PID since another process's
                journal.rename(journal.with_name(f"{os.getpid()}-1-{journal.name[-6:]}"))
            time.sleep(TICK)
            expected = {}
            for n, (mode, done) in enumerate(folders):
                full, action = root / f"f{n}", done.removeprefix("written").lstrip(", ")
                if action == "again":
                    os.chmod(full, mode | 0o700)
                elif action == "other":
                    os.chmod(full, 0o750)
                elif action == "file":
                    (full / "mine").write_text("mine\n")
                expected[n] = (
                    mode if action in ("none", "") else stat.S_IMODE(os.lstat(full).st_mode)
                )
            Opened(root, journals)  # the next command's
            for n, mode in expected.items():
                judged += 1
                now = stat.S_IMODE(os.lstat(root / f"f{n}").st_mode)
                assert now == mode, (folders, n, oct(now), oct(mode))
            assert not list(journals.glob("*")), list(journals.glob("*"))
        finally:
            for path in [root, *root.glob("f*")]:
                os.chmod(path, 0o700)
            shutil.rmtree(root)

    check()
    return judged
