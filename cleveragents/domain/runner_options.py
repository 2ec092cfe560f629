"""A project runner's own options (`uv run --with black python scripts/fmt.py`): which
take a value, and what of the tree each value makes it run (attack 21, finding 6).

A runner's command starts after its options; an option taking a value (`--with black`)
takes the next word (or its `=` part, or the rest of a short one, `-wblack`), which is no
command. The value of an option naming:
  * a package to install (`--with`, `--from`, `--with-editable`, `--spec`, `-p` of `yarn
    dlx`): data, unless it is a path (`.`, `./pkg`, `file:...`, `pkg @ ./pkg`): that
    folder is built and imported, whole (`--with-editable .`: the tree);
  * a folder it runs in or finds its project in (`--directory`, `--project`): that folder
    whole (the project's entry point is the tree's, as `uv run mcp-server`'s);
  * a file it reads settings from (`--env-file`, `--config-file`): that file;
  * a requirements file (`--with-requirements`): its packages may be any folder of the
    tree, built: the tree whole;
  * an interpreter (`--python ./x`): a file it runs when it is a path;
  * a wheel or source folder (`--find-links ./dist`): that folder whole (a source
    archive there is built).
`uv run -m NAME` (`--module`, among its options) runs python's `-m NAME`, `uv run --script
x.py` (`-s`, `--gui-script`) python's `x.py`. An option a
table does not list is taken as a flag, as before.

The tables of `uv run` and `uv tool run` (`uvx`) are uv 0.13.9's `--help`, every option
taking a value; the other runners', their documented package and project options.
"""

from __future__ import annotations

import posixpath
import re
from typing import NamedTuple

from cleveragents.domain import launchers as table
from cleveragents.domain.reach import (
    WHOLE,
    Reach,
    inside,
    joined,
    named,
    places,
    run_files,
    shown,
)

# uv 0.13.9, `uv run --help` and `uv tool run --help`: the options taking a value.
_UV = frozenset((
    "--extra", "--no-extra", "--group", "--no-group", "--only-group",
    "--no-editable-package", "--env-file", "-w", "--with", "--with-editable",
    "--with-requirements", "--package", "--python-platform", "--index", "--default-index",
    "-i", "--index-url", "--extra-index-url", "-f", "--find-links", "--index-strategy",
    "--keyring-provider", "-P", "--upgrade-package", "--upgrade-group", "--resolution",
    "--prerelease", "--prerelease-package", "--fork-strategy", "--exclude-newer",
    "--exclude-newer-package", "--no-sources-package", "--reinstall-package", "--link-mode",
    "-C", "--config-setting", "--config-settings-package", "--no-build-isolation-package",
    "--no-build-package", "--no-binary-package", "--cache-dir", "--refresh-package", "-p",
    "--python", "--color", "--allow-insecure-host", "--directory", "--project",
    "--config-file", "--from", "-c", "--constraints", "-b", "--build-constraints",
    "--overrides", "--torch-backend",
))  # fmt: skip
VALUED: dict[str, frozenset[str]] = {
    "uv run": _UV,
    "uvx": _UV,
    "pipx run": frozenset(("--spec", "--python", "--pip-args", "--index-url", "-i")),
    "pdm run": frozenset(("-p", "--project", "-v", "--venv")),
    "poetry run": frozenset(("-P", "--project", "-C", "--directory")),
    "rye run": frozenset(("--pyproject",)),
    "yarn dlx": frozenset(("-p", "--package")),
    "pnpm dlx": frozenset(("--package",)),
    "npx": frozenset(("-p", "--package")),
    "npm exec": frozenset(("-p", "--package", "-w", "--workspace", "--prefix")),
    "bunx": frozenset(("-p", "--package")),
}
# What an option's value is: a package, a folder, a settings file, a requirements file,
# an interpreter, a folder of archives (of every runner that has it by that name).
_PACKAGE = frozenset(("-w", "--with", "--with-editable", "--from", "--spec", "--package"))
_FOLDER = frozenset(("--directory", "--project", "--prefix", "--workspace", "--venv"))
_FILE = frozenset(("--env-file", "--config-file", "--pyproject"))
_REQUIREMENTS = frozenset(("--with-requirements",))
_PYTHON = frozenset(("--python",))
_ARCHIVES = frozenset(("-f", "--find-links"))
# A short option's meaning where it differs by runner: `-p` a package (`yarn dlx -p ruff`)
# or the project (`pdm run -p .`), `-C` a folder (`poetry run -C sub`).
_SHORT = {
    ("pdm run", "-p"): "--project", ("poetry run", "-P"): "--project",
    ("poetry run", "-C"): "--directory", ("uv run", "-p"): "--python",
    ("uvx", "-p"): "--python", ("yarn dlx", "-p"): "--package", ("npx", "-p"): "--package",
    ("npm exec", "-p"): "--package", ("npm exec", "-w"): "--workspace",
    ("bunx", "-p"): "--package", ("pdm run", "-v"): "--venv",
}  # fmt: skip
# `uv run`'s flags saying how its command runs: a module, a script.
_BY = {
    "-m": ("python3", "-m"), "--module": ("python3", "-m"), "-s": ("python3",),
    "--script": ("python3",), "--gui-script": ("python3",),
}  # fmt: skip
_PATH = re.compile(r"\A(?:\.{1,2}(?:/|\Z)|/|~|\$)|/")


class Told(NamedTuple):
    """A runner's command after its options, the folder it runs in, what its options make
    it run, and what runs the command (`python3 -m` for `uv run -m`), if anything."""

    command: list[str]
    cwd: str
    found: list[Reach]
    by: tuple[str, ...]


def split(runner: str, rest: list[str], cwd: str) -> Told:
    """`rest` (the words after `runner`, run in `cwd`) as the runner reads them."""
    valued = VALUED.get(runner, frozenset())
    found: list[Reach] = []
    by: tuple[str, ...] = ()
    at = 0
    while at < len(rest) and rest[at].startswith("-") and rest[at] != "-":
        word = rest[at]
        at += 1
        if word == "--":
            break
        option, equals, value = word.partition("=")
        if not equals and option not in valued and option[:2] in valued and option[2:]:
            option, value, equals = option[:2], option[2:], "="  # `-wblack`
        if runner == "uv run" and option in _BY:
            by = _BY[option]
        if option not in valued:
            continue  # a flag, or one no table lists
        if not equals:
            if at == len(rest):
                break
            value, at = rest[at], at + 1
        meaning = _SHORT.get((runner, option), option)
        cwd = _valued(runner, meaning, value, cwd, found)
    return Told(rest[at:], cwd, found, by)


def _valued(runner: str, option: str, value: str, cwd: str, found: list[Reach]) -> str:
    """Add to `found` what `value` of `option` makes the runner run; the folder it runs
    in after it (`--directory`)."""
    said = f"{runner} {option}"
    if option in _FOLDER:
        if re.search(r"[*?\[$~]", value):
            found.append(Reach(WHOLE, unknown=f"`{said} {shown(value)}`"))
            return cwd
        folder = joined(cwd, value)
        found.append(inside(folder, said))
        # uv and the others look for the project up from there: each folder above it too
        while folder not in ("", ".", "/") and not folder.startswith(("..", "/")):
            folder = posixpath.dirname(folder)
            found += places(folder, table.RUNNERS.get(runner, ()), said)
        return joined(cwd, value) if option == "--directory" else cwd
    if option in _REQUIREMENTS:
        found += named(cwd, [value])
        found.append(
            Reach(WHOLE, unknown=f"`{said} {shown(value)}`, whose packages agents does not read")
        )
    elif option in _FILE or (option in _PYTHON and "/" in value):  # `--python ./py/bin/x`
        found += run_files(cwd, [value])
    elif option in _PACKAGE or option in _ARCHIVES:
        for each in value.split(","):
            path = each.rpartition(" @ ")[2].strip().removeprefix("file://").removeprefix("file:")
            if _PATH.search(path) and "://" not in path and not path.startswith("@"):
                found += _folder(cwd, path, said)
            else:  # `npx -p @scope/pkg`: its folder in `node_modules`, as npx's own word
                found += places(cwd, table.npm_package(runner, path), said)
    return cwd


def _folder(cwd: str, path: str, said: str) -> list[Reach]:
    """A package's or an archive folder's path, built and imported: that folder whole."""
    if re.search(r"[*?\[$~]", path):
        return [Reach(WHOLE, unknown=f"`{said} {shown(path)}`")]
    return [inside(joined(cwd, path), said)]
