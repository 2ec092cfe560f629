"""Where a home startup file's `cd`/`pushd`/`popd` lead (`cd ~/dotfiles && . ./x.sh`:
`x.sh` of the tree), and whether a variable a program loads code or config from
(`READERS`: `PATH`, `PYTHONPATH`, `XDG_CONFIG_HOME`...) names the tree's top: then every
file of it is the home's (`home_shells.py`)."""

from __future__ import annotations

import itertools
import os
import re
from pathlib import Path

from cleveragents.adapters.home_values import SELF, UNSET, VAGUE, _close, bounded, could_name
from cleveragents.domain.reach import printable

# Variables naming a folder a program loads code or its config from (`PATH`'s programs,
# `PYTHONPATH`'s modules, `XDG_CONFIG_HOME`'s `git/config`...): set to the tree's top, the
# whole tree is the home's (a subfolder so named is kept as a path: `_mentions`).
_READERS = (
    "PATH PYTHONPATH PYTHONUSERBASE PYTHONHOME PERL5LIB PERLLIB PERL_LOCAL_LIB_ROOT RUBYLIB"
    " NODE_PATH XDG_CONFIG_HOME XDG_CONFIG_DIRS XDG_DATA_HOME XDG_DATA_DIRS XDG_STATE_HOME"
    " GNUPGHOME CARGO_HOME RUSTUP_HOME GIT_TEMPLATE_DIR VIMRUNTIME VIM ZSH ZSH_CUSTOM FPATH"
    " GOPATH GEM_HOME GEM_PATH BUNDLE_USER_HOME NPM_CONFIG_PREFIX npm_config_prefix"
    " LD_LIBRARY_PATH JULIA_DEPOT_PATH JULIA_LOAD_PATH R_LIBS R_LIBS_USER CLASSPATH IPYTHONDIR"
    " JUPYTER_CONFIG_DIR JUPYTER_PATH MPLCONFIGDIR TERMINFO TERMINFO_DIRS DOCKER_CONFIG"
    " ANSIBLE_HOME EMACSLOADPATH GUILE_LOAD_PATH LUA_PATH LUA_CPATH TCLLIBPATH PYENV_ROOT"
    " NVM_DIR RBENV_ROOT SDKMAN_DIR ASDF_DIR ASDF_DATA_DIR WGETRC CURL_HOME GIT_EXEC_PATH"
    " XDG_CACHE_HOME PYTHONPYCACHEPREFIX GCONV_PATH GRADLE_USER_HOME PNPM_HOME VOLTA_HOME"
    " BUN_INSTALL PIPX_BIN_DIR PIPX_HOME GOBIN GOROOT GOMODCACHE GOFLAGS MAVEN_HOME M2_HOME"
    " DENO_DIR DENO_INSTALL_ROOT COURSIER_BIN_DIR STACK_ROOT CABAL_DIR OPAMROOT LUAROCKS_CONFIG"
    " PERL5OPT RUBYOPT NODE_OPTIONS JAVA_TOOL_OPTIONS _JAVA_OPTIONS JDK_JAVA_OPTIONS"
    " PYTHONSTARTUP PYTHONEXECUTABLE LD_PRELOAD LD_AUDIT LUA_INIT LUA_INIT_5_2 LUA_INIT_5_3"
    " LUA_INIT_5_4 JAVA_OPTS MAVEN_OPTS GRADLE_OPTS ERL_AFLAGS ERL_FLAGS"
)
READERS = frozenset(  # zsh's arrays, fish's lists too
    (*_READERS.split(), "path", "fpath", "fish_user_paths", "fish_function_path")
)
# The `:`-lists whose empty entry is the folder a program runs in (bash's PATH, Python's
# sys.path, ld.so's LD_LIBRARY_PATH), attack 23 F8.
EMPTY_IS_HERE = frozenset(("PATH", "PYTHONPATH", "LD_LIBRARY_PATH"))
DECLARERS = ("export", "local", "declare", "typeset", "readonly")  # (`declared`, `DATA`)
DATA = re.compile(r"(?:\$\(|`)\s*(?:cat|grep|egrep|sed|awk|cut|tr|sort|head|tail|envsubst)\s")
# Those whose programs read a folder of theirs, deep (`$XDG_CONFIG_HOME/nvim/`): the tree
# lying in one is the home's whole.
HOLDERS = frozenset(
    ("XDG_CONFIG_HOME", "XDG_CONFIG_DIRS", "XDG_DATA_HOME", "XDG_DATA_DIRS", "XDG_CACHE_HOME")
)
# Those holding a program's options: `-I~/x`, `--require ~/x/y.js`, each word an entry.
_OPTIONS = "PERL5OPT RUBYOPT NODE_OPTIONS JAVA_TOOL_OPTIONS _JAVA_OPTIONS JDK_JAVA_OPTIONS GOFLAGS"
_OPTIONS += " JAVA_OPTS MAVEN_OPTS GRADLE_OPTS ERL_AFLAGS ERL_FLAGS"
OPTIONS = frozenset(_OPTIONS.split())
# An option's value attached (`-I~/x`, `--require=./x`; after a cluster, `-sC$HOME/x`),
# lua's `@file` (`LUA_INIT=@~/x.lua`)
OPTION = re.compile(r"^(?:--?[A-Za-z][A-Za-z0-9-]*=|-[A-Za-z]+|@)(?=[/.~$])")
# What a program's `-r./x`, `--require ./x` loads besides `x`: Ruby's, Node's, Perl's files
LOADED = (".rb", ".so", ".js", ".cjs", ".mjs", ".json", ".node", ".pm", ".pl")
FISH_SETS = ("set", "fish_add_path")  # fish's `set -gx PYTHONPATH ~/x`, `fish_add_path ~/x`
# fish's own folder: `(dirname (status filename))`, `(status dirname)`, `(path dirname ...)`
FISH_OWN = re.compile(
    r"\((?:dirname|path dirname) \(status (?:filename|-f|--current-filename|current-filename)\)"
    r"\)|\(status (?:dirname|--dirname)\)"
)
ASSIGN = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\+?=(.*)", re.S)  # `X=v`, `X+=v`
CDS = ("cd", "pushd", "popd")


def follow_cd(
    verb: str,
    given: list[str],
    here: list[str | None],
    variables: dict[str, list[str] | None],
    home: str,
    top: Path,
) -> str:
    """Follow `cd X`, `pushd X` or `popd` in `here` (None: where it leads is not named) and
    `$PWD` with it; why it is an unknown (a folder agents cannot evaluate that may be the
    tree's: `cd "$(realpath ~/dotfiles)"`), or ""; `$OLDPWD` is where it was."""
    from cleveragents.adapters.home_words import POSITIONAL, STARTS, _expand

    given = list(itertools.takewhile(lambda w: w not in STARTS, given)) or given[:1]
    given = [joined(given)] if given[:1] and given[0].endswith("$") else given  # `$(...)`
    given = [w for w in given if not w.startswith("-") or w == "-"]
    why = ""
    variables["OLDPWD"] = variables.get("PWD")  # `cd ~/dotfiles; cd; . $OLDPWD/x.sh`
    if verb == "popd" or given[:1] == ["-"]:  # `cd -`: where it leads is not named
        here[len(here) - bool(here) :] = [] if verb == "popd" else [None]
    else:
        values = _expand(given[0], variables, home) if given else [home]
        typed = bool(given) and bool(POSITIONAL.search(given[0]))  # `proj() { cd ~/src/$1; }`
        if values is None and not typed and could_name(" ".join(given), variables, home, top):
            why = f"it goes to {printable(' '.join(given))}, a folder agents cannot name"
        one = values[0] if values and len(values) == 1 else None
        if one is not None and not one.startswith("/"):
            one = os.path.join(here[-1], one) if here and here[-1] else None
        here[len(here) - (verb == "cd" and bool(here)) :] = [one]
    at = here[-1] if here else None
    variables["PWD"] = [at] if at else None if here else [str(top), home]
    return why


def reader_of_top(
    words: list[str], variables: dict[str, list[str] | None], home: str, top: Path
) -> str:
    """Why the assignment `words[0]` (`PATH=~/x:$PATH`, zsh's `path=(~/x $path)`,
    `PATH+=:~/x`, fish's `set -gx PATH ~/x $PATH`) of a `READERS` variable makes the tree
    `top` the home's whole (an entry naming it, or a value agents cannot evaluate that may
    name it), or ""."""
    from cleveragents.adapters.home_words import STARTS

    if words[0] in FISH_SETS:
        given = _fish_words(words[1:], STARTS)  # the options before the name, `--`
        given = list(itertools.dropwhile(lambda w: w.startswith("-"), given)) or [""]
        given = [w for w in given if w != "--"] if words[0] == "set" else given
        name, values = ("PATH", given) if words[0] != "set" else (given[0], given[1:])
        value = ":".join(values)
        return _said(name, _names_top(name, value, variables, home, top) * (name in READERS))
    assigned = ASSIGN.fullmatch(words[0])
    if assigned is None or assigned[1] not in READERS:
        return ""
    value = assigned[2]
    if not value and words[1:2] == ["("]:
        value = ":".join(itertools.takewhile(lambda w: w != ")", words[2:]))
    else:
        value = joined([value, *words[1:]])
    return _said(assigned[1], _names_top(assigned[1], value, variables, home, top))


def _fish_words(words: list[str], starts: frozenset[str]) -> list[str]:
    """fish's words up to the command's end, a `(cmd ...)` as one `$(cmd ...)` (what it
    prints: `(pwd)` is `$PWD`, any other not evaluated)."""
    out: list[str] = []
    depth = 0
    split = [c for w in words for c in ([w] if w.strip("();|&<>") or w in starts else list(w))]
    for word in split:  # `);` as `)`, `;`
        if word == "(":
            out[len(out) - bool(depth) :] = [out[-1] + "(" if depth else "$("]
            depth += 1
        elif word == ")" and depth:
            depth -= 1
            out[-1] += ")"
        elif depth:
            out[-1] += word if out[-1].endswith("(") else " " + word
        elif word in starts:
            break
        else:
            out.append(word)
    return out


def _tilde(word: str, home: str) -> str:
    return home + word[1:] if word == "~" or word.startswith("~/") else word


def assigned_values(
    name: str, words: list[str], variables: dict[str, list[str] | None], home: str
) -> tuple[list[str] | None, list[str]]:
    """The values `name=words[0]` (with the `$(...)` it opens; `$1` alone as written, what a
    call gives: `home_environ.not_run`) gives `name`, its own earlier value (`PATH=~/x:$PATH`)
    put in as known (agents' environment's, else empty), and its `reader_entries`."""
    from cleveragents.adapters.home_words import _environ, _expand, typed_forms

    value = joined(words)
    entries = reader_entries(name, value, variables, home)
    found = _expand(value, {**variables, name: [SELF]}, home)
    found = found or typed_forms(value, found, {**variables, name: [SELF]}, home)  # `f="$1"`
    before = (variables[name] if name in variables else _environ(name)) or [""]
    before = ["" if one == UNSET else one for one in before]  # unset: puts in nothing
    if found is None or not any(SELF in one for one in found):
        return found, entries
    put = [one.replace(SELF, earlier) for one in found for earlier in before]
    return bounded(name, list(dict.fromkeys(put))), entries


def reader_entries(
    name: str, value: str, variables: dict[str, list[str] | None], home: str
) -> list[str]:
    """The absolute entries `name=value` gives a `READERS` variable (`PYTHONPATH=~/x/lib`:
    a folder its program loads from), its own earlier value left out."""
    from cleveragents.adapters.home_words import _expand

    if name not in READERS:
        return []
    found = _expand(value, {**variables, name: [SELF]}, home) or []
    parts = [p for one in found for p in (one.split() if name in OPTIONS else one.split(":"))]
    entries = [_tilde(OPTION.sub("", part), home) for part in parts]  # `./x`: see `rooted`
    entries = [e for e in entries if e != SELF and (e.startswith("/") or "/" in e)]
    if name in OPTIONS:  # `RUBYOPT=-r./x`: the file Ruby loads is `x.rb`
        bare = [e for e in entries if "." not in os.path.basename(e)]
        entries += [e + suffix for e in bare for suffix in LOADED]
    return entries


def rooted(entries: list[str], top: Path, home: str) -> list[tuple[str, bool]]:
    """`entries` as found targets, a relative one (`./node_modules/.bin`) from both places a
    program may run in that agents knows of: the tree's top and the home."""
    found = [one for one in entries if one.startswith("/")]
    found += [os.path.join(b, e) for e in entries if e[:1] != "/" for b in (str(top), home)]
    return [(one, False) for one in found]


def _said(name: str, found: str) -> str:
    return f"its {name} {found}" if found else ""


def _substituted(words: list[str]) -> list[str]:
    """`words` up to the end of the `$(...)`/`(...)`/`` `...` `` its first word opens."""
    depth, ticks = 0, 0
    for index, word in enumerate(words):
        depth += word.count("(") - word.count(")")
        ticks += word.count("`")
        if depth <= 0 and not ticks % 2 and (index or words[1:2] != ["("]):
            return words[: index + 1]
    return words


def _names_top(
    name: str, value: str, variables: dict[str, list[str] | None], home: str, top: Path
) -> str:
    """Whether an entry of the `:`-list `value` (a word of it for `OPTIONS`) is `top` (or,
    for `HOLDERS`, holds it), or is relative (the folder a program runs in: the tree's top
    when run there), or the value is one agents cannot evaluate that may name it, said;
    the variable's own earlier value (`$PATH` in `PATH=~/x:$PATH`) was read where it was
    set."""
    from cleveragents.adapters.home_words import _expand, _relative

    if name in OPTIONS:  # `-I~/x`: `~/x`
        value = " ".join(OPTION.sub("", word) for word in value.split())
    view = {**variables, name: [SELF]}
    found = _expand(value, view, home)
    if found is None:
        if could_name(value, view, home, top):
            return f"is set to {printable(value)}, a value agents cannot evaluate"
        return ""
    for entry in found:
        parts = entry.split() if name in OPTIONS else entry.split(":")
        for one in (_tilde(OPTION.sub("", part), home) for part in parts):
            if one == SELF or (not one and name not in EMPTY_IS_HERE):
                continue
            if not one:  # `PATH=$PATH:` (an unset variable's `:$X`): the folder it runs in
                return "names an empty entry, the folder a program runs in: the tree's top"
            if not one.startswith("/") and os.path.normpath(one) == "." and name != "CLASSPATH":
                return f"names {printable(one)}, the folder a program runs in: the tree's top"
            if not one.startswith("/"):  # `./node_modules/.bin`: a folder of it (not held)
                continue
            if _relative(top, one) == "":
                return "names the tree's top"
            if name in HOLDERS and top.is_relative_to(os.path.realpath(one)):
                return "holds the tree: its programs read their files there"
    return ""


# into the tree, any other (`python3 x.py`, `make`, `./x.sh`) may run what lies there.
_QUIET = (
    ": true false echo printf export local declare typeset readonly set unset alias unalias"
    " return exit shopt setopt unsetopt bind complete compdef autoload zstyle zmodload [ [["
    " test let read trap umask ulimit hash type wait jobs disown fi done esac for in case"
    " function then do else elif if while until time builtin command cd pushd popd pwd dirname"
    " basename realpath readlink"
)
QUIET = frozenset(_QUIET.split())
SETS = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*):?=")  # `${X:=v}`, `${X=v}`: X set to v


def joined(words: list[str]) -> str:
    """`words[0]` with the `$(...)` or `` `...` `` it opens and the words in it, up to
    its end (`X=$(cd "$HOME" && pwd)/x` comes apart at its unquoted spaces)."""
    text = words[0]
    opened = text.count("(") - text.count(")") + (text.endswith("$") and words[1:2] == ["("])
    if opened <= 0 and not text.count("`") % 2:
        return text
    for word in _substituted(words)[1:]:
        text += word if word[:1] in ("(", ")") or text.endswith("(") else " " + word
    depth = 0
    for at, char in enumerate(text):
        depth += (char == "(") - (char == ")")
        if char == ")" and depth <= 0 and at >= len(words[0]):
            return text[: at + 1]
    return text


def assigned_unknown(
    name: str, words: list[str], variables: dict[str, list[str] | None], home: str, top: Path
) -> str:
    """Why `name`'s assignment from `words[0]`, which agents cannot evaluate exactly
    (`D=$(realpath ~/dotfiles)`), is an unknown (it may name the tree), or ""."""
    from cleveragents.adapters.home_loads import note_named

    value = joined(words)
    if name == "KUBECONFIG":  # `$(ls ~/.kube/configs/* | ...)`: what it reads (`home_kubeconfigs`)
        note_named(value, variables, home)
    if could_name(value, variables, home, top):
        variables[VAGUE] = [*(variables.get(VAGUE) or []), name]
        return f"it sets {name} to {printable(value)}, a value agents cannot evaluate"
    return ""


def strings_of_top(
    words: list[str], index: int, variables: dict[str, list[str] | None], home: str, top: Path
) -> tuple[str, list[str]]:
    """A `READERS` variable naming the tree's top in `words[index]`'s `${X:=v}` (X set to v)
    or in the string an `eval` or `alias` runs (`alias py='PYTHONPATH=~/x python3'`), said,
    and the entries `${X:=v}` gives it (`reader_entries`)."""
    from cleveragents.adapters.home_words import _expand, _words

    before = words[index - 1] if index else ""
    if "${" not in words[index] and before not in ("eval", "alias"):
        return "", []
    word, found, entries = joined(words[index:]), "", []
    for match in SETS.finditer(word):
        end = _close(word, match.start() + 1, "{", "}")
        value = word[match.start() : end + 1] if end > 0 else word[match.start() :]
        found = found or reader_of_top([f"{match[1]}={value}"], variables, home, top)
        entries += reader_entries(match[1], value, variables, home)
        variables[match[1]] = _expand(value, variables, home)
    if before in ("eval", "alias") and (" " in word or "=" in word):
        inner = _words(word.partition("=")[2] if before == "alias" else word)
        for at, one in enumerate(inner):
            found = found or reader_of_top(inner[at:], variables, home, top)
            assigned = ASSIGN.fullmatch(one)
            if assigned:
                entries += reader_entries(assigned[1], assigned[2], variables, home)
    return found, entries


def fish_set(
    words: list[str], variables: dict[str, list[str] | None], home: str, top: Path
) -> None:
    """fish's `set -l d ~/x` (`words[0]` is `set`): `d` takes each value, as `D=~/x` does
    (one agents cannot evaluate that may name the tree `top`: vague, `home_values.VAGUE`)."""
    from cleveragents.adapters.home_words import STARTS, _expand

    given = _fish_words(words[1:], STARTS)
    flags = "".join(itertools.takewhile(lambda w: w.startswith("-"), given))
    names = [w for w in itertools.dropwhile(lambda w: w.startswith("-"), given) if w != "--"]
    if not names or any(f in flags for f in "eqnS"):
        return
    found: list[str] | None = []
    for value in names[1:]:
        more = _expand(value, variables, home)
        found = None if found is None or more is None else [*found, *more]
    variables[names[0]] = found if names[1:] else [""]
    if found is None and could_name(" ".join(names[1:]), variables, home, top):
        variables[VAGUE] = [*(variables.get(VAGUE) or []), names[0]]


def from_here(values: list[str] | None, here: list[str | None]) -> list[str] | None:
    """`values` (a `for` loop's words), each relative one from where a `cd` led."""
    if not here or values is None:
        return values
    last = here[-1]
    relative = [v for v in values if not v.startswith("/")]
    if relative and last is None:
        return None
    return [v if v.startswith("/") else os.path.join(last or "", v) for v in values]


def ran_here(word: str, here: list[str | None], top: Path) -> tuple[str, bool] | None:
    """What the command `word`, run after a `cd` into the tree `top`, may run of it: a
    relative path's file (`./x.sh`), or for a program (`python3 x.py`, `make`) every file of
    the folder (whole); None outside the tree, for a builtin, or a command named otherwise."""
    from cleveragents.adapters.home_words import RUNS, STARTS, _glob_folder, _relative

    last = here[-1] if here else None
    if not last or _relative(top, last) is None or word in QUIET | STARTS | RUNS:
        return None
    if "$" in word or "=" in word or word.startswith(("/", "~", "-", "<", ">", "(", ")")):
        return None
    return _glob_folder(os.path.join(last, word)) if "/" in word else (last, True)


def subshells(
    word: str,
    here: list[str | None],
    saved: list[tuple[list[str | None], list[str] | None]],
    variables: dict[str, list[str] | None],
) -> None:
    """A `(` (a subshell, `$(...)`) keeps where the shell is in `saved`; its `)` goes back
    there (`(cd ~/dotfiles && make)`: the lines after it run where the shell was)."""
    if not word or word.strip("();|&<>"):
        return
    for char in word:
        if char == "(":
            saved.append((list(here), variables.get("PWD")))
        elif char == ")" and saved:
            here[:], variables["PWD"] = saved.pop()


def declared(words: list[str], index: int) -> bool:
    """Whether `words[index]` is an assignment of `export`, `declare -gx`, `local`...; not
    the names a data reader prints (`export $(cat ~/.vars | xargs)`: `home_loads`')."""
    from cleveragents.adapters.home_words import STARTS

    if DATA.match(words[index]):
        return False
    at = index - 1
    while at > 0 and words[at] not in DECLARERS and words[at].lstrip("-").isidentifier():
        at -= 1  # (`-gx`, `local a b=1`)
    if at < 0 or words[at] not in DECLARERS:
        return False
    return at == 0 or words[at - 1] in STARTS
