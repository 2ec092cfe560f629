"""A home startup file's text read line by line for what it sources, runs or sets
(`home_shells.home_shell_places` walks the files, reading each with `_scan`): the words of
each command, the variables it assigns (`home_values`, `home_assigns`), the functions that
source their argument, the `cd`s it follows (`home_moves`), what it feeds a shell on stdin."""

from __future__ import annotations

import os
import re
from pathlib import Path

from cleveragents.adapters.home_assigns import (
    ASSIGNED,
    array_value,
    named_directories,
    nameref,
    others_set,
    referred,
    runner_folders,
    vague,
)
from cleveragents.adapters.home_environ import not_run
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
from cleveragents.adapters.home_unread import expanded, read_unread
from cleveragents.adapters.home_values import either
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
OWN = re.compile(r"\$0\b|\$\{0(?!:)|BASH_SOURCE")  # the file's own path: the hook reader's


def _scan(
    text: str,
    variables: dict[str, list[str] | None],
    home: str,
    sourcers: dict[str, str],
    top: Path,
) -> tuple[list[tuple[str, bool]], list[str], str, str]:
    """The absolute paths `text` sources or runs (each with whether it is a glob's folder,
    whole), the `ZDOTDIR`s it sets, the first sourced path it cannot name, and a `READERS`
    variable it sets to the tree's top, said. A function sourcing or running its argument
    (`load() { . "$1"; }`) goes into `sourcers`: what each call names (`load ~/x.sh`) is
    sourced. A relative path sourced after a `cd`/`pushd` is read from where that leads
    (`cd ~/dotfiles && . ./x.sh`), an unknown after one agents cannot follow."""
    targets: list[tuple[str, bool]] = []
    zdotdirs: list[str] = []
    unknown = topped = ""
    here: list[str | None] = []  # the folders `cd`/`pushd` led to; None: not followed
    function, pending, depth = "", "", 0  # the function whose body this is, its `{`s
    variables["PWD"] = [str(top), home]  # where the shell starts: maybe the tree's top
    variables["OLDPWD"] = None  # before a `cd`: the terminal's, any folder
    saved: list[tuple[list[str | None], list[str] | None]] = []  # `(`: where it was
    blocks = 0  # the `if`/`case`/loops open: an assignment in one may not run
    words: list[str] = []
    for line in CONTINUED.sub(r"\1", text).splitlines():
        branched = words[-1:] in (["&&"], ["||"])  # what follows a `&&` may not run
        words = _words(line)
        feeds = _fed(words)
        for index, word in enumerate(words):
            subshells(word, here, saved, variables)
            start = index == 0 or words[index - 1] in STARTS
            blocks = max(0, blocks + start * ((word in BLOCKS) - (word in BLOCK_ENDS)))
            branched = branched or word in ("&&", "||")
            if start and (words[index + 1 : index + 2] == ["()"] or word == "function"):
                pending = word if word != "function" else "".join(words[index + 1 : index + 2])
            if word == "{" and (pending or function):
                function, pending, depth = function or pending, "", depth + 1
            elif word == "}" and function:
                depth -= 1
                function = function if depth else ""
            if start and word in sourcers:
                for given in words[index + 1 :]:
                    if given in STARTS:
                        break
                    values = None if given.startswith("-") else expanded(given, variables, home)
                    if values is None and not given.startswith("-"):
                        why = f"it {sourcers[word]} {printable(given)} (by {printable(word)})"
                        unknown = unknown or f"{why}, a path agents cannot name"
                    targets += [_pattern(v) for v in values or [] if v.startswith("/")]
            before = words[index - 1] if index else ""
            start = start or declared(words, index)  # `declare -gx X=...`
            assigned = ASSIGNED.fullmatch(word) if start else None
            topped = topped or reader_of_top(words[index:], variables, home, top)  # `env X=`
            said, entries = strings_of_top(words, index, variables, home, top)
            topped, targets = topped or said, [*targets, *rooted(entries, top, home)]
            if start and word in CDS:
                why = follow_cd(word, words[index + 1 :], here, variables, home, top)
                unknown = unknown or why
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
                if (array or element) and assigned[2] and values is not None:  # `X+=(a)`: stays
                    earlier = variables[name] if name in variables else _environ(name)
                    gone = earlier is None and name in variables  # set to what is not known
                    values = None if gone else [*(earlier or []), *values]
                if values is None:  # `X="$(...)"`: what it set is in agents' environment
                    why = assigned_unknown(assigned[1], rest, variables, home, top)
                    unknown, values = unknown or why, _environ(assigned[1])
                values = either(name, values, variables) if maybe else values  # or as it was
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
                    values = None if values is None or more is None else [*values, *more]
                variables[words[index + 1]] = values
            fed = index in feeds  # `sh < x.sh`, `cat x.sh | sh`: the shell runs x.sh
            if not (start or fed or (before in RUNS and _at_start(words, index - 1))):
                continue
            ran = None if function else ran_here(word, here, top)
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
            if OWN.search(word):
                continue  # the file's own folder: the hook reader's (`tree_scripts`)
            values = expanded(word, variables, home)
            if values is None and (before in RUNS or fed or "/" in word):  # `$EDITOR x`: a program
                verb = "sources" if before in (".", "source") else "runs"
                if function and POSITIONAL.fullmatch(word):
                    sourcers[function] = verb  # its calls name the path
                    continue
                if not_run(words, index, variables, top):
                    continue  # `$(brew --prefix)/etc/x.sh`: not the home's, not the tree
                shown = "$(...)" if words[index : index + 2] == ["$", "("] else word
                unknown = unknown or f"it {verb} {printable(shown)}, a path agents cannot name"
            for value in values or []:
                if value.startswith("/"):
                    targets.append(_pattern(value))
    return targets, zdotdirs, unknown, topped


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
