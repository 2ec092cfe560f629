"""Steps of a home whose shell startup files load a third party's: nvm's `nvm.sh` (a real
release, vendored compressed: `features/fixtures/nvm-v0.29.0.sh.xz`, MIT) and a stand-in
of oh-my-zsh's loader and lib with their shapes (`features/fixtures/oh-my-zsh/`)."""

from __future__ import annotations

import lzma
import shutil
from pathlib import Path
from typing import Any

from behave import given, then

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
NVM_SH = FIXTURES / "nvm-v0.29.0.sh.xz"
NVM_LINES = (
    'export NVM_DIR="$HOME/.nvm"\n'
    '[ -s "$NVM_DIR/nvm.sh" ] && \\. "$NVM_DIR/nvm.sh"  # This loads nvm\n'
    '[ -s "$NVM_DIR/bash_completion" ] && \\. "$NVM_DIR/bash_completion"\n'
)


@given("the user's home holds {manager}'s startup files")
def step_manager_files(context: Any, manager: str) -> None:
    """nvm's `~/.nvm/nvm.sh` (v0.29.0, 66 KB: longer than agents reads); oh-my-zsh's
    stand-in at `~/.oh-my-zsh`."""
    home = context.tmp / "home"
    if manager == "nvm":
        (home / ".nvm").mkdir(parents=True, exist_ok=True)
        (home / ".nvm" / "nvm.sh").write_bytes(lzma.decompress(NVM_SH.read_bytes()))
    else:
        assert manager == "oh-my-zsh", manager
        shutil.copytree(FIXTURES / "oh-my-zsh", home / ".oh-my-zsh", dirs_exist_ok=True)
    context.env["HOME"] = str(home)


@given("the user's home holds nvm's startup files, one byte of nvm.sh changed")
def step_nvm_changed(context: Any) -> None:
    """Not the release: the same name, other content (a user's own, or an edit)."""
    step_manager_files(context, "nvm")
    nvm = context.tmp / "home" / ".nvm" / "nvm.sh"
    nvm.write_bytes(nvm.read_bytes().replace(b"Node Version Manager", b"Node version manager", 1))


@given('the user\'s shell loads {manager}, then sources "{path}"')
def step_manager_loaded(context: Any, manager: str, path: str) -> None:
    """nvm: its installer's three `.bashrc` lines, then `. PATH`; oh-my-zsh: its template's
    `.zshrc` lines (`plugins=(git work)`), the custom plugin `work` sourcing PATH."""
    home = context.tmp / "home"
    if manager == "nvm":
        (home / ".bashrc").write_text(f"{NVM_LINES}. {path}\n")
        return
    plugin = home / ".oh-my-zsh" / "custom" / "plugins" / "work" / "work.plugin.zsh"
    plugin.parent.mkdir(parents=True, exist_ok=True)
    plugin.write_text(f"source {path}\n")
    rc = 'export ZSH="$HOME/.oh-my-zsh"\nZSH_THEME="robbyrussell"\nplugins=(git work)\n'
    (home / ".zshrc").write_text(rc + "source $ZSH/oh-my-zsh.sh\n")


@then("agents' reader of the home's startup files keeps the tree whole for each .bashrc, said")
def step_whole_for_each(context: Any) -> None:
    """Each row's `.bashrc` (nvm's lines put in for `<nvm>`) read in-process: the tree
    counts whole, for the reason said."""
    import os
    from unittest import mock

    from cleveragents.adapters.home_shells import home_shell_places

    home = Path(context.env["HOME"])
    for row in context.table:
        text = row["bashrc"].replace("\\n", "\n").replace("<nvm>", NVM_LINES)
        (home / ".bashrc").write_text(text)
        if row["big.sh"]:  # a home file longer than agents reads: 70 KB of comments first
            big = row["big.sh"].replace("\\n", "\n")
            (home / "big.sh").write_text("#" * 70_000 + "\n" + big)
        with mock.patch.dict(os.environ, {"HOME": str(home)}):
            _, why = home_shell_places(Path(context.repo), str(home), [])
        assert row["said"] in why, (row["bashrc"], why)
