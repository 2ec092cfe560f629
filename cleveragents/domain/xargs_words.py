"""The command `xargs` runs (for `config_programs.py`): `xargs OPTIONS CMD ARGS` runs
`CMD ARGS` with words from its input, which agents cannot name (after ARGS, or as `-I R`'s
R; R in code: the tree); an unknown option: the tree."""

from __future__ import annotations

from cleveragents.domain import code_options
from cleveragents.domain.reach import WHOLE, Reach, shown

# xargs's options: how many words each takes after it; the replacing ones (`-I R`) apart.
_XARGS = {"-0": 0, "-r": 0, "-t": 0, "-x": 0, "-p": 0, "--null": 0, "--no-run-if-empty": 0,
          "--verbose": 0, "--exit": 0, "--interactive": 0, "--open-tty": 0, "-o": 0,
          "-a": 1, "-d": 1, "-E": 1, "-L": 1, "-n": 1, "-P": 1, "-s": 1, "--arg-file": 1,
          "--delimiter": 1, "--eof": 1, "--max-lines": 1, "--max-args": 1, "--max-procs": 1,
          "--max-chars": 1, "--process-slot-var": 1}  # fmt: skip
_ATTACHED = ("-a", "-d", "-E", "-L", "-n", "-P", "-s")
_FED = "${input of xargs}"  # a word xargs adds from its input: one agents cannot name


def fed_words(rest: list[str]) -> list[str] | Reach:
    """The words of the command `xargs REST` runs, its input's as `_FED`; or the whole tree
    (a `Reach` saying why) where agents cannot tell."""
    replace = ""
    while rest and rest[0].startswith("-") and rest[0] != "--":
        option, equals, value = rest[0].partition("=")
        if option in ("-I", "--replace", "-i") or option.startswith(("-I", "-i")):
            attached = option[2:] if option[:2] in ("-I", "-i") else ""
            taken = 0 if attached or equals or option == "-i" else 1
            replace = attached or value or (rest[1] if taken and len(rest) > 1 else "{}")
            rest = rest[1 + taken :]
            continue
        # an option with its word attached (`-n1`, `--max-args=1`) takes none after it
        count = _XARGS.get(option)
        if equals or (count is None and option[:2] in _ATTACHED):
            count = 0 if option in _XARGS or option[:2] in _ATTACHED else None
        if count is None:
            return Reach(WHOLE, unknown=f"`xargs {shown(option)}`")
        rest = rest[1 + count :]
    words = (rest[1:] if rest[:1] == ["--"] else rest) or ["echo"]
    if replace and (code := code_options.spliced_into_code(words, replace)):
        return Reach(WHOLE, unknown=f"`xargs -I` putting its input into {shown(code)}'s code")
    return [w.replace(replace, _FED) for w in words] if replace else [*words, _FED]
