"""The property of trust.host_files.property.feature: no write of the model's (its own
`write_file`, or Claude Code's Write through our hook's rule) lands in the folder git runs
hooks from, husky's `.husky`, or agents' own venv in the tree.

Each example sets `core.hooksPath` at random (in the repository's config or the user's
global one; relative, with `./` and `//`, through a link, husky's `.husky/_`), and in the
config of a nested repository `nest` (or not), then a random path is written by the model.
Where git really runs hooks from is asked of git itself (`git rev-parse --git-path hooks`,
in the tree and in `nest`), and where the file would land is found by writing it
for real: an oracle that shares nothing with the rule's reading of the config or the path.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

from cleveragents.adapters.git.own_config import OwnConfig
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.workspace.environment import WorkspaceEnvironment
from cleveragents.domain.action import WriteAction
from cleveragents.domain.command_policy import Confinement
from cleveragents.domain.host_files import HostFolders
from cleveragents.domain.tool_effects import setting_written
from features.support.properties import reproducible

HOOKS = [".githooks", "./.githooks/", "tools//hooks", "hk", ".husky/_", "sub/../.githooks"]
HOOKS += ["hooks", "tools/hooks/", ".husky", "x/_", ".", "./"]
FOLDERS = [".githooks", "tools", "hooks", "hk", ".husky", "_", ".venv", "lib", ".", "..", "x"]
FOLDERS += ["nest"]  # a nested repository, with a hooks folder of its own or not
NEST = "nest"
NAMES = ["pre-commit", "h", "zz.pth", "a.txt"]  # only the first is a hook's name
OWN = ".venv/lib"  # agents' own Python, as `own_python` would find it in the tree


def tree(top: Path) -> Path:
    """A repository at `top/a/tree` with `tools/hooks`, a link `hk` to it, and a venv."""
    root = top / "a" / "tree"
    root.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    (root / "tools" / "hooks").mkdir(parents=True)
    (root / "hk").symlink_to("tools/hooks")
    (root / OWN).mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(root / NEST)], check=True)
    return root


def runs_hooks(root: Path) -> list[str]:
    """The folders whose files run on the host, as git itself (in the tree and in the
    nested repository) and husky 9 see them."""
    found = [os.path.realpath(root / OWN)]
    for top in (root, root / NEST):
        out = subprocess.run(
            ["git", "rev-parse", "--git-path", "hooks"],
            cwd=top,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        hooks = os.path.realpath(top / out)
        if top != root and hooks == os.path.realpath(root):
            continue  # the nested one's naming the top: only the top's own hooks are judged
        found.append(hooks)
        if Path(hooks).name == "_" and Path(hooks).parent != root.resolve():  # husky's `X/_`
            found.append(str(Path(hooks).parent))
    return found


def check_property(examples: int, seed: int, work: Path) -> int:
    top = Path(tempfile.mkdtemp(prefix="host-files-", dir=work))
    root = tree(top)
    home_config = top / "gitconfig"
    repo = GitRepository(root=root.resolve(), git_dir=(root / ".git").resolve())
    config = OwnConfig(repo)

    def host() -> HostFolders:
        return HostFolders(hooks=tuple(config.hooks_named(None)), own=(OWN,))

    environment = WorkspaceEnvironment(root, root / ".git", host=host)
    ran = 0

    @reproducible(examples, seed)
    @example(value="hk", globally=False, folders=["tools", "hooks"], name="pre-commit", nested=None)
    @example(value=".husky/_", globally=True, folders=[".husky"], name="pre-commit", nested=None)
    @example(value="hk", globally=True, folders=["nest", "hk"], name="a.txt", nested=None)
    @example(value="hk", globally=False, folders=["nest", "x"], name="h", nested="x/_")
    @given(
        value=st.sampled_from(HOOKS),
        globally=st.booleans(),
        folders=st.lists(st.sampled_from(FOLDERS), max_size=4),
        name=st.sampled_from(NAMES),
        nested=st.one_of(st.none(), st.sampled_from(HOOKS)),
    )
    def check(
        value: str, globally: bool, folders: list[str], name: str, nested: str | None
    ) -> None:
        nonlocal ran
        where = ["--file", str(home_config)] if globally else []
        other = [] if globally else ["--file", str(home_config)]
        subprocess.run(["git", "config", *where, "core.hooksPath", value], cwd=root, check=True)
        subprocess.run(["git", "config", *other, "--unset-all", "core.hooksPath"], cwd=root)
        nest = ["git", "config", "--file", str(root / NEST / ".git" / "config")]
        if nested is None:
            subprocess.run([*nest, "--unset-all", "core.hooksPath"])
        else:
            subprocess.run([*nest, "core.hooksPath", nested], check=True)
        path = "/".join([*folders, name])
        judged = {"file_path": path}
        said = setting_written("Write", judged, str(root), os.path.realpath, dict, host=host)
        outcome = environment.apply(WriteAction(path=path, content="planted"), Confinement())
        full = root / path
        try:
            full.parent.mkdir(parents=True, exist_ok=True)
            full.write_text("planted")
        except OSError:
            return  # a folder through a file, or a name taken: nothing written
        landed = os.path.realpath(full)
        full.unlink()
        if not landed.startswith(f"{os.path.realpath(root)}/"):
            return
        ran += 1
        for folder in runs_hooks(root):
            if folder == os.path.realpath(root):  # hooks at the top: the files named as one
                hook = Path(landed).parent == Path(folder) and Path(landed).name in NAMES[:1]
            else:
                hook = landed.startswith(f"{folder}/")
            if hook:
                assert not outcome.ok, f"write_file {path} landed in {folder}: {outcome.summary}"
                assert said is not None, f"Claude Code's Write {path} lands in {folder}"

    saved = os.environ.get("GIT_CONFIG_GLOBAL")
    os.environ["GIT_CONFIG_GLOBAL"] = str(home_config)  # the user's global config, read by git
    try:
        check()
    finally:
        if saved is None:
            del os.environ["GIT_CONFIG_GLOBAL"]
        else:  # pragma: no cover - the suite does not set it
            os.environ["GIT_CONFIG_GLOBAL"] = saved
    return ran
