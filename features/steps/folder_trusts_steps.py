"""The user's VS Code and mise trusting a folder, as each records it in the home: VS Code's
user settings and its state database (SQLite, as VS Code writes it), mise's
`trusted-configs` records (`mise trust`) and its own config's `trusted_config_paths`."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from behave import given


def _home(context: Any) -> Path:
    """The user's home, each tool finding its files by the defaults (no XDG or mise folder
    set elsewhere by the machine running the suite)."""
    home = context.tmp / "home"
    home.mkdir(parents=True, exist_ok=True)
    context.env["HOME"] = str(home)
    context.env["XDG_CONFIG_HOME"] = str(home / ".config")
    context.env["XDG_STATE_HOME"] = str(home / ".local" / "state")
    for name in ("MISE_STATE_DIR", "MISE_CONFIG_DIR", "MISE_TRUSTED_CONFIG_PATHS", "MISE_YES"):
        context.env[name] = ""
    return home


def _folder(context: Any, where: str) -> Path:
    """`the tree`, `the tree's parent`, or `another folder` (beside the tree, made)."""
    if where == "the tree":
        return Path(context.repo)
    if where == "the tree's parent":
        return Path(context.repo).parent
    other = context.tmp / "other"
    other.mkdir(exist_ok=True)
    return other


@given("the user's VS Code settings turn workspace trust off")
def step_vscode_trust_off(context: Any) -> None:
    """As the user's `settings.json` holds it: JSON with comments and a trailing comma."""
    user = _home(context) / ".config" / "Code" / "User"
    user.mkdir(parents=True, exist_ok=True)
    (user / "settings.json").write_text(
        '{\n  // no trust prompts\n  "security.workspace.trust.enabled": false,\n}\n'
    )


@given('the user\'s VS Code trusts "{where}"')
def step_vscode_trusts(context: Any, where: str) -> None:
    """A folder the user trusted when VS Code asked, in VS Code's trusted list."""
    storage = _home(context) / ".config" / "Code" / "User" / "globalStorage"
    storage.mkdir(parents=True, exist_ok=True)
    folder = str(_folder(context, where))
    uri = {"$mid": 1, "fsPath": folder, "external": f"file://{folder}", "path": folder}
    value = {"uriTrustInfo": [{"uri": {**uri, "scheme": "file"}, "trusted": True}]}
    with sqlite3.connect(storage / "state.vscdb") as db:
        db.execute("CREATE TABLE ItemTable (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB)")
        db.execute(
            "INSERT INTO ItemTable VALUES (?, ?)", ("content.trust.model.key", json.dumps(value))
        )
    db.close()


@given('the user\'s mise trusts "{where}"')
def step_mise_trusts(context: Any, where: str) -> None:
    """`mise trust` there: a link to the config's folder in mise's `trusted-configs`."""
    records = _home(context) / ".local" / "state" / "mise" / "trusted-configs"
    records.mkdir(parents=True, exist_ok=True)
    folder = _folder(context, where)
    (records / f"{folder.name}-3e8b8c44c3").symlink_to(folder.resolve())  # as mise resolves it


@given('the user\'s mise trusts every config below "{where}"')
def step_mise_trusted_paths(context: Any, where: str) -> None:
    """The `trusted_config_paths` setting of the user's own mise config."""
    config = _home(context) / ".config" / "mise"
    config.mkdir(parents=True, exist_ok=True)
    folder = json.dumps(str(_folder(context, where)))
    (config / "config.toml").write_text(f"[settings]\ntrusted_config_paths = [{folder}]\n")
