"""What a sourced file sets, where the sourcing line is (lazy29's t5): `home_shells` reads a
file a `.bashrc` sources only after the whole `.bashrc`, so its assignments never reached the
`.bashrc`'s later lines (`V=env; . ~/vars.sh; . ~/src/proj/$V.sh` with `V=other` in
`vars.sh`: agents held `env.sh`, bash ran `other.sh`). So at a `.`/`source` of a file agents
reads (the home's own or the tree's, as the walk does; not the system's), `home_scan._scan`
reads it there too, and what it (and what it sources, in turn) may give a variable are also
that variable's values on the lines after: a union with the earlier ones (`home_values.either`),
whether the line runs or not (`[ -f ~/vars.sh ] && . ~/vars.sh` keeps the old values too). A
value agents cannot evaluate there makes the variable possibly changed (`home_unread.CHANGED`:
a later path using it fails closed); what the read finds is the walk's to report, not this.
The file is read from where the sourcing one stands, and its `cd`s move the sourcing
file's later relative paths (`. ~/goto.sh; make` with `cd ~/dotfiles; cd sub` in `goto.sh`:
bash runs `~/dotfiles/sub/Makefile`, `source` sharing the shell's folder, readers30); what
it sources or runs from a folder a `cd` led to is the sourcing file's too (from where the
terminal opens, the walk's own read of it names that). A `cd` of its own lines to a folder
agents cannot name (`cd "$(cat .lastdir)"`) leaves the sourcing file there too: a later
relative path, or a command run from there (`make`: `lost_run`), is an unknown (readers31).
A file already being read (`~/.bashrc` sourcing itself) adds nothing more; past `MOST_READS`
such reads in one walk, or `MOST_DEEP` files deep, every variable counts as possibly changed.
Cost: a sourced file is read once more where each line sources it, but not again from the
same variables (`_AFTER`: 300 lines sourcing one 60 KB file of 5000 assignments, 13 s a look
without it 3 s; uncached, 3 minutes)."""

from __future__ import annotations

import itertools
import os
import shlex
from pathlib import Path

from cleveragents.adapters.home_assigns import zsh_own_put
from cleveragents.adapters.home_loads import home_matches
from cleveragents.adapters.home_moves import FISH_OWN
from cleveragents.adapters.home_unread import CHANGED, mark_changed
from cleveragents.adapters.home_values import NAME, either
from cleveragents.adapters.home_words import GLOB, MOST_READ, _relative, _text
from cleveragents.domain.tree_scripts import own_folder_put

READS = "\0sourced reads"  # in the variables: the files read where sourced, in this walk
READING = "\0sourced reading"  # in the variables: those being read (their sourcing lines)
LOST = "\0sourced lost"  # in the variables: a `cd` of the file to a folder agents cannot name
MOST_READS = 4 * MOST_READ  # of one walk (each file the walk reads, where sourced too)
MOST_DEEP = 16  # files sourcing each other in turn, read where sourced
_WALKS = itertools.count()  # each walk's own cache of what a file sets from a state
# What a file read from a state left: the variables it changed, where the shell then
# stands, what it sourced or ran, the first path it could not name.
After = tuple[dict[str, list[str] | None], list[str | None], list[tuple[str, bool]], str]
_AFTER: dict[tuple[str, str, object], After] = {}
_WHERE = ("PWD", "OLDPWD")  # where the shell stands: not what a sourced file sets


def prepared(path: str, text: str, top: Path) -> str:
    """`text` of the startup file `path` with its own path's forms put in (zsh's `${0:A:h}`;
    for the home's own, `$(dirname "$BASH_SOURCE")` and fish's `(status dirname)`)."""
    text = zsh_own_put(text, path)
    if _relative(top, path) is not None:
        return text
    own = shlex.quote(os.path.dirname(path))
    return own_folder_put(FISH_OWN.sub(own.replace("\\", "\\\\"), text), own)


def where(here: list[str | None], home: str, top: Path) -> list[str] | None:
    """`$PWD` where the `cd`s followed led to `here` (None: one not followed; none: where
    the shell starts, maybe the tree's top)."""
    at = here[-1] if here else None
    return [at] if at else None if here else [str(top), home]


def read_sourced(
    path: str,
    variables: dict[str, list[str] | None],
    home: str,
    sourcers: dict[str, str],
    top: Path,
    here: list[str | None] | None = None,
) -> tuple[list[tuple[str, bool]], str]:
    """`path` (absolute, maybe a glob) sourced here, where the sourcing file's `cd`s led
    (`here`, left where the sourced files' lead): what the files it names may set, put
    into `variables` as more values of each; what they source or run from there, and the
    first path they cannot name (see the module)."""
    from cleveragents.adapters.home_scan import _scan

    here = [] if here is None else here
    found: list[tuple[str, bool]] = []
    unknown = ""
    files = home_matches(top, home, path) if GLOB.search(path) else [path]
    for one in files:
        mine = one.startswith(home + "/") or _relative(top, one) is not None
        if not (one.startswith("/") and mine):
            continue  # the system's: the walk reads none of them either
        reading = variables.get(READING) or []
        if one in reading:
            continue  # being read: its assignments come in where that read ends
        reads = variables.setdefault(READS, [f"\0walk {next(_WALKS)}"])  # (its cache's key)
        state = tuple((k, v if v is None else tuple(v)) for k, v in variables.items() if k != READS)
        key = ((reads or [""])[0], one, (state, tuple(here)))
        if key in _AFTER:  # read from this very state before (`. ~/x.sh` on many lines)
            given, here[:], more, why = _AFTER[key]
            _moved(variables, given, here, home, top)
            found, unknown = [*found, *more], unknown or why
            continue
        if reads is None or len(reads) > MOST_READS or len(reading) >= MOST_DEEP:
            mark_changed(variables, "")  # past the bound: any may be changed here
            continue
        text, _ = _text(one)
        if text is None:
            continue  # none, or not read: the walk says so (nvm.sh: `home_known`)
        reads.append(one)
        inner = {k: v if v is None or k == READS else list(v) for k, v in variables.items()}
        inner[READING] = [*reading, one]
        inner.pop(LOST, None)  # (set by the file's own lines, or what it sources in turn)
        moved = list(here)
        more, _, why, _ = _scan(prepared(one, text, top), inner, home, sourcers, top, moved)
        # From where the terminal opens, the walk's own read of it names the same (and more
        # surely: its state the file's whole); read after a `cd`, what it runs from there.
        more, why = (more, why) if here else ([], "")
        # A `cd` of its own lines to a folder agents cannot name (`cd "$(cat ~/.lastdir)"`)
        # leaves the sourcer there too: a later relative path is an unknown (readers31); a
        # word taken for a `cd` (in an array, a function's body) leaves the sourcer be.
        lost = moved and moved[-1] is None and LOST in inner
        here[:] = moved if not moved or moved[-1] is not None or lost else here
        _AFTER.clear() if len(_AFTER) >= MOST_READS else None
        given = {k: v for k, v in inner.items() if variables.get(k, 0) != v}
        _AFTER[key] = (given, list(here), more, why)
        _moved(variables, given, here, home, top)
        found, unknown = [*found, *more], unknown or why
    return found, unknown


def lost_cd(
    given: list[str], here: list[str | None], variables: dict[str, list[str] | None], body: bool
) -> None:
    """Mark in `variables` a `cd` (its words `given`) outside a function's `body` that left
    the shell (`here`) in a folder agents cannot name, by a value it cannot evaluate
    (`cd "$(cat ~/.lastdir)"`, `cd $WHERE`): `read_sourced` moves the sourcer there too."""
    named = [w for w in given if not w.startswith("-")][:1]
    if not body and here and here[-1] is None and any("$" in w or "`" in w for w in named):
        variables[LOST] = ["lost"]


def lost_run(
    word: str, here: list[str | None], variables: dict[str, list[str] | None], top: Path
) -> bool:
    """Whether the command `word` runs what its folder holds (`make`, `./x.sh`, `python3
    x.py`: `home_moves.ran_here`) where such a `cd` (`lost_cd`) left the shell: any folder,
    maybe the tree's."""
    from cleveragents.adapters.home_moves import ran_here

    lost = bool(here) and here[-1] is None and LOST in variables
    return lost and ran_here(word, [str(top)], top) is not None


def _moved(
    variables: dict[str, list[str] | None],
    inner: dict[str, list[str] | None],
    here: list[str | None],
    home: str,
    top: Path,
) -> None:
    """`inner` merged into `variables` (`_merge`), `$PWD` where the sourced file left the
    shell (`here`), `$OLDPWD` as it set it."""
    _merge(variables, inner)
    variables["PWD"] = where(here, home, top)
    if "OLDPWD" in inner:
        variables["OLDPWD"] = inner["OLDPWD"]


def _merge(variables: dict[str, list[str] | None], inner: dict[str, list[str] | None]) -> None:
    """`inner`'s values (the variables after a sourced file) added to `variables`' (before)."""
    changed = list(variables.get(CHANGED) or [])
    for key, given in inner.items():
        if key in (READS, READING, CHANGED, *_WHERE) or variables.get(key, 0) == given:
            continue
        if NAME.fullmatch(key):
            values = either(key, given, variables)
            if values is None and variables.get(key, 0) is not None:
                changed.append(key)  # not evaluated there: a later path using it fails closed
                continue
            variables[key] = values
        elif key not in variables:  # an array's elements, an alias, a vague name...
            variables[key] = given
        else:
            earlier = variables[key]
            variables[key] = None if earlier is None or given is None else [*earlier, *given]
            variables[key] = list(dict.fromkeys(variables[key] or [])) or variables[key]
    changed += inner.get(CHANGED) or []
    if changed:
        variables[CHANGED] = sorted(set(changed))
