"""vim's and gdb's own startup options set in the home's shell files (attack 25 G13), as the
config lines they are: `export VIMINIT='set exrc'` (`EXINIT`; the usual XDG setup
`VIMINIT='let $MYVIMRC="~/.config/vim/vimrc" | source $MYVIMRC'`, its `let $X = "..."`
put in), a vim alias's or function's `--cmd "set exrc"` and `-u FILE` (read as `source
FILE`); a gdb one's `-iex`/`-ex`/`-eiex` commands and `-ix`/`-x`/`-eix FILE` (as `source
FILE`), long forms too. `domain/cwd_reads.py` reads the lines as the program's own config;
one holding a variable agents cannot name (`source $XDG_CONFIG_HOME/vim/vimrc`, a `let` of
an expression) is said unknown: it may set exrc or the safe-path."""

from __future__ import annotations

import re

QUOTED = r"('[^']*'|\"(?:[^\"\\]|\\.)*\"|[^\s'\";&|)]+)"
VIM_INIT = re.compile(r"\b(?:VIMINIT|EXINIT)=" + QUOTED)
VIM_WORD = re.compile(r"(?<![\w./-])(?:n?vim|gvim|vimdiff|view|vi|ex)(?![\w.-])")
GDB_WORD = re.compile(r"(?<![\w./-])gdb(?:-multiarch)?(?![\w.-])")
VIM_CMD = re.compile(r"(?:^|\s)--cmd\s+" + QUOTED)
VIM_FILE = re.compile(r"(?:^|\s)-u\s+" + QUOTED)
GDB_EX = re.compile(
    r"(?:^|\s)(?:-e?iex|-ex|--(?:early-init-|init-)?eval-command)(?:\s+|=)" + QUOTED
)
GDB_FILE = re.compile(r"(?:^|\s)(?:-e?ix|-x|--(?:early-init-|init-)?command)(?:\s+|=)" + QUOTED)
LET = re.compile(r"let\s+\$(\w+)\s*=\s*(?:'([^']*)'|\"([^\"\\]*)\")")


def startup_lines(body: str) -> tuple[str, str, bool, bool]:
    """The vim lines and the gdb lines the startup options in the shell text `body` run,
    and whether each holds a variable agents cannot name."""
    vim: list[str] = []
    gdb: list[str] = []
    for value in VIM_INIT.findall(body):
        vim.append(_let(_unquoted(value)))
    for line in body.splitlines():
        for found, into, commands, files in (
            (VIM_WORD.search(line), vim, VIM_CMD, VIM_FILE),
            (GDB_WORD.search(line), gdb, GDB_EX, GDB_FILE),
        ):
            rest = line[found.end() :] if found else ""
            into += [_unquoted(v) for v in commands.findall(rest)]
            named = [_unquoted(v) for v in files.findall(rest)]
            into += [f"source {n}" for n in named if n not in ("NONE", "NORC", "DEFAULTS")]
    unknown = [re.search(r"\$(?!HOME\b|\{HOME\})", "\n".join(lines)) for lines in (vim, gdb)]
    return "\n".join(vim), "\n".join(gdb), bool(unknown[0]), bool(unknown[1])


def _unquoted(word: str) -> str:
    """A shell word without its quotes (`\\"` in double quotes: `"`)."""
    if word[:1] == "'":
        return word[1:-1]
    return re.sub(r"\\(.)", r"\1", word[1:-1]) if word[:1] == '"' else word


def _let(value: str) -> str:
    """A VIMINIT `value` as its `|`-parted lines, each `$X` a `let $X = "..."` before it
    sets put in (the `let` itself left out)."""
    names: dict[str, str] = {}
    found: list[str] = []
    for piece in value.split("|"):
        let = LET.fullmatch(piece.strip())
        if let is not None:
            names[let[1]] = let[2] if let[2] is not None else let[3]
            continue
        for name, put in names.items():
            piece = re.sub(rf"\$(?:{name}\b|\{{{name}\}})", put.replace("\\", "\\\\"), piece)
        found.append(piece.strip())
    return "\n".join(found)
