"""The words of a home startup file as the shell reads them (`_words`: bash's `$'...'`
decoded, an extglob group a `*`), their values
(`_expand`: `home_values` with brace expansion), the paths any line names (`_mentions`), and
where a path leads in the tree (`_relative`): what `home_shells.py` and the other home
readers share."""

from __future__ import annotations

import glob
import itertools
import os
import re
import shlex
from pathlib import Path

from cleveragents.adapters.git.stamped_reads import regular_bytes
from cleveragents.adapters.home_environ import ENVIRON
from cleveragents.adapters.home_values import Variables, kept_whole, values
from cleveragents.domain.reach import printable
from cleveragents.domain.tree_scripts import MOST_BYTES

MOST_READ = 64
MOST_MATCHES = 4096  # of one level of a glob over the home (`~/*/bin`): past it, not listed
OPERATORS = (";", "&&", "||", "|", "&", "{", "(", "!", ";;", ")", "$(", "<(", "`")
KEYWORDS = ("then", "do", "else", "elif", "if", "while", "until", "time", "builtin", "command")
OPERATOR = re.compile(r";;|&&|\|\||<<<|<<|>>|<\(|>\(|&>|>&|[;&|()<>]")
STARTS = frozenset((*OPERATORS, *KEYWORDS, "exec"))  # what a command may follow
RUNS = frozenset((".", "source", "sh", "bash", "dash", "zsh", "ksh", "ash"))  # `bash X`: run
# A word of a line that may be a path (`bash X`, `<(cat X)`, `BASH_ENV=X`, `PATH=X:$PATH`,
# an alias', trap's or `eval`'s string): split at quotes, operators, `=` and `:`.
PIECE = re.compile(r"[^\s'\"`;|&()<>=:]+")
QUOTES = re.compile(r"[\"']")
ATTACHED = re.compile(r"^(?:@|-[A-Za-z])(?=[~/$])")  # a path after `@` or a short option
DEFAULT = re.compile(r"\$\{[A-Za-z_][A-Za-z0-9_]*:?[-=+?]((?:[^{}]|\{[^{}]*\})*)\}")  # `${X:-Y}`
BRACE = re.compile(r"\{([^{}]*,[^{}]*)\}")
VARIABLE = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)")
GLOB = re.compile(r"[*?\[]")
CONTINUED = re.compile(r"(?<!\\)((?:\\\\)*)\\\n")  # a line continued by `\`: one line
QUOTED = re.compile(r"\$(['\"])")  # bash's `$'...'`, `$"..."`: the string
_ARGUMENT = re.compile("\x01(.)\x01")  # a positional parameter kept through `values`
POSITIONAL = re.compile(r"\$(?:[1-9@*]|\{[1-9@*]\})")  # a function's argument: `$1`, `"$@"`
ANSI_C = re.compile(r"\$'((?:[^'\\]|\\.)*)'", re.S)  # bash's `$'dot\x66iles'`
ESCAPE = re.compile(
    r"\\(?:x([0-9A-Fa-f]{1,2})|u([0-9A-Fa-f]{1,4})|U([0-9A-Fa-f]{1,8})|([0-7]{1,3})|c(.)|(.))", re.S
)
_ESCAPES = {"a": "\a", "b": "\b", "e": "\x1b", "E": "\x1b", "f": "\f", "n": "\n", "r": "\r"}
_ESCAPES |= {"t": "\t", "v": "\v", "\\": "\\", "'": "'", '"': '"', "?": "?"}
# bash's extglob (`~/@(dotfiles|x)/init.sh`, `+(...)`, `*(...)`, `?(...)`, `!(...)`): a glob
EXTGLOB = re.compile(r"(?<![$\\])[?*+@!]\((?:[^()]|\([^()]*\))*\)")
# zsh's alternation in a path (`~/(dotfiles|x)/init.sh`) and extended_glob's `^x`
ALTERNATION = re.compile(r"(?<=[\w./~-])\((?:[^()|\s]*\|)+[^()\s]*\)|(?<=/)\^[^/\s'\"]*")


def _mentions(text: str, variables: dict[str, list[str] | None], home: str) -> list[str]:
    """Every other path `text` names by `~`, `/`, `$HOME` or a variable it set, wherever
    on a line (`bash X`, `source <(cat X)`, `eval "$(cat X)"`, `BASH_ENV=X`, a `PATH`'s
    folder, an alias' string): a file the home may run, or a folder whose files it may."""
    found: list[str] = []
    for line in CONTINUED.sub(r"\1", text).splitlines():
        if line.lstrip().startswith("#"):
            continue
        line = globbed(line)
        if "'" in line or '"' in line:  # `ENV="$HOME"/x.sh`: the word the shell makes, too
            line += "\n" + QUOTES.sub("", line)  # (in a `$(...)` too: `$(echo "$HOME"/x)`)
        line = DEFAULT.sub(lambda match: match[1], line)
        for match in PIECE.finditer(line):
            piece, before = ATTACHED.sub("", match[0]), line[: match.start()]  # `ssh -F~/x`
            if piece.startswith("/") and _closed(before):
                continue  # `"$ZSH_CUSTOM"/x`: the rest of a word (the line unquoted has it)
            variable = VARIABLE.match(piece)
            if not (piece.startswith(("~", "/")) or (variable and variable.start() == 0)):
                continue
            if variable and variable.end() == len(piece):
                continue  # `$PATH` alone: named where it was set (of agents' own, its PATH)
            if variable and (variable[1] or variable[2]) not in variables:
                continue  # agents' environment alone (`$PWD`): not the files' own
            for value in _expand(piece, variables, home) or []:
                found += [v for v in value.split(":") if v.startswith("/")]
    return list(dict.fromkeys(found))


def _closed(before: str) -> bool:
    """Whether `before` ends with a quote closing a quoted word (`"$ZSH_CUSTOM"`)."""
    return before[-1:] in ("'", '"') and not before.count(before[-1]) % 2


def _at_start(words: list[str], index: int) -> bool:
    return index >= 0 and (index == 0 or words[index - 1] in STARTS)


def _words(line: str) -> list[str]:
    """The shell words of `line`, quotes taken off, `;`, `&&`... apart; `\\.` as `.`."""
    kept, back = kept_whole(QUOTED.sub(r"\1", globbed(line)))  # `$(...)`: one piece of its word
    lexer = shlex.shlex(kept, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    try:
        found = [word.translate(back) for word in lexer]
    except ValueError:  # an open quote: the line read as plain words
        return line.split()
    return [one for word in found for one in _operators(word)]


def globbed(line: str) -> str:
    """`line` with each `$'...'` decoded as bash does (a NUL ends it) and quoted plainly,
    and each extglob group (`@(dotfiles|x)`, `!(x)`; zsh's `(dotfiles|x)`, `^x` in a path)
    as `*`: a glob matching more, never less."""
    line = ANSI_C.sub(lambda match: shlex.quote(_decoded(match[1])), line)
    line = EXTGLOB.sub("*", line) if "(" in line else line
    return ALTERNATION.sub("*", line) if "|" in line or "/^" in line else line


def _decoded(text: str) -> str:
    def one(match: re.Match[str]) -> str:
        hexa, small, big, octal, control, other = match.groups()
        code = hexa or small or big
        if code:
            return chr(min(int(code, 16), 0x10FFFF))
        if octal:
            return chr(int(octal, 8) & 0xFF)
        if control:
            return "\x1c" if control == "\\" else chr(ord(control.upper()) & 0x1F)
        return _ESCAPES.get(other, "\\" + other)

    return ESCAPE.sub(one, text).partition("\0")[0]


def _operators(word: str) -> list[str]:
    """`word`, or the operators a run of them holds apart (`);` is `)` then `;`); a
    function's `()` is kept."""
    if word in OPERATORS or word == "()" or word.strip("();<>|&"):
        return [word]
    return OPERATOR.findall(word) or [word]


def _expand(word: str, variables: dict[str, list[str] | None], home: str) -> list[str] | None:
    """The values of `word` with `~`, `$HOME`, the known variables and the forms
    `home_values` evaluates put in, or None when some `$` stays (a variable set nowhere,
    `$(...)`, `${x%y}`)."""
    found = values(word, variables, home)
    if found is None or any("$" in v or "`" in v for v in found):
        return None
    return [out for value in found for out in _braces(value)][: MOST_READ * 4]


def typed_forms(
    word: str, found: list[str] | None, variables: Variables, home: str
) -> list[str] | None:
    """`found`, the values of the assigned `word`, or when it is built on a function's
    argument (`local f="$1"`, `b="$D/$1"`) its forms with that kept as written, what a call
    gives (`home_environ.not_run`, `home_bodies`)."""
    if POSITIONAL.fullmatch(word):
        return [word]
    if found is not None:
        return found
    marked = POSITIONAL.sub(lambda one: "\x01" + one[0].strip("${}") + "\x01", word)
    forms = [_ARGUMENT.sub(r"$\1", one) for one in values(marked, variables, home) or []]
    kept = all("$" not in POSITIONAL.sub("", one) and "`" not in one for one in forms)
    return forms if kept and any(POSITIONAL.search(one) for one in forms) else None


def _braces(word: str) -> list[str]:
    """`word` with its `{a,b}`s expanded as the shell does, at most `MOST_READ` words."""
    done: list[str] = []
    todo = [word]
    while todo and len(done) + len(todo) <= MOST_READ:
        one = todo.pop(0)
        match = BRACE.search(one)
        if match is None:
            done.append(one)
            continue
        todo += [one[: match.start()] + part + one[match.end() :] for part in match[1].split(",")]
    return done + todo


def _environ(name: str) -> list[str] | None:
    value = os.environ.get(name)
    return None if value is None else [value]


def _glob_folder(path: str) -> tuple[str, bool]:
    """`path`, or for a glob the folder above its first glob part, whole."""
    parts = path.split("/")
    for index, part in enumerate(parts):
        if GLOB.search(part):
            return "/".join(parts[:index]) or "/", True
    return path, False


def glob_places(top: Path, pattern: str) -> list[tuple[str, bool]]:
    """Where the glob `pattern` (absolute) may match in the tree `top`, present or made
    later, each with whether it is a folder whole: its folder above the first glob part
    when that lies in the tree (`~/dotfiles/rc.d/*`); else, level by level through what
    stands (links too), each match leading into the tree with the rest of the pattern in
    it (`~/*/bin`, the tree `~/dotfiles`: its `bin`; `~/*/init.sh`: its `init.sh`, made
    later too); the top whole when a match is it, or when a level holds more than
    `MOST_MATCHES` matches, or `**` (zsh's any depth) stands above the tree."""
    folder, _ = _glob_folder(pattern)
    if _relative(top, folder) is not None:
        return [(folder, True)]
    parts = pattern.split("/")
    at = len(folder.rstrip("/").split("/"))  # the first glob part
    holds = Path(os.path.realpath(top)).is_relative_to(os.path.realpath(folder))
    if holds and any("**" in part for part in parts[at:]):
        return [(str(top), True)]
    found: list[tuple[str, bool]] = []
    level = [folder]
    for index in range(at, len(parts) + 1):
        rest = "/".join(parts[index:])
        for match in level:
            inside = _relative(top, match) if index > at else None
            if inside is None:
                continue
            here = os.path.join(str(top), inside) if inside else str(top)
            found.append(_glob_folder(os.path.join(here, rest)) if rest else (here, not inside))
        if index == len(parts):
            break
        step = parts[index]
        matches = (
            one
            for base in level
            if _relative(top, base) is None
            for one in glob.iglob(os.path.join(glob.escape(base), step), include_hidden=True)
        )
        level = list(itertools.islice(matches, MOST_MATCHES + 1))
        if len(level) > MOST_MATCHES:
            return [(str(top), True)] if holds else found
    return list(dict.fromkeys(found))


def _zdotdirs(value: str | None, home: str) -> list[str]:
    return [value] if value and value.startswith("/") and value != home else []


def _relative(top: Path, path: str, folders: dict[str, str] | None = None) -> str | None:
    """Where `path` leads relative to the tree `top` (resolved; "" for the top), or None
    outside it or in a `.git`. `folders`: the folders resolved in this look, kept (a long
    `.bashrc` names thousands of paths in a few folders)."""
    folder, name = os.path.split(path)
    if folders is None or name in ("", ".", ".."):
        real = os.path.realpath(path)
    else:
        if folder not in folders:
            folders[folder] = os.path.realpath(folder)
        real = os.path.join(folders[folder], name)
        real = os.path.realpath(real) if os.path.islink(real) else real
    return in_tree(top, real)


def in_tree(top: Path, real: str) -> str | None:
    """The resolved path `real` relative to the tree `top` ("" its top), or None outside it
    or in a `.git`."""
    mine = str(top)
    if real == mine:
        return ""
    if not real.startswith(mine.rstrip("/") + "/"):
        return None
    inside = real[len(mine.rstrip("/")) + 1 :]
    return None if ".git" in inside.split("/") else inside


def _text(path: str) -> tuple[str | None, str]:
    """The shell file at `path` (its links followed, as the shell does), read when it is a
    plain file of at most `MOST_BYTES`; else None and why, "" when there is none."""
    found = regular_bytes(path, MOST_BYTES, follow=True)
    if found is not None and len(found[0]) <= MOST_BYTES:
        return found[0].decode("utf-8", "replace"), ""
    if found is not None:
        return None, f"longer than {MOST_BYTES // 1024} KiB"
    if os.path.exists(path) and not os.path.isdir(path):  # a FIFO, one it may not open
        return None, "a file agents cannot read"
    return None, ""  # none there, or a link to nothing: the shell reads nothing


def _shown(top: Path, home: str, path: str) -> str:
    if path == ENVIRON:
        return "your environment"
    inside = _relative(top, path)
    shown = inside if inside else "~/" + os.path.relpath(path, home)
    return printable(shown)
