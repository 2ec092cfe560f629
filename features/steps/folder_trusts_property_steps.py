"""The property on the files VS Code and mise run of a folder they trust
(`adapters/folder_trusts.py`, `domain/folder_trusts.py`): a path of the tree is host-run
exactly when the trust the home records covers it and the tool runs that name there; in
a linked worktree (real git), mise's trust of the main checkout's same path counts."""

from __future__ import annotations

import json
import os
import posixpath
import sqlite3
import subprocess
from pathlib import Path

from hypothesis import strategies as st

from cleveragents.adapters.folder_trusts import tree_trusts
from cleveragents.domain.host_files import HostFolders, host_run
from features.support.home_examples import home_property

MISE_VARIABLES = (
    "XDG_STATE_HOME", "MISE_STATE_DIR", "MISE_CONFIG_DIR", "MISE_TRUSTED_CONFIG_PATHS",
    "MISE_YES",
)  # fmt: skip
WAYS = (
    "vscode off", "vscode list", "mise record", "mise monorepo", "mise paths",
    "mise variable", "mise yes", "mise bashrc", "mise bashrc yes", "none",
)  # fmt: skip
FOLDERS = ("parent", "tree", "sub", "other")  # what the trust names
VSCODE_NAMES = (".vscode/tasks.json", ".vscode/settings.json", "app.code-workspace")
MISE_NAMES = (
    "mise.toml", ".mise.toml", "mise.local.toml", ".mise/config.toml", ".config/mise.toml",
    ".tool-versions", "mise.dev.toml", ".config/mise/conf.d/a.toml",
)  # fmt: skip
OTHER_NAMES = (".vscode/launch.json", "mise.json", "a.txt", ".mise/tasks/build", "tasks.json")
RUN = "run/it.sh"  # what a config (at the tree's top or `sub`) names to run (attack 23 F14, F15)
CONFIGS = {  # the config, what it says, naming RUN (or nothing)
    "none": ("a.txt", ""),
    "mise source": ("mise.toml", "[env]\n_.source = './run/it.sh'\n"),
    "mise path": (".mise.toml", "[env]\n_.path = ['run']\n"),
    "mise tool-versions": (".tool-versions", "node 20 # x\npython path:./run\n"),
    "mise hook": ("mise.toml", "[hooks]\nenter = { script = 'bash run/it.sh' }\n"),
    "vscode task": (
        ".vscode/tasks.json",
        '{"tasks": [{"command": "sh", "args": ["${workspaceFolder}/run/it.sh"],'
        ' "runOptions": {"runOn": "folderOpen"}}, // x\n]}',
    ),
    "vscode setting": (".vscode/settings.json", '{"python.defaultInterpreterPath": "run/it.sh"}'),
}


def _example(root: Path, data: st.DataObject) -> None:
    kept = {name: os.environ.pop(name, None) for name in MISE_VARIABLES}
    try:
        _judged(root, data)
    finally:
        for name, value in kept.items():
            os.environ.pop(name, None)
            os.environ.update({} if value is None else {name: value})


def _judged(root: Path, data: st.DataObject) -> None:
    home, tree = root / "home", Path(os.path.realpath(root)) / "work" / "tree"
    os.environ["HOME"] = str(home)
    linked = data.draw(st.booleans())  # a linked worktree of `main`, which the trust names
    main = tree.parent / "main" if linked else tree
    if linked:
        git = ["git", "-c", "user.name=u", "-c", "user.email=u@x", "-C"]
        subprocess.run(["git", "init", "-q", str(main)], check=True)
        subprocess.run([*git, str(main), "commit", "-q", "--allow-empty", "-m", "x"], check=True)
        subprocess.run([*git, str(main), "worktree", "add", "-q", str(tree)], check=True)
    else:
        (tree / ".git").mkdir(parents=True)
    (tree / "sub").mkdir()
    way, named = data.draw(st.sampled_from(WAYS)), data.draw(st.sampled_from(FOLDERS))
    folder = {"parent": tree.parent, "tree": main, "sub": main / "sub"}.get(named, root / "other")
    folder.mkdir(parents=True, exist_ok=True)
    _record(home, way, folder)
    config, text = CONFIGS[data.draw(st.sampled_from(sorted(CONFIGS)))]
    where = data.draw(st.sampled_from(("", "sub")))  # the config's folder
    (tree / where / config).parent.mkdir(parents=True, exist_ok=True)
    (tree / where / config).write_text(text)
    depth = st.sampled_from(("", "sub", "sub/deep", "x"))
    names = st.sampled_from((*VSCODE_NAMES, *MISE_NAMES, *OTHER_NAMES, RUN))
    paths = [(where, RUN), *data.draw(st.lists(st.tuples(depth, names), min_size=1, max_size=8))]
    host = HostFolders(programs=tuple(tree_trusts(tree)))
    for at, name in paths:
        path = posixpath.join(at, name) if at else name
        said = host_run(path, host)
        wanted = _runs(way, named, at, name)
        if name == RUN:  # run by the config where it is trusted
            wanted = at == where and bool(text) and _runs(way, named, where, config)
        if linked and way == "vscode list" and named in ("tree", "sub"):
            wanted = False  # VS Code trusts the main checkout's folder, not this one
        assert (said is not None) == wanted, (way, named, linked, path, said)


def _record(home: Path, way: str, folder: Path) -> None:
    """The home recording `way`'s trust of `folder`."""
    user, mise = home / ".config" / "Code" / "User", home / ".config" / "mise"
    records = home / ".local" / "state" / "mise" / "trusted-configs"
    for made in (user / "globalStorage", mise, records):
        made.mkdir(parents=True)
    if way == "vscode off":
        (user / "settings.json").write_text(
            '{\n  // x\n  "security.workspace.trust.enabled": false,\n}'
        )
    elif way == "vscode list":
        uri = {"scheme": "file", "path": str(folder)}
        value = json.dumps({"uriTrustInfo": [{"uri": uri, "trusted": True}]})
        with sqlite3.connect(user / "globalStorage" / "state.vscdb") as db:
            db.execute("CREATE TABLE ItemTable (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB)")
            db.execute("INSERT INTO ItemTable VALUES ('content.trust.model.key', ?)", (value,))
        db.close()
    elif way in ("mise record", "mise monorepo"):
        (records / "tree-0123456789").symlink_to(folder)
        if way == "mise monorepo":
            (records / "tree-0123456789.monorepo").touch()
    elif way == "mise paths":
        (mise / "config.toml").write_text(
            f"[settings]\ntrusted_config_paths = [{json.dumps(str(folder))}]\n"
        )
    elif way == "mise variable":
        os.environ["MISE_TRUSTED_CONFIG_PATHS"] = str(folder)
    elif way == "mise yes":
        os.environ["MISE_YES"] = "1"
    elif way == "mise bashrc":  # where `mise activate` runs (attack 23 F14)
        shown = str(folder).replace(str(home), "$HOME")
        (home / ".bashrc").write_text(
            f'eval "$(mise activate bash)"\nexport MISE_TRUSTED_CONFIG_PATHS="{shown}"\n'
        )
    elif way == "mise bashrc yes":
        (home / ".bashrc").write_text("export MISE_YES=1\n")


def _runs(way: str, named: str, at: str, name: str) -> bool:
    """Whether the tool of `way`, trusting the folder `named`, runs `name` in the tree's
    folder `at`."""
    if way == "none" or (
        way not in ("mise yes", "mise bashrc yes", "vscode off") and named == "other"
    ):
        return False
    if way.startswith("vscode"):
        return (name in VSCODE_NAMES) and (way == "vscode off" or _below(at, named))
    if name not in MISE_NAMES:
        return False
    if way in ("mise yes", "mise bashrc yes"):
        return True
    if way == "mise record":  # the config root's own configs
        return at == {"parent": "..", "tree": "", "sub": "sub"}[named]
    return _below(at, named)


def _below(at: str, named: str) -> bool:
    """Whether the tree's folder `at` lies in the trusted folder `named`."""
    return named in ("parent", "tree") or at == "sub" or at.startswith("sub/")


home_property(
    "homes trusting folders in VS Code or mise are made at random",
    "every path a trusting tool runs is host-run, and no other path is",
    "folder trusts",
    _example,
    30,
)
