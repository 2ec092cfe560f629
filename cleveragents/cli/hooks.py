"""`agents hooks install|uninstall|status`: record the Claude Code sessions you run yourself;
`agents hooks vouch|unvouch`: the programs your git hooks run that read files as data."""

from __future__ import annotations

import os
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from cleveragents.cli import output
from cleveragents.cli.options import Json
from cleveragents.domain.shown_text import visible
from cleveragents.errors import BadInput

if TYPE_CHECKING:
    from cleveragents.adapters.actors.claude_code.settings_file import SettingsFile
    from cleveragents.adapters.git.repository import GitRepository
    from cleveragents.bootstrap_rows import StoredRows

app = typer.Typer(
    name="hooks",
    help="Record the Claude Code sessions you run yourself: each session a plan, each "
    "tool call a decision with a checkpoint, correctable with `agents plan correct`. "
    "And vouch for a program your git hooks run that agents does not know (`hooks vouch`).",
    no_args_is_help=True,
    rich_markup_mode=None,
)
LOCAL = ".claude/settings.local.json"


class Agent(StrEnum):
    claude_code = "claude-code"


AgentArgument = Annotated[Agent, typer.Argument(help="The agent whose sessions are recorded.")]
User = Annotated[
    bool,
    typer.Option(
        "--user",
        help="Your own settings (settings.json in CLAUDE_CONFIG_DIR, else ~/.claude): every "
        "repository's sessions, not only this one's (.claude/settings.local.json).",
    ),
]


def _files(ctx: typer.Context, user: bool) -> tuple[SettingsFile, Path | None]:
    """The settings file chosen, and the repository's top (None for --user outside one)."""
    from cleveragents.adapters.actors.claude_code import settings_file
    from cleveragents.bootstrap_rows import bootstrap_rows
    from cleveragents.errors import NotAGitRepository

    try:
        found: StoredRows | None = bootstrap_rows(ctx.obj)
    except NotAGitRepository:
        if not user:
            raise
        found = None
    repo = found.repo if found is not None else None
    if user:
        place = settings_file.SettingsFile(settings_file.user_place(), settings_file.user_state())
        return place, repo.root if repo else None
    assert repo is not None
    local = settings_file.local_place_to_write(repo.root)
    return settings_file.SettingsFile(local, repo.state_dir / "hooks"), repo.root


def install(
    ctx: typer.Context,
    agent: AgentArgument,
    user: User = False,
    enforce_policy: Annotated[
        bool,
        typer.Option(
            "--enforce-policy",
            help="Deny the Bash commands our command policy refuses (--allow-command "
            "patterns, and the config's allow_commands). Without it nothing is denied: "
            "Claude Code's own permissions decide, and commands are only recorded.",
        ),
    ] = False,
    allow: Annotated[
        list[str] | None,
        typer.Option(
            "--allow-command",
            show_default=False,
            help="With --enforce-policy, a command Claude Code may run; repeat it for more. "
            "A correction's headless run is held to these patterns too.",
        ),
    ] = None,
    json: Json = False,
) -> int:
    """Add our hooks to Claude Code's settings, beside yours (none of yours is changed).

    \b
    agents hooks install claude-code                  # this repository, for you only
    agents hooks install claude-code --user           # every repository you work in

    From then on each Claude Code session you run is recorded as a plan of the repository
    it runs in: `agents plan tree` shows its tool calls, and `agents plan correct
    --mode=revert --decision D --guidance G --print-resume` sends it back to one.
    Recording never holds up or fails the session: a call it cannot record goes ahead,
    and the hook says so once, on its stderr.
    """
    from cleveragents.adapters.actors.claude_code.settings_file import hook_command

    if allow and not enforce_policy:
        raise BadInput("--allow-command needs --enforce-policy: without it nothing is denied")
    place, root = _files(ctx, user)
    place.install(hook_command(enforce_policy, list(allow or [])) + (" --user" if user else ""))
    found = _status(place, root, user)
    if json:
        output.emit_json(found)
        return 0
    output.show(f"installed the claude-code hooks in {place.path}")
    _ignored_note(found)
    return 0


def uninstall(
    ctx: typer.Context, agent: AgentArgument, user: User = False, json: Json = False
) -> int:
    """Take our hooks out of Claude Code's settings. The file goes back to the bytes it
    had before the install when nothing else in it changed since (or is removed, when
    there was none); else only our entries go."""
    place, _ = _files(ctx, user)
    removed = place.uninstall()
    if json:
        output.emit_json({"path": str(place.path), "removed": removed})
    elif removed:
        output.show(f"removed the claude-code hooks from {place.path}")
    else:
        output.show(f"no claude-code hooks of ours in {place.path}: nothing changed")
    return 0


def status(ctx: typer.Context, json: Json = False) -> int:
    """Say where our hooks are installed: this repository's settings and your own, and
    whether a `disableAllHooks` in Claude Code's settings keeps it from running them."""
    from cleveragents.adapters.actors.claude_code import settings_file
    from cleveragents.bootstrap_rows import bootstrap_rows
    from cleveragents.errors import NotAGitRepository

    places: list[dict[str, Any]] = []
    repo: GitRepository | None
    try:
        repo = bootstrap_rows(ctx.obj).repo
        local = settings_file.local_place(repo.root)
        places.append(
            _status(settings_file.SettingsFile(local, repo.state_dir / "hooks"), repo.root, False)
        )
    except NotAGitRepository:
        repo = None
    user = settings_file.SettingsFile(settings_file.user_place(), settings_file.user_state())
    places.append(_status(user, repo.root if repo else None, True))
    places[-1]["here"] = _user_here(user, places[0]["path"] if repo else None)
    from cleveragents.adapters.vouch_file import read_vouches, vouch_path

    try:
        vouched = {"vouched": read_vouches(), "vouch_file": str(vouch_path())}
    except BadInput as error:  # the hooks' status still counts: the file's fault is said
        output.note(visible(str(error), one_line=True))
        vouched = {"vouched": [], "vouch_file": str(vouch_path())}
    if json:
        output.emit_json({"claude_code": places, **vouched})
        return 0
    for found in places:
        where = "user" if found["user"] else "repository"
        if not found["installed"]:
            output.show(f"{where}: not installed ({found['path']})", soft_wrap=True)
            continue
        policy = "commands held to our policy" if found["enforce_policy"] else "records only"
        events = ", ".join(found["events"])
        off = found["disabled_by"]
        said = f", but disabled by {off['key']} in {off['path']}" if off else ""
        output.show(
            f"{where}: installed{said} in {found['path']} ({events}; {policy})", soft_wrap=True
        )
        if found.get("here"):
            output.show(f"{where}: {found['here']}", soft_wrap=True)
        _ignored_note(found)
    for program in vouched["vouched"]:
        output.show(f"vouched: {visible(program, one_line=True)}", soft_wrap=True)
    return 0


Program = Annotated[
    str,
    typer.Argument(
        metavar="PROGRAM",
        help="A program's bare name (found on your PATH: `mylint`) or its absolute path "
        "outside any working tree (`/opt/acme/bin/acme-fmt`, `~/bin/fmt`).",
        show_default=False,
    ),
]


def vouch(ctx: typer.Context, program: Program, json: Json = False) -> int:
    """Vouch that PROGRAM reads the files it is given as data and runs nothing of the tree.

    \b
    agents hooks vouch mylint           # a linter your pre-commit hook runs
    agents hooks unvouch mylint         # take it back
    agents hooks status                 # lists what you vouched for

    A git hook (or its pre-commit or lefthook config) that runs a program agents has no
    table for may load anything of your tree by that program's own convention (a config
    file it runs, a plugin, the project built), so agents takes every file of the tree as
    run by the hook: each model write is refused, what a command changes put back. A
    vouched program's words are read as a known formatter's are (`ruff check src`: `src`
    is checked, not run), so the model may write again. Vouch only for a program that
    loads no code of the tree: an interpreter, a shell, a launcher (`npx`) or a project
    runner (`make`, `pytest`) is refused. Kept for you, outside any repository
    ($XDG_CONFIG_HOME/cleveragents/vouched.json), where neither the model's sandboxed
    commands nor Claude Code's Write and Edit can reach it; counts in every repository
    from the next write on.
    """
    from cleveragents.adapters import vouch_file

    kept, done = vouch_file.vouch(program, _here(ctx))
    return _said(kept, True, done, json)


def unvouch(ctx: typer.Context, program: Program, json: Json = False) -> int:
    """Take back a vouch (`agents hooks vouch`): a hook running PROGRAM is again taken to
    run every file of the tree."""
    from cleveragents.adapters import vouch_file

    kept, changed = vouch_file.unvouch(program)
    return _said(kept, False, "unvouched" if changed else "", json)


def _here(ctx: typer.Context) -> Path | None:
    """The working tree the command runs in, or None outside one."""
    from cleveragents.bootstrap_rows import bootstrap_rows
    from cleveragents.errors import NotAGitRepository

    try:
        return bootstrap_rows(ctx.obj).repo.root
    except NotAGitRepository:
        return None


def _said(program: str, vouched: bool, done: str, json: bool) -> int:
    """Say what `vouch` or `unvouch` did (`done`: `vouched`, `already`, `known`,
    `unvouched`, or "" for nothing)."""
    from cleveragents.adapters.vouch_file import read_vouches, vouch_path

    if json:
        output.emit_json(
            {
                "program": program,
                "vouched": vouched,
                "changed": done in ("vouched", "unvouched"),
                "vouched_programs": read_vouches(),
                "vouch_file": str(vouch_path()),
            }
        )
        return 0
    shown = visible(program, one_line=True)
    said = {
        "vouched": f"vouched for {shown}: a hook's words for it are read as data",
        "already": f"{shown} is vouched for already: nothing changed",
        "known": f"{shown} reads its files as data already: agents knows it, nothing changed",
        "unvouched": f"took back the vouch for {shown}: a hook running it runs the whole tree",
    }
    output.show(said.get(done, f"{shown} was not vouched for: nothing changed"), soft_wrap=True)
    if done == "vouched":
        output.note(f"kept in {visible(str(vouch_path()), one_line=True)}")
    return 0


def _status(place: SettingsFile, root: Path | None, user: bool) -> dict[str, Any]:
    from cleveragents.adapters.actors.claude_code.hooks_off import turned_off

    off = turned_off(root)  # Claude Code then runs none of them
    found = {**place.installed().as_json(), "user": user, "git_ignored": None}
    found["disabled_by"] = {"path": str(off[0]), "key": off[1]} if off else None
    found["here"] = None  # what the user's install does in this repository: `status` says
    if not user and root is not None:
        found["git_ignored"] = _ignored(root)
    return found


def _user_here(user: SettingsFile, local: str | None) -> str | None:
    """What the user's install does in this repository, when that needs saying."""
    from cleveragents.adapters.actors.claude_code import settings_file
    from cleveragents.domain import claude_settings

    if local is None:
        return None
    here = settings_file.SettingsFile(Path(local), user.kept.parent)
    return claude_settings.user_install_here(user.read()[1], here.read()[1], os.path.realpath)


def _ignored(root: Path) -> bool:
    """Whether git ignores the repository's .claude/settings.local.json (we never edit
    .gitignore: Claude Code adds it there when it makes the file)."""
    from cleveragents.bootstrap_rows import bootstrap_rows

    repo = bootstrap_rows(root).repo
    status, _, _ = repo.git_outcome("check-ignore", "-q", "--", LOCAL)
    return status == 0


def _ignored_note(found: dict[str, Any]) -> None:
    if found["git_ignored"] is False:
        output.note(
            f"{LOCAL} is not ignored by git: it could be committed; add it to your .gitignore "
            "(agents does not edit it)"
        )


# The group's commands, built by typer only when `agents hooks ...` runs (`app.Deferred`).
app.command("install")(install)
app.command("uninstall")(uninstall)
app.command("status")(status)
app.command("vouch")(vouch)
app.command("unvouch")(unvouch)
