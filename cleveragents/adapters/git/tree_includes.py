"""No git config read from the working tree: refuse a repository whose config includes a file
there.

Every git command agents runs reads the repository's config (and the user's and the
system's). Were one of them to include a file of the working tree (`include.path =
../.gitconfig`, an `includeIf.*.path`, or `GIT_CONFIG_GLOBAL` pointing there), a file the
model wrote would configure git: an `ext::` remote, `core.sshCommand`, `core.pager`,
`credential.helper`, `remote.*.uploadpack`, each a command run on the host. So before any
git that could run one, the config files git reads are listed once (`git config --list
--show-origin`: it follows includes as every git command does) and each include's value is
resolved as git resolves it (`~` expanded, a relative path against the folder of the file
that includes it, `%(prefix)/` git's own prefix: `git_path`). A file or an include inside
the working tree (lexically or through a link), outside its git directory, is refused: exit
3, naming it and what to do.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from cleveragents.errors import ConflictingState

if TYPE_CHECKING:
    from cleveragents.adapters.git.repository import GitRepository

PREFIX = "%(prefix)/"  # git's own install prefix, at the start of a path setting
_PREFIXES: dict[str, str] = {}  # by git program: what git expands `PREFIX` to


def refuse_tree_includes(repo: GitRepository, *, settling: bool = False) -> None:
    """Raise `ConflictingState` when a config file git reads for `repo`, or one an include
    names (whether it exists yet or not, whatever its condition), or unless `settling` its
    git or common dir, or its own config made a link into the tree, lies in its working
    tree: the settling process puts that link back before anything else reads it."""
    # A config git cannot read (a `.gitconfig` of garbage) already failed `discover`.
    if not settling:
        _refuse_git_dir_inside(repo)
    linked = _own_config_files(repo) if settling else set()
    # As the user's git reads it: what their environment gives it too (`git -c`'s).
    listing = repo.git_bytes("config", "--list", "--show-origin", "-z", env=users_config())
    for origin, key, value in listed_entries(listing):
        if origin and os.path.normpath(repo.root / origin) not in linked:
            _refuse_inside(repo, Path(origin), f"git reads the config file {origin}")
        lowered = key.lower()
        if lowered == "include.path" or (
            lowered.startswith("includeif.") and lowered.endswith(".path")
        ):
            source = f"the git config {origin}" if origin else "a git config setting"
            _refuse_inside(
                repo, include_target(repo.root, origin, value), f"{source} includes {value}"
            )


def _own_config_files(repo: GitRepository) -> set[str]:
    """The repository's own config files a command may have made a link (`own_git_dir.py`
    puts them back as they were)."""
    places = [repo.git_dir / "config", repo.git_dir / "config.worktree", repo.common_dir / "config"]
    return {os.path.normpath(place) for place in places}


def _refuse_git_dir_inside(repo: GitRepository) -> None:
    """A git or common dir in the working tree, outside its `.git` (a `commondir` naming
    `../.evil`): its config and hooks would be files of the tree, which the model writes."""
    own = (repo.root / ".git").resolve()
    for place in {repo.git_dir, repo.common_dir}:
        real = place.resolve()
        if real.is_relative_to(repo.root.resolve()) and not real.is_relative_to(own):
            raise ConflictingState(
                f"this repository's git directory {place} lies in the working tree "
                f"{repo.root}: its config and hooks would be files the agent can write, so "
                "agents runs no git here",
                hint="remove the `commondir` or `.git` file that names it (or move the "
                "folder out of the working tree), then retry",
            )


def listed_entries(listing: bytes) -> list[tuple[str, str, str]]:
    """(origin file or "", key, value) of each entry of `git config --list --show-origin -z`."""
    fields = os.fsdecode(listing).split("\0")
    found = []
    for origin, entry in zip(fields[0::2], fields[1::2], strict=False):
        key, _, value = entry.partition("\n")
        file = origin.removeprefix("file:") if origin.startswith("file:") else ""
        found.append((file, key, value))
    return found


def include_target(root: Path, origin: str, value: str) -> Path | None:
    """The file an include names, as git finds it; None where git would refuse it (a
    relative include from the command line or a blob)."""
    named = Path(git_path(root, value))
    if named.is_absolute():
        return named
    if not origin:  # pragma: no cover - git refuses it first ("must come from files")
        return None
    return root / Path(origin).parent / named


def holds(path: str, place: Path) -> bool:
    """Whether the absolute (or `~`) `path`, links followed, is `place` or holds it."""
    return place.is_relative_to(os.path.realpath(os.path.expanduser(path)))


def tree_pattern(root: Path, pattern: str) -> str | None:
    """An absolute (or `~`) place's pattern (`/home/me/tree/src/*.py`, a `PYTHONPATH`
    folder's modules) as the tree's (`src/*.py`): its folder before the first pattern part
    resolved, links followed; None when it lies outside the tree or in a `.git`."""
    parts = os.path.expanduser(pattern).split("/")
    at = next((n for n, part in enumerate(parts) if any(c in part for c in "*?[")), len(parts))
    real = Path(os.path.realpath("/".join(parts[:at]) or "/"))
    top = Path(os.path.realpath(root))
    if not real.is_relative_to(top) or ".git" in real.relative_to(top).parts:
        return None
    return "/".join([*real.relative_to(top).parts, *parts[at:]]) or None


def git_path(root: Path, value: str) -> str:
    """A path setting's `value` as git reads it (`interpolate_path`, git 2.34 on): a leading
    `%(prefix)/` stands for git's own install prefix (`/usr`, so `%(prefix)/../home/me/tree`
    names a tree file) in `include.path`, `includeIf.*.path` and `core.hooksPath`; a
    leading `~` for the home folder. `root`: where git is asked for its prefix."""
    if not value.startswith(PREFIX):
        return os.path.expanduser(value)
    rest = value.removeprefix(PREFIX)
    return rest if rest.startswith("/") else os.path.join(_prefix(root), rest)


def _prefix(root: Path) -> str:
    """git's install prefix as git expands `%(prefix)/`, asked once per git program (only
    when a value holds it): `git config` runs nothing the config names."""
    from cleveragents.adapters.git.git_program import git_executable
    from cleveragents.adapters.git.repository import GitRepository

    program = git_executable(root)
    if program not in _PREFIXES:
        asked = ("-c", f"agents.prefix={PREFIX}", "config", "--type=path", "agents.prefix")
        code, out, _ = GitRepository(root, root / ".git").git_outcome(*asked)
        named = os.fsdecode(out).removesuffix("\n")
        # A git older than 2.34 keeps `%(prefix)/` as a folder name, as it reads it.
        _PREFIXES[program] = named if code == 0 and named else PREFIX
    return _PREFIXES[program]


def _refuse_inside(repo: GitRepository, path: Path | None, what: str) -> None:
    if path is None:
        return
    absolute = repo.root / path
    places = (Path(os.path.normpath(absolute)), absolute.resolve())
    if not any(_in_tree(repo, place) for place in places):
        return
    raise ConflictingState(
        f"{what}, which lies in the working tree {repo.root}: a file there would "
        "configure the commands git runs on this machine, so agents runs no git here",
        hint="move that file out of the working tree, or remove the include from the git "
        "config, then retry",
    )


def _in_tree(repo: GitRepository, path: Path) -> bool:
    root = repo.root.resolve()
    inside = path.is_relative_to(root) or path.is_relative_to(repo.root)
    git_dirs = {repo.git_dir, repo.common_dir, repo.git_dir.resolve(), repo.common_dir.resolve()}
    return inside and not any(path.is_relative_to(git_dir) for git_dir in git_dirs)


def users_config() -> dict[str, str]:
    """The environment for a `git config` that reads the settings the user's git reads:
    their files, and what their environment gives it instead of our plumbing's."""
    env = {"GIT_CONFIG_COUNT": os.environ.get("GIT_CONFIG_COUNT") or "0"}
    if (given := os.environ.get("GIT_CONFIG_PARAMETERS")) is not None:
        env["GIT_CONFIG_PARAMETERS"] = given
    count = int(env["GIT_CONFIG_COUNT"]) if env["GIT_CONFIG_COUNT"].isdigit() else 0
    for i in range(min(count, 1000)):  # git refuses a listing with one missing, as theirs
        for name in (f"GIT_CONFIG_KEY_{i}", f"GIT_CONFIG_VALUE_{i}"):
            env[name] = os.environ.get(name, "")
    return env
