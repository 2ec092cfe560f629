"""The property of trust.code_spellings.property.feature.

A hook line of the user's own Claude Code settings runs on the host; code it gives an
interpreter is read as the whole tree (`interpreters.code_unread`), and a shell's code is read
as the hook's own line. The hook `perl -we 'system("make -s fmt")'` was read as a script
named `system("make -s fmt")` (attack 18 finding 19), as were `node -pe`, `node --eval=`,
`sh -c -e` and others: each interpreter's option grammar is now one table
(`domain/code_options.py`).

Each example: an interpreter and a random spelling of its options that gives code (combined
short options, a value attached or in the next word, options that take a word before the
code's, `--opt=value`), built from the interpreter's real grammar. Holds: the line, read as
a user hook's, reaches the whole tree for its code (`UNREAD`, or for a shell the unknown
program its code runs, which is also among the bare names the line runs: `bare_programs`).
Differential: where the interpreter is installed, it is run with that spelling (standard
input empty, in a scratch folder) and must print the code's marker: the spelling does give
code, so agents must have found it."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from features.support.properties import reproducible

MARK = "RAN18"
PROBE = "flags18probe"  # a program the shell's code runs: no table knows it


def _bundle(draw: st.DrawFn, letters: str, last: str) -> str:
    chosen = draw(st.lists(st.sampled_from(letters), max_size=3)) if letters else []
    return "-" + "".join(chosen) + last


@st.composite
def _perl(draw: st.DrawFn) -> list[str]:
    before = draw(
        st.lists(
            st.sampled_from(["-w", "-l", "-W", "-X", "-I", "-Mstrict", "-0777", "-l0", "-CS"]),
            max_size=3,
        )
    )
    words = [w for b in before for w in ([b, "lib"] if b == "-I" else [b])]
    last = draw(st.sampled_from(["e", "E"]))
    # A bundle's tail: `-0777` takes octal digits, `-l` octal digits, then more letters.
    head = draw(st.sampled_from(["", "w", "l", "0777", "l0w", "wl", "X"]))
    code = f'print "{MARK}\\n";'
    if draw(st.booleans()):
        return [*words, f"-{head}{last}", code]
    return [*words, f"-{head}{last}{code}"]


@st.composite
def _python(draw: st.DrawFn) -> list[str]:
    before = draw(
        st.lists(
            st.sampled_from(
                [["-B"], ["-E"], ["-s"], ["-u"], ["-W", "ignore"], ["-Wignore"], ["-X", "dev"],
                 ["-Xutf8"], ["--check-hash-based-pycs", "never"], ["-O"], ["-q"]]
            ),
            max_size=3,
        )
    )  # fmt: skip
    words = [w for b in before for w in b]
    bundle = _bundle(draw, "BEsuOqIS", "c")
    code = f"print({MARK!r})"
    if draw(st.booleans()):
        return [*words, bundle, code]
    return [*words, bundle + code]


@st.composite
def _node(draw: st.DrawFn) -> list[str]:
    before = draw(
        st.lists(
            st.sampled_from(
                [["--no-warnings"], ["--title", "t"], ["--title=t"], ["--input-type", "commonjs"],
                 ["--input-type=commonjs"], ["--no-deprecation"]]
            ),
            max_size=2,
        )
    )  # fmt: skip
    words = [w for b in before for w in b]
    code = f"console.log({MARK!r})"
    option = draw(st.sampled_from(["-e", "-p", "-pe", "--eval", "--print"]))
    # `--print=CODE` runs no code in node 20 (it prints `undefined`): agents reads it as code.
    if option == "--eval" and draw(st.booleans()):
        return [*words, f"{option}={code}"]
    return [*words, option, code]


@st.composite
def _shell(draw: st.DrawFn, name: str) -> list[str]:
    code = f"echo {MARK}; {PROBE}"
    letters = "eufvx"
    spelling = draw(st.integers(0, 3))
    if spelling == 0:  # `-ec CODE`
        return [_bundle(draw, letters, "c"), code]
    if spelling == 1:  # `-c -e CODE`: the code is the first word after the options
        return ["-c", *draw(st.lists(st.sampled_from(["-e", "-u", "-f", "+x"]), max_size=2)), code]
    if spelling == 2:  # `-co errexit CODE`, `-o nounset -c CODE`
        if draw(st.booleans()):
            return [_bundle(draw, letters, "c") + "o", "errexit", code]
        return ["-o", "nounset", _bundle(draw, letters, "c"), code]
    more = ["--norc", "--noprofile"] if name == "bash" else []
    return [*more, _bundle(draw, letters, "c"), "--", code]


@st.composite
def _ruby(draw: st.DrawFn) -> list[str]:
    before = draw(
        st.lists(
            st.sampled_from(
                [["-w"], ["-W0"], ["-W:no-deprecated"], ["-I", "lib"], ["-Ilib"], ["-rjson"],
                 ["-r", "json"], ["-E", "UTF-8"], ["-Eutf-8"], ["-Ku"], ["-0777"], ["-l"],
                 ["--disable=gems"], ["--disable", "gems"], ["--encoding=UTF-8"]]
            ),
            max_size=3,
        )
    )  # fmt: skip
    words = [w for b in before for w in b]
    # A bundle's head: flags, `-W` and `-0` with their digits, `-K` with its one letter.
    head = draw(st.sampled_from(["", "w", "l", "W0", "W2", "Ku", "0", "0777", "wKu", "lW1"]))
    code = f'puts "{MARK}"'
    if draw(st.booleans()):
        return [*words, f"-{head}e", code]
    return [*words, f"-{head}e{code}"]


@st.composite
def _lua(draw: st.DrawFn) -> list[str]:
    # lua combines no options (`-We` is refused): each its own word, `-l` and `-e` take
    # the rest of theirs or the next.
    before = draw(
        st.lists(st.sampled_from([["-W"], ["-E"], ["-lstring"], ["-l", "string"]]), max_size=3)
    )
    words = [w for b in before for w in b]
    code = f'print("{MARK}")'
    if draw(st.booleans()):
        return [*words, "-e", code]
    return [*words, f"-e{code}"]


@st.composite
def _php(draw: st.DrawFn) -> list[str]:
    before = draw(
        st.lists(
            st.sampled_from(
                [["-n"], ["-q"], ["-e"], ["-d", "display_errors=0"], ["-ddisplay_errors=0"],
                 ["--define", "display_errors=0"], ["--no-php-ini"]]
            ),
            max_size=3,
        )
    )  # fmt: skip
    words = [w for b in before for w in b]
    code = f'echo "{MARK}\\n";'
    spelling = draw(st.integers(0, 3))
    if spelling == 0:
        return [*words, draw(st.sampled_from(["-r", "-nr", "-qr", "-nqr"])), code]
    if spelling == 1:
        return [*words, f"-r{code}"]
    if spelling == 2:
        return [*words, "--run", code]
    return [*words, f"--run={code}"]


@st.composite
def _awk(draw: st.DrawFn) -> list[str]:
    before = draw(
        st.lists(st.sampled_from([["-v", "x=1"], ["-vx=1"], ["-F:"], ["-F", ":"]]), max_size=3)
    )
    words = [w for b in before for w in b]
    code = f'BEGIN {{ print "{MARK}" }}'
    return [*words, *draw(st.sampled_from([[], ["--"]])), code]


PROGRAMS = st.one_of(
    st.tuples(st.just("perl"), _perl()),
    st.tuples(st.sampled_from(["python3"]), _python()),
    st.tuples(st.just("node"), _node()),
    st.tuples(st.just("sh"), _shell("sh")),
    st.tuples(st.just("dash"), _shell("dash")),
    st.tuples(st.just("bash"), _shell("bash")),
    st.tuples(st.just("ruby"), _ruby()),
    st.tuples(st.sampled_from(["lua", "lua5.4"]), _lua()),
    st.tuples(st.just("php"), _php()),
    st.tuples(st.sampled_from(["awk", "mawk"]), _awk()),
)
# Interpreters the table reads whose grammar no example checks (`code_options.GRAMMARS`):
# julia and Rscript start in seconds and are not installed where the suite runs; gawk,
# installed, becomes the machine's `awk`.
UNCHECKED = ("julia", "Rscript", "R", "gawk", "luajit", "lua5.1", "lua5.3")
NAMES = ("perl", "python3", "node", "sh", "dash", "bash", "ruby", "lua", "lua5.4", "php", "awk")


def check_property(examples: int, seed: int, work: Path) -> int:
    ran = 0
    scratch = work / "code-spellings"
    (scratch / "lib").mkdir(parents=True, exist_ok=True)

    @reproducible(examples, seed)
    @given(PROGRAMS)
    def holds(program: tuple[str, list[str]]) -> None:
        nonlocal ran
        ran += 1
        _example(scratch, *program)

    holds()
    absent = sorted({n for n in NAMES if shutil.which(n) is None})
    print(
        f"code spellings: not run where not installed: {', '.join(absent) or 'none'}; "
        f"grammars no example checks: {', '.join(UNCHECKED)}",
        file=sys.stderr,
    )
    return ran


def _example(scratch: Path, name: str, words: list[str]) -> None:
    from cleveragents.domain.config_programs import WHOLE, script_reach
    from cleveragents.domain.interpreters import UNREAD, code_unread

    line = shlex.join([name, *words])
    with code_unread():
        reaches = script_reach(line, "", hook=True)
    shell = name in ("sh", "dash", "bash")
    why = f"`{PROBE}`, a program agents has no table for" if shell else UNREAD
    assert any(r.path == WHOLE and r.unknown == why for r in reaches), (
        f"{line!r}: read as {reaches}"
    )
    if shell:  # the bare names its code runs, which a tree folder on PATH would shadow
        from cleveragents.domain.bare_programs import bare_programs

        assert PROBE in bare_programs(line), f"{line!r}: runs {bare_programs(line)}"
    program = shutil.which(name)
    if program is None:
        return
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C.UTF-8"}
    done = subprocess.run(
        [program, *words],
        cwd=scratch,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=30,
        env=env,
        check=False,
    )
    assert MARK in done.stdout, f"{line!r} ran no code: {done.stdout!r} {done.stderr[-300:]!r}"
