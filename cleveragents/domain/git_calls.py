"""What a git command line of the home's setup has git run by its own options (attack 23
F18): `alias gs='git -C ~/dotfiles -c core.fsmonitor=./fs.sh status'` runs the tree's
`fs.sh` at each `gs`. A `-c key=value` (or a `GIT_CONFIG_KEY_n`/`GIT_CONFIG_VALUE_n` pair,
`GIT_CONFIG_PARAMETERS`) is read with the one table of settings git runs that a config
file's are read with (`config_programs.runs_program`: `core.fsmonitor`, `diff.external`,
`core.pager`, a filter, an alias's `!`...), `core.hooksPath` as its hooks (by name); an
environment variable git takes a program from (`GIT_SSH_COMMAND=./s.sh git push`) as the
setting it stands for. Each runs from the top of the repository git finds (`from_top`),
which is the folder it starts in (`-C`) or one above it. `--exec-path=X` (git's commands),
`--git-dir=X`, `GIT_DIR`, `GIT_CONFIG_GLOBAL` (a repository or config whose settings and
hooks git obeys) are named from the folder git starts in, by the files git runs or reads
there (a folder's by name: the walk that finds the model's new files matches names). An
`export GIT_SSH_COMMAND=./x` holds for every git the shell starts: from wherever it starts.
Attack 24 F2, F9: `GIT_CONFIG_KEY_n`/`VALUE_n` exported on lines of their own are paired over
the file; `--config-env=KEY=VAR` is read with VAR's value (the command's, or the file's); a
`-c KEY=VALUE` given to a function or alias wrapping git, when KEY is one of git's program
settings, is read as git's; a program setting's value agents cannot evaluate (`$(...)`, a
`$VAR/` the file does not set, not the user's own folder) is the whole tree (`WHOLE`), said;
ssh's own options (`ssh -o ProxyCommand=./p.sh`, `-F ./cfg`: `ssh_lines.py`) in a home alias
run from wherever it starts. Attack 25: the programs that run ssh with its options (`scp -S
./p.sh`, `rsync -e '...'`: `ssh_lines.remote_reach`), with a variable's words as the file sets
them (`ssh $SSHOPTS`; one it does not set: the whole tree); `LESSOPEN`/`LESSCLOSE`'s command
lines (less runs them from wherever it starts); an `ext::CMD` URL (git's ext transport runs
CMD); `git config [--global] KEY VALUE` read as `-c KEY=VALUE` (the config gains it for every
later git); a program that only prints (`echo git -c ...`: `launchers.INERT`) runs no git.
ssh's `-o ProxyCommand=...` given to any command (a function's `ssh "$@"`) is read as ssh's.
"""

from __future__ import annotations

import posixpath
import re
import shlex
from dataclasses import dataclass
from functools import partial

from cleveragents.domain import ssh_lines
from cleveragents.domain.claude_bash_rules import GIT_OPTIONS
from cleveragents.domain.config_programs import program_reach, runs_program, script_reach
from cleveragents.domain.host_files import HOOK_NAMES
from cleveragents.domain.launchers import INERT, LESS_FILTERS, WRAPPERS, wrapped
from cleveragents.domain.reach import WHOLE
from cleveragents.domain.shell_words import PLACE, substitutions, tokens
from cleveragents.domain.ssh_lines import REMOTE, data_word, remote_reach

# The environment variables git takes a program from, as the setting each stands for.
ENVIRONMENT = {
    "GIT_SSH_COMMAND": "core.sshcommand", "GIT_SSH": "core.sshcommand",
    "GIT_PAGER": "core.pager", "GIT_EDITOR": "core.editor",
    "GIT_SEQUENCE_EDITOR": "sequence.editor", "GIT_EXTERNAL_DIFF": "diff.external",
    "GIT_ASKPASS": "core.askpass", "GIT_PROXY_COMMAND": "core.gitproxy",
}  # fmt: skip
# What names a folder or file git obeys, from the folder it starts in: the files there git
# runs or reads as config (a folder's as names, for the walk that finds new ones).
HOOKS = "core.hookspath"
_HOOKS = tuple(f"hooks/{name}" for name in sorted(HOOK_NAMES))
WHOLE_NAMED = {
    "--exec-path": ("git-*",), "GIT_EXEC_PATH": ("git-*",),
    "--git-dir": ("config", *_HOOKS), "GIT_DIR": ("config", *_HOOKS),
    "GIT_TEMPLATE_DIR": ("config", *_HOOKS), "GIT_CONFIG_GLOBAL": ("",),
    "GIT_CONFIG_SYSTEM": ("",), "GIT_CONFIG": ("",),
}  # fmt: skip
_ASSIGNMENT = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)=(.*)", re.S)
_NUMBERED = re.compile(r"GIT_CONFIG_(KEY|VALUE)_([0-9]+)")
_DYNAMIC_PAIR = re.compile(r"\bGIT_CONFIG_(?:KEY|VALUE)_[0-9]*[$`]")  # `GIT_CONFIG_KEY_$n=`
_PAIRED = re.compile(r"\bGIT_CONFIG_(KEY|VALUE)_([0-9]+)=(\"[^\"]*\"|'[^']*'|[^\s;&|)]*)")
_SET = re.compile(r"(?:^|[\s;&|(])([A-Za-z_][A-Za-z0-9_]*)=(\"[^\"]*\"|'[^']*'|[^\s;&|)]*)")
# A value agents cannot evaluate: a substitution, or a path from a variable neither the file
# sets nor one of the user's own folders (`$XDG_CONFIG_HOME/git/hooks`: outside the tree).
_OWN = "HOME|PWD|XDG_CONFIG_HOME|XDG_DATA_HOME|XDG_STATE_HOME|XDG_CACHE_HOME|XDG_RUNTIME_DIR"
_UNKNOWN = re.compile(rf"\$\(|`|\$\{{?(?!(?:{_OWN})\b)[A-Za-z_][A-Za-z0-9_]*\}}?/")
_VARIABLE = re.compile(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?")
# What prints a program's own path found on PATH (`"$(command -v nvim)"`, `` `which less` ``,
# a chain of them: `$(command -v nvim || command -v vim)`, attack 25 G15): the program by its
# first name, as PATH finds it (each is a name PATH finds; a tree folder on it is held).
_PRINTER = r"(?:command\s+-v|which|type\s+-P)\s+{}(?:\s+2>\s*/dev/null)?"
_FIRST, _MORE = _PRINTER.format(r"([\w.+-]+)"), _PRINTER.format(r"[\w.+-]+")
_CHAIN = rf"\s*{_FIRST}(?:\s*\|\|\s*{_MORE})*\s*"
_PRINTED = re.compile(rf"\$\({_CHAIN}\)|`{_CHAIN}`")
# `git config`'s options that take a word, and its actions that set nothing.
_CONFIG_TAKES = frozenset(("--file", "-f", "--blob", "--type", "--default", "--value", "--comment"))
_CONFIG_READS = frozenset((
    "get", "unset", "list", "edit", "rename-section", "remove-section", "--get", "--get-all",
    "--get-regexp", "--get-urlmatch", "--unset", "--unset-all", "--rename-section",
    "--remove-section", "-l", "--list", "-e", "--edit", "--get-color", "--get-colorbool",
))  # fmt: skip
_WORD_VARIABLE = re.compile(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?")
# Variables whose value is a command line its program runs from the folder it starts in.
RUN_VARIABLES = {**dict.fromkeys(sorted(LESS_FILTERS), "less"), "RSYNC_RSH": "rsync"}
RUN_VARIABLES["AUTOSSH_PATH"] = "autossh"  # the program autossh runs as ssh
_LESS = re.compile(rf"\b({'|'.join(RUN_VARIABLES)})=(?:'([^']*)'|\"([^\"]*)\"|([^\s;&|]+))")
UNEVALUATED = "$(…)"  # a substitution's place in a word read here
MOST_DEPTH = 4  # quoted code in quoted code (an alias's `sh -c '...'`) read, at most


@dataclass(frozen=True)
class GitRun:
    """A path (relative, as given) git runs or obeys, from `start` (an absolute folder,
    `~` put in; "" where agents cannot tell: wherever the shell stands), or from the top
    of the repository it finds there (`from_top`); `said`: what names it."""

    path: str
    start: str
    from_top: bool
    said: str
    program: str = "git"


def git_runs(text: str, home: str) -> list[GitRun]:
    """The relative paths the git command lines of the shell code `text` (and the code its
    quoted words hold: an alias's, `sh -c`'s) run or obey by git's options and environment."""
    text = _PRINTED.sub(lambda printed: printed[1] or printed[2], text.replace("\\\n", " "))
    values = {m[1]: m[2].strip("\"'") for m in _SET.finditer(text)}  # `FS=./fs.sh`: the last
    every: dict[str, list[str]] = {}  # and each value (`ssh $SSHOPTS`: any may stand)
    for match in _SET.finditer(text):
        every.setdefault(match[1], []).append(match[2].strip("\"'"))
    every.update(ssh_lines.ssh_wrappers(text))  # `s() { ssh "$@"; }`: `s -F ./cfg h` is ssh's
    pairs: dict[str, dict[str, list[str]]] = {"KEY": {}, "VALUE": {}}
    for kind, number, value in _PAIRED.findall(text):  # over the file: exports persist
        pairs[kind].setdefault(number, []).append(value.strip("\"'"))
    paired = [
        (key, value, "`GIT_CONFIG_KEY_n`")
        for number, keys in pairs["KEY"].items()
        for key in keys
        for value in pairs["VALUE"].get(number, [])
    ]
    found = [*_code(text, home, 0, values, every), *_placed(paired, "", home), *_less(text)]
    return list(dict.fromkeys([*found, *_unpaired(text, pairs)]))


def _unpaired(text: str, pairs: dict[str, dict[str, list[str]]]) -> list[GitRun]:
    """What a `GIT_CONFIG_KEY_n`/`VALUE_n` agents cannot pair in `text` may have git run
    (attack 25 G17): a name or key it cannot evaluate (`GIT_CONFIG_KEY_$n`, `${kv%%=*}`), or
    a program setting's key whose value another file gives: any program (the tree whole);
    a value whose key another file gives: what it names, run as a program from the top."""
    said = "`GIT_CONFIG_KEY_n`"
    keys = [key for each in pairs["KEY"].values() for key in each]
    unknown = _DYNAMIC_PAIR.search(text) or any("$" in k or "`" in k for k in keys)
    unknown = unknown or any(
        _program_setting(_lowered(key)) and number not in pairs["VALUE"]
        for number, each in pairs["KEY"].items()
        for key in each
    )
    if unknown:
        return [GitRun(WHOLE, "", True, f"{said}, a setting agents cannot pair")]
    lone = [
        ("core.fsmonitor", value, said)
        for number, each in pairs["VALUE"].items()
        if number not in pairs["KEY"]
        for value in each
    ]
    return _placed(lone, "", "")


def _less(text: str) -> list[GitRun]:
    """What `LESSOPEN='|./lp.sh %s'` (`||`, `|-`, none: less reads the name it prints),
    `LESSCLOSE` has less run, `RSYNC_RSH` rsync, `AUTOSSH_PATH` autossh, from wherever it
    starts (attack 25 G3)."""
    found: list[GitRun] = []
    for match in _LESS.finditer(text):
        line = (match[2] or match[3] or match[4] or "").lstrip("|-").lstrip()
        for reach in script_reach(line):
            if not reach.data and reach.path != WHOLE and _relative(reach.path):
                said = f"`{match[1]}`"
                found.append(GitRun(reach.path, "", False, said, RUN_VARIABLES[match[1]]))
    return found


def _code(
    text: str, home: str, depth: int, values: dict[str, str], every: dict[str, list[str]]
) -> list[GitRun]:
    try:
        text, scripts = substitutions(text)
        words = tokens(text)
    except ValueError:  # a quote open to the end (a heredoc's `it's`): line by line
        lines = text.splitlines()
        if len(lines) < 2:
            return []
        return [r for line in lines for r in _code(line, home, depth, values, every)]
    found: list[GitRun] = []
    command: list[str] = []
    for word in [*words, ";"]:
        if word and set(word) <= set(";&|()\n"):
            found += _command(command, home, values, every)
            command = []
        else:
            command.append(PLACE.sub(UNEVALUATED, word))
    for script in scripts.values() if depth < MOST_DEPTH else ():
        found += _code(script, home, depth + 1, values, every)
    for word in words if depth < MOST_DEPTH else ():
        if any(space in word for space in " \t\n"):  # `alias gs='git ...'`: its code
            found += _code(re.sub(r"\A[^\s=]+=", "", word), home, depth + 1, values, every)
    return found


def _command(
    words: list[str], home: str, values: dict[str, str], every: dict[str, list[str]]
) -> list[GitRun]:
    """What one simple command runs by git's options: its `GIT_*` assignments (for the
    command after them, or for all after an `export`), and git's own `-C`, `-c`..."""
    words = [w for w in words if w not in ("{", "}", "!", "then", "do", "else", "time")]
    settings: list[tuple[str, str, str]] = []  # (key, value, what names it)
    while words and (_ASSIGNMENT.fullmatch(words[0]) or words[0] in WRAPPERS):
        if words[0] in WRAPPERS:
            told = [w for w in words[1:] if _ASSIGNMENT.fullmatch(w)] if words[0] == "env" else []
            words = [*told, *(wrapped(words[0], words[1:]) or [])]
            continue
        settings += _environment(words[0])
        values = {**values, words[0].partition("=")[0]: words[0].partition("=")[2]}
        words = words[1:]
    if words[:1] in (["export"], ["declare"], ["typeset"], ["readonly"], ["local"]):
        settings += [s for w in words[1:] for s in _environment(w)]
        return _placed(_expanded(settings, values), "", "")
    passed = every.get(f"{words[0]}()") if words else None  # `s() { ssh "$@"; }`: ssh's too
    called = _remote(passed[0], words[1:], every) if passed else []  # and what else it is
    if words and posixpath.basename(words[0]) in REMOTE:  # `alias s='ssh -F ./cfg'`
        return called + _remote(posixpath.basename(words[0]), words[1:], every)
    if words and words[0] != "git" and words[0] in INERT:  # `echo git -c core.pager=./x`
        return called
    if not words or posixpath.basename(words[0]) != "git":
        options = [words[at + 1] for at in range(len(words) - 1) if words[at] == "-c"]
        pairs = [w.partition("=") for w in options if _program_setting(w.partition("=")[0])]
        said = "`-c` given to a command wrapping git"
        found = _placed([(key, value, said) for key, eq, value in pairs if eq], "", home)
        lines = [r for line in ssh_lines.wrapped_commands(words) for r in script_reach(line)]
        said = "`-o` given to a command wrapping ssh"
        ran = [r.path for r in lines if not r.data and r.path != WHOLE and _relative(r.path)]
        return called + found + [GitRun(path, "", False, said, "ssh") for path in ran]
    folder, rest = "", words[1:]
    while rest and rest[0].startswith("-") and rest[0] != "--":
        option, equals, value = rest[0].partition("=")
        takes = GIT_OPTIONS.get(option, False) and not equals
        given = rest[1] if takes and len(rest) > 1 else value
        if option == "-C" and given:
            folder = _folder(folder, given, home)
        elif option == "-c" and "=" in given:
            key, _, setting = given.partition("=")
            settings.append((key, setting, f"`git -c {key}`"))
        elif option == "--config-env" and "=" in given:  # `--config-env=core.pager=VAR`
            key, _, name = given.partition("=")
            value = values.get(name, UNEVALUATED)
            settings.append((key, value, f"`git --config-env {key}`"))
        elif option in WHOLE_NAMED and given:
            settings.append((option, given, f"`git {option}`"))
        rest = rest[1 + takes :]
    if rest[:1] == ["config"]:  # `git config --global core.fsmonitor ./fs.sh`
        settings += _config_set(rest[1:])
    found = called + _placed(_expanded(settings, values), folder, home)
    for word in rest[1:]:  # `git ls-remote ext::./p.sh`: git's ext transport runs it
        if word.startswith("ext::"):
            line = re.sub(r"%(.)", lambda m: " " if m[1] == " " else m[0], word[5:])
            for reach in script_reach(line.replace("%%", "%")):
                if not reach.data and reach.path != WHOLE and _relative(reach.path):
                    found.append(GitRun(reach.path, folder, True, "`ext::` URL"))
    return found


def _remote(program: str, rest: list[str], every: dict[str, list[str]]) -> list[GitRun]:
    """What ssh (or a program running it: scp, rsync...) runs by its options, a variable's
    words (`ssh $SSHOPTS`) as the file sets them (each value it may hold, all together);
    one it does not set: the whole tree, unless ssh takes it as its host or remote command."""
    said = f"`{program}` options"
    whole = [GitRun(WHOLE, "", False, f"{said}, a value agents cannot evaluate", program)]
    words: list[str] = []
    for at, word in enumerate(rest):
        variable = _WORD_VARIABLE.fullmatch(word)
        if variable and variable[1] in every:
            try:
                words += [w for value in every[variable[1]] for w in shlex.split(value)]
            except ValueError:
                return whole
        elif (variable or "$(" in word or "`" in word) and not data_word(program, words, rest[at:]):
            return whole
        else:
            words.append(word)
    runs = [r for r in remote_reach(program, words, "", script_reach) if not r.data]
    return [GitRun(r.path, "", False, said, program) for r in runs if _relative(r.path)]


def _config_set(rest: list[str]) -> list[tuple[str, str, str]]:
    """The setting a `git config [--global|--file F] [--add] KEY VALUE` (`git config set`)
    line writes: none for one that reads or removes (attack 25 G14)."""
    rest = rest[1:] if rest[:1] == ["set"] else rest
    plain: list[str] = []
    skip = False
    for word in rest:
        if skip or word in _CONFIG_READS:
            if not skip:
                return []
            skip = False
        elif word.startswith("-"):
            skip = word in _CONFIG_TAKES
        else:
            plain.append(word)
    return [(plain[0], plain[1], f"`git config {plain[0]}`")] if len(plain) > 1 else []


def _environment(word: str) -> list[tuple[str, str, str]]:
    """The settings an assignment gives git: `GIT_SSH_COMMAND=./s.sh`, `GIT_DIR=g`,
    `GIT_CONFIG_PARAMETERS="'core.pager'='./p'"`, `GIT_CONFIG_KEY_0`'s (its value apart)."""
    match = _ASSIGNMENT.fullmatch(word)
    if match is None:
        return []
    name, value = match[1], match[2]
    said = f"`{name}`"
    if name in ENVIRONMENT:
        return [(ENVIRONMENT[name], value, said)]
    if name in WHOLE_NAMED:
        return [(name, value, said)]
    if name == "GIT_CONFIG_PARAMETERS":
        try:
            pairs = [w.partition("=") for w in shlex.split(value.replace("'='", "="))]
        except ValueError:
            return []
        return [(k, v, said) for k, eq, v in pairs if eq]
    numbered = _NUMBERED.fullmatch(name)
    if numbered:  # paired by `_placed`
        return [(f"{numbered[1]} {numbered[2]}", value, "`GIT_CONFIG_KEY_n`")]
    return []


def _placed(settings: list[tuple[str, str, str]], folder: str, home: str) -> list[GitRun]:
    keys = {k.split()[1]: v for k, v, _ in settings if k.startswith("KEY ")}
    values = {k.split()[1]: v for k, v, _ in settings if k.startswith("VALUE ")}
    settings = [s for s in settings if not s[0].startswith(("KEY ", "VALUE "))]
    settings += [(keys[n], values[n], "`GIT_CONFIG_KEY_n`") for n in keys if n in values]
    found: list[GitRun] = []
    for key, value, said in settings:
        key = _lowered(key)
        if _program_setting(key) and _UNKNOWN.search(value) and _unknown_runs(key, value):
            found.append(GitRun(WHOLE, folder, True, f"{said}, a value agents cannot evaluate"))
            continue
        if key in (*WHOLE_NAMED, HOOKS) and not _relative(value):
            continue
        if key in WHOLE_NAMED:
            names = WHOLE_NAMED[key]
            found += [GitRun(posixpath.join(value, n), folder, False, said) for n in names]
        elif key == HOOKS:
            names = tuple(sorted(HOOK_NAMES))
            found += [GitRun(posixpath.join(value, n), folder, True, said) for n in names]
        elif runs_program(key, value):
            for reach in program_reach(key, value):
                if not reach.data and reach.path != WHOLE and _relative(reach.path):
                    found.append(GitRun(reach.path, folder, True, said))
    return found


def _unknown_runs(key: str, value: str) -> bool:
    """Whether the part of `value` agents cannot evaluate is what git runs or obeys (a
    program, a hooks folder), not a word its program reads (`ssh -i $KEYS/id`)."""
    if key in (*WHOLE_NAMED, HOOKS) or not runs_program(key, value):
        return True
    return any(reach.path == WHOLE and reach.unknown for reach in program_reach(key, value))


def _folder(folder: str, given: str, home: str) -> str:
    """Where `git -C given` starts after the `-C`s before it led to `folder` ("": not told)."""
    for own in ("~/", "$HOME/", "${HOME}/"):
        given = home + given[len(own) - 1 :] if given.startswith(own) else given
    given = home if given in ("~", "$HOME", "${HOME}") else given
    if "$" in given or given.startswith("~"):
        return ""
    if given.startswith("/"):
        return posixpath.normpath(given)
    return posixpath.normpath(posixpath.join(folder, given)) if folder else ""


def _expanded(
    settings: list[tuple[str, str, str]], values: dict[str, str]
) -> list[tuple[str, str, str]]:
    """`settings` with each variable the file sets put in its value (`$DOTS/.git`)."""
    put = partial(_VARIABLE.sub, lambda m: values.get(m[1], m[0]))
    return [(key, put(value), said) for key, value, said in settings]


def _program_setting(key: str) -> bool:
    """Whether git runs, or obeys as a folder, what the setting `key` names."""
    key = _lowered(key)
    return key in (*WHOLE_NAMED, HOOKS) or (runs_program(key, "!") and not key.startswith("alias."))


def _lowered(key: str) -> str:
    """`core.hooksPath` as git names it: section and name in lower case."""
    section, _, rest = key.partition(".")
    middle, dot, name = rest.rpartition(".")
    return f"{section.lower()}.{middle}{dot}{name.lower()}" if rest else key


def _relative(path: str) -> bool:
    return bool(path) and not path.startswith(("/", "~", "$", "%"))
