"""What `agents plan run` is asked to run, read from its arguments: the actor, and the plan
file or the task; the mistakes among them are refused before anything is opened.

Without typer, so that `main.py` refuses a plain command line whose plan file cannot be read
(`agents plan run plan.yml`, a typo) as soon as `agents` starts: what `agents --help` costs,
not typer's parse and the whole bootstrap (measured at 4.7x `import typer` before).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from enum import StrEnum
from functools import partial
from pathlib import Path

from cleveragents.errors import BadInput


class ActorChoice(StrEnum):
    scripted = "scripted"
    anthropic = "anthropic"
    replay = "replay"
    claude_code = "claude-code"


def plan_file(start: Path, task: str) -> bool:
    """Whether a TASK is rather a plan file: it names a file that exists, or it is one word
    that looks like a path to one (ends in .yaml or .yml, or holds a `/`). A task for Claude
    is a sentence; a mistyped plan file must be refused as one, not sent to the model."""
    try:
        if (start / task).is_file():
            return True
    except OSError:  # a name longer than a file's can be: a long task, not a file
        pass
    if not task or any(c.isspace() for c in task):
        return False
    return task.endswith((".yaml", ".yml")) or "/" in task


def chosen(
    start: Path,
    task: str | None,
    script: Path | None,
    actor: ActorChoice | None,
    replay: bool = False,
    network: bool = False,
    pass_env: bool = False,
) -> tuple[ActorChoice, Path | None, str | None]:
    """The actor, the plan file and the task a run takes (`plan run plan.yaml` is `--script
    plan.yaml`); BadInput for arguments that do not go together. `replay`: a cassette was
    given; `network`, `pass_env`: --allow-network, --pass-env."""
    if script is None and task is not None and actor is None and plan_file(start, task):
        script, task = Path(task), None  # `agents plan run plan.yaml`: the file is the plan
    choice = actor or (ActorChoice.scripted if script else ActorChoice.anthropic)
    if script is not None and task is not None:
        raise BadInput("give either a TASK (for Claude) or --script FILE, not both")
    if choice is ActorChoice.scripted and script is None:
        raise BadInput("the scripted actor needs --script FILE", hint="see `agents plan run -h`")
    if choice is not ActorChoice.scripted and task is None:
        raise BadInput(
            f"the {choice.value} actor needs a TASK",
            hint='agents plan run "what to do", or --script FILE for a plan file',
        )
    if (choice is ActorChoice.replay) != replay:
        raise BadInput("--cassette DIR goes with --actor replay, and replay needs it")
    if script is not None and network:
        raise BadInput(
            "--allow-network is for Claude's commands; a plan file's commands run as written"
        )
    if script is not None and pass_env:
        raise BadInput(
            "--pass-env is for Claude's commands; a plan file's commands see your environment"
        )
    return choice, script, task


def readable(path: Path) -> None:
    """Refuse a plan file that cannot be read as one (InvalidPlanFile, in the words the run
    would use), before the repository is opened."""
    from cleveragents.adapters.actors.plan_yaml import read_plan_text

    read_plan_text(path)


# The words of the command lines read here; any other goes to typer.
SHORT = {"-q": "--quiet", "-s": "--script"}


def directory_words(args: list[str]) -> tuple[str | None, list[str]] | None:
    """The folder `-C DIR` names at the start of `args` (None without one) and the words
    after it; None when `-C` is not followed by a plain folder (typer's to answer)."""
    if args[:1] != ["-C"]:
        return None, list(args)
    if len(args) < 2 or not _plain(args[1]):
        return None
    return args[1], list(args[2:])


def early_refusal(args: list[str]) -> Callable[[], int] | None:
    """For `agents [-C DIR] plan run [--json] [--quiet|-q] [--script|-s FILE] [WORD]`, with
    each option once, in any order: what refuses it when typer would refuse it before
    opening anything (a missing or unreadable plan file, a TASK and a file, neither); None
    for any other command line, and for one typer would go on to run."""
    if (directed := directory_words(args)) is None:
        return None
    directory, words = directed
    if words[:2] != ["plan", "run"] or "_AGENTS_COMPLETE" in os.environ:
        return None
    seen: set[str] = set()
    task: str | None = None
    script: str | None = None
    rest = words[2:]
    while rest:
        word, rest = SHORT.get(rest[0], rest[0]), rest[1:]
        if word in seen:
            return None  # an option given twice: typer says which wins
        seen.add(word)
        if word == "--script":
            if not rest or not _plain(rest[0]):
                return None
            script, rest = rest[0], rest[1:]
        elif word not in ("--json", "--quiet"):
            if not _plain(word) or task is not None:
                return None  # an option typer knows or refuses; a word too many
            task = word
    try:
        start = (Path(directory) if directory else Path.cwd()).absolute()  # as `app.root`
        _, file, _ = chosen(start, task, Path(script) if script else None, None)
        if file is not None:
            readable(start / file)
    except BadInput as error:  # InvalidPlanFile is one
        return partial(_raise, error)
    except OSError:  # a name the file system refuses (too long): typer's to answer
        return None
    return None


def _raise(error: BadInput) -> int:
    raise error


def _plain(word: str) -> bool:
    """A word typer takes as a value, never as an option (and not an empty one)."""
    return bool(word) and not word.startswith("-")
