"""What the home's shell startup files source into the tree, read line by line: the home's OWN
startup files (`~/.bashrc`, `~/.zshenv`..., fish's `conf.d/*.fish` and `config.fish`, read where
their links lead: a distro's `.bashrc` with one added `. ~/dotfiles/aliases.sh`), `$ZDOTDIR`'s,
and the tree's shell files they reach (`home_files.py` reads those with the hook reader too). A
sourced or run path (`.`, `source`, `bash X`, a command's own path) is named with `~`, `$HOME`,
`${HOME}`, a variable assigned earlier in the files read (`DOTFILES=~/dotfiles; . $DOTFILES/x`,
a `for rc in ~/dotfiles/bashrc.d/*` loop's variable), brace expansion, the file's own folder
(`$(dirname "$BASH_SOURCE")`) or, failing that, one of agents' own environment (which those
files made). Any other path into the tree the files name by `~`, `/`, `$HOME` or a variable they
set, wherever on a line (`<(cat X)`, `eval "$(cat X)"`, `BASH_ENV=X`, `PATH=X:$PATH`, an alias'
string), is one they may run too: found, read in turn. A function sourcing or running its
argument (`source_if_exists() { [ -f "$1" ] && . "$1"; }`) sources what each of its calls names
(`source_if_exists ~/dotfiles/x.sh`). A path behind a `$(cmd ...)` of a program known to print
the system's places only, found outside the home (`$(brew --prefix)/etc/x.sh`), is the system's;
any other program may print a path of the home (`$(git config --global dotfiles.dir)`): an
unknown. An append, an array, a name reference, `read`/`mapfile`/`printf -v`, zsh's `${0:A:h}`
and named directories, a project runner given a folder of the tree (`make -C ~/dotfiles`) and
`sh -c`'s code: `home_assigns`. A glob is where it may match in the tree
(`home_words.glob_places`: `~/*/bin` its `bin`, made later too), and the home's own files it
matches (`~/.profile.d/*.sh`) are read in turn, as a dotenv idiom's file is (`export $(grep -v
'^#' ~/.vars | xargs)`: `home_loads`); a file fed to a shell on stdin (`sh < x.sh`) is run; a
`ZDOTDIR` assigned makes that folder's zsh startup files the home's; a tree link on the way to a
found path is found too (`home_ways.links_on_the_way`). A relative path sourced after a
`cd`/`pushd` is read from where it leads (`home_moves.follow_cd`), before any from the home and
the tree's top (a terminal may open there); a variable a program loads from (`READERS`:
`PYTHONPATH`, `PATH`...) set to the tree's top makes the tree whole; after a `cd` into the tree,
a program run there (`make`) or a relative glob sourced makes its folder whole
(`home_moves.ran_here`). Words are evaluated as the shell does where agents can (`home_values`:
`${X:+$X:}`, `${X:-d}`, `$(pwd)`), in every value they may take: an assignment that may not run
(after `&&`/`||`, in an `if`, `case`, loop or function) keeps the values before it
(`home_values.either`), as an `unset`, `eval`'s or `trap`'s does (`home_unsets`); a value agents
cannot evaluate that may name the tree, given to a variable or a `cd`, is an unknown, as is a
sourced or run path holding any other `$` (`$(...)`, `$1`, a variable set nowhere), or a startup
file agents does not read (over `MOST_BYTES`, a FIFO): an unknown is the whole tree, when these
files reach it or it lies in the home (such a path may be one of it). At most `MOST_READ` files
are read; past it the tree counts whole. Cost (a read of each startup file, a `realpath` of each
folder named): 0.05 s a look for a 55 KB `.bashrc` naming 2700 paths.
"""

from __future__ import annotations

import glob
import os
import re
import shlex
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
    zsh_own_put,
)
from cleveragents.adapters.home_environ import (
    ENVIRON,
    alias_bodies,
    environ_lines,
    fish_conf_d,
    not_run,
    shell_strings,
)
from cleveragents.adapters.home_loads import KEPT, dotenv_files, home_matches, mark_unread
from cleveragents.adapters.home_moves import (
    CDS,
    FISH_OWN,
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
from cleveragents.adapters.home_sessions import COMMAND_FILES, command_lines, session_files
from cleveragents.adapters.home_unread import expanded, read_unread
from cleveragents.adapters.home_values import UNSET, either
from cleveragents.adapters.home_words import (
    CONTINUED,
    GLOB,
    MOST_READ,
    POSITIONAL,
    RUNS,
    STARTS,
    _at_start,
    _environ,
    _expand,
    _mentions,
    _relative,
    _shown,
    _text,
    _words,
    _zdotdirs,
    glob_places,
)
from cleveragents.domain.reach import SUBSTITUTED, printable
from cleveragents.domain.tree_scripts import own_folder_put

# zsh's special arrays: `fpath+=~/.zfunc` (poetry's, rustup's completion line) appends an
# element, as `fpath+=(~/.zfunc)` does, never to the text of the last one.
ZSH_ARRAYS = frozenset(("fpath", "path", "cdpath", "manpath", "module_path", "mailpath"))
SHELL_FILES = (".bashrc", ".bash_profile", ".bash_login", ".profile", ".bash_logout")
ZSH_FILES = (".zshenv", ".zprofile", ".zshrc", ".zlogin", ".zlogout")
FISH_FILE = (
    ".config/fish/config.fish"  # fish's, after each `conf.d/*.fish` (`home_environ.fish_conf_d`)
)
# and systemd's `~/.config/environment.d/*.conf` (`KEY=VALUE`: the session's environment)
BLOCKS = frozenset(("if", "case", "while", "until", "for", "select"))  # what `fi`... end
BLOCK_ENDS = frozenset(("fi", "esac", "done"))
OWN = re.compile(r"\$0\b|\$\{0(?!:)|BASH_SOURCE")  # the file's own path: the hook reader's


def home_shell_places(
    top: Path, home: str, inside: list[str], assigned: dict[str, list[str] | None] | None = None
) -> tuple[list[str], str]:
    """The paths of the tree `top` (relative) that the home's own startup files, `$ZDOTDIR`'s
    and the tree's shell files `inside` (relative) source, run or name (and the tree's links
    on the way to each), and why the whole tree is the home's, or ""; the variables they
    set, by name, into `assigned` (`home_assigned.py`)."""
    from cleveragents.adapters.home_ways import links_on_the_way

    config = os.environ.get("XDG_CONFIG_HOME", "")
    fish = fish_conf_d(home, config)  # read before `config.fish`, as fish does
    if len(fish) > MOST_READ:
        return [], f"your home's fish conf.d folders hold more than {MOST_READ} files"
    todo = [os.path.join(home, name) for name in (*SHELL_FILES, *ZSH_FILES)]
    todo += [*fish, os.path.join(home, FISH_FILE)]
    todo += [os.path.join(config, "fish/config.fish")] if config.startswith("/") else []
    todo.append(ENVIRON)  # what the user's shell exported: `NODE_PATH=~/dotfiles/lib`
    for folder in dict.fromkeys((os.path.join(home, ".config"), config or home + "/.config")):
        todo += sorted(glob.glob(os.path.join(glob.escape(folder), "environment.d", "*.conf")))
    todo += session_files(home, config if config.startswith("/") else "")
    todo += [os.path.join(top, path) for path in inside]
    variables: dict[str, list[str] | None] = {"HOME": [home]}
    sourcers: dict[str, str] = {}  # functions sourcing (running) their argument: `_scan`
    found: list[str] = []
    known: dict[str, str | None] = {}
    folders: dict[str, str] = {}
    quiet: set[str] = set()  # named, not sourced: none when not read (a big data file)
    unknown = ""
    for zdotdir in _zdotdirs(os.environ.get("ZDOTDIR"), home):
        todo += [os.path.join(zdotdir, name) for name in ZSH_FILES]
    at = read = 0  # a path named that is no file costs a stat, not a read (attack 25 G19)
    while at < len(todo):
        path, at = todo[at], at + 1
        text, unread = (environ_lines(), "") if path == ENVIRON else _text(path)
        if text is None:
            if unread and path not in quiet:
                why = f"{_shown(top, home, path)} is {unread}: agents does not read it"
                unknown = unknown or why
            continue
        if (read := read + 1) > MOST_READ + len(fish):
            return found, f"your home's startup files source more than {MOST_READ} files"
        text = text if path == ENVIRON else zsh_own_put(text, path)  # `${0:A:h}`
        if path.endswith(COMMAND_FILES):  # an autostart entry, a unit: its command lines
            text = command_lines(text)
        if path != ENVIRON and _relative(top, path) is None:  # the home's own: its folder
            own = shlex.quote(os.path.dirname(path))
            text = own_folder_put(FISH_OWN.sub(own.replace("\\", "\\\\"), text), own)
        targets, zdotdirs, why, topped = _scan(text, variables, home, sourcers, top)
        dotenv, unknown_values = dotenv_files(text, variables, home)  # `export $(... ~/.vars)`
        targets += [_pattern(one) for one in dotenv]
        mark_unread(variables, unknown_values, _shown(top, home, path))
        bodies = alias_bodies(text)  # run when typed: from where the shell stands then
        bodies += [one for code in [text, *bodies] for one in shell_strings(code)]  # `sh -c`
        for body in bodies:
            more = _scan(body, dict(variables), home, sourcers, top)  # its own assignments
            targets, zdotdirs = [*targets, *more[0]], [*zdotdirs, *more[1]]
            why, topped = why or more[2], topped or more[3]
        if topped:
            return found, f"{topped} (in {_shown(top, home, path)})"
        if why and path != ENVIRON and _relative(top, path) is not None:
            inside = [*inside, path]  # a file of the tree: it reaches the tree
        unknown = unknown or (why and f"{why} (in {_shown(top, home, path)})")
        for zdotdir in zdotdirs:
            targets += [(os.path.join(zdotdir, name), False) for name in ZSH_FILES]
        for target, _ in targets:  # `for f in ~/.profile.d/*.sh; do . $f`: what it matches
            todo += [one for one in home_matches(top, home, target) if one not in todo]
        named = [(target, whole, True) for target, whole in targets]
        named += [(target, False, False) for target in _mentions(text, variables, home)]
        named = [  # `~/*/bin`: where the glob may match in the tree, made later too
            (place, held, read)
            for target, whole, read in named
            for place, held in _places(top, target, whole)
        ]
        for target, whole, read in named:
            if SUBSTITUTED in target:  # a value not known in a path (never given to the OS)
                named_as = _shown(top, home, target.replace(SUBSTITUTED, "$..."))
                why = f"it names {named_as}, a path agents cannot name"
                unknown = unknown or f"{why} (in {_shown(top, home, path)})"
                continue
            place = _relative(top, target, folders)
            if place == "" and whole:
                return found, f"your home's startup files source every file of {target}"
            if place is not None:
                found += links_on_the_way(top, target, known)
            if place:
                found.append(place)
            home_own = read and target.startswith(home + "/") and place is None
            if not whole and (place or home_own) and target not in todo:
                todo.append(target)  # a tree file it names: read too, what it sources
                quiet.add(target)
            if read:
                quiet.discard(target)
    real_home = Path(os.path.realpath(home))
    reached = bool(found or inside or top.is_relative_to(real_home))
    if assigned is not None:  # (not `PWD`: where a program runs, not a value of theirs)
        for name, held in variables.items():
            if name.isidentifier() and name not in ("PWD", "OLDPWD"):
                assigned[name] = None if held is None else [v.replace(UNSET, "") for v in held]
        assigned.update((k, v) for k, v in variables.items() if k in KEPT[not reached :])
    if unknown and reached:
        return found, unknown  # a path it cannot name may be one of the tree's
    return found, ""


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


def _places(top: Path, target: str, whole: bool) -> list[tuple[str, bool]]:
    """`target` (whole or not), or where it may match in the tree `top` when a glob."""
    if GLOB.search(target) and SUBSTITUTED not in target:
        return glob_places(top, target)
    return [(target, whole)]


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
