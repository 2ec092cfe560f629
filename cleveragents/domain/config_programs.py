"""Which tree paths a git config value may run: a tree file the user's git would run
(`diff.X.textconv = ./scripts/conv.sh`, `credential.helper = !cd tools; ./cred.sh`,
`filter.X.clean = python3 -m nbstripout`) is a host-run file (`domain/host_files.py`).

A setting git runs as a program (`PROGRAMS`; an alias only with its `!`) is read as git's
shell reads it: split into commands on `;`, `&&`, `|`, newlines, parentheses and braces (a
function `f() { ...; }; f` too), each command's program found after its assignments and
through the launchers of `domain/launchers.py` (`exec`, `env`, `timeout 5`, `npx`, `uv
run`, an interpreter's script); a word holding a `/` names a file, a bare one a program on
PATH; an unknown program's other words are taken as files it may run. `cd DIR` makes all of
DIR a place git runs from. What cannot be read ahead (a substitution, `eval`, a glob or a
variable as the program, `make`) may run any file of the tree: the whole tree (`WHOLE`),
said so in the refusal. Any other value (`commit.template = .gitmessage`) is a path git
reads: its first word is kept when it holds a `/`, which is harmless.
"""

from __future__ import annotations

import posixpath
import re
import shlex
from dataclasses import dataclass
from fnmatch import fnmatchcase

from cleveragents.domain import launchers as table

WHOLE = "*"  # every name at the tree's top, and all below it
PACKAGE = "*/__init__.*"  # a package folder: the adapter adds each one standing, whole
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
REDIRECTS = frozenset("<>")
_SUBSTITUTION = re.compile(r"\$\(|`|[<>]\(")
_GLOB = re.compile(r"[*?\[$]")
_CODE_WORD = re.compile(r"[\w.~-]+(?:/[\w.~-]+)*")
SCRIPT_ARGS = frozenset(("-I", "-r"))
CODE_OPTIONS = frozenset(("-c", "-e", "-p", "-E", "--eval", "--print"))


@dataclass(frozen=True)
class Reach:
    """A place of the tree (from its top) a value may run: `path` itself and all below it,
    `*` in a pattern standing for one name; found through `launcher`, or `unknown` (why
    agents cannot tell what the value runs)."""

    path: str
    launcher: str = ""
    unknown: str = ""
    hint: str = ""  # how the setting could keep its launcher out of the tree
    repo: str = ""  # the nested repository (its top) whose own config names it; "": the top's

    def covers(self, path: str) -> bool:
        """Whether `path` (relative to the tree's top) is this place or lies in it."""
        parts, pattern = posixpath.normpath(path).split("/"), self.path.split("/")
        if not self.launcher and not self.unknown:  # a word of the value: no pattern
            return parts[: len(pattern)] == pattern
        return len(parts) >= len(pattern) and all(map(fnmatchcase, parts, pattern))


def program_reach(key: str, value: str) -> list[Reach]:
    """The places of the tree the setting `key = value` may run, from the tree's top."""
    if not runs_program(key, value):
        return [Reach(word) for word in program_words(value)]
    return _script(value.removeprefix("!"), "")


def script_reach(text: str, cwd: str) -> list[Reach]:
    """The places of the tree a shell command line run in `cwd` (from the tree's top) may
    run, read as a program's value is (Claude Code's hooks: `domain/claude_commands.py`)."""
    return _script(text, cwd)


def runs_program(key: str, value: str) -> bool:
    """Whether git runs `value` of `key` as a command line."""
    if key.startswith("alias."):
        return value.startswith("!")
    return any(fnmatchcase(key, pattern) for pattern in PROGRAMS)


def program_words(value: str) -> list[str]:
    """A value that is no program, as the path git reads, when it holds a `/` (or a `~`)."""
    path = value.strip()
    return [path] if "/" in path or path.startswith("~") else []


def _script(text: str, cwd: str) -> list[Reach]:
    """What a shell script run in `cwd` (relative to the top) may run."""
    if _SUBSTITUTION.search(text):
        return [Reach(WHOLE, unknown="a substitution")]
    try:
        tokens = _tokens(text)
    except ValueError:  # an unclosed quote: nothing runs, but nothing read either
        return [Reach(WHOLE, unknown="an unclosed quote")]
    found: list[Reach] = []
    words: list[str] = []
    # Each folder a `cd` may have left the shell in (a subshell's, a function's, a failed
    # one's), the first too: every command after it is taken as run in each of them.
    cwds = [cwd]
    for token in [*tokens, ";"]:
        if token and set(token) <= OPERATORS:
            for folder in list(cwds):
                moved = _command(words, folder, found)
                if moved not in cwds:
                    cwds.append(moved)
            words = []
        else:
            words.append(token)
    return list(dict.fromkeys(found))


def _tokens(text: str) -> list[str]:
    """The words and operators of `text`, a redirection's target left out (it is no
    program, and a file it writes into is the shell's, not the tree's to run)."""
    lexer = shlex.shlex(text, posix=True, punctuation_chars=";&|()<>\n")
    lexer.whitespace = " \t\r"
    lexer.whitespace_split = True
    tokens: list[str] = []
    skip = False
    for token in lexer:
        if token and set(token) <= REDIRECTS | {"&", "|"} and set(token) & REDIRECTS:
            if tokens and tokens[-1].isdigit():
                tokens.pop()  # `2>`: the descriptor's number
            skip = True
        elif skip:
            skip = False
        else:
            tokens.append(token)
    return tokens


def _command(words: list[str], cwd: str, found: list[Reach]) -> str:
    """Add what one simple command run in `cwd` may run to `found`; the working folder
    for the commands after it."""
    while words and (words[0] in table.KEYWORDS or _assignment(words[0])):
        found.extend(_assigned(words[0], cwd) if _assignment(words[0]) else [])
        words = words[1:]
    if not words:
        return cwd
    program, rest = words[0], words[1:]
    name = posixpath.basename(program)
    if _GLOB.search(program):
        found.append(Reach(WHOLE, unknown=f"`{_shown(program)}` as a program"))
    elif name in ("cd", "pushd"):
        target = next((w for w in rest if not w.startswith("-")), None)
        if target is None or _GLOB.search(target) or target.startswith("~"):
            found.append(Reach(WHOLE, unknown=f"`{name}` to a folder agents cannot name"))
            return cwd
        cwd = _joined(cwd, target)
        found.append(_inside(cwd, name))
    elif name in (".", "source"):
        found.extend(_named(cwd, rest[:1]))
    else:
        if "/" in program or program.startswith("~"):
            found.extend(_named(cwd, [program]))
        found.extend(_launched(name, rest, cwd))
    return cwd


def _assigned(word: str, cwd: str) -> list[Reach]:
    """What an assignment may make run: each word of its value as a file (`LD_PRELOAD=./x.so`,
    `NODE_OPTIONS='--require ./x.js'`, `BASH_ENV=x.sh`); `PYTHONPATH` folders as import roots."""
    name, _, value = word.partition("=")
    if name == "PYTHONPATH":
        roots = (_joined(cwd, root or ".") for root in value.split(":"))
        return [r for root in roots for r in _python_root(root, "PYTHONPATH", "")]
    return _named(cwd, [p for p in re.split(r"[\s:=]+", value) if p and not p.startswith("-")])


def _code(code: str, cwd: str) -> list[Reach]:
    """What a program given as code (`python3 -c`, `node -e`, `perl -e`) may run: each word
    of it that could name a file, taken as one (`subprocess.run(['sh', 'conv.sh'])`)."""
    return _named(cwd, _CODE_WORD.findall(code))


def _given_code(rest: list[str], cwd: str) -> list[Reach] | None:
    """What code given with `-e` (`--eval`, `-p`, ...) may run; None when none is given."""
    for at, word in enumerate(rest[:-1]):
        if word in CODE_OPTIONS:
            return _code(rest[at + 1], cwd)
    return None


def _launched(name: str, rest: list[str], cwd: str) -> list[Reach]:
    """What program `name` (a launcher, an interpreter or another) runs of `rest`."""
    two = f"{name} {rest[0]}" if rest else ""
    if two in table.RUNNERS:
        return [*_places(cwd, table.RUNNERS[two], two), *_runner(rest[1:], cwd)]
    if name in table.RUNNERS:
        return [*_places(cwd, table.RUNNERS[name], name), *_runner(rest, cwd)]
    if name in table.WRAPPERS:
        return _wrapped(name, rest, cwd)
    if name in table.OPAQUE or name in ("for", "case", "select", "coproc"):
        return [Reach(WHOLE, unknown=f"`{_shown(name)}`")]
    if name in table.SHELLS:
        return _shell(rest, cwd)
    if table.PYTHON.fullmatch(name):
        return _python(name, rest, cwd)
    if name in table.NODE:
        return _node(name, rest, cwd)
    if name in table.SCRIPTED:
        code = _given_code(rest, cwd)
        return code if code is not None else _named(cwd, _operands(rest, SCRIPT_ARGS)[:1])
    return _named(cwd, [w for w in rest if not w.startswith("-")])


def _runner(rest: list[str], cwd: str) -> list[Reach]:
    """What a runner's command (after its options) runs."""
    while rest and rest[0].startswith("-"):
        rest = rest[1:]
    found: list[Reach] = []
    _command(rest, cwd, found)
    return found


def _wrapped(name: str, rest: list[str], cwd: str) -> list[Reach]:
    """What `exec`, `env`, `nice -n 5`, `timeout 5` ... run: the command after them."""
    options = table.WRAPPERS[name]
    while rest and rest[0].startswith("-") and rest[0] != "--":
        taken = options.get(rest[0].partition("=")[0], 0 if "=" in rest[0] else None)
        if taken is None or taken < 0:  # `env -S 'a b'`: a command line of its own
            return [Reach(WHOLE, unknown=f"`{name} {_shown(rest[0])}`")]
        rest = rest[1 + (0 if "=" in rest[0] else taken) :]
    rest = rest[1:] if rest[:1] == ["--"] else rest
    rest = rest[table.WRAPPER_WORDS.get(name, 0) :]
    found: list[Reach] = []
    _command(rest, cwd, found)
    return found


def _shell(rest: list[str], cwd: str) -> list[Reach]:
    """What `sh -c STRING` or `sh SCRIPT` runs (`-o NAME` takes a word; a startup file
    named with `--rcfile` runs too)."""
    skip = False
    for at, word in enumerate(rest):
        if skip:
            skip = False
        elif word in ("--rcfile", "--init-file"):
            return _named(cwd, rest[at + 1 : at + 2]) + _shell(rest[at + 2 :], cwd)
        elif word in ("-o", "+o", "-O", "+O"):
            skip = True
        elif word.startswith("-") and "c" in word[1:] and not word.startswith("--"):
            return _script(rest[at + 1], cwd) if at + 1 < len(rest) else []
        elif not word.startswith(("-", "+")):
            return _named(cwd, [word])
    return []


def _python(name: str, rest: list[str], cwd: str) -> list[Reach]:
    """Python puts the working folder (`-m`, `-c`, stdin) or the script's folder first on
    `sys.path`, unless `-I` or `-P` says not to; code given with `-c` may run more."""
    isolated = False
    found: list[Reach] = []
    at = 0
    while at < len(rest) and rest[at].startswith("-") and rest[at] != "-":
        option = rest[at]
        letters = set() if option.startswith("--") else set(option[1:])
        isolated = isolated or bool(letters & set("IP"))
        if "c" in letters:
            code = option.partition("c")[2] or (rest[at + 1] if at + 1 < len(rest) else "")
            found.extend(_code(code, cwd))
        if letters & set("mc") or option == "--":
            break
        at += 2 if option in table.PYTHON_ARGS else 1
    script = rest[at] if at < len(rest) and not rest[at].startswith("-") else None
    found.extend(_named(cwd, [script]) if script is not None else [])
    if isolated:
        return found
    root = _joined(cwd, posixpath.dirname(script) or ".") if script is not None else cwd
    return [*found, *_python_root(root, name, f"{name} -I")]


def _node(name: str, rest: list[str], cwd: str) -> list[Reach]:
    """node finds modules in `node_modules` of the script's folder and each one above."""
    code = _given_code(rest, cwd)
    script = None if code is not None else next(iter(_operands(rest, table.NODE_ARGS)), None)
    found = code or (_named(cwd, [script]) if script is not None else [])
    folder = _joined(cwd, posixpath.dirname(script)) if script is not None else cwd
    while True:
        found.extend(_places(folder, table.NODE_ROOT, name))
        if folder in ("", ".") or folder.startswith(".."):
            return found
        folder = posixpath.dirname(folder)


def _operands(rest: list[str], taking: frozenset[str]) -> list[str]:
    """The words of `rest` that are no option nor an option's word."""
    found: list[str] = []
    skip = False
    for word in rest:
        if skip:
            skip = False
        elif word.startswith("-"):
            skip = word in taking
        else:
            found.append(word)
    return found


def _python_root(root: str, launcher: str, hint: str) -> list[Reach]:
    return _places(root, table.PYTHON_ROOT, launcher, hint)


def _places(folder: str, names: tuple[str, ...], launcher: str, hint: str = "") -> list[Reach]:
    """The places `names` of `folder` where `launcher` finds what it runs."""
    if folder.startswith("..") or folder.startswith("/"):
        return []  # outside the tree (an absolute folder: the adapter judges `cd` only)
    said = f" ({hint} would not look there)" if hint else ""
    return [Reach(_joined(_escaped(folder), name), launcher, hint=said) for name in names]


def _inside(folder: str, launcher: str) -> Reach:
    """All of `folder`, or the whole tree when `folder` holds its top."""
    if folder in ("", ".") or folder.startswith(".."):
        return Reach(WHOLE, launcher=launcher)
    return Reach(_escaped(folder), launcher=launcher)


def _named(cwd: str, words: list[str]) -> list[Reach]:
    """Files named by `words` run in `cwd`, as the tree sees them (`~` the adapter's)."""
    return [Reach(w if w.startswith(("~", "/")) else _joined(cwd, w)) for w in words]


def _shown(word: str) -> str:
    """A word of the user's value as data in a one-line message."""
    return word if word.isprintable() else word.encode("unicode_escape").decode("ascii")


def _escaped(path: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", path)


def _joined(cwd: str, path: str) -> str:
    return posixpath.normpath(posixpath.join(cwd, path))


def _assignment(word: str) -> bool:
    name, equals, _ = word.partition("=")
    return bool(equals) and name.isidentifier()
