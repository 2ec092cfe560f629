"""Files of the working tree that run on the host later, outside any sandbox: one notion
for every place that must keep the model (and a pulled plan) away from them.

Besides Claude Code's settings (`rules.claude_setting`) and any `.git` (`rules.in_git_folder`):
  * the hooks folder git runs hooks from, where `core.hooksPath` (as the user's git reads
    it) names a folder of the tree; for husky 9 (`core.hooksPath = X/_`, `.husky/_` by
    default, whose generated hooks run `X/pre-commit`) the whole `X` folder; a nested
    repository's own; and what of the tree a hooks folder or a hook in it links to (the
    top repository's, a submodule's under `.git/modules/`: `adapters/git/hook_links.py`);
  * a tree file the user's git config names as a program (`diff.X.textconv`, a filter,
    `credential.helper = !./x`: `adapters/git/config_programs.py`), a nested repository's
    or submodule's own too, and a tree file such a config includes;
  * a tree file a hook's content runs (`exec sh scripts/check.sh`), or a hook manager's
    config and what its commands run (`.pre-commit-config.yaml`: `domain/hook_runs.py`);
  * `agents`' own Python in the tree (a venv, the package of an editable install): a `.pth`
    written there runs in the next `agents`. The sandbox binds these read-only;
  * a folder of the tree on the user's PATH (an activated `.venv/bin`, direnv's `PATH_add
    bin`): the user's next plain `git status` runs a `.venv/bin/git` planted there. A file
    standing there, and a new one whose name a later PATH folder holds too (`git`, `python3`,
    `ls`) are the host's (`PathFolder`); a new name of its own (`pip install` adding
    `mytool`) is the command's to keep;
  * what VS Code opening the tree, or mise at a `cd` into it, runs, where the user's home
    says that tool trusts it (`.vscode/tasks.json`, `mise.toml`: `folder_trusts.py`);
  * the file of the programs the user vouched for (`agents hooks vouch`), where it lies in
    the tree: a model that wrote it would vouch for the programs it plants;
  * a startup file of the user's home that lies in the tree (`STARTUP_FILES`): where a
    dotfiles repository's `~/.bashrc` link leads, or `.bashrc` itself when the tree is the
    home or holds it; any file or folder the home links into the tree (`~/.ssh/config`,
    `~/.vim/vimrc`, at any depth the walk reaches; the tree whole past its limits), what a
    shell one sources, and every dot entry of a home the tree is or holds
    (`~/.ssh/authorized_keys`, `~/.vimrc`: `adapters/home_files.py`); `$XDG_CONFIG_HOME`
    as `~/.config`, `$XDG_DATA_HOME` and the folders of `$XDG_CONFIG_DIRS`,
    `$XDG_DATA_DIRS` that lie in the tree, the home's folders on PATH (`~/go/bin`) that
    lead there, and the tree's links on the way to any of these (`home_ways.py`); a file of
    the tree that is another name (a hard link) of a file of the home (`home_hard.py`).

The folders are found by the adapters (`git/own_config.py`, `own_python.py`); what lies in
them is judged here.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from dataclasses import dataclass

from cleveragents.domain.config_programs import WHOLE, Reach
from cleveragents.domain.folder_trusts import TRUSTED_KEY, trusted_why
from cleveragents.domain.hook_runs import HookRun, hook_why
from cleveragents.domain.reach import printable
from cleveragents.domain.rules import claude_setting
from cleveragents.domain.vouches import vouch_command

# husky 9 points `core.hooksPath` at `X/_` (`.husky/_`, or any folder the user names:
# `husky .config/husky`), whose generated hooks run `X/NAME` as plain files.
HUSKY = "_"
# A program Claude Code runs (`adapters/git/config_programs.claude_programs`) is kept under
# this prefix and what it says: no git key starts so (a section name holds no space).
CLAUDE_KEY = "Claude Code: "
# What direnv loads from an `.envrc` (`domain/direnv_loads.py`): kept under this prefix and
# the `.envrc`'s path.
DIRENV_KEY = "direnv: "
# The home's files a login, a shell or git runs or reads as commands on the host.
STARTUP_FILES = (
    ".bashrc", ".bash_profile", ".bash_login", ".profile", ".bash_logout", ".zshrc",
    ".zshenv", ".zprofile", ".zlogin", ".zlogout", ".gitconfig", ".config/git/config",
)  # fmt: skip
TOP = ""  # `core.hooksPath` naming the tree's top: only the files named as hooks are hooks
# The hooks git runs (`git help hooks`), for a hooks folder that is the tree's top.
HOOK_NAMES = frozenset((
    "applypatch-msg", "pre-applypatch", "post-applypatch", "pre-commit", "pre-merge-commit",
    "prepare-commit-msg", "commit-msg", "post-commit", "pre-rebase", "post-checkout",
    "post-merge", "pre-push", "pre-receive", "update", "proc-receive", "post-receive",
    "post-update", "reference-transaction", "push-to-checkout", "pre-auto-gc", "post-rewrite",
    "sendemail-validate", "fsmonitor-watchman", "p4-changelist", "p4-prepare-changelist",
    "p4-post-changelist", "p4-pre-submit", "post-index-change",
))  # fmt: skip


# What is said of a new file removed from a venv not on PATH (`PathFolder.active`).
NEW_IN_VENV = "new in a venv of the tree, your shell would run it once you activate the venv"


@dataclass(frozen=True)
class PathFolder:
    """A folder of the tree on the user's PATH (relative), the names the PATH folders
    after it hold (a file there by such a name runs in place of theirs) with those hooks and
    git config programs run by a bare name (`domain/bare_programs.py`), the names that
    stand in it now, and the places of the tree its programs run (`runs`, watched whole:
    where a link there leads, the `node_modules` package it leads into, what a script there
    sources; for a venv's `bin`, the venv's `pyvenv.cfg` and `lib`, whose `site-packages`
    its `python` imports)."""

    folder: str
    later: frozenset[str] = frozenset()
    standing: frozenset[str] = frozenset()
    runs: tuple[str, ...] = ()
    # Of `runs`, what the sandbox binds read-only (a venv's, standing: no walk of a large
    # `site-packages` around each command, as for agents' own venv).
    kept: tuple[str, ...] = ()
    # False for a venv's `bin` not on PATH now: the user's next `source .venv/bin/activate`
    # runs all of it, and puts each of its names first (`host_programs.tree_venvs`).
    active: bool = True

    def shadows(self, name: str) -> bool:
        """Whether a new file `name` there would run in place of a program found later
        (any, in a venv not active now: what it holds runs once the user activates it)."""
        return not self.active or name in self.later

    def why(self, path: str) -> str | None:
        """Why `path` (relative to the tree) in this folder runs on the host, or None: the
        folder itself, what stands there, or a new name that shadows a later program."""
        venv = posixpath.dirname(self.folder)
        for place in self.runs:
            if _within(path, place) and not self.active:
                return f"is in {place}, of the venv {venv}: its python runs it once you activate it"
            if _within(path, place):
                return (
                    f"is in {place}, which a program in {self.folder}, a folder on your PATH, runs"
                )
        if not _within(path, self.folder):
            return None
        rest = posixpath.normpath(path).removeprefix(self.folder).lstrip("/")
        name = rest.split("/")[0]
        if not self.active:
            return f"is in {self.folder}, of the venv {venv}: your shell runs it once activated"
        if not rest or name in self.standing or self.shadows(name):
            return f"is in {self.folder}, a folder on your PATH: your shell runs what is there"
        return None


@dataclass(frozen=True)
class HostFolders:
    """The folders of a tree (relative paths) whose files run on the host later."""

    hooks: tuple[str, ...] = ()  # git runs each hook there
    own: tuple[str, ...] = ()  # agents' own Python: its venv, its package
    linked: tuple[str, ...] = ()  # where a hook that is a link (or `.git/hooks`) leads
    programs: tuple[tuple[Reach, str], ...] = ()  # (place, setting): what git config runs
    hook_runs: tuple[HookRun, ...] = ()  # what a hook's content (or its manager's config) runs
    on_path: tuple[PathFolder, ...] = ()  # the tree's folders on the user's PATH
    startup: tuple[str, ...] = ()  # the home's files in the tree: startup, linked, sourced
    home: tuple[str, ...] = ()  # where the home lies in the tree ("": it is the tree)
    home_whole: str = ""  # why the whole tree is the home's (`home_files.HomeFiles.whole`)
    config_home: str | None = None  # where `$XDG_CONFIG_HOME` lies in the tree (`home_ways`)
    # (whose, folder): `$XDG_DATA_HOME`..., a home's folder on PATH there (`home_ways`)
    run_dirs: tuple[tuple[str, str], ...] = ()
    # The file of the programs the user vouched for (`adapters/vouch_file.py`): where it
    # lies (absolute, its folder resolved), and in the tree (relative) when it does.
    vouch_file: str = ""
    vouches: str | None = None
    # What the home's setup has a program read from the folder it starts in, in every
    # folder of the tree (`**/.exrc` of vim's `set exrc`: `domain/cwd_reads.py`).
    cwd_reads: tuple[Reach, ...] = ()


def kept_hooks_folder(inside: str) -> str:
    """The folder of the tree to keep for a `core.hooksPath` naming `inside` (relative to
    the tree): `inside` itself, or the `X` that holds husky 9's `X/_`.

    Any `X/_` is taken as husky's, by its name alone: a look for husky's `_/h` would miss
    one `npm install` writes later (husky's `prepare` makes `_` afresh), and refusing a
    folder of someone else's `X/_` hooks costs a refusal that names it, nothing worse."""
    parent, name = posixpath.split(inside)
    if name == HUSKY and parent:
        return parent
    return inside


def host_run(path: str, host: HostFolders) -> str | None:
    """Why `path` (relative to the tree) runs on the host later, or None: in a hooks
    folder, or in agents' own Python."""
    for folder in host.linked:  # before the hooks folders, which hold the links' ends too
        if _within(path, folder):
            shown = folder or "the tree's top"
            return f"is in {shown}, which git runs as a hook through a link to it"
    for folder in host.hooks:
        if _within(path, folder):
            shown = folder or "the tree's top"
            return f"is in {shown}, the hooks folder git runs (core.hooksPath)"
    for reach, key in host.programs:
        if reach.covers(path):
            return program_why(reach, key)
    for run in host.hook_runs:
        if run.reach.covers(path):
            return hook_why(run)
    for folder in host.own:
        if _within(path, folder):
            return f"is in {folder}, agents' own Python, which the next `agents` runs"
    for on_path in host.on_path:
        if (why := on_path.why(path)) is not None:
            return why
    if host.vouches is not None and _within(path, host.vouches):
        return f"is {host.vouches}, where agents keeps the programs you vouched for"
    if posixpath.normpath(path) in host.startup:
        return f"is {path}, a startup file of your home: your shell or git runs it"
    if host.config_home is not None and _within(path, host.config_home):
        return (
            f"is in {host.config_home}, your $XDG_CONFIG_HOME: git and your programs read "
            "their config there"
        )
    for whose, folder in host.run_dirs:
        if _within(path, folder):
            return f"is in {folder}, {whose}: your shell or programs run what is there"
    for place in host.startup:  # a folder the home links to (`~/.config/nvim`)
        if _within(path, place):
            return f"is in {place}, which your home links to: your shell or its programs run it"
    for home in host.home:
        if (entry := home_dot(path, home)) is not None:
            kind = "the program folder" if entry.split("/")[-1] == "bin" else "a dot entry"
            return f"is in {entry}, {kind} of your home: your shell or its programs run it"
    for reach in host.cwd_reads:
        if reach.covers(path):
            return cwd_why(reach)
    if host.home_whole:
        return f"is in this tree, whose files your home's programs may run: {host.home_whole}"
    return None


def cwd_why(reach: Reach) -> str:
    """Why a path in `reach` (`domain/cwd_reads.py`) runs on the host."""
    return (
        f"matches {printable(reach.path)}: {reach.launcher} runs it in whatever folder it "
        f"starts in, as {reach.hint} asks"
    )


def home_dot(path: str, home: str) -> str | None:
    """The dot entry of the home at `home` (relative to the tree, "": the tree's top) that
    `path` lies in or is (`.ssh` for `.ssh/authorized_keys`), or its `bin` (first on PATH
    by Debian's default `.profile`), or None: the home's programs look there for what they
    run (`.git` is judged on its own: `rules.in_git_folder`)."""
    path = posixpath.normpath(path)
    if home and not path.startswith(f"{home}/"):
        return None
    first = path.removeprefix(f"{home}/" if home else "").split("/")[0]
    if not (first.startswith(".") or first == "bin") or first in (".", "..", ".git"):
        return None
    return f"{home}/{first}" if home else first


def on_the_way(path: str, host: HostFolders) -> str | None:
    """Why `path` (relative to the tree), a folder or a link, leads to a file that runs on
    the host later (`host_run`): a link written there re-points what git runs; or None."""
    folder = posixpath.normpath(path)
    places = [
        *host.linked,
        *host.hooks,
        *(reach.path for reach, _ in host.programs),
        *(run.reach.path for run in host.hook_runs),
        *host.own,
    ]
    for place in places:
        if place.startswith(f"{folder}/") and (why := host_run(place, host)) is not None:
            if why.startswith(f"is {place}, "):  # "is X, which the pre-commit hook runs"
                return f"is on the way to {why.removeprefix('is ')}"
            return f"is on the way to {place}, which {why}"
    return None


def link_way(path: str, host: HostFolders) -> bool:
    """Whether a link at `path` (relative to the tree) leads what runs on the host
    elsewhere: on the way to a place of it (`on_the_way`), or standing where a folder of a
    pattern's place would (`Reach.on_way`: `deep/sub/bin` of ssh's `**/bin/proxy.sh`,
    `pkg/.vscode` of a trusted `**/.vscode/tasks.json`; attack 23, F7 and F30)."""
    if on_the_way(path, host) is not None:
        return True
    reaches = [*(r for r, _ in host.programs), *(run.reach for run in host.hook_runs)]
    return any(reach.on_way(path) for reach in [*reaches, *host.cwd_reads])


def program_why(reach: Reach, key: str) -> str:
    """Why a path in `reach` of the setting `key` runs on the host (`host_run`)."""
    owner = f"{key} of the nested repository {reach.repo}'s git config"
    owner = owner if reach.repo else f"your git config's {key}"
    if key.startswith(CLAUDE_KEY):
        owner = f"Claude Code's {key.removeprefix(CLAUDE_KEY)}"
    if key.startswith(DIRENV_KEY):
        return _direnv_why(reach, key.removeprefix(DIRENV_KEY))
    if key.startswith(TRUSTED_KEY):
        return trusted_why(reach, key)
    if reach.unknown and reach.vouch:  # a user hook's tool of PATH, as a git hook's
        return (
            f"may be run by {owner}, which runs {reach.unknown}: agents cannot tell which "
            f"files of the tree it runs (if {printable(reach.vouch)} only reads the files it "
            f"is given, vouch for it: {vouch_command(reach.vouch)})"
        )
    if reach.unknown:
        told = reach.hint or "name the program by a path in that setting"
        return (
            f"may be run by {owner}, which runs {reach.unknown} from the "
            f"tree: agents cannot tell which files it runs ({told})"
        )
    if reach.launcher:
        glob = "*" in reach.path
        shown = "is in the tree" if reach.path == WHOLE else "matches " if glob else "is in "
        shown += "" if reach.path == WHOLE else reach.path
        return f"{shown}, where {reach.launcher} finds what {owner} runs{reach.hint}"
    if included(key):
        return f"is {reach.path}, which {owner} includes: git reads it as config, commands too"
    runner = "Claude Code" if key.startswith(CLAUDE_KEY) else "git"
    return f"is {reach.path}, which {owner} names for {runner} to run"


def _direnv_why(reach: Reach, envrc: str) -> str:
    """Why a path in `reach`, which direnv loads from `envrc`, runs on the host."""
    path, envrc = printable(reach.path), printable(envrc)
    owner = f"direnv's {envrc} (in your shell, with no new `direnv allow`)"
    if reach.unknown:
        return (
            f"may be run by {owner}, which runs {reach.unknown}: agents cannot tell which "
            "files it runs (name them by their paths in the .envrc)"
        )
    if reach.launcher:
        shown = "is in the tree" if reach.path == WHOLE else f"is in {path}"
        return f"{shown}, where {printable(reach.launcher)} makes what {owner} runs"
    if path == envrc:
        return f"is {envrc}, which direnv runs in your shell once you allow it"
    return f"is {path}, which {owner} loads"


def included(key: str) -> bool:
    """Whether `key` (as `git config --list` gives it) includes another config file."""
    lowered = key.lower()
    return lowered == "include.path" or (
        lowered.startswith("includeif.") and lowered.endswith(".path")
    )


def runs_on_host(path: str, host: HostFolders, links: Mapping[str, str] | None = None) -> bool:
    """Whether `path` runs on the host later: one of Claude Code's settings, or `host_run`."""
    return claude_setting(path, links) or host_run(path, host) is not None


def _within(path: str, folder: str) -> bool:
    path = posixpath.normpath(path)
    if folder == TOP:
        return path in HOOK_NAMES
    return path == folder or path.startswith(f"{folder}/")
