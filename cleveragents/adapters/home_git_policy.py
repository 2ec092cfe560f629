"""Which `ext::` addresses the git the user runs from their shell may run (readers30): by
`GIT_ALLOW_PROTOCOL` in agents' own environment, and as the home's startup files export it
(`export GIT_ALLOW_PROTOCOL=file:ext` in `~/.bashrc`, or a `GIT_CONFIG_KEY_n` pair or
`GIT_CONFIG_PARAMETERS` setting `protocol.ext.allow`): the user's next `git fetch` runs a
remote's `ext::` command though agents' environment, started elsewhere, lacks it. Each
value the files may give counts, the one letting most run wins
(`domain/git_programs.shell_protocols`). A startup file's line setting `protocol.ext.allow`
(or `protocol.allow`) to `always` or `user` (or to a word agents cannot evaluate) lets it
run too: `git config --global protocol.ext.allow always` in `~/.bashrc` writes the user's
global config at their next shell, before their next `git fetch` (readers31); so does a
`git -c protocol.ext.allow=always` of an alias or function. And a `git config --global
include.path dotfiles/gitconfig` there has the user's next git read `~/dotfiles/gitconfig`
(`global_includes`: a path by `~` or `/` is any line's mention, `home_shells`).

Cost: none of its own; the values come from the read of the startup files each look makes
(`home_files.home_files`), kept by home until the next one.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import TypeVar

from cleveragents.domain.git_programs import ext_policed, shell_protocols

# `protocol.ext.allow always` (`git config`), `protocol.allow=user` (`git -c`), `'protocol.
# ext.allow'='always'`: the value it sets.
PROTOCOL_SET = re.compile(
    r"\bprotocol\.(?:ext\.)?allow\b['\"]?(?:[ \t]*=[ \t]*|[ \t]+)['\"]?([^\s'\";&|)]+)", re.I
)
# `git config --global [--add] include.path dotfiles/gitconfig` (`includeIf.<cond>.path`):
# the relative path git reads from the global config's folder.
GLOBAL_INCLUDE = re.compile(
    r"\bgit\b[^\n;&|]*?\sconfig\b[^\n;&|]*?\s--global\b[^\n;&|]*?\s"
    r"include(?:if\.\S+)?\.path\s+(['\"]?)([^\s'\";&|`$]+)\1",
    re.I,
)
ALLOWS = "\0git config allows ext"  # among the variables kept: a startup file's line lets it
_Entry = TypeVar("_Entry", tuple[str, str], tuple[str, str, str])  # key and value last
# What the home's startup files export, by home, as the last read of them found it.
_EXPORTED: dict[str, dict[str, list[str] | None]] = {}


def note_exported(home: str, assigned: Mapping[str, list[str] | None]) -> None:
    """Keep the git variables the startup files of `home` export (`assigned`, by name)."""
    names: tuple[str, ...] = ("GIT_ALLOW_PROTOCOL", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_KEY_")
    names += ("GIT_CONFIG_VALUE_", ALLOWS)  # `git config --global protocol.ext.allow always`
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
    allowed = "ext" if exported.get(ALLOWS) else allowed  # `git config --global ...`
    return ext_policed(entries, allowed)


def allows_ext(text: str) -> bool:
    """Whether a startup file's `text` sets git's `protocol.ext.allow` (`protocol.allow`)
    to `always` or `user`, or to a value agents cannot evaluate (`$MODE`): by `git config`
    (any scope: the global config, or the repository the shell stands in), `git -c`, or
    `GIT_CONFIG_PARAMETERS`; a comment's mention too (failing closed)."""
    values = (v.lower() for v in PROTOCOL_SET.findall(text))
    return any(v in ("always", "user") or v.startswith(("$", "`")) for v in values)


def global_includes(text: str, home: str) -> list[str]:
    """The files a startup file's `text` has the user's git read by a relative path it adds
    to the global config's `include.path` (`includeIf.<cond>.path`): from the folder of
    each global config git may write, `~/.gitconfig`'s or `$XDG_CONFIG_HOME/git/config`'s."""
    config = os.environ.get("XDG_CONFIG_HOME", "")
    config = config if config.startswith("/") else os.path.join(home, ".config")
    found: list[str] = []
    for _, value in GLOBAL_INCLUDE.findall(text):
        if not value.startswith(("/", "~")):
            found += [os.path.normpath(os.path.join(f, value)) for f in (home, config + "/git")]
    return found
