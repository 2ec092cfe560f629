"""Where a path a program reads from whatever folder it starts in lies in the tree (for
`domain/cwd_reads.py`): in every folder of it (`**/x`, `ANY_FOLDERS`), `$PWD/x` and `../x`
read as `x`; a command line's relative places, read as the shell reads it
(`config_programs.script_reach`)."""

from __future__ import annotations

import posixpath

from cleveragents.domain.config_programs import script_reach
from cleveragents.domain.reach import ANY_FOLDERS, WHOLE, Reach

# What names the folder a program starts in (`$PWD/x`), or one above it (`../x`).
HERE = ("$PWD/", "${PWD}/", "$(pwd)/", "./", "../")


def in_every(names: tuple[str, ...], program: str, setting: str) -> list[Reach]:
    """A `Reach` of each of `names` in every folder of the tree (`**/NAME`)."""
    return [Reach(f"{ANY_FOLDERS}/{name}", program, hint=setting) for name in dict.fromkeys(names)]


def run_anywhere(commands: list[str], program: str, said: str) -> list[Reach]:
    """The relative places the command lines `commands` run, from the folder `program`
    starts in: in every folder of the tree."""
    found: list[Reach] = []
    for command in commands:
        for reach in script_reach(as_here(command).replace("%%", "%")):
            if reach.data or reach.path == WHOLE or not relative(reach.path):
                continue
            if reach.path.rpartition("/")[2].startswith("-"):  # `source -- x`: an option
                continue
            found.append(Reach(anywhere(reach.path), program, hint=said))
    return found


def relative(path: str) -> bool:
    """Whether a place is named from the folder a program starts in."""
    rest = _here(path.removeprefix(f"{ANY_FOLDERS}/"))
    return bool(rest) and not rest.startswith(("/", "~", "$", "%", "<"))


def anywhere(word: str) -> str:
    """The pattern of `word`, a path from whatever folder a program starts in: in every
    folder of the tree (`$PWD/x`: `x`; `../x` from any folder is in every folder but the
    deepest, attack 23 F23)."""
    word = _here(word)
    if word.startswith(("/", "~", "$", "%")):
        return word
    return f"{ANY_FOLDERS}/{_here(posixpath.normpath(word))}"


def as_here(text: str) -> str:
    """`text` with `$PWD/x` (`"$PWD"/x`, `$(pwd)/x`) as `./x`: the folder it starts in."""
    for here in HERE[:-2]:
        text = text.replace(f'"{here[:-1]}"/', "./").replace(here, "./")
    return text


def _here(word: str) -> str:
    """`word` without what names the folder a program starts in or one above it."""
    while word.startswith(HERE):
        word = word[len(next(here for here in HERE if word.startswith(here))) :]
    return word
