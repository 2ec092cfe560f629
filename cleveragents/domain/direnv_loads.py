"""What of the tree direnv runs in the user's shell: a tree file an `.envrc` loads is a host-run
file (`domain/host_files.py`).

direnv asks for `direnv allow` when an `.envrc`'s bytes change, not when a file it loads does:
`source_env_if_exists .envrc.local`, `source .venv/bin/activate`, `dotenv`, `use nix`
(`shell.nix`'s `shellHook` is bash) run at the user's next prompt in the tree, on the host,
with no new allow. So each `.envrc` of the tree (any folder: direnv loads the nearest one up
from the shell's folder) is read as a git hook's content is (`config_programs.script_reach`,
from the `.envrc`'s own folder, where direnv runs it), and direnv's stdlib functions are its
launchers:
  * `source`, `.`, `source_env[_if_exists] FILE` (a folder: its `.envrc`), `source_up[_if_exists]
    [FILE]` (that name in each folder above, up to the tree's top): files bash runs with the
    stdlib, read in turn as an `.envrc` is (`EnvrcRead.sourced`), `DEPTH` deep;
  * `dotenv[_if_exists] [FILE]` (`.env` by default): variables, read by direnv itself, not run;
    but a `PROMPT_COMMAND` set there runs at the prompt (direnv exports it into the shell), a
    `PATH`, `BASH_ENV` or `LD_PRELOAD` names what the user's shell runs next: the file is
    host-run too, and its values are read as assignments are (`EnvrcRead.dotenvs`); a
    relative path in one the shell or an interpreter runs from (`CODE_NAMES`) is resolved
    from the shell's own folder, any below the `.envrc`'s: that folder whole;
  * `watch_file`, `watch_dir`, `PATH_add`, `path_add`, `load_prefix`: their words as files or
    folders (a folder on `PATH` runs the user's next command by name); a program the `.envrc`
    runs by a bare name (`mytool`, after `PATH_add bin`) that such a folder of the tree holds
    is that file, read in turn as a hook's script is (`EnvrcRead.programs`);
  * `layout python|ruby|go|perl|node|php|...`: the `.direnv` folder direnv makes the
    environment in (and `node_modules/.bin`, `vendor/bin`), whole;
  * `use nix|flake|guix|...` (a nix evaluation may import any file), a `layout` agents does not
    know, `eval`, a computed path: what cannot be read ahead, the `.envrc`'s folder whole (the
    whole tree at its top), said so.
The `.envrc` itself is one more host-run file: direnv blocks a changed one until the user
allows it, but the user would be asked to allow the model's.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field, replace

from cleveragents.domain import launchers as table
from cleveragents.domain.bare_programs import bare_programs
from cleveragents.domain.config_programs import script_reach
from cleveragents.domain.envrc_paths import EnvrcWhere, evaluated, tree_path
from cleveragents.domain.reach import (
    SUBSTITUTED,
    WHOLE,
    Reach,
    escaped,
    joined,
    printable,
    run_files,
)
from cleveragents.domain.shell_words import Target, substitutions, tokens

ENVRC = ".envrc"
DEPTH = 8  # files sourced by sourced files, read this deep; deeper: the `.envrc`'s folder whole
MOST_BYTES = 64 * 1024  # an `.envrc` (or a file it sources) longer than this is not read
SOURCES = frozenset(("source", ".", "source_env", "source_env_if_exists"))
SOURCES_UP = frozenset(("source_up", "source_up_if_exists"))
DOTENV = frozenset(("dotenv", "dotenv_if_exists"))
# Where each layout of direnv's stdlib makes its environment, besides `.direnv` (relative
# to the `.envrc`'s folder); one not named here: the folder whole.
LAYOUTS = {
    "python": (), "python2": (), "python3": (), "pipenv": (), "pyenv": (), "anaconda": (),
    "poetry": (), "ruby": (), "go": (), "perl": (), "julia": (),
    "node": ("node_modules/.bin",), "php": ("vendor/bin",),
}  # fmt: skip
_OPERATORS = frozenset(";&|()\n")
# `$PWD`, `${PWD}`, `$(pwd)`, `` `pwd` ``: the folder direnv runs the `.envrc` in, as `.`
# names it (attack 20 finding 12: `export PATH=$PWD/bin:$PATH` left `bin` writable).
# A value's piece that is a variable's whole value from before (`$PATH` in `PATH=bin:$PATH`):
# what the user's shell held already, no name in the tree.
_INHERITED = re.compile(r"\$(?:\{[A-Za-z_]\w*\}|[A-Za-z_]\w*)")
_PWD = re.compile(r"\$(?:\{PWD\}|PWD(?!\w)|\(pwd\))|`pwd`")
# direnv's stdlib functions whose arguments are paths.
_PATH_TAKERS = SOURCES | SOURCES_UP | DOTENV | frozenset((
    "PATH_add", "path_add", "MANPATH_add", "load_prefix", "watch_file", "watch_dir",
))  # fmt: skip
# A command's output put next to a path's `/` (`$(cmd)/bin`, `lib/$(cmd)`).
_MARK = re.compile(rf"\${SUBSTITUTED}\d+{SUBSTITUTED}")
_IN_PATH = re.compile(rf"\${SUBSTITUTED}\d+{SUBSTITUTED}/|/\${SUBSTITUTED}")
# Variables whose value the user's shell (or an interpreter it starts) runs from, a relative
# path from the folder the shell is in at the time.
CODE_NAMES = frozenset((
    "PATH", "PROMPT_COMMAND", "BASH_ENV", "ENV", "LD_PRELOAD", "LD_LIBRARY_PATH", "PYTHONPATH",
    "PYTHONSTARTUP", "NODE_OPTIONS", "NODE_PATH", "RUBYOPT", "RUBYLIB", "PERL5OPT", "PERL5LIB",
))  # fmt: skip


@dataclass
class EnvrcRead:
    """What one `.envrc` (or a file it sources) runs: places of the tree, and the files it
    sources (paths from the tree's top), to read in turn."""

    places: list[Reach] = field(default_factory=list)
    sourced: list[str] = field(default_factory=list)
    dotenvs: list[str] = field(default_factory=list)  # `.env` files: their values' places
    # The tree folders `PATH_add` puts first on PATH, and the programs run by a bare name
    # (`domain/bare_programs.py`): one such folder holds is the file that runs.
    path_folders: list[str] = field(default_factory=list)
    programs: frozenset[str] = frozenset()
    kubeconfigs: list[str] = field(default_factory=list)  # `KUBECONFIG`'s: programs named
    up: list[str] = field(default_factory=list)  # `source_up`'s names, found above the tree too


def envrc_read(folder: str, text: str, where: EnvrcWhere | None = None) -> EnvrcRead:
    """What the shell text `text`, run by direnv in `folder` (from the tree's top, "" for
    it; absolute for one above the tree) with its stdlib, may run or load; the paths it
    computes evaluated as `where` tells (`envrc_paths.py`)."""
    text = evaluated(_PWD.sub(".", text), folder, where)
    read = EnvrcRead(script_reach(text, folder), programs=bare_programs(text))
    try:
        marked, _ = substitutions(text)
        words_of = tokens(marked)
    except ValueError:  # the reader above has said so: the tree whole
        return read
    words: list[str] = []
    for token in [*words_of, ";"]:
        if token and set(token) <= _OPERATORS and not isinstance(token, Target):
            _command([w for w in words if not isinstance(w, Target)], folder, read)
            words = []
        else:
            words.append(token)
    tree, places = (where.tree if where is not None else ""), read.places
    read.places = [p if p.unknown else replace(p, path=tree_path(p.path, tree)) for p in places]
    read.places = expanded(read.places, folder)
    read.sourced = list(dict.fromkeys(tree_path(p, tree) for p in read.sourced))
    read.path_folders = [tree_path(p, tree) for p in read.path_folders]
    read.kubeconfigs = [tree_path(p, tree) for p in read.kubeconfigs]
    return read


def expanded(places: list[Reach], folder: str) -> list[Reach]:
    """`places` without a word naming a path through a variable the reader does not know
    (`PATH_add "$VIRTUAL_ENV/bin"`, `$PATH`): such a word is no name of the tree to hold
    (nor an empty file to make), it is a place the reader cannot tell: the folder whole."""
    inner = f"{folder}/" if folder not in ("", ".") else ""
    places = [
        p for p in places if p.unknown or not _INHERITED.fullmatch(p.path.removeprefix(inner))
    ]
    kept = [place for place in places if place.unknown or "$" not in place.path]
    if len(kept) < len(places):
        named = next(p.path for p in places if not p.unknown and "$" in p.path)
        kept.append(unread(folder, f"`{printable(named)}`, a path through a variable"))
    return list(dict.fromkeys(kept))


def dotenv_places(folder: str, text: str) -> list[Reach]:
    """The places the values of a dotenv file `text`, loaded by the `.envrc` of `folder`,
    name: each line an assignment (`export` too), its value's words as files, a
    `PROMPT_COMMAND` read as the shell line the prompt runs."""
    found: list[Reach] = []
    for line in text.splitlines():
        name, equals, value = line.strip().removeprefix("export ").partition("=")
        if not equals or not name.strip().isidentifier():
            continue
        value = value.strip()
        if len(value) > 1 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        name = name.strip()
        value = _PWD.sub(".", value)
        line = value if name == "PROMPT_COMMAND" else f"export {name}={value!r}"
        places = script_reach(line, folder)
        found += places
        relative = re.search(r"(?:^|[\s:=])(?![/$~\s:])[^\s:=]", value)
        if name in CODE_NAMES and places and relative:
            found.append(unread(folder, f"`{name}` naming a path from your shell's folder"))
    return expanded(found, folder)


def unread(folder: str, why: str) -> Reach:
    """The `.envrc`'s folder whole (the tree at its top): what it runs cannot be read."""
    if folder in ("", "."):
        return Reach(WHOLE, unknown=why)
    return Reach(escaped(folder), unknown=why)


def _command(words: list[str], folder: str, read: EnvrcRead) -> None:
    """Add what one simple command of direnv's stdlib, run in `folder`, loads to `read`."""
    computed = _computed(words)
    if computed is not None:
        read.places.append(
            unread(folder, f"`{printable(computed)}`, a path through a command's output")
        )
    for word in words:  # `export KUBECONFIG=./kubeconfig`: its `exec` plugins run (`kubectl`)
        name, _, value = word.partition("=")
        if _assignment(word) and name == "KUBECONFIG":
            found = run_files(folder, [v for v in value.split(":") if v and "$" not in v])
            read.kubeconfigs += [r.path for r in found if not r.unknown]
    while words and (words[0] in table.KEYWORDS or _assignment(words[0])):
        words = words[1:]
    if not words:
        return
    name, rest = words[0], [w for w in words[1:] if not w.startswith("-")]
    if name in SOURCES and rest:
        found = run_files(folder, rest[:1])
        read.sourced += [r.path for r in found if not r.unknown]
        if name.startswith("source_env"):  # a folder's `.envrc`
            read.sourced += [posixpath.join(r.path, ENVRC) for r in found if not r.unknown]
    elif name in SOURCES_UP:
        file = rest[0] if rest else ENVRC
        if "/" in file or "$" in file or "\0" in file:
            read.places.append(unread(folder, f"`{name} {printable(file)}`"))
            return
        above = folder
        while above not in ("", ".", "/") and not above.startswith(".."):
            above = posixpath.dirname(above)
            read.sourced.append(joined(above, file))
        read.up.append(file)  # past the tree's top (the adapter finds it)
    elif name in ("PATH_add", "path_add"):  # `path_add VAR DIR...`: PATH's only
        named = rest if name == "PATH_add" else rest[1:] if rest[:1] == ["PATH"] else []
        read.path_folders += [r.path for r in run_files(folder, named) if not r.unknown]
    elif name in DOTENV:
        found = run_files(folder, rest[:1] or [".env"])
        read.places += found
        read.dotenvs += [r.path for r in found if not r.unknown]
    elif name in ("layout", "use") or name.startswith(("layout_", "use_")):
        kind, _, which = name.partition("_")
        which = which or (rest[0] if rest else "")
        if kind == "layout" and which in LAYOUTS:
            launcher = f"layout {which}"
            for inner in (".direnv", *LAYOUTS[which]):
                read.places.append(Reach(escaped(joined(folder, inner)), launcher=launcher))
            return
        said = f"`{kind} {printable(which)}`, which direnv's stdlib runs"
        read.places.append(unread(folder, said))


def _computed(words: list[str]) -> str | None:
    """The first word of a simple command naming a path through a command's output (`$(...)`,
    `` `...` ``; an unevaluated `~-`, `~user`): an argument of a stdlib function that takes
    paths, a value of a `CODE_NAMES` variable, any word where the output is part of a path
    (`$(cmd)/bin`); None when no word does."""
    name = next((w for w in words if not _assignment(w) and w not in table.KEYWORDS), "")
    takes = name in _PATH_TAKERS
    for word in words:
        if SUBSTITUTED not in word:
            continue
        key = word.partition("=")[0] if _assignment(word) else ""
        if takes or key.removesuffix("+") in CODE_NAMES or _IN_PATH.search(word):
            return _MARK.sub("$(...)", word)  # said, never run
    return None


def _assignment(word: str) -> bool:
    name, equals, _ = word.partition("=")
    return bool(equals) and name.isidentifier()
