"""The property of claude_code.startup_free.property.feature.

The shell `startup_free.script` writes is run, as Claude Code runs its shell, with random
arguments: switches (`-c`, `-l`, `-lc`, `-i`, `--login`), Claude Code's snapshot script
(its first line `SNAPSHOT_FILE=` naming a random file, plain or quoted, then a `source` of
the user's `.bashrc`, as Claude Code writes it), or a plain command. The home's start-up
files and the BASH_ENV and ENV files each touch a mark: none may appear. A snapshot run
leaves its named file empty, or (a name it will not write) nothing; no other file appears."""

from __future__ import annotations

import os
import shlex
import subprocess
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from features.support.properties import reproducible

STARTUP = (".bashrc", ".bash_profile", ".bash_login", ".profile", "bash_env", "env")
SWITCHES = st.lists(st.sampled_from(["-c", "-l", "-lc", "-i", "--login", "-c -l"]), max_size=3)
# Pieces of a file name: plain, a space, quotes, `$`, a backslash, a newline, `*`.
PIECES = st.lists(st.sampled_from(["a", "b.sh", " ", "'", '"', "$x", "\\", "\n", "*", "-"]))


def check_property(examples: int, seed: int, work: Path) -> int:
    from cleveragents.adapters.actors.claude_code.startup_free import script

    ran = 0

    @reproducible(examples, seed)
    @given(SWITCHES, st.booleans(), PIECES, st.sampled_from(["plain", "quoted", "raw"]))
    def holds(switches: list[str], snapshot: bool, pieces: list[str], form: str) -> None:
        nonlocal ran
        ran += 1
        top = Path(tempfile.mkdtemp(prefix="startup-free-", dir=work))
        home, marks, out = top / "home", top / "marks", top / "out"
        for folder in (home, marks, out):
            folder.mkdir()
        for name in STARTUP:
            (home / name).write_text(f"touch {shlex.quote(str(marks / name))}\n")
        shell = script(top, top / "tree")
        target = str(out / ("snapshot-" + "".join(pieces) + ".sh"))
        named = {"plain": target, "quoted": shlex.quote(target), "raw": f"'{target}'"}[form]
        body = f'source "{home}/.bashrc" < /dev/null\necho done\n'
        line = f"SNAPSHOT_FILE={named}\n{body}" if snapshot else "echo plain"
        words = [w for s in switches for w in s.split()]
        env = dict(os.environ, HOME=str(home), BASH_ENV=str(home / "bash_env"))
        env["ENV"] = str(home / "env")
        subprocess.run(
            [str(shell), *words, line], env=env, cwd=top, stdin=subprocess.DEVNULL,
            capture_output=True, timeout=30, check=False,
        )  # fmt: skip
        assert not list(marks.iterdir()), (sorted(p.name for p in marks.iterdir()), words)
        written = [str(p) for p in out.rglob("*")]
        if snapshot:  # with or without -c: the script never runs, its file is emptied
            named_file = _first_line_name(named, target)
            assert written in ([], [named_file]), (written, named_file)
            if written:
                assert Path(named_file).read_bytes() == b""
        else:
            assert written == [], written

    holds()
    return ran


def _first_line_name(named: str, target: str) -> str:
    """The file the snapshot's first line `SNAPSHOT_FILE=NAMED` names: unquoted, the line up
    to its end; one single-quoted word (`'PATH'`, no `'` inside) as bash reads it, which may
    end before `target` does (`'/x/a.sh'` then a newline: `/x/a.sh`); else `target` itself."""
    first = named.partition("\n")[0]
    if not first.startswith("'"):
        return first
    inner = first[1:-1]
    return inner if len(first) > 1 and first.endswith("'") and "'" not in inner else target
