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
(`home_moves.ran_here`), and after one to a folder agents cannot name, an unknown
(`home_sourced.lost_run`). Words are evaluated as the shell does where agents can (`home_values`:
`${X:+$X:}`, `${X:-d}`, `$(pwd)`), in every value they may take: an assignment that may not run
(after `&&`/`||`, in an `if`, `case`, loop or function) keeps the values before it
(`home_values.either`), as an `unset`, `eval`'s or `trap`'s does (`home_unsets`); a value agents
cannot evaluate that may name the tree, given to a variable or a `cd`, is an unknown, as is a
sourced or run path holding any other `$` (`$(...)`, `$1`, a variable set nowhere), or a startup
file agents does not read (over `MOST_BYTES`, a FIFO; a released nvm.sh is known by its content:
`home_known`; a function's local set so is one where a path uses it, `home_scan`, and a
body's path built on its argument is read at each call, `home_bodies`): an unknown is the
whole tree, when these files reach it or it lies in the home (such a path may be one of it).
At most `MOST_READ` files are read; past it the tree counts whole. Cost (a read of each
startup file, a `realpath` of each folder named): 0.05 s a look for a 55 KB `.bashrc` naming
2700 paths.
"""

from __future__ import annotations

import glob
import os
import shlex
from pathlib import Path

from cleveragents.adapters.home_assigns import zsh_own_put
from cleveragents.adapters.home_bodies import typed_unknown
from cleveragents.adapters.home_environ import (
    ENVIRON,
    alias_bodies,
    environ_lines,
    fish_conf_d,
    shell_strings,
)
from cleveragents.adapters.home_git_policy import ALLOWS, allows_ext, global_includes
from cleveragents.adapters.home_known import read_known
from cleveragents.adapters.home_loads import KEPT, dotenv_files, home_matches, mark_unread
from cleveragents.adapters.home_moves import FISH_OWN
from cleveragents.adapters.home_scan import _pattern, _scan
from cleveragents.adapters.home_sessions import COMMAND_FILES, command_lines, session_files
from cleveragents.adapters.home_values import UNSET
from cleveragents.adapters.home_words import (
    GLOB,
    MOST_READ,
    _mentions,
    _relative,
    _shown,
    _text,
    _zdotdirs,
    glob_places,
)
from cleveragents.domain.reach import SUBSTITUTED
from cleveragents.domain.tree_scripts import own_folder_put

SHELL_FILES = (".bashrc", ".bash_profile", ".bash_login", ".profile", ".bash_logout")
ZSH_FILES = (".zshenv", ".zprofile", ".zshrc", ".zlogin", ".zlogout")
FISH_FILE = (
    ".config/fish/config.fish"  # fish's, after each `conf.d/*.fish` (`home_environ.fish_conf_d`)
)
# and systemd's `~/.config/environment.d/*.conf` (`KEY=VALUE`: the session's environment)


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
    allows = False  # a line lets git run a remote's `ext::` command: `home_git_policy`
    while at < len(todo):
        path, at = todo[at], at + 1
        text, unread = (environ_lines(), "") if path == ENVIRON else _text(path)
        if text is None:
            if unread and path not in quiet:  # a known release (nvm.sh): what it does
                release, why = read_known(path, variables, top)
                said = f"{_shown(top, home, path)} is {unread}: agents does not read it"
                unknown = unknown or (why if release else said)
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
        allows = allows or allows_ext(text)  # `git config --global protocol.ext.allow always`
        for included in global_includes(text, home):  # `... include.path dotfiles/gitconfig`
            found += [place] if (place := _relative(top, included, folders)) else []
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
        assigned.update({ALLOWS: ["ext"]} if allows else {})
    unknown = unknown or typed_unknown(sourcers, variables, home, top)  # `_omz_source x`
    if unknown and reached:
        return found, unknown  # a path it cannot name may be one of the tree's
    return found, ""


def _places(top: Path, target: str, whole: bool) -> list[tuple[str, bool]]:
    """`target` (whole or not), or where it may match in the tree `top` when a glob."""
    if GLOB.search(target) and SUBSTITUTED not in target:
        return glob_places(top, target)
    return [(target, whole)]
