"""The property of trust.xargs_splice.property.feature.

A user hook `jq -r .tool_input.file_path | xargs -I{} sh -c 'echo "{}"'` puts the model's
file name into shell code: a Write of `a$(id)b.txt` ran `id` on the host (attack 19 finding
15). Such a line is read as the whole tree (the model's writes refused), while the same
replace string given as a plain argument (`xargs -I{} prettier --write {}`) is not.

Each example: xargs options (some before `-I`), a replace string, an interpreter (sh, bash,
dash, python3, perl, node; `busybox sh` too) and whether the string lands in its code or in
a plain argument. Holds: in code, the line's reach is the whole tree, said as xargs putting
its input into code; as an argument, not. Differential: where xargs and the interpreter are
installed, the code case is run with an input computing `SPLICED19` in its language
(`a$(echo SPLICED$((10+9)))b`) and must print it: the splice is real, so agents must have
found it."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from features.support.properties import reproducible

MARK = "SPLICED19"
# (program words, code given the replace string R, the input that runs MARK through it)
_CODE = {
    "sh": (["sh", "-c"], "echo fmt R", "a$(echo SPLICED$((10+9)))b"),
    "bash": (["bash", "-ec"], 'echo "fmt R"', "a$(echo SPLICED$((10+9)))b"),
    "dash": (["dash", "-c", "-e"], "echo fmt 'x'R", "a;echo SPLICED$((10+9))"),
    "busybox": (["busybox", "sh", "-c"], "echo R", "a$(echo SPLICED$((10+9)))b"),
    "python3": (["python3", "-c"], 'print("R")', '"+"SPLICED"+str(10+9)+"'),
    "perl": (["perl", "-e"], 'print "R\\n"', '" . "SPLICED" . (10+9) . "'),
    "node": (["node", "-e"], 'console.log("R")', '"+"SPLICED"+(10+9)+"'),
}  # the input computes MARK only when run as code: quotes kept by `xargs -d`
_OPTIONS = st.lists(st.sampled_from([["-r"], ["-P", "2"], ["-t"], ["-d", "\\n"]]), max_size=2)
_REPLACE = st.sampled_from(["{}", "%", "@@", "FILE"])


@st.composite
def _lines(draw: st.DrawFn) -> tuple[list[str], str, str, bool]:
    name = draw(st.sampled_from(sorted(_CODE)))
    words, code, _ = _CODE[name]
    replace = draw(_REPLACE)
    spliced = draw(st.booleans())
    before = [w for o in draw(_OPTIONS) for w in o]
    option = draw(st.sampled_from([["-I", replace], [f"-I{replace}"], [f"--replace={replace}"]]))
    if option[0].startswith("--replace") and replace != "{}":
        option = ["-I", replace]
    tail = [code.replace("R", replace)] if spliced else [code.replace("R", "x"), replace]
    return ["xargs", *before, *option, *words, *tail], name, replace, spliced


def check_property(examples: int, seed: int, work: Path) -> int:
    ran = 0

    @reproducible(examples, seed)
    @given(_lines())
    def holds(example: tuple[list[str], str, str, bool]) -> None:
        nonlocal ran
        ran += 1
        _example(work, *example)

    holds()
    return ran


def _example(work: Path, words: list[str], name: str, replace: str, spliced: bool) -> None:
    from cleveragents.domain.config_programs import WHOLE, script_reach

    line = "jq -r .tool_input.file_path | " + shlex.join(words)
    reaches = script_reach(line, "", hook=True)
    said = [r for r in reaches if r.path == WHOLE and "putting its input into" in r.unknown]
    assert bool(said) == spliced, f"{line!r}: read as {reaches}"
    program = shutil.which(name)
    if not spliced or program is None or shutil.which("xargs") is None:
        return
    given_input = _CODE[name][2]
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C.UTF-8"}
    done = subprocess.run(
        ["xargs", "-d", "\\n", *words[1:]],
        cwd=work,
        input=given_input + "\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=30,
    )
    assert MARK in done.stdout, f"{words!r} given {given_input!r}: {done.stdout!r} {done.stderr!r}"
