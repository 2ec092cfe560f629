"""Which `ext::` addresses the git the user runs from their shell may run (readers30): by
`GIT_ALLOW_PROTOCOL` in agents' own environment, and as the home's startup files export it
(`export GIT_ALLOW_PROTOCOL=file:ext` in `~/.bashrc`, or a `GIT_CONFIG_KEY_n` pair or
`GIT_CONFIG_PARAMETERS` setting `protocol.ext.allow`): the user's next `git fetch` runs a
remote's `ext::` command though agents' environment, started elsewhere, lacks it. Each
value the files may give counts, the one letting most run wins
(`domain/git_programs.shell_protocols`).

Cost: none of its own; the values come from the read of the startup files each look makes
(`home_files.home_files`), kept by home until the next one.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import TypeVar

from cleveragents.domain.git_programs import ext_policed, shell_protocols

_Entry = TypeVar("_Entry", tuple[str, str], tuple[str, str, str])  # key and value last
# What the home's startup files export, by home, as the last read of them found it.
_EXPORTED: dict[str, dict[str, list[str] | None]] = {}


def note_exported(home: str, assigned: Mapping[str, list[str] | None]) -> None:
    """Keep the git variables the startup files of `home` export (`assigned`, by name)."""
    names = ("GIT_ALLOW_PROTOCOL", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_KEY_", "GIT_CONFIG_VALUE_")
    _EXPORTED[home] = {k: v for k, v in assigned.items() if k.startswith(names)}


def policed(entries: list[_Entry] | None, tree: Path) -> list[_Entry] | None:
    """`entries` of a config listing without the `ext::` addresses the user's git refuses to
    run (`ext_policed`), by agents' `GIT_ALLOW_PROTOCOL` and the home's startup files'
    (for the tree `tree`; read now when no look read them yet). Set, it overrides the
    config's `protocol.ext.allow`, as git does."""
    home = os.environ.get("HOME", "")
    if home not in _EXPORTED:
        from cleveragents.adapters.home_files import home_files

        home_files(tree)
    exported = _EXPORTED.get(home, {})
    allowed = shell_protocols(os.environ.get("GIT_ALLOW_PROTOCOL"), exported)
    return ext_policed(entries, allowed)
