"""The property on what the home's shell startup files source into the tree
(`adapters/home_shells.py`): each path sourced, however it is named (`~`, `$HOME`,
`${HOME}`, a variable, a loop over a glob, of the home's own files too, `ZDOTDIR`, a
function's call, a relative path after a `cd` into the tree, an alias' code; in fish's
`conf.d` too), is found or the tree counts whole; a path agents cannot name (after a `cd`
it cannot follow) makes it whole (a system `$(cmd)` path does not), and so does a variable
a program loads from (`PYTHONPATH`, `PATH`...) naming the tree's top; with none such and
within the limit, it is not whole, and nothing found lies outside it."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import strategies as st

from cleveragents.adapters import home_files
from cleveragents.adapters.home_shells import FISH_FILE, SHELL_FILES
from cleveragents.adapters.home_words import MOST_READ
from features.support.home_examples import home_property

# How a line names `{p}` of the tree at `~/dotfiles` (what it must find), `{v}` a variable.
FORMS = (
    (". ~/dotfiles/{p}", "{p}"),
    ('. "$HOME/dotfiles/{p}"', "{p}"),
    ("source ${{HOME}}/dotfiles/{p}", "{p}"),
    ("{v}=~/dotfiles; . ${v}/{p}", "{p}"),
    ('export {v}="$HOME/dotfiles"; [ -f "${v}/{p}" ] && source "${v}/{p}"', "{p}"),
    ('for {v} in ~/dotfiles/{p}/*; do . "${v}"; done', "{p}"),
    # a loop over a folder of the home, whose file sources the tree's (attack 23 F21, F27)
    ('for {v} in ~/.{p}.d/*.bash; do [ -r "${v}" ] && . "${v}"; done', "{p}"),
    # a dotenv file of the home eval'd (attack 24 F5), its `KEY=VALUE` naming the tree's
    ('eval "export $(cat ~/.{p}.vars)"', "{p}"),
    ('[ -r ~/.{p}.vars ] && eval "$(<~/.{p}.vars)"', "{p}"),
    ("export ZDOTDIR=~/dotfiles/{p}", "{p}/.zshrc"),
    ('export ZDOTDIR="${{ZDOTDIR:-$HOME/dotfiles/{p}}}"', "{p}/.zshrc"),  # its default
    (". /etc/{p}; . ~/.{p}", ""),  # outside the tree: nothing
    # run, not sourced, or sourced through a word before it, a substitution, a `case` arm
    ("bash ~/dotfiles/{p}", "{p}"),
    ("builtin source ~/dotfiles/{p}", "{p}"),
    ("command . ~/dotfiles/{p}", "{p}"),
    ("source <(cat ~/dotfiles/{p})", "{p}"),
    ('eval "$(cat ~/dotfiles/{p})"', "{p}"),
    ("case $- in *i*) . ~/dotfiles/{p} ;; esac", "{p}"),
    ("if . ~/dotfiles/{p}; then :; fi", "{p}"),
    ("export BASH_ENV=~/dotfiles/{p}", "{p}"),
    ("export PATH=~/dotfiles/{p}:$PATH", "{p}"),
    ('export PATH="./{p}:$PATH"', "{p}"),  # relative: from the tree's top, where it runs
    (". ~/dotfiles/{{{p},zz.sh}}", "{p}"),  # brace expansion
    ('. "$HOME/dotfiles/dirname-{p}"', "dirname-{p}"),  # a word holding `dirname`
    ('. "${{{v}:-$HOME/dotfiles}}/{p}"', "{p}"),  # unset: its default
    # a function sourcing its argument, read at its call; a system `$(cmd)`: not the tree
    ('{v}() {{ [ -f "$1" ] && . "$1"; }}; {v} ~/dotfiles/{p}', "{p}"),
    (
        'function {v} {{\n  if [ -r "$1" ]; then\n    source "$1"\n  fi\n}}\n'
        '{v} "$HOME/dotfiles/{p}"',
        "{p}",
    ),
    ('. "$(uname -m)/{p}"; source $(uname -s)/{p}', ""),
    # a relative path sourced or run after a `cd`/`pushd` into the tree, or one not followed
    ("cd ~/dotfiles && . ./{p}; cd", "{p}"),
    ('pushd "$HOME/dotfiles" >/dev/null; source {p}; popd >/dev/null', "{p}"),
    ("cd ~/dotfiles\ncd . || return\nbash ../dotfiles/{p}\ncd -", "{p}"),
    ('cd "$(mktemp -d)" && . ./{p}', ""),
    ("[ -f ./{p} ] && . ./{p}", "{p}"),  # from where the shell starts: maybe the top
    # an alias' code, run when typed: from where the shell then stands (fish's form too)
    ("alias {v}='cd ~/dotfiles && . ./{p}'", "{p}"),
    ('alias ll="ls -l" {v}=". ./{p}"', "{p}"),
    ("alias {v} 'source ~/dotfiles/{p}'", "{p}"),
    ("cd ~/dotfiles; ./{p}; cd", "{p}"),  # a relative script run after a `cd`
    # a relative glob sourced, a program run after a `cd` into the tree: its folder whole
    ('cd ~/dotfiles; for {v} in *.sh; do . "${v}"; done; cd', ""),
    ("cd ~/dotfiles && python3 {p}; cd", ""),
    ("cd $HOME/dotfiles; make -s; cd", ""),
    # a variable a program loads code or config from, naming the top: the tree whole
    ('export PYTHONPATH="$HOME/dotfiles"', ""),
    ("PATH=$PATH:~/dotfiles; . ~/dotfiles/{p}", ""),
    ("path=(~/dotfiles/ $path)", ""),
    ("declare -x XDG_CONFIG_HOME=${{HOME}}/dotfiles", ""),
    ("{v}=~/dotfiles; export GIT_TEMPLATE_DIR=${v}", ""),
    ("set -gx PYTHONPATH ~/dotfiles/ $PYTHONPATH", ""),  # fish's
    ("fish_add_path -g ~/dotfiles", ""),
    ('export XDG_DATA_HOME="$HOME"', ""),  # one holding the tree: its programs' folders
    ("source (cat /dev/null)/{p}", ""),  # fish's substitution: a path agents cannot name
)
# The forms above whose path agents cannot name for sure: the tree whole, said.
UNNAMED = ('cd "$(mktemp', "source (cat")
# The forms naming the tree's top by a variable a program loads from: the tree whole,
# said, where agents stops reading (what they source is not all found).
TOPS = (
    "PYTHONPATH",
    "PATH=$PATH:",
    "path=(",
    "XDG_CONFIG_HOME=",
    "GIT_TEMPLATE_DIR=",
    "fish_add",
    "XDG_DATA_HOME=",
)
# (variable, the tree's folder it names) exported in agents' own environment
EXPORTED = (("NODE_PATH", "."), ("PERL5LIB", "dlib"), ("RUBYLIB", "dgems/lib"))
# The forms running every file of the tree's top (after a `cd`): the tree whole, said.
RAN = ("*.sh; do", "python3 {p}", "make -s")
UNKNOWN = '. "$NOT_SET_ANYWHERE_{v}/{p}"'
HOME_LOOP = ".d/*.bash; do"  # the form looping over a folder of the home
DOTENV = ".vars)"  # the forms reading a dotenv file of the home
STARTED = "[ -f ./"  # the form sourcing from where the shell starts, first in its file
ENVIRONMENT_D = ".config/environment.d/10-dots.conf"  # systemd's, read as the shell's
FISH_CONF_D = ".config/fish/conf.d/dots.fish"  # fish's, sourced before `config.fish`


def _example(root: Path, data: st.DataObject) -> None:
    home = root / "home"
    tree = home / "dotfiles"
    (tree / ".git").mkdir(parents=True)
    name = st.text("abcxyz", min_size=1, max_size=4)
    lines = data.draw(
        st.lists(st.tuples(st.sampled_from(FORMS), name, name, st.booleans()), max_size=6)
    )
    unknown = data.draw(st.booleans())
    own = data.draw(
        st.sampled_from((*SHELL_FILES, ".zshenv", FISH_FILE, FISH_CONF_D, ENVIRONMENT_D))
    )
    wanted: list[str] = []
    text: list[str] = []
    used: set[Path] = set()
    current = home / own  # each line goes in the file the line before sourced, or here
    current.parent.mkdir(parents=True, exist_ok=True)
    for (form, want), path, variable, deeper in lines:
        folder = "*" in form or "ZDOTDIR" in form or "PATH" in form
        p = f"d{path}" if folder else f"s{path}.sh"
        line = form.format(p=p, v=f"V{variable}")
        if HOME_LOOP in form:  # the home's folder the loop sources, its file naming the tree's
            (home / f".{p}.d").mkdir(parents=True, exist_ok=True)
            (home / f".{p}.d" / "a.bash").write_text(f". ~/dotfiles/{p}\n")
        if DOTENV in form:
            (home / f".{p}.vars").write_text(f"V{variable}=$HOME/dotfiles/{p}\n")
        # a relative path from where the shell starts: before any `cd` of the file
        text = [line, *text] if form.startswith(STARTED) else [*text, line]
        wanted += [want.format(p=p)] if want else []
        sourced = tree / p
        if deeper and want == "{p}" and not folder and sourced not in used:
            current.write_text("\n".join(text) + "\n")  # what it sources, sourced in turn
            current, text = sourced, []
            used.add(sourced)
    if unknown:
        text.append(UNKNOWN.format(p="x.sh", v="A"))
    current.write_text("\n".join(text) + "\n")
    os.environ["HOME"] = str(home)
    # a loader variable the user's shell exported: the tree's top (whole), or a folder of it
    exported = data.draw(st.sampled_from(("", *EXPORTED)))
    if exported:
        os.environ[exported[0]] = f"/usr/lib/x:{tree / exported[1]}".rstrip("/.")
        wanted += [exported[1]] if exported[1] != "." else []
    found = home_files.home_files(tree)
    shown = (own, lines, unknown, sorted(found.paths), found.whole)
    unnamed = any(u in form for (form, _), *_ in lines for u in UNNAMED)
    tops = any(t in form for (form, _), *_ in lines for t in TOPS) or exported[1:] == (".",)
    tops = tops or any(r in form for (form, _), *_ in lines for r in RAN)
    # the tree lies in the home: a path agents cannot name may be one of it
    assert bool(found.whole) == (unknown or unnamed or tops), shown
    assert tops or set(wanted) <= set(found.paths), shown
    said = ("names the tree's top", "holds the tree", "source every file of")
    assert not tops or any(s in found.whole for s in said) or unknown or unnamed, shown
    for path in found.paths:
        assert not path.startswith(("..", "/")) and ".git" not in path.split("/"), shown
    assert len(lines) < MOST_READ


home_property(
    "home startup files sourcing the tree are made at random",
    "every path they source in the tree is found, or the tree counts whole when one cannot"
    " be named",
    "home sources",
    _example,
    60,
)
