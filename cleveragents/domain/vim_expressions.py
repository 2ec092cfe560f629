"""The file names of a vim config's lines as vim makes them (attack 22 findings 1, 1b): an
`:execute`'s expression (`exe 'source' $HOME . '/x.vim'`, `execute 'so ' .
expand('~/x.vim')`) and `<sfile>` (`source <sfile>:h/other.vim`), read by
`adapters/home_configs.py`. Only what is certain is evaluated: strings, `$HOME` and the
variables given, `expand()` of `~`, `$HOME` or `<sfile>` with `:p`, `:h`, `:t`, joined by
`.` or `..`; anything else (a variable of the script, a function call) is None, which the
reader counts as a path it cannot name. `<sfile>` is the script as it was sourced, a link
or where it leads, by vim's version: both are given, and each evaluated. `command_lines`
puts a config's `:execute` lines as the commands they run (`exe 'set' 'exrc'`, attack 24
F7), for `domain/cwd_reads.py`; `loaded` names the runtime files a `packadd` or an autoload
function's call sources at once, and `sourced_names` what an `:execute` agents cannot
evaluate sources (`exe 'source' f`, `f` a `findfile()`'s: attack 25 G7, G16). nvim's
`init.lua` runs the same commands by `vim.cmd('packadd x')`, and Lua files by `luafile`,
`dofile()` (`pcall(dofile, 'x')`), a module by `require('x')` (`pcall(require, 'x')`): each
is read as the `packadd`, or a `source` of the file, it is; a module nvim finds on its
runtime path (`resolved`: `lua/x.lua` of its config folder) is not looked for elsewhere."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from functools import partial

# One operand of an expression: a string, an environment variable, `expand('...')`.
OPERAND = re.compile(
    r"\s*(?:'((?:[^']|'')*)'|\"((?:[^\"\\]|\\.)*)\"|\$(\w+)|expand\s*\(\s*(?:'([^']*)'|\"([^\"]*)\")\s*\))\s*"
)
JOIN = re.compile(r"\s*\.\.?\s*")
SFILE = re.compile(r"<sfile>((?::[pht])*)")
# `:execute` (`exe`, `sil! exe`) at a line's start, after a `|` or a blank (an autocmd's).
EXECUTE = re.compile(
    r"(?:^|(?<=[|\s]))(?:sil(?:ent)?!?\s+)?exe(?:c(?:u(?:t(?:e)?)?)?)?\s+(?![=.])(.*)$"
)

# `packadd NAME` (`pa`, `packadd!`): `pack/*/opt/NAME/plugin/**/*.vim` of each runtime folder;
# a call of `dir#file#func(`: `autoload/dir/file.vim`.
# In `init.lua` too: `vim.cmd('packadd x')`, `vim.cmd.packadd('x')`, `vim.cmd.packadd "x"`.
PACKADD = re.compile(
    r"(?:^|[|\s'\"\[]|(?<=\bcmd\.))pa(?:c(?:k(?:a(?:d(?:d)?)?)?)?)?!?(?:\s+|\s*\(?\s*['\"])([\w.-]+)"
)
# A Lua file run at once, from the folder vim starts in when relative: `luafile x` (in a
# `vim.cmd` string too, `vim.cmd.luafile('x')`), Lua's `dofile('x')`, `loadfile('x')`,
# `pcall(dofile, 'x')`: read as a `source` of it.
LUA_FILE = re.compile(
    r"\bluaf(?:i(?:l(?:e)?)?)?!?\s+([^\s|\"'\]]+)"
    r"|\b(?:dofile|loadfile|cmd\.luafile)\s*[(,]?\s*(?:\[\[|['\"])([^'\"\]]+)"
)
# `require('x.y')` (`require "x.y"`, `pcall(require, 'x.y')`): absent from the runtime path
# (`lua/x/y.lua`, `lua/x/y/init.lua` of each folder), Lua finds it by `package.path`'s
# `./?.lua` (`package.cpath`'s `./?.so`) where nvim starts (nvim 0.7 the oracle).
LUA_REQUIRE = re.compile(
    r"(?:(?<![\w.:])require\s*\(?|\bpcall\s*\(\s*require\s*,)\s*(?:\[\[|['\"])([\w.-]+)"
)
AUTOLOAD = re.compile(r"(?<![\w#:.])((?:\w+#)+)\w*\s*\(")
# An `:execute` of `source`/`runtime` (its first string's first word) and the plain strings
# beside it that may name a file (`'.vimlocal'`, `'/.vimlocal'`).
SOURCING = re.compile(
    r"^\s*['\"]\s*(?:so(?:u(?:r(?:c(?:e)?)?)?)?|ru(?:n(?:t(?:i(?:m(?:e)?)?)?)?)?)!?(?:\s|['\"])"
)
NAMED = re.compile(r"'/?([\w-]*\.?[\w.-]*\w)'|\"/?([\w-]*\.?[\w.-]*\w)\"")


def loaded(body: str) -> list[str]:
    """The files (globs, from a runtime folder) `packadd NAME` and the calls of autoload
    functions in `body` have vim source at once."""
    found: list[str] = []
    packages = PACKADD.findall(body)
    for name in packages:
        found += [f"pack/*/opt/{name}/plugin/*.vim", f"pack/*/opt/{name}/plugin/**/*.vim"]
    # vim looks an autoload file up in the start packages too, and in those `packadd`ed
    # (attack 27 R7).
    within = ["", "pack/*/start/*/", *(f"pack/*/opt/{name}/" for name in packages)]
    found += [
        f"{at}autoload/" + m.rstrip("#").replace("#", "/") + ".vim"
        for m in AUTOLOAD.findall(body)
        for at in within
    ]
    return list(dict.fromkeys(found))


def sourced_names(lines: list[str]) -> tuple[list[str], bool]:
    """The plain names beside each `:execute` of `lines` that sources a file through what
    agents cannot evaluate (`exe 'source' f`, `exe 'so ' . getcwd() . '/.vimlocal'`), and
    whether there is one (the file it sources: unknown)."""
    names: list[str] = []
    unknown = False
    for line in lines:
        match = EXECUTE.search(line)
        if match is None or not SOURCING.match(match[1]):
            continue
        if executed(match[1], ("",), lambda _: None) is not None:
            continue
        unknown = True
        found = [a or b for a, b in NAMED.findall(line)]
        names += [n for n in found if n not in (".", "..") and not SOURCING.match(f"'{n} ")]
    return list(dict.fromkeys(names)), unknown


def required(body: str) -> list[str]:
    """The Lua modules (`x.y`) `body` requires."""
    return list(dict.fromkeys(LUA_REQUIRE.findall(body)))


def command_lines(
    lines: list[str], script: str, home: str, resolved: frozenset[str] = frozenset()
) -> tuple[list[str], bool]:
    """`lines` of a vim config with each `:execute` put as the command lines it runs
    (`script`: the config's path, for `<sfile>`; `home`: `$HOME`), a module it requires
    that is not on the runtime path (`resolved`: those that are) as a `source` of the
    folder's file, and whether one is not evaluated (`exe g:cmd`, an escape): it may run
    anything."""
    found: list[str] = []
    unread = False
    for line in lines:
        match = EXECUTE.search(line)
        ran = None if match is None else executed(match[1], (script,), {"HOME": home}.get)
        if match is None or ran is None:
            unread = unread or match is not None
            found.append(line)
        else:
            found += [line[: match.start()] + run for run in ran]
        found += [f"source {a or b}" for a, b in LUA_FILE.findall(line)]
        modules = [m.replace(".", "/") for m in required(line) if m not in resolved]
        found += [f"source {m}{end}" for m in modules for end in (".lua", ".so")]
    return found, unread


def sfile(word: str, scripts: tuple[str, ...]) -> list[str] | None:
    """`word` with `<sfile>` and its modifiers put in, once for each path the script may
    have (`scripts`, absolute); None when it holds another `<...>`."""
    if "<sfile>" not in word:
        return None if "<" in word else [word]
    found: list[str] = []
    for script in scripts:
        put = SFILE.sub(partial(_modified, script), word)
        if "<" in put:
            return None
        found.append(put)
    return list(dict.fromkeys(found))


def _modified(path: str, sfile: re.Match[str]) -> str:
    """`path` with the filename modifiers of `<sfile>` (`:p` absolute already, `:h` head,
    `:t` tail)."""
    for modifier in sfile[1].split(":")[1:]:
        path = posixpath.dirname(path) if modifier == "h" else path
        path = posixpath.basename(path) if modifier == "t" else path
    return path


def executed(
    arguments: str, scripts: tuple[str, ...], variable: Callable[[str], str | None]
) -> list[str] | None:
    """The command lines `:execute ARGUMENTS` runs (its expressions joined by a blank),
    once for each path of the script (`<sfile>`); `variable` gives an environment
    variable's value (`HOME`), or None for one not known; None when any part is not
    certain."""
    lines: list[str] = []
    for script in scripts:
        line = _evaluated(arguments, script, variable)
        if line is None:
            return None
        lines.append(line)
    return list(dict.fromkeys(lines))


def _evaluated(text: str, script: str, variable: Callable[[str], str | None]) -> str | None:
    """`text`, a list of expressions, evaluated (see `executed`)."""
    values: list[str] = []
    value = ""
    at = 0
    while at < len(text):
        if values and text[at:].lstrip().startswith("|"):
            break  # `exe "normal! g`\"" | endif`: the next command
        match = OPERAND.match(text, at)
        if match is None:
            return None
        single, double, name, expand_single, expand_double = match.groups()
        if name is not None:
            got = variable(name)
            if got is None:
                return None
            value += got
        elif single is not None:
            value += single.replace("''", "'")
        elif double is not None:
            if re.search(r'\\[^"\\]', double):
                return None  # (`\<CR>`, `\n`: not evaluated here; `\"`, `\\` are)
            value += re.sub(r"\\(.)", r"\1", double)
        else:
            got = _expanded(expand_single or expand_double or "", script, variable)
            if got is None:
                return None
            value += got
        at = match.end()
        if text.startswith(".", at):  # `a . b`, `a .. b`: one value
            at = JOIN.match(text, at).end()  # type: ignore[union-attr]
            continue
        values.append(value)
        value = ""
    return " ".join(values) if values else None


def _expanded(word: str, script: str, variable: Callable[[str], str | None]) -> str | None:
    """What `expand(WORD)` gives for `~`, `$VAR` and `<sfile>` forms; None for others."""
    if word.startswith("~") and word[1:2] in ("", "/"):
        home = variable("HOME")
        word = word if home is None else home + word[1:]
    if word.startswith("$"):
        name = re.match(r"\$(\w+)", word)
        got = variable(name[1]) if name else None
        word = word if got is None else got + word[len(name[0]) :]  # type: ignore[index]
    put = sfile(word, (script,))
    if put is None or any(c in put[0] for c in "~$%#*?[{`"):
        return None
    return put[0]
