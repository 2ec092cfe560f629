"""A plan file's bytes and YAML, read so that no input can hang, crash or mislead us.

A size cap (read at most one byte past it), regular files only, the nesting and expanded
size caps every YAML agents reads has (`domain/bounded_yaml.py`), and no duplicate keys
(YAML keeps the last one silently, so a plan would run other than it reads).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

from cleveragents.domain import bounded_yaml
from cleveragents.domain.text_rules import unstorable
from cleveragents.errors import InvalidPlanFile

MAX_BYTES = 1024 * 1024


def read_plan_bytes(path: Path) -> bytes:
    """At most MAX_BYTES of a regular file, or InvalidPlanFile naming what is wrong."""
    try:
        # Non-blocking, so that opening a pipe with no writer does not wait forever.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise InvalidPlanFile(
            f"cannot read plan file {path}: {error.strerror}",
            hint="check the path; a task for Claude is a sentence in quotes",
        ) from error
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = "a directory" if stat.S_ISDIR(mode) else "not a regular file"
            raise InvalidPlanFile(
                f"cannot read plan file {path}: it is {kind}",
                hint="give the path of a YAML file",
            )
        with os.fdopen(fd, "rb", closefd=False) as file:
            data = file.read(MAX_BYTES + 1)
    finally:
        os.close(fd)
    if len(data) > MAX_BYTES:
        raise InvalidPlanFile(
            f"plan file {path} is larger than {MAX_BYTES // 1024 // 1024} MiB",
            hint="a plan file holds steps; keep large content in files its commands read",
        )
    return data


def read_plan_text(path: Path) -> str:
    """A plan file's text (`read_plan_bytes`, as UTF-8), or InvalidPlanFile naming what is
    wrong. Imports nothing heavy: `agents plan run` checks its file with it first."""
    try:
        return read_plan_bytes(path).decode("utf-8")
    except UnicodeDecodeError as error:
        raise InvalidPlanFile(f"cannot read plan file {path}: {error}") from error


def compose(text: str, source: str) -> Any:
    """The YAML node graph of `text`, refused when too deep, too large or with a key twice.

    Raises yaml.YAMLError for text that is not YAML.
    """
    import yaml

    # libyaml's parser where there is one (ten times faster: a 50-step plan took 190 ms
    # to read); text it refuses is read again by PyYAML's, whose words the error gives.
    fast = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        try:
            node = bounded_yaml.compose(text, fast)
        except yaml.YAMLError:
            node = bounded_yaml.compose(text, yaml.SafeLoader)
        if node is not None:
            bounded_yaml.expanded_size(node, lambda n: _refuse_duplicate_or_unstorable(n, source))
    except bounded_yaml.TooLarge as error:
        hint = _HINTS[error.why[:6]]
        raise InvalidPlanFile(f"{source}:{error.line}: {error.why}", hint=hint) from None
    return node


def construct(node: Any) -> Any:
    """The Python data of a node `compose` returned (None for an empty document), as
    `yaml.safe_load` would give: the text is not parsed again."""
    from yaml.constructor import SafeConstructor

    return None if node is None else SafeConstructor().construct_document(node)


_HINTS = {
    "nested": "a plan file needs a handful of levels; see `agents plan run --help`",
    "an ali": "a plan file cannot contain itself",
    "holds ": "a plan file needs far fewer; repeat less through aliases",
}


def _refuse_duplicate_or_unstorable(node: Any, source: str) -> None:
    """Each mapping's keys once, each text storable (the store keeps UTF-8)."""
    import yaml

    if isinstance(node, yaml.MappingNode):
        _refuse_duplicate_keys(node, source)
    elif isinstance(node, yaml.ScalarNode) and unstorable(node.value):
        raise InvalidPlanFile(
            f"{source}:{node.start_mark.line + 1}: {unstorable(node.value)}",
            hint="write the character itself, or its UTF-8 bytes",
        )


def _refuse_duplicate_keys(node: Any, source: str) -> None:
    import yaml

    seen: dict[tuple[str, str], int] = {}
    for key, _ in node.value:
        if not isinstance(key, yaml.ScalarNode) or key.tag == "tag:yaml.org,2002:merge":
            continue
        line = key.start_mark.line + 1
        if (key.tag, key.value) in seen:
            raise InvalidPlanFile(
                f"{source}:{line}: the key `{key.value}` appears twice "
                f"(first on line {seen[key.tag, key.value]})",
                hint="keep one of them",
            )
        seen[key.tag, key.value] = line
