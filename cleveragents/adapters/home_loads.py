"""What a home startup file reads into the shell past the files it names (attack 23 F21,
F27): the home's own files a sourced glob matches (`for f in ~/.profile.d/*.sh; do . $f;
done`, Fedora's stock `~/.bashrc.d/*` loop: `home_matches`), read as the files sourced by
name are (the tree's matches are its places: `home_words.glob_places`); and the dotenv
idioms, a file's text turned into the
shell's variables by `export $(grep -v '^#' ~/.vars | xargs)`, `eval "$(cat ~/.vars)"`,
`source <(sed ... ~/.vars)`, `while IFS== read -r k v; do export "$k=$v"; done < ~/.vars`,
and their mixes (`eval "export $(cat ~/.vars)"`, `eval "$(<~/.vars)"`: any word of a setter's
or an `eval`'s code that is a command's output, the files that command reads).
The file each names is read as a startup file is (`home_shells.py`: its `KEY=VALUE` lines
are the shell's assignments, more values than the idiom gives, never fewer). When the file
cannot be named (`export $(cat "$ENVF" | xargs)`), or variables are set by names from data
(`export "$k=$v"`, `eval "$line"`) with no file named to read them from, the variables the
files set are not all known: a variable set nowhere may be one of them (`UNREAD`, said:
`home_assigned.put_in` fails closed on it, as `home_shells` does on a path it cannot name,
when the files reach the tree or it lies in the home). The output of a program (`eval "$(pyenv init
-)"`, `eval "$(ssh-agent -s)"`) is its own: not read (not the user's data). And the files a
`kubectl --kubeconfig FILE` of the text or its aliases names (`alias k='kubectl
--kubeconfig=$HOME/.kube/work.yaml'`; helm's, k9s' too: attack 24 F4), kept as
`KUBE_FLAGGED`: kubectl reads each as `KUBECONFIG=FILE` (`home_kubeconfigs`)."""

from __future__ import annotations

import glob
import itertools
import os
import re
import shlex
from pathlib import Path

from cleveragents.adapters.home_environ import alias_bodies
from cleveragents.adapters.home_values import KUBE_NAMED, UNREAD, _close
from cleveragents.adapters.home_words import (
    GLOB,
    MOST_READ,
    POSITIONAL,
    STARTS,
    _expand,
    _relative,
    _words,
)
from cleveragents.domain.reach import printable

# A builtin that sets the variables its words name (`export $(...)`, `eval "$(...)"`), at a
# command's start (after `VAR=x` prefixes), and what follows it up to the line's end.
_SETTER = re.compile(
    r"(?:^|[;&|({]|\bthen|\bdo|\belse)\s*(?:[A-Za-z_]\w*=\S*\s+)*"
    r"(?:export|declare|typeset|readonly|local|eval)\b((?:\s+-\w+)*)\s+(.*)$"
)
_SOURCED = re.compile(r"(?:^|[;&|({]|\bthen|\bdo|\belse)\s*(?:\.|source)\s+<\(")  # `. <(...)`
_FED = re.compile(r"\bdone\s*<\s*(<\()?")  # `done < ~/.vars`, `done < <(grep ... ~/.vars)`
_NESTED = re.compile(r"""^(?:["']?(?:export|declare|typeset|readonly|eval)\b(?:\s+-\w+)*\s+)+""")
_DATA = re.compile(r"(?:^|(?<=[\s;]))[\"']?(?:\$(\()|`)")  # a word's names from a command's text
_DYNAMIC = re.compile(r"""^["']?\$(?!\()""")  # `"$k=$v"`, `$kv`, `"$line"`: a name from data
_ENDS = frozenset((";", "&&", "||", "|", "&", ")", "}", "do", "done", "then", "fi", "else"))
_DECLARERS = frozenset(("export", "declare", "typeset", "local", "readonly"))
KUBE_FLAGGED = "\0kubeconfig"  # in the variables: the files a `--kubeconfig` names (None:
# one agents cannot evaluate); kept for the home's scan (`KEPT`), `UNREAD` when reached
KEPT = (UNREAD, KUBE_FLAGGED, KUBE_NAMED)
_SUBSTITUTION = re.compile(r"\$\(|`")


def dotenv_files(
    text: str, variables: dict[str, list[str] | None], home: str
) -> tuple[list[str], str]:
    """The files (absolute) `text`'s dotenv idioms turn into variables, to read as startup
    files, and why its variables are not all known ("": they are); the kubeconfigs its
    `--kubeconfig`s name added to `variables` (`KUBE_FLAGGED`)."""
    files: list[str] = []
    why = dynamic = ""
    inners: list[str] = []
    fed: list[str] = []  # what loops read: the variables' when they set some by data
    for line in text.splitlines():
        if line.lstrip().startswith("#"):
            continue
        setter = _SETTER.search(line)
        rest = _NESTED.sub("", setter[2]) if setter else ""  # `eval "export $(cat X)"`: X
        for match in _DATA.finditer(rest):  # `export $(grep ... X)`, `eval "a; $(cat X)"`
            at = len(line) - len(rest) + match.end() - 1
            inners.append(_inner(line, at) if match[1] else line[at + 1 :].partition("`")[0])
        if setter and _DYNAMIC.match(rest):
            dynamic = dynamic or setter[0].strip()
        for match in _SOURCED.finditer(line):  # `source <(cat X)`
            inners.append(_inner(line, match.end() - 1))
        for match in _FED.finditer(line):  # `while read ...; done < X` (not `<<<`, `<<`)
            rest = line[match.end() :]
            if match[1]:
                fed.append(_inner(line, match.end() - 1))
            elif not rest.startswith("<"):
                fed.append("cat " + rest.split(";")[0].split("|")[0])
    for inner in [*inners, *(fed if dynamic else [])]:
        named, unnamed = _read_files(inner, variables, home)
        files += named
        said = f"sets variables from {printable(unnamed)}, a file agents cannot name"
        why = why or (unnamed and said)
    if dynamic and not files:
        why = why or f"sets variables named by data ({printable(dynamic[:60])})"
    _kube_flags(text, variables, home)
    return list(dict.fromkeys(files)), why


def _kube_flags(text: str, variables: dict[str, list[str] | None], home: str) -> None:
    """Adds to `variables`' `KUBE_FLAGGED` each file a `--kubeconfig FILE` (`=FILE`) of
    `text` or of its aliases' bodies names, and an assignment word's `KUBECONFIG=F` (`alias
    kprod='KUBECONFIG=~/.kube/prod kubectl'`: attack 25 G5; one an `export` line makes is
    read twice, harmlessly); None once one is what agents cannot evaluate (what it is made
    from noted: `note_named`). A `$1` (`"$@"`) of a function's body is what the file's calls
    of it give (`k() { kubectl --kubeconfig "$1" ...; }`, `k ~/.kube/a.yaml`), of an alias'
    none; and what the user types when calling it, most likely a file of `~/.kube`, or of
    the folder the word names before it (`~/.config/k/$1`): their every file (not the tree
    whole). An alias' call counts as the file's (`alias k='kw work'`: attack 25 G10)."""
    lines = text.splitlines()
    function, pending, depth = "", "", 0  # the function whose body this is, its `{`s
    for number, line in enumerate([*lines, *alias_bodies(text)]):
        words = _words(line)
        for at, word in enumerate(words):
            if (at == 0 or words[at - 1] in STARTS) and (words[at + 1 : at + 2] == ["()"]):
                pending = word
            pending = "".join(words[at + 1 : at + 2]) if word == "function" else pending
            if word == "{" and (pending or function):
                function, pending, depth = function or pending, "", depth + 1
            elif word == "}" and function:
                depth -= 1
                function = function if depth else ""
            if word == "--kubeconfig" and at + 1 < len(words):
                named = words[at + 1]
            elif word.startswith("--kubeconfig=") or _prefixed(words, at, "KUBECONFIG="):
                named = word.partition("=")[2]
            else:
                continue
            alias = number >= len(lines)
            if POSITIONAL.search(named) and (alias or function):  # and what the user types
                calls = [*lines, *alias_bodies(text)]  # `alias k='kw work'` calls it too
                called = [] if alias else _called(calls, function, named, variables, home)
                typed = _expand(POSITIONAL.sub("*", named), variables, home) or []
                typed = [one for one in typed if one.startswith("/") and "*" in one]
                values = None if called is None else [*called, f"{home}/.kube/*", *typed]
            else:
                values = _expand(named, variables, home)
                if values is None:
                    note_named(named, variables, home)
            earlier = variables.get(KUBE_FLAGGED, [])
            both = None if values is None or earlier is None else [*earlier, *values]
            variables[KUBE_FLAGGED] = both


def _prefixed(words: list[str], at: int, name: str) -> bool:
    """Whether `words[at]` assigns `name` for the command after it (`KUBECONFIG=F kubectl`),
    not for the shell (`KUBECONFIG=$KUBECONFIG:$f;`: read as the startup files' own)."""
    word, before = words[at], words[at - 1] if at else ""
    if not word.startswith(name) or "`" in word or "$(" in word or before in _DECLARERS:
        return False  # `export KUBECONFIG=`find ...``: the shell's, its words split here
    return at + 1 < len(words) and words[at + 1] not in _ENDS


def _called(
    lines: list[str], function: str, word: str, variables: dict[str, list[str] | None], home: str
) -> list[str] | None:
    """The values of `word`, of `function`'s body, for each call of it in `lines` (its
    positional parameters the call's words; `$@`, `$*` each), or None when one is what
    agents cannot evaluate (what it is made from noted)."""
    found: list[str] = []
    for line in lines:
        words = _words(line)
        for at, name in enumerate(words):
            if name != function or words[at + 1 : at + 2] == ["()"]:
                continue
            if at and words[at - 1] not in STARTS:
                continue
            given = list(itertools.takewhile(lambda w: w not in STARTS, words[at + 1 :]))
            for one in given if re.search(r"\$\{?[@*]", word) else [""]:
                put = _put(word, given, one)
                values = _expand(put, variables, home) if put else []
                if values is None:
                    note_named(put, variables, home)
                    return None
                found += values
    return found


def _put(word: str, given: list[str], each: str) -> str:
    """`word` with its positional parameters (`$1`, `${2}`, `$@`) what a call of words
    `given` makes them, `each` for `$@`, `$*` (one of them at a time)."""

    def one(match: re.Match[str]) -> str:
        digit = match[0].strip("${}")
        if not digit.isdigit():
            return each
        return given[int(digit) - 1] if int(digit) <= len(given) else ""

    return POSITIONAL.sub(one, word)


def note_named(value: str, variables: dict[str, list[str] | None], home: str) -> None:
    """Notes in `variables`' `KUBE_NAMED` what the kubeconfig `value`, not evaluated, is
    made from (`named_sources`); None once one is made from what agents cannot name."""
    sources = named_sources(value, variables, home)
    earlier = variables.get(KUBE_NAMED, [])
    variables[KUBE_NAMED] = None if sources is None or earlier is None else [*earlier, *sources]


def named_sources(
    value: str, variables: dict[str, list[str] | None], home: str
) -> list[str] | None:
    """The paths (absolute, maybe globs) the value `value`, which agents cannot evaluate,
    is made from: the files and folders its `$(...)`s' (backquotes') commands read
    (`$(ls ~/.kube/configs/* | tr '\\n' :)`: `~/.kube/configs/*`; `$(cat ~/.kubelist)`:
    `~/.kubelist`), the folder before one (`~/clusters/$(cat ~/.ctx).yaml`: `~/clusters/`)
    and each other `:` part; None when one reads none, or none agents can name
    (`$(kubectl-contexts)`, `$(cat "$LIST")`, `$CLUSTERS/x`)."""
    found: list[str] = []
    rest, at = "", 0  # `value`, each `$(...)` a NUL
    while match := _SUBSTITUTION.search(value, at):
        opened = match[0] == "$("
        end = _close(value, match.end() - 1, "(", ")") if opened else value.find("`", match.end())
        inner = value[match.end() : end if end > 0 else len(value)]
        named, unnamed = _read_files(inner, variables, home)
        if unnamed or not named:
            return None
        found += named
        rest, at = rest + value[at : match.start()] + "\0", end + 1 if end > 0 else len(value)
    for part in (rest + value[at:]).split(":"):
        known, cut, _ = part.partition("\0")
        if cut and known:  # `~/clusters/$(...)`: any file of `~/clusters`
            known = known if known.endswith("/") else os.path.dirname(known) + "/"
        elif cut or not part:
            continue
        values = _expand(known, variables, home)
        if values is None or not all(v.startswith("/") for v in values):
            return None
        found += values
    return found or None


def _inner(line: str, at: int) -> str:
    """The code of the `(...)` opening at `at` of `line` (to the line's end when open)."""
    end = _close(line, at, "(", ")")
    return line[at + 1 : end if end > 0 else len(line)]


def _read_files(
    code: str, variables: dict[str, list[str] | None], home: str
) -> tuple[list[str], str]:
    """The files the commands of `code` read (each word after a program's name naming a
    path: `~`, `/`, `$`), and the first agents cannot name, or ""."""
    try:
        words = shlex.split(code.replace("|", " | ").replace(";", " ; "), comments=False)
    except ValueError:
        words = code.split()
    files: list[str] = []
    unnamed = ""
    program = True
    for word in words:
        if word in ("|", ";", "&&", "||", "<"):
            program = word != "<"
            continue
        if word.startswith("<") or not program:  # `$(<X)`, `--file=X`: X
            word, program = word.lstrip("<").rpartition("=")[2], False
        if program or not word.startswith(("~", "/", "$")):
            program = False
            continue
        values = _expand(word, variables, home)
        if values is None:
            unnamed = unnamed or word
            continue
        files += [v for v in values if v.startswith("/")]
    return files, unnamed


def mark_unread(variables: dict[str, list[str] | None], why: str, where: str) -> None:
    """Marks `variables` as not all known (`UNREAD`), for the first `why`, in `where`."""
    if why and UNREAD not in variables:
        variables[UNREAD] = [f"{where} {why}"]


def home_matches(top: Path, home: str, target: str) -> list[str]:
    """The home's own files (not the tree's) the sourced glob `target` (absolute) matches
    now, at most `MOST_READ` and one (past it, the reader's bound says so)."""
    if not GLOB.search(target) or not target.startswith(home + "/"):
        return []
    pattern = glob.escape(home) + target[len(home) :]
    found = sorted(itertools.islice(glob.iglob(pattern), MOST_READ + 1))
    return [one for one in found if os.path.isfile(one) and _relative(top, one) is None]
