"""Which of Claude Code's tool calls reach outside the working tree, where no checkpoint
restore can follow: said in words on the decision (it is marked irreversible), and again
before a correction across it restores anything.

A rule, not a guess: a call is judged by what it names (a path, the network) and, for a
command, by the shell parse the command policy uses. A command the rule cannot place in the
tree is said to *may* have effects outside it; only plain file commands on plain relative
paths are known to stay inside.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cleveragents.domain.command_saves import no_commit_left, shown_path, unreadable_note
from cleveragents.domain.host_files import HostFolders, host_run
from cleveragents.domain.rules import claude_setting, in_git_folder
from cleveragents.domain.tool_calls import READING_TOOLS

PATH_TOOLS = frozenset({"Write", "Edit", "MultiEdit", "NotebookEdit"})
NETWORK_TOOLS = frozenset({"WebFetch", "WebSearch"})
# Claude Code's tools other than Bash that run a command or a program of the user's
# (`Monitor` streams a shell command's lines, `EnterWorktree` runs `git worktree add` on
# the user's repository, `CronCreate` schedules prompts that outlive the run): under the
# command policy they are refused, since it reads Bash's `command` only.
# `Skill` and `SlashCommand` run a skill's or a command's `!` lines on the host, past Bash;
# `Workflow` runs the model's script on the host. `ScheduleWakeup` holds the run (60 to
# 3600 s a call, each able to schedule the next) and then sends its `prompt` as the user's
# message, which no decision records and no correction can go back to.
WAITING_TOOLS = frozenset({"ScheduleWakeup", "CronCreate"})
COMMAND_TOOLS = WAITING_TOOLS | frozenset(
    {"Monitor", "PowerShell", "REPL", "EnterWorktree", "Skill", "SlashCommand", "Workflow"}
)
MAY = "may have effects outside the working tree"
WAITS = "a run does not wait for later prompts: it ends when the model is done"
SETTINGS_REFUSED = "Claude Code settings are not written by the model"
GIT_REFUSED = "git's own files are not written by the model"
HOST_REFUSED = "files that run on the host are not written by the model"
# Programs that talk to other machines whatever their arguments.
NETWORK_PROGRAMS = frozenset(
    {"curl", "wget", "ssh", "scp", "sftp", "rsync", "nc", "ncat", "netcat", "telnet", "ftp"}
    | {"http", "https", "xh", "aria2c", "gh", "docker", "kubectl", "aws", "gcloud", "az"}
)
# Subcommands that reach a remote or a package registry.
NETWORK_SUBCOMMANDS = {
    "git": frozenset({"push", "fetch", "pull", "clone", "ls-remote", "send-email", "submodule"}),
    "pip": frozenset({"install", "download"}),
    "pip3": frozenset({"install", "download"}),
    "npm": frozenset({"install", "i", "ci", "publish", "update"}),
    "yarn": frozenset({"add", "install", "publish"}),
    "cargo": frozenset({"install", "publish", "fetch"}),
}
# Programs whose only effects are on the files they name (and their output).
TREE_PROGRAMS = frozenset(
    {"echo", "printf", "true", "false", "test", "[", "cat", "touch", "mkdir", "rmdir"}
    | {"cp", "mv", "rm", "ln", "sed", "ls", "head", "tail", "wc", "grep", "sort", "uniq"}
    | {"diff", "cmp", "tr", "cut", "chmod", "tee", "pwd", "basename", "dirname", "stat"}
    | {"sleep", "cd"}
)
REDIRECTIONS = frozenset({">", ">>", "<", "&>", "&>>", ">&", "<&", ">|", "<>"})
QUIET_PLACES = frozenset({"/dev/null", "/dev/stdout", "/dev/stderr"})


def outside_effects(
    tool: str,
    tool_input: dict[str, Any],
    root: str,
    commands: Sequence[Sequence[str | None]] | None = None,
) -> str | None:
    """What a call does outside the tree `root` in words, or None when it stays inside.
    `commands`: a Bash line's simple commands as the policy's parse reads their words (None
    when the parse could not check the line)."""
    if tool in READING_TOOLS:
        return None
    if tool in PATH_TOOLS:
        path = written(tool_input)
        if path and not inside(path, root):
            return f"writes {path}, outside the working tree"
        return None
    if tool in NETWORK_TOOLS:
        return "reaches the network"
    if tool == "Bash":
        return command_effects(str(tool_input.get("command", "")), tool_input, commands)
    return f"{MAY} ({tool} is no tool whose effects are known)"


def setting_written(
    tool: str,
    tool_input: dict[str, Any],
    root: str,
    real: Callable[[str], str],
    links: Callable[[], Mapping[str, str]] = dict,
    git_folder: Callable[[Sequence[str]], str | None] = lambda places: None,
    host: Callable[[], HostFolders] = HostFolders,
) -> str | None:
    """Why a Write, Edit, MultiEdit or NotebookEdit call may not run, or None: its file is one
    Claude Code runs or takes permissions from (`rules.claude_setting`: the user's next
    `claude` would run it), or lies in a `.git` (`rules.in_git_folder`: git runs its hooks
    and config), named as given or where its links lead (`real`, the file system's
    `realpath`), or reached as one through a `.claude` or `.mcp.json` link of the tree
    (`links`, read once here), or lies in a git directory of another name (`git_folder`:
    why, for the absolute places, asked once; `--separate-git-dir`), or is one that runs on
    the host later (`host_files.host_run`: the tree's hooks folder, agents' own Python;
    `host`, read once here). A place in the tree is judged relative to it, one outside whole."""
    path = written(tool_input) if tool in PATH_TOOLS else ""
    if not path:
        return None
    linked, folders = links(), host()
    given = posixpath.join(root, path)
    full = posixpath.normpath(given)
    tops = [posixpath.normpath(root), real(root)]
    folder, name = posixpath.split(full)
    places = [full, posixpath.join(real(folder), name), real(full)]
    # As the kernel opens it too: a `..` after a link climbs from where the link leads.
    given_folder, given_name = posixpath.split(given)
    places += [posixpath.join(real(given_folder), given_name), real(given)]
    for place in places:
        top = next((t for t in tops if inside(place, t)), None)
        judged = place if top is None else posixpath.relpath(place, top)
        if claude_setting(judged, linked):
            return (
                f"{SETTINGS_REFUSED}: {shown_path(path)} is one Claude Code runs or takes "
                "permissions from; ask the user to change it"
            )
        if in_git_folder(judged):
            return (
                f"{GIT_REFUSED}: {shown_path(path)} is in a .git, whose hooks and config "
                "git runs; ask the user to change it"
            )
        why = host_run(judged, folders) if top is not None else _vouches(place, folders)
        if why is not None:
            return f"{HOST_REFUSED}: {shown_path(path)} {why}; ask the user to change it"
    # Only then the git directories of other names: a `.git` reached through a link is
    # named as such, not as a folder that holds HEAD, objects/ and refs/.
    if (why := git_folder(places)) is not None:
        return (
            f"{GIT_REFUSED}: {shown_path(path)} is in a git directory ({why}), whose "
            "hooks and config git runs; ask the user to change it"
        )
    return None


def _vouches(place: str, host: HostFolders) -> str | None:
    """Why `place` (absolute, outside the tree) may not be written: the file of the
    programs the user vouched for, or its folder (a file made there and moved over it)."""
    kept = host.vouch_file
    if kept and (place == kept or posixpath.dirname(kept) in (place, posixpath.dirname(place))):
        return "is where agents keeps the programs you vouched for"
    return None


def written(tool_input: dict[str, Any]) -> str:
    """The file a Write, Edit, MultiEdit or NotebookEdit call writes, as given."""
    return str(tool_input.get("file_path") or tool_input.get("notebook_path") or "")


def command_effects(
    line: str, tool_input: dict[str, Any], commands: Sequence[Sequence[str | None]] | None
) -> str | None:
    """`outside_effects` of a Bash call running `line`."""
    if tool_input.get("run_in_background"):
        return "leaves a process running (run_in_background)"
    if backgrounded(line):
        return "may leave a process running (&)"
    if commands is None:
        return MAY
    for words in commands:
        reached = network_program(words)
        if reached is not None:
            return f"may reach the network ({reached})"
    if all(stays_inside(words) for words in commands):
        return None
    return MAY


def network_program(words: Sequence[str | None]) -> str | None:
    """The program (and subcommand) of `words` that talks to other machines, or None."""
    program = _name(words[0]) if words else None
    if program is None:
        return None
    if program in NETWORK_PROGRAMS:
        return program
    asked = NETWORK_SUBCOMMANDS.get(program, frozenset())
    found = next((w for w in words[1:] if w is not None and w in asked), None)
    return f"{program} {found}" if found is not None else None


def stays_inside(words: Sequence[str | None]) -> bool:
    """Whether a simple command is a plain file command on plain relative paths: every word
    known, none absolute (but /dev/null), from home, or going up with `..`."""
    if not words or words[0] is None or words[0] not in TREE_PROGRAMS:
        return False
    for word in words[1:]:
        if word is None:
            return False
        if word in REDIRECTIONS or word in QUIET_PLACES:
            continue
        if word.startswith(("/", "~")) or ".." in word.split("/"):
            return False
    return True


def backgrounded(line: str) -> bool:
    """Whether `line` puts a command in the background with a lone `&` (not `&&`, `>&`,
    `&>`, `|&` or `<&`). Read on the text: a quoted `&` is taken for one too, which says
    `may` of a line that does not, never the other way round."""
    for at, char in enumerate(line):
        if char != "&":
            continue
        before = line[at - 1] if at else ""
        after = line[at + 1] if at + 1 < len(line) else ""
        if after in ("&", ">") or before in ("&", "<", ">", "|"):
            continue
        return True
    return False


def inside(path: str, root: str) -> bool:
    """Whether `path` (absolute, or relative to `root`) names a place in the tree `root`."""
    top = posixpath.normpath(root)
    full = posixpath.normpath(posixpath.join(top, path))
    return full == top or full.startswith(top.rstrip("/") + "/")


def _name(word: str | None) -> str | None:
    """The program a command word runs: `/usr/bin/curl` is curl."""
    return None if word is None else posixpath.basename(word)


def command_refusal(tool: str) -> str | None:
    """Why a call of `tool` is refused under the command policy: one of COMMAND_TOOLS."""
    if tool not in COMMAND_TOOLS:
        return None
    if tool in WAITING_TOOLS:
        return f"cleveragents refused {tool}: {WAITS}"
    return f"cleveragents refused {tool}: run commands with Bash"


def unkept(
    action: dict[str, Any], made: Sequence[str], empty: Sequence[str] = ()
) -> tuple[dict[str, Any], list[str]]:
    """What a finished call's outcome says no checkpoint holds of it, and its action marked
    irreversible accordingly (a correction across it names that before it restores): what
    it did outside the tree (`outside_effects`), and the nested repositories it left that
    the checkpoint after it leaves out: `made` (git cannot read their refs) and `empty`
    (no commit: a `git init` whose HEAD names a branch not made yet)."""
    said = [f"irreversible: it {action['outside']}"] if action.get("outside") else []
    said += [unreadable_note(list(made))] if made else []
    said += [no_commit_left(list(empty))] if empty else []
    if not made and not empty:
        return action, said
    named = ", ".join(f"{shown_path(path)}/" for path in [*made, *empty])
    left = f"left {named}, a nested repository no checkpoint holds"
    outside = f"{action['outside']}; it {left}" if action.get("outside") else left
    return {**action, "irreversible": True, "outside": outside}, said
