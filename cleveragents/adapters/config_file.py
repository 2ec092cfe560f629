"""The repository's config file, `<git-dir>/cleveragents/config.toml` (CLEVERAGENTS_CONFIG
elsewhere): `model`, `allow_commands`, `keep_plans`, `keep_days`. Kept in the git directory,
like the rest of cleveragents' state; read again on each use, so an edit counts at once."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cleveragents.errors import BadInput

if TYPE_CHECKING:
    from cleveragents.domain.retention import Retention


class ConfigFile:
    """The config of the repository whose state lives in `state_dir`."""

    def __init__(self, state_dir: Path) -> None:
        self.state_dir = state_dir

    def read(self) -> dict[str, Any]:
        """The whole file as TOML, checked; empty when there is none."""
        return read_config(
            Path(os.environ.get("CLEVERAGENTS_CONFIG") or self.state_dir / "config.toml")
        )

    def allow_commands(self) -> list[str]:
        """The command patterns the config allows Claude's commands."""
        return list(self.read().get("allow_commands", []))

    def model(self) -> str:
        """The model for the anthropic actor: CLEVERAGENTS_MODEL, the config's, or the default."""
        return model_name(self.read())

    def retention(self) -> Retention:
        """What `agents gc` keeps."""
        return retention(self.read())


def read_config(path: Path) -> dict[str, Any]:
    """The config at `path`, checked; empty when there is no file."""
    import tomllib

    if not path.is_file():
        return {}
    try:
        config = tomllib.loads(path.read_text())
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise BadInput(f"cannot read the config {path}: {error}") from error
    allow = config.get("allow_commands", [])
    if not isinstance(allow, list) or not all(isinstance(p, str) for p in allow):
        raise BadInput(f"{path}: allow_commands must be a list of shell patterns")
    return config


def model_name(config: dict[str, Any] | None = None) -> str:
    """The model for the anthropic actor: CLEVERAGENTS_MODEL, the config's, or the default."""
    from cleveragents.adapters.actors.claude_models import DEFAULT_MODEL

    configured = (config or {}).get("model")
    return os.environ.get("CLEVERAGENTS_MODEL") or (
        str(configured) if configured else DEFAULT_MODEL
    )


def retention(config: dict[str, Any]) -> Retention:
    """The config's `keep_plans` (how many of the newest plans `agents gc` keeps) and
    `keep_days` (plans changed within so many days are kept)."""
    from cleveragents.domain.retention import Retention

    plans, days = config.get("keep_plans"), config.get("keep_days")
    if plans is not None and (type(plans) is not int or plans < 0):
        raise BadInput("config: keep_plans must be a whole number, 0 or more")
    if days is not None and (type(days) not in (int, float) or days < 0):
        raise BadInput("config: keep_days must be a number of days, 0 or more")
    return Retention(plans, days)
