"""Which tree paths a git config value may run: a tree file the user's git would run
(`diff.X.textconv = ./scripts/conv.sh`, `credential.helper = !cd tools; ./cred.sh`,
`filter.X.clean = python3 -m nbstripout`) is a host-run file (`domain/host_files.py`).

A setting git runs as a program (`PROGRAMS`; an alias only with its `!`) is read as git's shell
reads it: split into commands on `;`, `&&`, `|`, newlines, parentheses and braces (a function
`f() { ...; }; f` too), each command's program found after its assignments and through the
launchers of `domain/launchers.py` (`exec`, `env`, `timeout 5`, `npx`, `uv run`, an
interpreter's script, options and standard input: `domain/interpreters.py`); a word holding a
`/` names a file, a bare one a program on PATH; an unknown program's other words are taken as
files it may run; a file word the shell expands names a folder or the tree (`domain/reach.py`);
a hook's program agents has no table for and does not know to load nothing (`launchers.INERT`)
may load anything by its convention: the whole tree (a checker's words, `ruff check src`, are
data, as are those of a program the user vouched for: `domain/vouches.py`). `cd DIR` makes all
of DIR a place git runs from. A substitution (`$(…)`, backquotes) is read as a script of its own
where it stands (`domain/shell_words.py`). What cannot be read ahead (a substitution left open,
`eval`, a glob or a variable as the program, `make`, a project runner) may run any file of the
tree (`[`, `[[`, `test` and `command -v` run nothing; `$HOME/x` is `~/x`; `xargs CMD` runs CMD
with words of its input, which agents cannot name): the whole tree (`WHOLE`), said so in the
refusal. Any other value (`commit.template = .gitmessage`) is a path git reads: its first word
is kept when it holds a `/`, which is harmless.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import replace
from fnmatch import fnmatchcase
from typing import NamedTuple

from cleveragents.domain import code_options, runner_options, vouches
from cleveragents.domain import launchers as table
from cleveragents.domain.git_programs import ext_address, ext_url
from cleveragents.domain.reach import (
    PACKAGE,
    SUBSTITUTED,
    WHOLE,
    Reach,
    inside,
    joined,
    named,
    places,
    run_files,
    shown,
    unnamed,
)
from cleveragents.domain.shell_words import (
    DEEPEST,
    PLACE,
    Here,
    Input,
    Target,
    substitutions,
    tokens,
)
from cleveragents.domain.ssh_lines import REMOTE, remote_reach
from cleveragents.domain.xargs_words import fed_words

__all__ = ["PACKAGE", "WHOLE", "Reach", "program_reach", "program_words", "runs_program"]
# Settings git runs as programs (names as `git config --list` gives them).
PROGRAMS = (
    "*.textconv", "filter.*.clean", "filter.*.smudge", "filter.*.process", "merge.*.driver",
    "diff.*.command", "diff.external", "core.fsmonitor", "core.sshcommand", "core.pager",
    "core.editor", "core.askpass", "core.gitproxy", "sequence.editor", "pager.*",
    "credential.helper", "credential.*.helper", "gpg.program", "gpg.*.program",
    "gpg.ssh.defaultkeycommand", "difftool.*.cmd", "mergetool.*.cmd", "interactive.difffilter",
    "uploadpack.packobjectshook", "remote.*.uploadpack", "remote.*.receivepack",
    "sendemail.*", "browser.*.cmd", "man.*.cmd", "web.browser",
)  # fmt: skip
OPERATORS = frozenset(";&|()\n")
_DEPTH: ContextVar[int] = ContextVar("script_depth", default=0)  # `_script`s within
# Whether the line read is a hook's (`script_reach(..., hook=True)`): a program agents has
# no table for is then the whole tree; and the shell functions the script defines.
_HOOK: ContextVar[bool] = ContextVar("hook_line", default=False)
_FUNCTIONS: ContextVar[frozenset[str]] = ContextVar("functions", default=frozenset())
# Within `programs_on_path()`: a bare program no table reads is said as `Reach(NAME,
# kind=ON_PATH)`, for the adapter to find on PATH and read when it is a script.
ON_PATH = "$PATH"
_ON_PATH: ContextVar[bool] = ContextVar("programs_on_path", default=False)
_DEFINED = re.compile(
    r"(?:^|[\s;&|(){}])(?:function[ \t]+([\w.:-]+)|([\w.:-]+)[ \t]*\([ \t]*\))", re.M
)
_GLOB = re.compile(r"[*?\[$\0]")
# `$HOME/x`, `${HOME}/x` as the program: the user's `~/x` (the adapter judges where it lies).
_HOME = re.compile(r"\A\$(?:HOME|\{HOME\})/+")
TESTS = frozenset(("[", "[[", "test")) | table.WORDLESS  # builtins: a test, `exit 0` run nothing


class Given(NamedTuple):
    """What a command gets besides its words: its standard input (`< FILE`, `<<< TEXT`)
    and the folders its `PYTHONPATH` assignments put first."""

    stdin: str | None = None
    roots: tuple[str, ...] = ()


def program_reach(key: str, value: str) -> list[Reach]:
    """The places of the tree the setting `key = value` may run, from the tree's top."""
    if not runs_program(key, value):
        return [Reach(word) for word in program_words(value)]
    if url := ext_url(key, value):  # `ext::sh -c touch% x`: words on spaces, `% ` one in a word
        words = [re.sub(r"%([ %])", r"\1", w) for w in re.split(r"(?<!%) ", url[5:]) if w]
        return _script(shlex.join(words), "")
    return _script(value.removeprefix("!"), "")


def script_reach(text: str, cwd: str = "", *, hook: bool = False) -> list[Reach]:
    """What a shell script run in `cwd` (relative to the tree's top) may run, read as a
    program's value is (a hook's content: `domain/hook_runs.py`; Claude Code's settings:
    `domain/claude_commands.py`). A hook's (`hook`, or within `hook_lines()`): a program
    neither known to load nothing (`launchers.INERT`) nor read by a table of its own may
    load anything of the tree by its convention: the whole tree."""
    if not hook:
        return _script(text, cwd)
    with hook_lines():
        return _script(text, cwd)


@contextmanager
def programs_on_path() -> Iterator[None]:
    """Within, a bare program no table reads is said (`ON_PATH`): the user's own script on
    PATH (`claude-fmt`) runs what it says, which the adapter reads."""
    reset = _ON_PATH.set(True)
    try:
        yield
    finally:
        _ON_PATH.reset(reset)


@contextmanager
def hook_lines(on: bool = True) -> Iterator[None]:
    """Read every line within as a hook's (`script_reach`'s `hook`)."""
    reset = _HOOK.set(on)
    try:
        yield
    finally:
        _HOOK.reset(reset)


def reading_hook() -> bool:
    """Whether lines are read as a hook's now (a cache of reaches keys on it)."""
    return _HOOK.get()


def runs_program(key: str, value: str) -> bool:
    """Whether git runs `value` of `key` as a command line (a remote's `ext::` address: its
    command, where the config's protocol policy lets it: `git_programs.ext_policed`)."""
    if key.startswith("alias."):
        return value.startswith("!")
    if ext_address(key, value):
        return True
    return any(fnmatchcase(key, pattern) for pattern in PROGRAMS)


def program_words(value: str) -> list[str]:
    """A value that is no program, as the path git reads, when it holds a `/` (or a `~`)."""
    path = value.strip()
    return [path] if "/" in path or path.startswith("~") else []


def _script(text: str, cwd: str) -> list[Reach]:
    """What a shell script run in `cwd` (relative to the top) may run: each command, and
    each substitution as a script of its own, run where the command around it runs."""
    depth = _DEPTH.get()
    if depth > DEEPEST:
        return [Reach(WHOLE, unknown="a command line nested too deep to read")]
    reset = _DEPTH.set(depth + 1)
    defined = {a or b for a, b in _DEFINED.findall(text)}
    functions = _FUNCTIONS.set(_FUNCTIONS.get() | defined)
    try:
        return _commands(text, cwd)
    finally:
        _FUNCTIONS.reset(functions)
        _DEPTH.reset(reset)


def _commands(text: str, cwd: str) -> list[Reach]:
    """`_script`, one level deep."""
    try:
        text, scripts = substitutions(text)
        words_of = tokens(text)
    except ValueError as error:  # an unclosed quote: nothing runs, but nothing read either
        said = str(error)  # ours say what; shlex's (`No closing quotation`) an open quote
        return [Reach(WHOLE, unknown=said if said.startswith("a") else "an unclosed quote")]
    found: list[Reach] = []
    words: list[str] = []
    # Each folder a `cd` may have left the shell in (a subshell's, a function's, a failed
    # one's), the first too: every command after it is taken as run in each of them.
    cwds = [cwd]
    for token in [*words_of, ";"]:
        if token and set(token) <= OPERATORS and not isinstance(token, Target):
            numbers = [n for w in words for n in PLACE.findall(w) if n in scripts]
            for folder in list(cwds):
                for number in numbers:
                    found.extend(_script(scripts[number], folder))
                moved = _command(words, folder, found, Given())
                if moved not in cwds:
                    cwds.append(moved)
            scripts = {n: script for n, script in scripts.items() if n not in numbers}
            words = []
        else:
            words.append(token)
    # One no word holds (a target's, say) runs too, in each folder the shell may be in.
    found += [r for s in scripts.values() for folder in cwds for r in _script(s, folder)]
    return [r for r in dict.fromkeys(found) if SUBSTITUTED not in r.path]


def _command(words: list[str], cwd: str, found: list[Reach], given: Given) -> str:
    """Add what one simple command run in `cwd` may run to `found`; the working folder
    for the commands after it."""
    inputs = [w for w in words if isinstance(w, (Input, Here))]
    given = given._replace(stdin=inputs[-1]) if inputs else given
    words = [w for w in words if not isinstance(w, Target)]
    while words and words[0] != "[[" and (words[0] in table.KEYWORDS or _assignment(words[0])):
        if _assignment(words[0]):
            found.extend(_assigned(words[0], cwd))
            name, _, value = words[0].partition("=")
            roots = value.split(":") if name == "PYTHONPATH" else []
            roots = [joined(cwd, r or ".") for r in roots if not _GLOB.search(r)]
            given = given._replace(roots=(*given.roots, *roots))
        words = words[1:]
    if not words:
        return cwd
    program, rest = _HOME.sub("~/", words[0], count=1), words[1:]
    name = program.rpartition("/")[2]
    if program in TESTS or (program == "command" and rest[:1] in (["-v"], ["-V"])):
        return cwd  # the shell's builtins: a test, a lookup, `exit 0`; they run nothing
    if program == "xargs":
        found.extend(_xargs(rest, cwd, given))
    elif _GLOB.search(program):
        found.append(Reach(WHOLE, unknown=f"`{shown(program)}` as a program"))
    elif name in ("cd", "pushd"):
        target = next((w for w in rest if not w.startswith("-")), None)
        if target is None or _GLOB.search(target) or target.startswith("~"):
            found.append(Reach(WHOLE, unknown=f"`{name}` to a folder agents cannot name"))
            return cwd
        cwd = joined(cwd, target)
        found.append(inside(cwd, name))
    elif name in (".", "source"):
        found.extend(run_files(cwd, rest[:1]))
    elif name in ("export", "readonly", "local", "declare", "typeset"):
        found.extend(r for w in rest if _assignment(w) for r in _assigned(w, cwd))
    else:
        if "/" in program or program.startswith("~"):
            found.extend(named(cwd, [program]))
        found.extend(_launched(name, rest, cwd, given, program))
    return cwd


def _assigned(word: str, cwd: str) -> list[Reach]:
    """What an assignment may make run: each word of its value as a file (`LD_PRELOAD=./x.so`,
    `NODE_OPTIONS='--require ./x.js'`, `RUBYOPT=-r./x`, `BASH_ENV=x.sh`); `PYTHONPATH`
    folders as import roots (a folder agents cannot name: the tree)."""
    name, _, value = word.partition("=")
    if name.endswith("+"):  # `PATH+=:./bin` appends: its first `:` is no empty entry
        name, value = name[:-1], value.removeprefix(":")
    if name == "PATH" and "." in (joined(cwd, p or ".") for p in value.split(":")):  # `.`, ``
        return [Reach(WHOLE, unknown="a `PATH` naming the tree's top")]
    if name == "PYTHONPATH":
        roots = [root or "." for root in value.split(":")]
        return [
            r
            for root in roots
            for r in (
                unnamed(cwd, root)
                if _GLOB.search(root)
                else places(joined(cwd, root), table.PYTHON_ROOT, "PYTHONPATH", absolute=True)
            )
        ]
    words = [p for p in re.split(r"[\s:=]+", value) if p]
    # An option with its word attached (`-r./x`, `-Ilib`) names that word.
    words = [w[2:] if re.match(r"-[A-Za-z][^-]", w) else w for w in words]
    found = named(cwd, table.value_files(name, [w for w in words if not w.startswith("-")]))
    return [replace(r, kind=table.VALUE_KINDS.get(name, "")) for r in found]  # a kubeconfig


def _launched(name: str, rest: list[str], cwd: str, given: Given, program: str = "") -> list[Reach]:
    """What program `name` (a launcher, an interpreter or another; `program` as named)
    runs of `rest`."""
    two = f"{name} {rest[0]}" if rest else ""
    if two in table.RUNNERS:  # `uv run`, `npm exec`
        return _runner(rest[1:], cwd, given, two)
    if name in table.RUNNERS:  # `npx`, `uvx`
        return _runner(rest, cwd, given, name)
    if name in table.WRAPPERS:
        return _wrapped(name, rest, cwd, given)
    if name in table.OPAQUE or name in ("for", "case", "select", "coproc"):
        return [Reach(WHOLE, unknown=f"`{shown(name)}`")]
    if name in table.CONVENTIONS:
        from cleveragents.domain import tool_configs  # the readers of what runs: as they run

        return tool_configs.tool_reach(name, rest, cwd)
    if name in table.SHELLS:
        return _shell(rest, cwd, given.stdin)
    if name in REMOTE:  # `-o ProxyCommand=./p.sh`, `scp -S ./p`: `domain/ssh_lines.py`
        return remote_reach(name, rest, cwd, _script)
    from cleveragents.domain import interpreters

    if table.PYTHON.fullmatch(name):
        roots = list(given.roots)
        return interpreters.python(name, rest, cwd, given.stdin, roots, hook=_HOOK.get())
    if name in table.NODE:
        return interpreters.node(name, rest, cwd, given.stdin)
    if name in table.SCRIPTED:
        return interpreters.scripted(name, rest, cwd, given.stdin)
    vouched = name not in _FUNCTIONS.get() and vouches.vouched(name, program or name)
    if vouched and (at := vouches.command_in(rest)) is not None:  # `setpriv ... make`
        return _launched(rest[at].rpartition("/")[2], rest[at + 1 :], cwd, given, rest[at])
    if name in table.CHECKERS or vouched:  # `ruff check src`: data; a vouched one's files: run
        if not vouched:
            return []
        return [*named(cwd, vouches.file_words(rest)), *vouches.behind(program or name)]
    if _HOOK.get() and _untold(name, program or name):
        why = f"`{shown(name)}`, a program agents has no table for"
        # A bare name may be vouched for: no tools folder's (in the tree), nor a wrapper.
        offered = "/" not in (program or name) and not vouches.runs_code(name)
        return [Reach(WHOLE, unknown=why, vouch=name if offered else "")]
    found = named(cwd, [w for w in rest if w[:1] != "-"], data=table.reads_data(name, program))
    if _ON_PATH.get() and "/" not in (program or name) and name not in table.INERT:
        found.append(Reach(name, kind=ON_PATH))
    return found


def _untold(name: str, program: str) -> bool:
    """Whether a hook's program `name` (named `program`) may load what agents cannot tell:
    one neither known to load nothing nor a function of the script, found on PATH (a bare
    name) or in a tools folder of the tree (`node_modules/.bin`); a script by its path not."""
    if name in table.INERT or name in _FUNCTIONS.get():
        return False
    return "/" not in program or bool(table.TOOL_FOLDERS.search(program))


def _xargs(rest: list[str], cwd: str, given: Given) -> list[Reach]:
    """What `xargs OPTIONS CMD ARGS` runs (`xargs_words.fed_words`)."""
    fed = fed_words(rest)
    if isinstance(fed, Reach):
        return [fed]
    found: list[Reach] = []
    _command(fed, cwd, found, given._replace(stdin=None))
    return found


def _runner(rest: list[str], cwd: str, given: Given, runner: str) -> list[Reach]:
    """What a runner runs: its places, what its options' values name (`runner_options`),
    its command (after its options; `uv run -m NAME` python's); a node package's program."""
    told = runner_options.split(runner, rest, cwd)
    found = [*places(told.cwd, table.RUNNERS[runner], runner), *told.found]
    rest, cwd = [*told.by, *told.command], told.cwd
    found += places(cwd, (package := table.npm_package(runner, rest[0]) if rest else ()), "")
    _command([package[0].rpartition("/")[2], *rest[1:]] if package else rest, cwd, found, given)
    return found


def _wrapped(name: str, rest: list[str], cwd: str, given: Given) -> list[Reach]:
    """What `exec`, `env`, `nice -n 5`, `timeout 5` ... run: the command after them (with
    `env A=1 CMD`'s assignments, read as the shell's are: attack 19 finding 7)."""
    command = table.wrapped(name, rest)
    if command is None:  # `env -S 'a b'`: a command line of its own
        option = next((w for w in rest if w.startswith("-")), "")
        return [Reach(WHOLE, unknown=f"`{name} {shown(option)}`")]
    told = [w for w in rest[: len(rest) - len(command)] if _assignment(w)] if name == "env" else []
    found: list[Reach] = []
    _command(told + command, cwd, found, given)
    return found


def _shell(rest: list[str], cwd: str, stdin: str | None) -> list[Reach]:
    """What `sh -c CODE` (`-ec`), `sh FILE`, `sh < FILE` (`-s`), `--rcfile FILE` run."""
    split = code_options.shell_split(rest)
    found = run_files(cwd, split.rcfiles)
    operand = rest[split.at : split.at + 1]
    if split.command:
        return found + (_script(operand[0], cwd) if operand else [])
    if operand and not split.reads_stdin:
        return found + run_files(cwd, operand)
    if isinstance(stdin, Here):
        return found + _script(stdin, cwd)
    return found + (run_files(cwd, [stdin]) if stdin is not None else [])


def _assignment(word: str) -> bool:
    name, equals, _ = word.partition("=")
    return bool(equals) and name.removesuffix("+").isidentifier()
