"""The command policy, differentially: every line it allows is run by bash, in a sandbox where
every program is a canary, and nothing outside the patterns may ever run.

Each example is a random bash line built from the places bash hides a substitution
(`${PWD#$(touch g)}` and every other operand, `<(...)`, backquotes in `${x:-...}` and in a
heredoc's body, `'a[$(touch g)]'` given to builtins that evaluate it, a glob that expands to
such a file name), from the names a pattern must not take (`pytest/../../../usr/bin/touch`,
`python3 -m unittest_pwn`), and from plain commands, quoting, heredocs, redirections,
pipelines, lists, subshells, groups, `if` and `for`, and `python3` given a file or code glued
to an option that ends `.py` (`'-cx#.py'`). The policy judges it against PATTERNS.

A line it allows runs under the real bash in a scratch bubblewrap sandbox: `/usr/bin`,
`/usr/sbin` and `/usr/local/bin` hold one canary in place of each program the host has
(and the allowed ones), a script that records its path and argv in a log; libraries are
the host's, read-only; the working folder holds a `pytest/` folder, files named `-v` and
`a[$(touch g)]`, a `v.txt` holding `a[$(touch g)]` for `read`, and a canary `python3`
that a PATH holding `.` would find. Every record must be an allowed program, found on
PATH, with argv a pattern matches, as an oracle written apart from the policy's matcher
checks it.

CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples; CLEVERAGENTS_PROPERTY_SEED replays one.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.adapters.command_safety.shell import read_line
from cleveragents.domain.command_policy import judge
from features.support.properties import reproducible

FILE_PATTERN = "python3 *.py"  # a glob inside a word: a file name, never an option
PATTERNS = (
    "ls*", "cat *", "test *", "[ *", "pytest*", "python3 -m unittest*", "printf *", "read*",
    "echo *", "true", "declare*", "unset*", "let*", "export*", "mapfile*", "wait*",
    FILE_PATTERN,
)  # fmt: skip
PROGRAMS = ("ls", "cat", "pytest", "python3", "touch")  # canaries even where the host has none
# The oracle: (words a command must start with, whether further words may follow); and for
# FILE_PATTERN, a file of the folder: a name ending `.py`, never an option (`-c...#.py` runs
# code, `+...` is one to vim), the check attack 31 F5 found missing.
ORACLE = [(tuple(p.rstrip("*").split()), p.endswith("*")) for p in PATTERNS if p != FILE_PATTERN]
# The words a model may give `python3` to run a file: a file, or code glued to an option.
FILE_WORDS = [
    "x.py", "'-cx#.py'", "-c'x#.py'", '"-c x.py"', "'+x.py'", "--x.py", "a/x.py", "'x y.py'",
]  # fmt: skip
RUN = "touch g"  # the program no pattern allows, hidden in every way bash substitutes
HIDDEN = [
    f"$({RUN})", f"`{RUN}`", f"<({RUN})", f">({RUN})", f"$((1+$({RUN})))", f"$[1+$({RUN})]",
    *(f"${{PWD{op}$({RUN})}}" for op in ("#", "##", "%", "%%", "^", "^^", ",", ",,", "/", ":-")),
    f"${{x:-`{RUN}`}}", f"\"${{x:-'$({RUN})'}}\"", f"'a[$({RUN})]'", f'"a[\\$({RUN})]"',
    f"'a[`{RUN}`]'", f"$'a[$({RUN})]'", "?v a*", "a*", "'a[i]'", f'"$({RUN})"',
    f"{{a['$({RUN})']}}>out",
]  # fmt: skip
PLAIN = [
    "-q", "-v", "-R", "-i", "-n", "-a", "x.txt", '"a b"', "'c'", "$HOME", "-m", "unittest",
    "unittest_pwn", "tests", "x", "=", "%s", "a[1]", "'a[1]'", "a", "-p", "-t", "unittest\\\n_pwn",
    "\\\n -q", "PATH", "PATH=.", ".", "y", "x=y", "y < v.txt",
    "-vPATH .", "-aPATH",
]  # fmt: skip
HEADS = [
    "ls", "cat", "test", "[", "pytest", "pytest/../../../usr/bin/touch", "pytest-xdist",
    "python3 -m unittest", "python3 -m", "python3", "printf -v", "printf", "read", "echo",
    "declare -i", "declare", "unset", "let", "export", "true", "touch", "mapfile", "wait -p",
    "Y=1 ls", "'ls'", "l\\s", "pytest\\\n/../../../usr/bin/touch", "python3 -m unittest\\\n_pwn",
]  # fmt: skip
REDIRECTS = ["", "", " > out", " 2>&1", " < x.txt", " < v.txt", f" <<< {HIDDEN[0]}", " <<< x"]
CANARY = '#!/opt/canary/bash\nprintf "%s\\0" "$0" "$@" > "/log/$$.$RANDOM.$RANDOM"\n'


@st.composite
def simple_commands(draw: st.DrawFn) -> str:
    head = draw(st.sampled_from(HEADS))
    args = draw(st.lists(st.sampled_from(HIDDEN) | st.sampled_from(PLAIN), max_size=3))
    closing = " ]" if head == "[" else ""
    return " ".join([head, *args]) + closing + draw(st.sampled_from(REDIRECTS))


@st.composite
def heredocs(draw: st.DrawFn) -> str:
    delimiter = draw(st.sampled_from(["E", "'E'", '"E"', "\\E", "-E", "-'E'"]))
    body = draw(st.lists(st.sampled_from(HIDDEN) | st.sampled_from(PLAIN), max_size=3))
    tab = "\t" if delimiter.startswith("-") else ""
    end = delimiter.lstrip("-").strip("'\"\\")
    return f"cat <<{delimiter}\n{tab}{' '.join(body)}\n{tab}{end}\n"


def _compose(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.builds(
            lambda a, op, b: f"{a}{op}{b}",
            inner,
            st.sampled_from(["; ", " && ", " || ", " | ", "\n"]),
            inner,
        ),
        inner.map(lambda s: f"( {s} )"),
        inner.map(lambda s: f"{{ {s}; }}"),
        inner.map(lambda s: f"if true; then {s}; fi"),
        inner.map(lambda s: f"for f in *; do {s}; done"),
        inner.map(lambda s: f"for PATH in .; do {s}; done"),
        st.sampled_from(HIDDEN).map(lambda s: f"(( {s} ))"),
        st.sampled_from(HIDDEN).map(lambda s: f"[[ {s} ]]"),
        st.sampled_from(HIDDEN).map(lambda s: f"case {s} in x) ;; esac"),
    )


# A value read from a file the model wrote, then handed to a command: `let x=y`.
read_then = st.builds(
    lambda head, use: f"read y < v.txt; {head} {use}",
    st.sampled_from(HEADS),
    st.sampled_from(["x=y", '"$y"', "$y", "y", "-v y", "'a[y]'"]),
)
# Where bash and a parser may split text differently: every blank and control character
# bash takes as part of a word, `\\ ` before `#`, a `$` or a redirection at a word's end
# before a new line (escaped or raw, after a carriage return), quotes, operators. Glued at
# random after an allowed `echo` and before a command no pattern allows (the attack
# report's fuzzer, whose lines found 46 ways past the parse).
GLUE = [
    "\v", "\f", "\r", "\x1c", "\x1f", "\x85", "\xa0", "\u2028", "\u3000", "\u200b",
    "\x01", "\x1b", "\x7f", " ", "\t", "\n", "\r\n", "\\\n", "\\ ", "\\ #", "\\\t#",
    "#", " #", "$", "$\n", "$\\\n", ">$", ">", "&>", ">&", "2>", "<", "<<", "<<<", "<<-", "E",
    "\nE\n", ";", "&", "|", "|&", "&&", "(", ")", "{", "}", "'", '"', "\\", "`", "=", "x=",
    "a", "[", "]", "[[", "]]", "((", "))", "*", "?", "!", "~", "-", "@", "%", ":", ",", "$'",
    "\\x", "\\'", '\\"', "case", "in", "esac", ";;", "if", "then", "fi", "do", "done",
    "for", "while", "function", "coproc", "time", "echo", "touch g",
]  # fmt: skip
TAILS = ["", " touch g", ";touch g", "&touch g", "|touch g", "\ntouch g", "\r\ntouch g"]
glued = st.builds(
    lambda parts, tail: "echo " + "".join(parts) + tail,
    st.lists(st.sampled_from(GLUE), min_size=1, max_size=10),
    st.sampled_from(TAILS),
)
file_runs = st.sampled_from(FILE_WORDS).map(lambda word: f"python3 {word}")
statements = st.one_of(
    simple_commands(), simple_commands(), heredocs(), read_then, glued, file_runs
)
lines = st.recursive(statements, _compose, max_leaves=4)


def _oracle_allows(argv: list[str]) -> bool:
    program = argv[0]
    if not program.startswith("/usr/bin/") or program[len("/usr/bin/") :] not in PROGRAMS:
        return False
    words = (program[len("/usr/bin/") :], *argv[1:])
    if len(words) == 2 and words[0] == "python3" and words[1].endswith(".py"):
        name = words[1]
        if "/" not in name and not name.startswith(("-", "+")):
            return True
    return any(
        words[: len(fixed)] == fixed and (rest or len(words) == len(fixed))
        for fixed, rest in ORACLE
    )


class Sandbox:
    """A scratch root of canaries: built once, a fresh working folder and log per line."""

    def __init__(self, tmp: Path) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="canaries-", dir=tmp))
        self.canary = self.root / "canary"
        self.canary.write_text(CANARY)
        self.canary.chmod(0o755)
        self.bin = self.root / "bin"
        self.bin.mkdir()
        names = set(PROGRAMS)
        for folder in ("/usr/bin", "/usr/sbin", "/usr/local/bin"):
            names.update(os.listdir(folder) if os.path.isdir(folder) else [])
        for name in names:
            (self.bin / name).symlink_to("/opt/canary/log")
        self.bash = shutil.which("bash") or "/bin/bash"

    def run(self, line: str) -> list[list[str]]:
        """The argv of every canary that ran for `line`."""
        case = Path(tempfile.mkdtemp(prefix="line-", dir=self.root))
        work, log = case / "work", case / "log"
        for folder in (work / "pytest", log):
            folder.mkdir(parents=True)
        for name in ("-v", f"a[$({RUN})]", "x.txt"):
            (work / name).write_text("x\n")
        (work / "python3").symlink_to("/opt/canary/log")  # what PATH=. would find
        (work / "v.txt").write_text(f"a[$({RUN})]\n")  # a value `read` takes
        options = ["--unshare-all", "--die-with-parent", "--clearenv", "--cap-drop", "ALL"]
        options += ["--ro-bind", "/usr/lib", "/usr/lib", "--symlink", "usr/lib", "/lib"]
        if os.path.isdir("/usr/lib64"):
            options += ["--ro-bind", "/usr/lib64", "/usr/lib64", "--symlink", "usr/lib64", "/lib64"]
        for folder in ("/usr/bin", "/usr/sbin", "/usr/local/bin"):
            options += ["--ro-bind", str(self.bin), folder]
        options += ["--symlink", "usr/bin", "/bin", "--symlink", "usr/sbin", "/sbin"]
        options += ["--ro-bind", self.bash, "/opt/canary/bash"]
        options += ["--ro-bind", str(self.canary), "/opt/canary/log"]
        options += ["--bind", str(log), "/log", "--bind", str(work), "/work"]
        options += ["--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp", "--chdir", "/work"]
        options += ["--setenv", "PATH", "/usr/bin:/bin", "--setenv", "HOME", "/work"]
        subprocess.run(
            ["bwrap", *options, "--", "/opt/canary/bash", "-c", line],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=30,
            check=False,
        )
        ran = [f.read_bytes().decode("utf-8", "surrogateescape") for f in log.iterdir()]
        shutil.rmtree(case, ignore_errors=True)
        return [record.split("\0")[:-1] for record in ran]


def check_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the property; the number of examples that ran."""
    sandbox = Sandbox(tmp)
    judged = allowed = 0

    @reproducible(examples, seed)
    @given(lines)
    def holds(line: str) -> None:
        nonlocal judged, allowed
        judged += 1
        if judge(line, read_line(line), PATTERNS) is not None:
            return
        allowed += 1
        for argv in sandbox.run(line):
            assert _oracle_allows(argv), f"{line!r} was allowed, and ran {argv!r}"

    holds()
    print(f"policy sandbox property: {allowed} of {judged} lines allowed and run", file=sys.stderr)
    return judged
