"""The programs the user vouched for (`agents hooks vouch`, `domain/vouches.py`),
kept in the user's own config folder, `$XDG_CONFIG_HOME/cleveragents/vouched.json`
(`~/.config` when unset), outside any repository: the model's sandboxed commands do not
see it (the sandbox binds no home), Claude Code's Write and Edit of it are refused
(`tool_effects.setting_written`), and where it lies in a tree (one that is the home or
holds it, lies in `~/.config`, or holds `$XDG_CONFIG_HOME`) it is the home's already
(`home_files.py`: the model's writes refused, a command's put back), its refusal saying it
keeps the vouches (`host_files.host_run`).

The file is read again at each look: a vouch or an unvouch counts at the next write or
command, in a run already going too. A file that cannot be read vouches for nothing (the
hooks stay read as before); the `agents hooks` commands say why.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
from pathlib import Path

from cleveragents.domain.reach import printable
from cleveragents.errors import BadInput, ConflictingState

MOST_BYTES = 1 << 20  # a larger file is refused, not read


def vouch_path() -> Path:
    """Where the vouches are kept."""
    base = os.environ.get("XDG_CONFIG_HOME") or ""
    folder = Path(base) if os.path.isabs(base) else Path.home() / ".config"
    return folder / "cleveragents" / "vouched.json"


def read_vouches(path: Path | None = None) -> list[str]:
    """The programs vouched for, in the order vouched; BadInput when the file is not ours."""
    path = path or vouch_path()
    try:
        with path.open("rb") as file:
            data = file.read(MOST_BYTES + 1)
    except FileNotFoundError:
        return []
    except OSError as error:
        raise BadInput(f"cannot read {path}: {error.strerror}") from error
    try:
        if len(data) > MOST_BYTES:
            raise ValueError("too large")
        document = json.loads(data)
        found = document["vouched"]
        if not isinstance(found, list) or not all(isinstance(p, str) for p in found):
            raise ValueError("vouched is not a list of names")
    except (ValueError, KeyError, TypeError) as error:
        raise BadInput(
            f"{path} is not a list of vouched programs ({error}): nothing in it is vouched for",
            hint="fix or remove it, then vouch again with `agents hooks vouch NAME`",
        ) from error
    return list(dict.fromkeys(found))


def write_vouches(programs: list[str], path: Path | None = None) -> None:
    """Keep `programs` as the vouched ones, whole or not at all (a new file put in place)."""
    path = path or vouch_path()
    if path.is_symlink():  # GNU stow's link into the user's dotfiles: written through, kept
        path = Path(os.path.realpath(path))
    text = json.dumps({"vouched": programs}, indent=2) + "\n"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".vouched-", dir=path.parent)
    except OSError as error:  # a read-only or immutable folder, /proc, a full disk
        raise ConflictingState(
            f"cannot write in {path.parent}: {error.strerror or error}: nothing was changed",
            hint="make that folder writable, or point XDG_CONFIG_HOME at one you can write",
        ) from error
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def in_tree(program: str, root: Path) -> bool:
    """Whether the absolute path `program` lies in the tree `root`, as named or as it
    resolves."""
    top = Path(os.path.realpath(root))
    named = Path(os.path.abspath(program))
    return any(p == top or top in p.parents for p in (named, Path(os.path.realpath(named))))


def _found_in(name: str, root: Path) -> str:
    """The file of the tree `root` the bare `name` runs as found on PATH (as it is, or where
    its links lead: an in-house `acme-fmt` linked from `~/.local/bin`), or "": a vouch is
    for a program outside the tree, and this one is the model's to rewrite (attack 20,
    finding 7)."""
    found = shutil.which(name)
    if not found or not in_tree(found, root):
        return ""
    real, top = Path(os.path.realpath(found)), Path(os.path.realpath(root))
    return (real.relative_to(top) if real.is_relative_to(top) else Path(found)).as_posix()


def vouched_for(root: Path) -> frozenset[str]:
    """The vouches that count in the tree `root`: bare names whose program on PATH lies
    outside it, and absolute paths outside it (each also as `~/...` when it lies in the
    home, as a hook may name it), with what each one's own file runs of the tree (a
    wrapper script's, `vouched_programs.py`); none when the file cannot be read."""
    from cleveragents.adapters.vouched_programs import behind, runner_of
    from cleveragents.domain import vouches

    try:
        programs = read_vouches()
    except BadInput:
        return frozenset()
    home = os.path.expanduser("~").rstrip("/")
    found: set[str] = set()
    for program in programs:
        if vouches.refusal(program) is not None or runner_of(program) is not None:
            continue  # written by hand, or by an older agents
        named: list[str] = []
        if "/" not in program:
            if not _found_in(program, root):  # a link on PATH into the tree: its script
                named.append(program)
        elif program.startswith("/") and not in_tree(program, root):
            named.append(program)
            if home and program.startswith(f"{home}/"):
                named.append(f"~/{program.removeprefix(f'{home}/')}")
        runs = behind(program, root) if named else []  # its own file's: a wrapper's
        found.update(named)
        found.update(vouches.behind_entry(n, r) for n in named for r in runs)
    return frozenset(found)


def vouch(program: str, here: Path | None) -> tuple[str, str]:
    """Vouch for `program` (a bare name, an absolute path, `~/...`), refused (BadInput)
    when it cannot be one (`vouches.refusal`) or lies in the tree `here`: the program as
    kept, and what was done: `vouched`, or nothing (`already` vouched for, `known`); a
    console script of a runner's package (`runner_of`) is refused too, by any name."""
    from cleveragents.adapters.vouched_programs import runner_of
    from cleveragents.domain import vouches

    kept = vouches.normalised(os.path.expanduser(program) if program[:2] == "~/" else program)
    why = vouches.refusal(kept)
    if why is not None:
        raise BadInput(f"cannot vouch for it: {why}: nothing was changed")
    if kept.startswith("/") and here is not None and in_tree(kept, here):
        raise BadInput(
            f"cannot vouch for {printable(kept)}: it lies in this working tree, which "
            "the model writes: nothing was changed",
            hint="vouch for a program installed outside any working tree, by its name or path",
        )
    if "/" not in kept and here is not None and (inside := _found_in(kept, here)):
        raise BadInput(
            f"cannot vouch for {printable(kept)}: on your PATH it is {printable(inside)} of "
            "this working tree, which the model writes: nothing was changed",
            hint="vouch for a program installed outside any working tree, by its name or path",
        )
    if (runner := runner_of(kept)) is not None:
        raise BadInput(
            f"cannot vouch for it: {printable(kept)} is a Python program of "
            f"{printable(runner)}, which runs the code, script or project it is given: agents "
            "reads what it runs itself, and no vouch can stand for that: nothing was changed"
        )
    programs = read_vouches()
    if kept in programs or vouches.known(kept):
        return kept, "already" if kept in programs else "known"
    write_vouches([*programs, kept])
    return kept, "vouched"


def unvouch(program: str) -> tuple[str, bool]:
    """Take back the vouch for `program`: as kept, and whether the file changed."""
    from cleveragents.domain import vouches

    kept = vouches.normalised(os.path.expanduser(program) if program[:2] == "~/" else program)
    programs = read_vouches()
    if kept not in programs:
        return kept, False
    write_vouches([p for p in programs if p != kept])
    return kept, True
