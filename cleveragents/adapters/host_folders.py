"""The folders of a working tree whose files run on the host later (`domain/host_files.py`):
the hooks folder `core.hooksPath` names (`git/own_config.py`), and `agents`' own Python.

Where `agents`' own Python lies: its environment, its real program, and the package
itself (an editable install's checkout). What of it lies in a working tree runs on the host
at the next `agents` (a `.pth` written there runs at start-up): the sandbox binds it
read-only (`command_safety/bubblewrap.py`) and the model's file actions may not touch it
(`domain/host_files.py`).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from cleveragents.domain.host_files import HostFolders
from cleveragents.errors import BadInput

if TYPE_CHECKING:
    from cleveragents.adapters.git.own_config import OwnConfig
    from cleveragents.adapters.git.repository import GitRepository


def own_python(root: Path) -> list[Path]:
    """The folders of `agents`' own Python that lie in the tree `root` (resolved), standing
    or not.

    Its import path too: each `sys.path` entry Python reads files from (a `.pth` of an
    editable install of the user's own project into agents' venv names `<tree>/src`) and
    each `PYTHONPATH` one, standing or not (the next `agents` has it on `sys.path` all the
    same). A module agents or the standard library tries and does not find elsewhere
    (`copy` tries `org.python.core` at every start; `site` tries `sitecustomize`) is taken
    from there, so a file the model wrote there would run at the next `agents`: the folder
    is agents'. The tree's top itself is left out (`python -m cleveragents` run from it puts
    it there): counting it would refuse the whole tree: `refuse_top_on_import_path` refuses
    to run."""
    import cleveragents

    own = {sys.prefix, sys.exec_prefix, sys.base_prefix, os.path.dirname(cleveragents.__file__)}
    own.add(os.path.dirname(os.path.realpath(sys.executable)))
    own.update(entry for entry in sys.path if _read_from(entry))
    own.update(os.environ.get("PYTHONPATH", "").split(os.pathsep))
    found = {Path(os.path.realpath(folder)) for folder in own if folder}
    return sorted(p for p in found if p.is_relative_to(root) and p != root)


def refuse_top_on_import_path(root: Path) -> None:
    """Refuse (exit 2) to work on the tree `root` (resolved) when its top is on `agents`'
    import path (`python -m cleveragents` run there, a `PYTHONPATH` or a `.pth` naming it):
    a module a plan writes there (`json.py`, `sitecustomize.py`) would run on the host in
    the next `agents`, and the whole tree cannot be kept from the plan."""
    top = os.path.realpath(root)
    if any(os.path.realpath(entry) == top for entry in _import_path() if entry):
        raise BadInput(
            f"agents imports Python from the top of this working tree ({root}): a file a plan "
            "wrote there would run in the next agents",
            hint="run the `agents` of a venv of its own, or `python -P -m cleveragents`; "
            "no PYTHONPATH or .pth naming this folder",
        )


def _read_from(entry: str) -> bool:
    """Whether Python reads modules from the `sys.path` entry as a folder or a zip archive
    on disk: the first path hook that takes it is the file finder's or zipimport's (as
    `importlib`'s path finder asks them, in turn). Not so for a name another hook takes (an
    editable install's `__editable__.NAME.finder.__path_hook__`, which is no path: counted,
    it named a file of the cwd the sandbox then stood on) or one nothing stands at (a
    `PYTHONPATH` entry is counted standing or not all the same)."""
    import zipimport
    from importlib.machinery import FileFinder

    for hook in sys.path_hooks:
        try:
            finder = hook(entry or os.getcwd())
        except ImportError:
            continue
        return isinstance(finder, (FileFinder, zipimport.zipimporter))
    return False


def _import_path() -> list[str]:
    """`agents`' import path: `sys.path` (an editable install's `.pth` entries too), and
    the `PYTHONPATH` its children get."""
    return [*sys.path, *os.environ.get("PYTHONPATH", "").split(os.pathsep)]


def host_folders(repo: GitRepository, config: OwnConfig | None = None) -> HostFolders:
    """The folders of `repo`'s tree whose files run on the host later: the hooks folders as
    `config` read them around the last command (`OwnConfig.effective_hooks_path`, its walk
    of the tree keeping its listings between calls), or now; and what git runs through a
    link, a setting or a hook's content (`hook_links.py`, `config_programs.py`,
    `hook_contents.py`)."""
    from cleveragents.adapters.git.config_programs import config_programs
    from cleveragents.adapters.home_cwd import cwd_reads
    from cleveragents.adapters.home_files import home_files
    from cleveragents.adapters.host_programs import path_folders
    from cleveragents.adapters.vouch_file import vouch_path

    if config is None:
        from cleveragents.adapters.git.own_config import OwnConfig

        config = OwnConfig(repo)
    own = [p.relative_to(repo.root).as_posix() for p in own_python(repo.root)]
    hooks = config.hooks_named(None, reuse=True)  # first: its walk is reused just below
    linked = config.hook_links(reuse=True)
    home = home_files(repo.root)
    named = vouch_path()
    vouch_file = Path(os.path.realpath(named.parent), named.name)
    top = Path(os.path.realpath(repo.root))
    vouches = vouch_file.relative_to(top) if vouch_file.is_relative_to(top) else None
    return HostFolders(
        hooks=tuple(hooks),
        own=tuple(own),
        linked=tuple(linked),
        programs=tuple(
            config_programs(
                repo, config.listings, config.nested(reuse=True), config.claudes, config.envrcs
            )
        ),
        hook_runs=tuple(config.hook_runs(reuse=True)),
        on_path=tuple(path_folders(repo.root, config.bare_programs)),
        startup=home.paths,
        home=home.dots,
        home_whole=home.whole,
        config_home=home.config_home,
        run_dirs=home.run_dirs,
        vouch_file=str(vouch_file),
        vouches=vouches.as_posix() if vouches is not None else None,
        cwd_reads=tuple(cwd_reads(repo.root)),
    )
