"""vim's and gdb's own startup options set in the home's shell files (attack 25 G13), as the
config lines they are: `export VIMINIT='set exrc'` (`EXINIT`, fish's `set -gx`; the XDG setup
`VIMINIT='let $MYVIMRC="~/.config/vim/vimrc" | source $MYVIMRC'`, its `let $X = "..."`
put in, both of a `has("nvim") ? A : B`), a vim alias's or function's `--cmd "set exrc"`
and `-u FILE` (read as `source FILE`); a gdb one's `-iex`/`-ex`/`-eiex` commands and
`-ix`/`-x`/`-eix FILE` (as `source FILE`), in every spelling gdb takes (`GDB_OPTIONS`).
Only the words after the vim or gdb command word of a simple command (an alias's body one)
are its options: `ps -u root` beside `EDITOR=vim` is not (attack 27 R2, R16).
`domain/cwd_reads.py` reads the lines as the program's own config; one holding a variable
agents cannot name (`source $XDG_CONFIG_HOME/vim/vimrc`, a `let` of an expression) is said
unknown: it may set exrc or the safe-path."""

from __future__ import annotations

import re

QUOTED = r"('[^']*'|\"(?:[^\"\\]|\\.)*\"|[^\s'\";&|)]+)"
# `VIMINIT=...`, fish's `set -gx VIMINIT '...'` (attack 27 R6).
VIM_INIT = re.compile(
    r"(?:\b(?:VIMINIT|EXINIT)=|\bset\s+(?:-\w+\s+)*(?:VIMINIT|EXINIT)\s+)" + QUOTED
)
VIM_WORD = re.compile(r"(?:.*/)?(?:n?vim|gvim|vimdiff|view|vi|ex)")
GDB_WORD = re.compile(r"(?:.*/)?gdb(?:-multiarch)?")
CONFIG_HOME = re.compile(r"\bXDG_CONFIG_HOME=" + QUOTED)
# `let $X = "..."`, or vim's ternary on `has()` (the XDG setup's `has("nvim") ? A : B`: vim
# takes B, nvim A, both reading VIMINIT).
STRING = r"(?:'[^']*'|\"[^\"\\]*\")"
LET = re.compile(
    rf"let\s+\$(\w+)\s*=\s*(?:!?\s*has\s*\(\s*{STRING}\s*\)\s*\?\s*({STRING})\s*:\s*)?({STRING})"
)
# A shell line's pieces: a separator of commands, blanks, or a piece of a word (quoted, a
# quote left open to the line's end, or plain).
PIECE = re.compile(r"(&&|\|\||[;&|()]|\n)|(\s+)|('[^']*'?|\"(?:[^\"\\]|\\.)*\"?|[^\s'\";&|()]+)")
# gdb's long options (gdb/main.c), each by what it runs: "ex" a command, "x" a file of
# commands, "-" nothing agents reads; "=": it takes a value. gdb parses them with
# `getopt_long_only`: one dash or two, and any unique prefix of a name (attack 27 R2).
GDB_VALUED = (
    "se symbols s exec e core c pid p ui interpreter i directory d data-directory D cd tty "
    "baud b l annotate tclcommand editor-command"
)
GDB_FLAGS = (
    "tui dbx readnow readnever r quiet q silent nh nx n batch-silent batch fullname f help "
    "version configuration nw nowindows w windows statistics write args return-child-result "
    "enable-external-editor"
)
GDB_OPTIONS = {
    **dict.fromkeys(("ex", "eval-command", "iex", "init-eval-command"), "ex="),
    **dict.fromkeys(("eiex", "early-init-eval-command"), "ex="),
    **dict.fromkeys(("x", "command", "ix", "init-command", "eix", "early-init-command"), "x="),
    **dict.fromkeys(GDB_VALUED.split(), "-="),
    **dict.fromkeys(GDB_FLAGS.split(), "-"),
}
# vim's options that take the next word (`-u FILE`, `-c CMD`, ...); single letters join
# (`vim -Nu FILE`).
VIM_VALUED = set("cSiTstuUW")
# A `-c`/`+` command that sources a file: run after the exrc, it turns none on, but its
# relative file is the folder's (attack 27 R5).
SOURCE = re.compile(r"\s*:*\s*so(?:u(?:r(?:ce?)?)?)?!?\s")


def startup_lines(body: str, config_home: str = "") -> tuple[str, str, bool, bool]:
    """The vim lines and the gdb lines the startup options in the shell text `body` run,
    and whether each holds a variable agents cannot name (`$XDG_CONFIG_HOME`: the one
    `body` sets, else `config_home`, the value the user's shell gives, when not "")."""
    vim: list[str] = []
    gdb: list[str] = []
    for value in VIM_INIT.findall(body):
        vim.append(_let(_unquoted(value)))
    for line in body.splitlines():
        for words in _commands(line):
            vim += _vim(words)
            gdb += _gdb(words)
    vim = [_config_home(line, body, config_home) for line in vim]
    unknown = [re.search(r"\$(?!HOME\b|\{HOME\})", "\n".join(lines)) for lines in (vim, gdb)]
    return "\n".join(vim), "\n".join(gdb), bool(unknown[0]), bool(unknown[1])


def _commands(line: str) -> list[list[str]]:
    """The simple commands of a shell `line`, each as its words without their quotes; an
    alias's body (`alias gdb='gdb -x f'`) is its own command (attack 27 R16)."""
    commands: list[list[str]] = [[]]
    word: str | None = None
    for match in PIECE.finditer(line):
        if match[3] is not None:
            word = (word or "") + _unquoted(match[3])
            continue
        if word is not None:
            commands[-1].append(word)
            word = None
        if match[1] is not None:
            commands.append([])
    if word is not None:
        commands[-1].append(word)
    found: list[list[str]] = []
    for words in commands:
        if words[:1] == ["alias"]:
            for each in words[1:]:
                found += _commands(each.partition("=")[2]) if "=" in each else []
        else:
            found.append(words)
    return found


def _after(words: list[str], program: re.Pattern[str]) -> list[str]:
    """The words after the first word of `words` that is `program` (not an assignment's
    value: `EDITOR=vim`; nor an alias's name)."""
    at = next((i for i, w in enumerate(words) if program.fullmatch(w)), None)
    return [] if at is None else words[at + 1 :]


def _vim(words: list[str]) -> list[str]:
    """The vim lines a vim command's `words` run at its start: `--cmd CMD`, `-u FILE` and
    `-S FILE` (as `source FILE`; `Session.vim` when none), a `-c`/`+` command's `source`."""
    found: list[str] = []
    rest = _after(words, VIM_WORD)
    at = 0
    while at < len(rest):
        word, value = rest[at], rest[at + 1] if at + 1 < len(rest) else None
        at += 1
        short = word[:1] == "-" and word[1:2] not in ("-", "")
        if word == "--":
            break
        if word == "--cmd" and value is not None:
            found.append(value)
            at += 1
        elif short and word[-1] == "S" and (value is None or value[:1] == "-"):
            found.append("source Session.vim")  # `vim -S`: the folder's session (R5)
        elif short and word[-1] in VIM_VALUED:
            if word[-1] == "u" and value is not None and value not in ("NONE", "NORC", "DEFAULTS"):
                found.append(f"source {value}")
            found += [f"source {value}"] if word[-1] == "S" and value is not None else []
            found += [value] if word[-1] == "c" and value and SOURCE.match(value) else []
            at += value is not None
        elif word[:1] == "+" and SOURCE.match(word[1:]):  # `vim +'so .x.vim'`
            found.append(word[1:])
    return found


def _gdb(words: list[str]) -> list[str]:
    """The gdb lines a gdb command's `words` run at its start: `-ex CMD`, `-x FILE` (as
    `source FILE`), their long names and their prefixes, with one dash or two."""
    found: list[str] = []
    rest = _after(words, GDB_WORD)
    at = 0
    while at < len(rest):
        word = rest[at]
        at += 1
        if word in ("--", "--args"):
            break
        if word[:1] != "-" or word == "-":
            continue
        name, equals, value = word[2 if word[1:2] == "-" else 1 :].partition("=")
        kind = _gdb_option(name)
        if kind is None or not kind.endswith("="):
            continue
        if not equals:
            if at >= len(rest):
                break
            value = rest[at]
            at += 1
        found += [value] if kind == "ex=" else [f"source {value}"] if kind == "x=" else []
    return found


def _gdb_option(name: str) -> str | None:
    """What gdb's option `name` (or a unique prefix of one) is, in `GDB_OPTIONS`; None for
    one gdb does not know or takes as ambiguous."""
    if name in GDB_OPTIONS:
        return GDB_OPTIONS[name]
    kinds = {k for n, k in GDB_OPTIONS.items() if name and n.startswith(name)}
    return kinds.pop() if len(kinds) == 1 else None


def _config_home(line: str, body: str, given: str = "") -> str:
    """A vim `line` with `$XDG_CONFIG_HOME` put in as the one plain value `body` gives it
    (`export XDG_CONFIG_HOME=~/.config`, the Arch wiki's setup: attack 27 R17); as it is
    when `body` gives none (and the shell none: `given`), or more than one, or one of a
    variable."""
    values = {_unquoted(v) for v in CONFIG_HOME.findall(body)} or ({given} if given else set())
    plain = [v for v in values if not re.search(r"\$(?!HOME\b|\{HOME\})", v)]
    if len(values) != 1 or len(plain) != 1:
        return line
    return re.sub(r"\$(?:XDG_CONFIG_HOME\b|\{XDG_CONFIG_HOME\})", lambda _: plain[0], line)


def _unquoted(word: str) -> str:
    """A shell word without its quotes (`\\"` in double quotes: `"`)."""
    if word[:1] == "'":
        return word[1:-1]
    return re.sub(r"\\(.)", r"\1", word[1:-1]) if word[:1] == '"' else word


def _let(value: str) -> str:
    """A VIMINIT `value` as its `|`-parted lines, each `$X` a `let $X = "..."` before it
    sets put in (the `let` itself left out)."""
    names: dict[str, list[str]] = {}
    found: list[str] = []
    for piece in value.split("|"):
        let = LET.fullmatch(piece.strip())
        if let is not None:
            names[let[1]] = [v[1:-1] for v in (let[2], let[3]) if v is not None]
            continue
        pieces = [piece]
        for name, values in names.items():
            spelled = rf"\$(?:{name}\b|\{{{name}\}})"
            pieces = [re.sub(spelled, v.replace("\\", "\\\\"), p) for p in pieces for v in values]
        found += [p.strip() for p in dict.fromkeys(pieces)]
    return "\n".join(found)
