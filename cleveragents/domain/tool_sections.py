"""What of a shared config file a tool reads: `pyproject.toml`'s `[tool.mypy]`, `setup.cfg`'s
`[mypy-*]`, `tox.ini`'s `[pytest]`.

A hook running mypy, pylint, flake8, behave or pytest makes the configs it reads host-run
(`tool_configs.py`): the model's `plugins =` is what runs at the next commit. But
`pyproject.toml` is also where a project keeps its dependencies, its version and every other
tool's settings: a sandboxed command's edit of those is kept when the sections the hook's tools
read are as they were (every value of them compared, not only `plugins`: mypy also runs its
`python_executable`, pytest deletes its `--basetemp`). A file either side cannot parse
(strictly: a duplicate section or key is an error) counts as changed: it goes back whole.
"""

from __future__ import annotations

import configparser
import json
import posixpath
import tomllib
from collections.abc import Mapping, Sequence

from cleveragents.domain.hook_runs import HookRun

SHARED = frozenset(("pyproject.toml", "setup.cfg", "tox.ini"))
# The name each tool's sections carry: `[tool.NAME...]` of a TOML file, an INI section whose
# name holds it (`[mypy]`, `[mypy-pkg.*]`, `[tool:pytest]`, `[flake8:local-plugins]`).
NAMES = {
    "mypy": "mypy", "dmypy": "mypy", "pylint": "pylint", "flake8": "flake8",
    "behave": "behave", "pytest": "pytest", "py.test": "pytest",
}  # fmt: skip
# pylint's own sections by their old names, which it reads from any INI file.
PYLINT_INI = frozenset(("master", "main", "messages control", "reports", "format", "basic"))


def shared(path: str, kind: str) -> bool:
    """Whether `path`, a config of the tool `kind`, is a file other settings share."""
    return posixpath.basename(path) in SHARED and kind in NAMES


def tool_sections(kinds: Sequence[str], path: str, text: str) -> str:
    """The sections of the config `path` (holding `text`) the tools `kinds` read, as one
    canonical text; ValueError when it does not parse."""
    names = {NAMES[k] for k in kinds}
    if path.endswith(".toml"):
        try:
            data = tomllib.loads(text)
        except (tomllib.TOMLDecodeError, RecursionError) as error:
            raise ValueError(str(error)) from error
        tool = data.get("tool")
        found = {n: tool.get(n) for n in sorted(names)} if isinstance(tool, dict) else {}
        return json.dumps(found, sort_keys=True, default=str)
    parser = configparser.RawConfigParser(strict=True, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    try:
        parser.read_string(text)
    except configparser.Error as error:
        raise ValueError(str(error)) from error
    kept = {
        section: dict(parser.items(section))
        for section in parser.sections()
        if any(n in section.lower() for n in names)
        or ("pylint" in names and section.lower() in PYLINT_INI)
    }
    return json.dumps(kept, sort_keys=True)


def same_sections(kinds: Sequence[str], path: str, was: bytes, now: bytes) -> bool:
    """Whether the sections the tools `kinds` read of `path` are the same in the bytes it
    held (`was`) and holds (`now`); not when either does not parse."""
    try:
        before = tool_sections(kinds, path, was.decode("utf-8"))
        after = tool_sections(kinds, path, now.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return False
    return before == after


def guarded_configs(
    runs: Sequence[HookRun], others: Sequence[str], before: Mapping[str, list[str]] | None = None
) -> dict[str, list[str]]:
    """The shared configs (`SHARED`) the hooks' tools read, by the kinds of tools reading
    each, that nothing else runs: no other place the hooks run (`runs`), nor a place of
    `others` (a hooks folder, what a link or a git config program runs), holds them; and,
    when `before` (as a look before the command found them) is given, the same there."""
    kinds: dict[str, set[str]] = {}
    for run in runs:
        reach = run.reach
        if not (reach.launcher or reach.unknown or run.reads) and shared(reach.path, reach.kind):
            kinds.setdefault(reach.path, set()).add(reach.kind)
    return {
        path: sorted(tools)
        for path, tools in kinds.items()
        if before is None or sorted(before.get(path, ())) == sorted(tools)
        if not any(o in ("", ".") or path == o or path.startswith(f"{o}/") for o in others)
        and not any(
            run.reach.covers(path) and not (run.reach.path == path and run.reach.kind in tools)
            for run in runs
        )
    }
