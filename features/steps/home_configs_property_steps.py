"""The property on what the home's own ssh, vim, tmux and readline configs include from the
tree (`adapters/home_configs.py`): each file so included, however it is named, is found,
read in turn when it is the same program's, or the tree counts whole; a path agents
cannot name makes it whole; with none such, it is not whole, and nothing found lies
outside it."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import strategies as st

from cleveragents.adapters import home_files
from features.support.home_examples import home_property

# By program: its config in the home, how a line includes `{p}` of `~/dotfiles` (read in
# turn: the next lines may go there), how a line runs `{p}` (found, not read as a config),
# and a line naming a path agents cannot name. nvim's `require` of `{m}` loads the module of
# the home's runtime path the example draws (`MODULES`), its next lines there (readers31).
PROGRAMS = {
    ".ssh/config": (
        ("Include ~/dotfiles/{p}", "Include = %d/dotfiles/{p}", "Include ../dotfiles/{p}"),
        ('Match exec "~/dotfiles/{p} %h"', "Host x\n  ProxyCommand ~/dotfiles/{p} %h %p"),
        "Include $NOT_SET_ANYWHERE/x.conf",
    ),
    ".vimrc": (
        (
            "source ~/dotfiles/{p}",
            ":so $HOME/dotfiles/{p}",
            "runtime {p}",
            "exe 'source' $HOME . '/dotfiles/{p}'",
            "execute 'so ' .. expand('~/dotfiles/{p}')",
        ),
        (
            "luafile ~/dotfiles/{p}",
            "set rtp+=~/dotfiles/{p}",
            "exe 'set rtp+=' . $HOME.'/dotfiles/{p}'",
        ),
        "exe 'source ' . g:dots . '/x.vim'",
    ),
    ".config/nvim/init.lua": (
        ('vim.cmd("source ~/dotfiles/{p}")', 'require("{m}")', "pcall(require, '{m}')"),
        (
            'dofile("{h}/dotfiles/{p}")',
            'vim.opt.rtp:append("~/dotfiles/{p}")',
            'dofile(vim.fn.expand("~/dotfiles/{p}"))',
        ),
        'dofile(vim.fn.stdpath("config") .. "/x.lua")',
    ),
    ".tmux.conf": (
        (
            "source-file ~/dotfiles/{p}",
            "source -q ~/dotfiles/{p}",
            "if-shell true 'source ~/dotfiles/{p}'",
        ),
        ("run -b '~/dotfiles/{p}'", "bind r run-shell ~/dotfiles/{p}"),
        "source-file -F '#{d:current_file}/x.conf'",
    ),
    ".inputrc": (("$include ~/dotfiles/{p}", "$include {h}/dotfiles/{p}"), (), ""),
}


# Where nvim finds a module `{m}` on its runtime path: its data `site`, a start package of
# its config or data folder (the mention scan of `~/.config/nvim/lua/**` read none of these).
MODULES = (
    ".local/share/nvim/site/lua/{m}.lua",
    ".config/nvim/pack/p/start/s/lua/{m}/init.lua",
    ".local/share/nvim/site/pack/p/start/s/lua/{m}.lua",
)


def _example(root: Path, data: st.DataObject) -> None:
    home = root / "home"
    tree = home / "dotfiles"
    (tree / ".git").mkdir(parents=True)
    (home / ".vim").mkdir()  # vim's runtimepath: `runtime x` there, not in the tree
    name = st.text("abcxyz", min_size=1, max_size=4)
    chosen = data.draw(st.lists(st.sampled_from(sorted(PROGRAMS)), min_size=1, unique=True))
    unknown = False
    wanted: list[str] = []
    for config in chosen:
        includes, runs, unnamed = PROGRAMS[config]
        current = home / config
        current.parent.mkdir(parents=True, exist_ok=True)
        text: list[str] = []
        used: set[Path] = set()
        forms = [*((f, True) for f in includes), *((f, False) for f in runs)]
        lines = data.draw(
            st.lists(st.tuples(st.sampled_from(forms), name, st.booleans()), max_size=5)
        )
        for (form, include), path, deeper in lines:
            p = f"{config.strip('.').replace('/', '_')}-{path}.x"
            text.append(form.format(p=p, h=home, m=f"m{path}"))
            if "{m}" in form:  # the home's module, read in turn: none of the tree
                module = home / data.draw(st.sampled_from(MODULES)).format(m=f"m{path}")
                module.parent.mkdir(parents=True, exist_ok=True)
                if deeper and module not in used:
                    current.write_text("\n".join(text) + "\n")
                    current, text = module, []
                    used.add(module)
                module.touch()
                continue
            wanted += [] if form.startswith("runtime") else [p]
            if form.startswith("runtime"):
                continue  # `~/.vim/p`: the home's own, none of the tree
            sourced = tree / p
            if deeper and include and sourced not in used and "rtp" not in form:
                current.write_text("\n".join(text) + "\n")  # what it includes, read in turn
                current, text = sourced, []
                used.add(sourced)
        if unnamed and data.draw(st.booleans()):
            text.append(unnamed)
            unknown = True
        current.write_text("\n".join(text) + "\n")
    os.environ["HOME"] = str(home)
    found = home_files.home_files(tree)
    shown = (chosen, sorted(found.paths), found.whole)
    assert bool(found.whole) == unknown, shown
    assert set(wanted) <= set(found.paths), shown
    for path in found.paths:
        assert not path.startswith(("..", "/")) and ".git" not in path.split("/"), shown


home_property(
    "home configs including the tree are made at random",
    "every path they include in the tree is found, or the tree counts whole when one cannot "
    "be named",
    "home configs",
    _example,
    60,
)
