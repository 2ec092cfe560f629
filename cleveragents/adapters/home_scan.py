"""A home startup file's text read line by line for what it sources, runs or sets
(`home_shells.home_shell_places` walks the files, reading each with `_scan`): the words of
each command, the variables it assigns (`home_values`, `home_assigns`), the functions that
source their argument, the `cd`s it follows (`home_moves`), what it feeds a shell on stdin."""

from __future__ import annotations

import itertools
import os
import re
from pathlib import Path

from cleveragents.adapters.home_assigns import (
    ASSIGNED,
    array_elements,
    array_value,
    named_directories,
    nameref,
    others_set,
    referred,
    runner_folders,
    vague,
)
from cleveragents.adapters.home_bodies import BODY, body_form, called_paths
from cleveragents.adapters.home_environ import not_run
from cleveragents.adapters.home_known import read_known
from cleveragents.adapters.home_moves import (
    CDS,
    assigned_unknown,
    assigned_values,
    declared,
    fish_set,
    follow_cd,
    from_here,
    ran_here,
    reader_of_top,
    rooted,
    strings_of_top,
    subshells,
)
from cleveragents.adapters.home_sourced import lost_cd, lost_run, read_sourced, where
from cleveragents.adapters.home_unread import expanded, read_unread
from cleveragents.adapters.home_values import UNSET, either
from cleveragents.adapters.home_words import (
    CONTINUED,
    GLOB,
    POSITIONAL,
    RUNS,
    STARTS,
    _at_start,
    _environ,
    _expand,
    _words,
)
from cleveragents.domain.reach import printable

# zsh's special arrays: `fpath+=~/.zfunc` (poetry's, rustup's completion line) appends an
# element, as `fpath+=(~/.zfunc)` does, never to the text of the last one.
ZSH_ARRAYS = frozenset(("fpath", "path", "cdpath", "manpath", "module_path", "mailpath"))
BLOCKS = frozenset(("if", "case", "while", "until", "for", "select"))  # what `fi`... end
BLOCK_ENDS = frozenset(("fi", "esac", "done"))
_MOST_LINES = 100  # the lines a quoted value may span (`_strings`)
_OPENED = re.compile(r"\s*(?:(?:local|declare|typeset|export|readonly)(?:\s+-\w+)*\s+)?\w+\+?=")
_HEREDOC = re.compile(r"(?<!<)<<(?!<)-?\s*['\"]?([A-Za-z_]\w*)")  # `<<EOF`, `<<-'EOF'`: not `<<<`
_ARGUMENT_SET = re.compile(r"[0-9]+=")  # zsh's assignment of a positional parameter
ELEMENTS = "\0elements "  # in the variables, before an array's name: all its elements' values
_EVERY = re.compile(r"\$\{?([A-Za-z_]\w*)(?:\[[@*]\])?\}?")  # `$A`, `${A[@]}`
_LINKS = {"-n": "||", "-z": "&&"}  # a test that a variable is empty, and what runs then
_GUARDED = re.compile(r"\$\{?([A-Za-z_]\w*)(?::?-)?\}?")  # `$X`, `${X}`, `${X-}`, `${X:-}`
OWN = re.compile(r"\$0\b|\$\{0(?!:)|BASH_SOURCE")  # the file's own path: the hook reader's


def _scan(
    text: str,
    variables: dict[str, list[str] | None],
    home: str,
    sourcers: dict[str, str],
    top: Path,
    here: list[str | None] | None = None,
) -> tuple[list[tuple[str, bool]], list[str], str, str]:
    """The absolute paths `text` sources or runs (each with whether it is a glob's folder,
    whole), the `ZDOTDIR`s it sets, the first sourced path it cannot name, and a `READERS`
    variable it sets to the tree's top, said. A function sourcing or running its argument
    (`load() { . "$1"; }`) goes into `sourcers`: what each call names (`load ~/x.sh`) is
    sourced. A relative path sourced after a `cd`/`pushd` is read from where that leads
    (`cd ~/dotfiles && . ./x.sh`), an unknown after one agents cannot follow; `here`: where
    a file sourcing this one stands (`source` shares the shell's folder), left where this
    one's `cd`s lead."""
    targets: list[tuple[str, bool]] = []
    zdotdirs: list[str] = []
    unknown = topped = ""
    here = [] if here is None else here  # the folders `cd`/`pushd` led to; None: not followed
    function, pending, depth = "", "", 0  # the function whose body this is, its `{`s
    own: set[str] = set()  # its `local`s: what it sets them to never leaves it
    variables["PWD"] = where(here, home, top)  # where the shell starts: maybe the tree's top
    variables["OLDPWD"] = None  # before a `cd`: the terminal's, any folder
    saved: list[tuple[list[str | None], list[str] | None]] = []  # `(`: where it was
    blocks = 0  # the `if`/`case`/loops open: an assignment in one may not run
    words: list[str] = []
    for line in _strings(CONTINUED.sub(r"\1", text).splitlines()):
        branched = words[-1:] in (["&&"], ["||"])  # what follows a `&&` may not run
        words = _words(line)
        feeds, tested = _fed(words), False  # (in `[[ ... ]]`: no command starts)
        for index, word in enumerate(words):
            subshells(word, here, saved, variables)
            element = index >= 2 and words[index - 1] == "(" and words[index - 2].endswith("=")
            start = (index == 0 or words[index - 1] in STARTS) and not (element or tested)
            tested = (tested or (start and word == "[[")) and word != "]]"  # `[[ $1 =~ (a) ]]`
            blocks = max(0, blocks + start * ((word in BLOCKS) - (word in BLOCK_ENDS)))
            branched = branched or word in ("&&", "||")
            calls = start and words[index + 1 : index + 2] != ["()"]  # (`f() {`: defined)
            if start and (not calls or word == "function"):
                pending = word if word != "function" else "".join(words[index + 1 : index + 2])
            if word == "{" and (pending or function):
                function, pending, depth = function or pending, "", depth + 1
            elif word == "}" and function:
                depth -= 1
                function = function if depth else ""
                own = own if depth else set()
            if calls and BODY + word in sourcers:  # `_omz_source "lib/x.zsh"`: its body's
                called, why = called_paths(sourcers[BODY + word], words, index, variables, home)
                targets, unknown = [*targets, *(_pattern(one) for one in called)], unknown or why
            if calls and word in sourcers:
                for given in words[index + 1 :]:
                    if given in STARTS:
                        break
                    values = None if given.startswith("-") else expanded(given, variables, home)
                    if values is None and not given.startswith("-"):
                        why = f"it {sourcers[word]} {printable(given)} (by {printable(word)})"
                        unknown = unknown or f"{why}, a path agents cannot name"
                    targets += [_pattern(v) for v in values or [] if v.startswith("/")]
                    for value in values or [] if sourcers[word] == "sources" else []:
                        got, why = read_sourced(value, variables, home, sourcers, top, here)
                        targets, unknown = [*targets, *got], unknown or why  # and its `cd`s
            before = words[index - 1] if index else ""
            own |= set(_locals(words, index) if start and function else [])
            start = start or declared(words, index)  # `declare -gx X=...`
            assigned = ASSIGNED.fullmatch(word) if start else None
            topped = topped or reader_of_top(words[index:], variables, home, top)  # `env X=`
            said, entries = strings_of_top(words, index, variables, home, top)
            topped, targets = topped or said, [*targets, *rooted(entries, top, home)]
            if start and word in CDS:
                why = follow_cd(word, words[index + 1 :], here, variables, home, top)
                unknown = unknown or ("" if function else why)  # a body's: where used after
                lost_cd(words[index + 1 :], here, variables, bool(function))  # (when sourced)
                continue
            if start and word == "set":
                fish_set(words[index:], variables, home, top)
            if start and word == "hash":
                named_directories(words, index, variables, home)
            prefixed = start or bool(before and ASSIGNED.fullmatch(before))  # `IFS= read`
            vague(others_set(words, index) if prefixed else [], variables)  # `read -r D`
            maybe = branched or blocks > 0 or bool(function)  # `[ -z "$SSH_TTY" ] && unset S`
            if start and read_unread(words, index, variables, home, maybe):
                continue  # `eval 'S='`, `trap 'S=' RETURN`, an alias: one more value
            if assigned and nameref(words, index):  # `declare -n R=HOME`: HOME's value
                variables[assigned[1]] = values = referred(assigned[3], variables, home)
                vague([] if values is not None else [assigned[1]], variables)
                continue
            if assigned:
                name, array = assigned[1], not assigned[3] and words[index + 1 : index + 2] == ["("]
                element = bool(assigned[2]) and not array and name in ZSH_ARRAYS  # `fpath+=~/x`
                value = f"${{{name}}}{assigned[3]}" if assigned[2] and not element else assigned[3]
                ways = [[one] for one in array_value(words[index:])] if array else []
                rest = ways[0] if ways else [value, *words[index + 1 :]]
                values, entries = assigned_values(name, rest, variables, home)  # `X=(a b)`: a
                for other in ways[1:]:  # `X=([0]=a)`: bash's element 0, zsh's first
                    more, also = assigned_values(name, other, variables, home)
                    values = None if values is None or more is None else [*values, *more]
                    entries, rest = [*entries, *also], rest if more is not None else other
                if array:  # each element, for a loop over them all (`for p ($plugins)`)
                    _elements(name, words[index:], bool(assigned[2]), variables, home)
                if (array or element) and assigned[2] and values is not None:  # `X+=(a)`: stays
                    earlier = variables[name] if name in variables else _environ(name)
                    gone = earlier is None and name in variables  # set to what is not known
                    values = None if gone else [*(earlier or []), *values]
                if values is None and f"{name}='{assigned[3]}'" in line:  # `X='$a b'`
                    values = [assigned[3]]  # the text as written (a path using it: unknown)
                if values is None:  # `X="$(...)"`: what it set is in agents' environment
                    why = assigned_unknown(assigned[1], rest, variables, home, top)
                    own_one = name in own  # used in a path later: unknown there (`expanded`)
                    why, values = ("", None) if own_one else (why, _environ(assigned[1]))
                    unknown = unknown or why
                values = either(name, values, variables) if maybe else values  # or as it was
                values = _filled(words, index, values)  # `[ -n "$X" ] || X=d`: never empty
                variables[assigned[1]] = values
                targets += rooted(entries, top, home)
                if assigned[1] == "ZDOTDIR" and values:
                    zdotdirs += values
                continue
            if word == "for" and start and words[index + 2 : index + 3] in (["in"], ["("]):
                values = []  # `for rc in ~/x/* ~/y; do`: the loop's variable takes each
                for item in words[index + 3 :]:
                    if item in STARTS:
                        break
                    more = from_here(_expand(item, variables, home), here)
                    every = _EVERY.fullmatch(item)  # `$plugins`, `"${A[@]}"`: each element
                    more = _every(every[1], more, variables) if every and more is not None else more
                    more = [item] if function and POSITIONAL.fullmatch(item) else more  # `"$@"`
                    values = None if values is None or more is None else [*values, *more]
                variables[words[index + 1]] = values
            fed = index in feeds  # `sh < x.sh`, `cat x.sh | sh`: the shell runs x.sh
            if not (start or fed or (before in RUNS and _at_start(words, index - 1))):
                continue
            ran = None if function else ran_here(word, here, top)
            if start and not function and lost_run(word, here, variables, top):  # `make`
                unknown = unknown or f"it runs {printable(word)} after a `cd` agents cannot follow"
            if start and not ran:  # `make -C ~/dotfiles`: the folder it runs the project of
                folders, why, said = runner_folders(words, index, variables, home, top)
                targets, unknown = [*targets, *folders], unknown or why
                topped = topped or said
            if start and ran:  # `cd ~/dotfiles; make`: what it runs there
                targets.append(ran)
                continue
            if word == "(" and before in (".", "source"):  # fish's `source (cmd)/x.fish`
                unknown = unknown or "it sources (...), a path agents cannot name"
            sourced = before in RUNS or fed
            sourced = sourced and not word.startswith(("/", "~", "$", "-", "<", ">"))
            if sourced and word not in RUNS and word not in STARTS:  # relative: from the
                last = here[-1] if here else None  # `cd`'s folder, or where the shell starts
                if here and last is None:  # (a terminal opens at the tree's top, or home)
                    why = f"it sources {printable(word)} after a `cd` agents cannot follow"
                    unknown = unknown or why
                for base in [last] if last else [] if here else [str(top), home]:
                    targets.append(_pattern(os.path.join(base, word)))
                continue
            if word in RUNS or ("/" not in word and "$" not in word):
                continue
            if start and _ARGUMENT_SET.match(word):  # zsh's `1="$(...)"`: its argument's
                own.add("1")  # value no longer the call's (`. "$1"` then: not a sourcer)
                continue
            if OWN.search(word):
                continue  # the file's own folder: the hook reader's (`tree_scripts`)
            values = expanded(word, variables, home)
            if values is None and (before in RUNS or fed or "/" in word):  # `$EDITOR x`: a program
                verb = "sources" if before in (".", "source") else "runs"
                if function and POSITIONAL.fullmatch(word) and "1" not in own:
                    sourcers[function] = verb  # its calls name the path
                    continue
                if function and (form := body_form(word, variables, own)):  # `$D/$1`
                    forms = sourcers.get(BODY + function, "")  # read at each call, and as
                    sourcers[BODY + function] = f"{forms}\n{form}" if forms else form
                    continue  # typed after the files (`home_bodies.typed_unknown`)
                if not_run(words, index, variables, top):
                    continue  # `$(brew --prefix)/etc/x.sh`: not the home's, not the tree
                shown = "$(...)" if words[index : index + 2] == ["$", "("] else word
                unknown = unknown or f"it {verb} {printable(shown)}, a path agents cannot name"
            for value in values or []:
                if value.startswith("/"):
                    targets.append(_pattern(value))
                if before in (".", "source") and value.startswith("/"):  # its effects here
                    unknown = unknown or read_known(value, variables, top)[1]  # (nvm.sh)
                    read, why = read_sourced(value, variables, home, sourcers, top, here)
                    targets, unknown = [*targets, *read], unknown or why  # (its `cd`s too)
    return targets, zdotdirs, unknown, topped


def _strings(lines: list[str]) -> list[str]:
    """`lines`, an assignment's quoted value or array that goes on past its line (oh-my-zsh's
    `local awk_script="` ... `"`, `builtins=( alias ...` ... `)`) joined into one line: its
    lines are text, no commands. Only where an assignment starts the line, it closes within
    `_MOST_LINES` and not in a here-doc's body (where quotes mean nothing); else each line
    is read as one, as before."""
    joined: list[str] = []
    at, ends = 0, ""  # ends: the word ending the here-doc being read
    while at < len(lines):
        line, at = lines[at], at + 1
        if ends:
            ends = "" if line.strip() == ends else ends
        elif (doc := _HEREDOC.search(line)) is not None:
            ends = doc[1]
        elif _OPENED.match(line) and (state := _open(line, ("", 0))) > ("", 0):
            for one in range(at, min(at + _MOST_LINES, len(lines))):
                if _HEREDOC.search(lines[one]) or (state := _open(lines[one], state))[1] < 0:
                    break
                if not any(state):
                    line, at = "\n".join(lines[at - 1 : one + 1]), one + 1
                    break
        joined.append(line)
    return joined


def _open(line: str, state: tuple[str, int]) -> tuple[str, int]:
    """The quote (`'`, `"`) and the `(`s still open at the end of `line`, read from `state`
    (those open before it); a comment outside quotes ends the line. Code run in it (a `$(`,
    a `` ` `` not in `'...'`) keeps its lines apart: `("", -1)`, not joined."""
    quote, depth = state
    escaped = False
    for at, char in enumerate(line):
        if escaped:
            escaped = False
        elif quote == "'":
            quote = "" if char == "'" else quote
        elif char == "`" or line[at : at + 2] == "$(":
            return "", -1
        elif char == "\\":
            escaped = True
        elif quote == '"':
            quote = "" if char == '"' else quote
        elif char in "'\"":
            quote = char
        elif char in "()":
            depth = max(0, depth + (1 if char == "(" else -1))
        elif char == "#" and (at == 0 or line[at - 1] in " \t;"):
            break
    return quote, depth


def _elements(
    name: str, words: list[str], added: bool, variables: dict[str, list[str] | None], home: str
) -> None:
    """The values of every element of the array `words` (`X=(a b)`) assigns, kept for a
    loop over it (`_every`); `added` (`X+=(c)`): with the earlier ones."""
    kept = variables[ELEMENTS + name] if added and ELEMENTS + name in variables else []
    for one in array_elements(words):
        more = _expand(one, variables, home)
        kept = None if kept is None or more is None else [*kept, *more]
    variables[ELEMENTS + name] = kept


def _every(
    name: str, values: list[str], variables: dict[str, list[str] | None]
) -> list[str] | None:
    """What a loop over `$name` (zsh: every element; bash's `"${A[@]}"`) takes: `values`
    and every element its array assignment gave (None: one agents cannot evaluate)."""
    if ELEMENTS + name not in variables:
        return values
    elements = variables[ELEMENTS + name]
    return None if elements is None else list(dict.fromkeys([*values, *elements]))


def _filled(words: list[str], index: int, values: list[str] | None) -> list[str] | None:
    """`values` of the variable `words[index]` assigns, without the empty ones (`UNSET`, "")
    when a test that it is empty guards the assignment: `[ -n "$X" ] || X=d`, `[[ -z $X ]]
    && X=d`, `test -z "${X-}" && X=d` (then it holds its earlier value or `d`)."""
    name = words[index].partition("=")[0]
    for opener, closer in (("[", "]"), ("[[", "]]"), ("test", "")):
        start = index - (5 if closer else 4)
        test = words[max(0, start) : index]
        if start < 0 or test[0] != opener or not _at_start(words, start):
            continue
        if (closer and test[3] != closer) or _LINKS.get(test[1]) != test[-1]:
            continue
        guarded = _GUARDED.fullmatch(test[2])
        if guarded and guarded[1] == name and values is not None:
            return [one for one in values if one not in (UNSET, "")] or values
    return values


def _locals(words: list[str], index: int) -> list[str]:
    """The names a function's `local`/`declare`/`typeset` at `words[index]` makes its own
    (not `-g`, global; not `-x`, exported to the programs it runs)."""
    if words[index] not in ("local", "declare", "typeset"):
        return []
    rest = list(itertools.takewhile(lambda one: one not in STARTS, words[index + 1 :]))
    if any(one.startswith("-") and ("g" in one or "x" in one) for one in rest):
        return []
    names = [one.partition("=")[0] for one in rest if not one.startswith(("-", "+"))]
    return [one for one in names if one.isidentifier()]


def _fed(words: list[str]) -> set[int]:
    """Where `words` (a line) feeds a file on stdin to a shell, which runs it: after a `<` of
    a shell's command (`sh < x.sh`, `bash -s < x.sh`, `. /dev/stdin < x.sh`), or what `cat`
    prints into one (`cat x.sh | bash`)."""
    fed: set[int] = set()
    command: list[int] = []  # the indexes of the command so far
    for index, word in enumerate(words):
        if word == "|" and command and words[index + 1 : index + 2]:
            shell = os.path.basename(words[index + 1]) in RUNS
            if shell and os.path.basename(words[command[0]]) == "cat":
                fed |= {at for at in command[1:] if not words[at].startswith("-")}
        if word in STARTS:
            command = []
            continue
        command.append(index)
        if index and words[index - 1] == "<" and os.path.basename(words[command[0]]) in RUNS:
            fed.add(index)
    return fed


def _pattern(path: str) -> tuple[str, bool]:
    """A sourced path, a glob kept as its pattern (whole): `home_words.glob_places` reads it."""
    return path, bool(GLOB.search(path))
