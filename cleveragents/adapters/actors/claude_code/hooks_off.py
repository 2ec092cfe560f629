"""Whether Claude Code's own settings turn off the hooks we give it with `--settings`.

Claude Code merges the managed settings (Linux: /etc/claude-code/managed-settings.json and
the drop-ins of managed-settings.d), the user's (settings.json in CLAUDE_CONFIG_DIR, else
~/.claude), the repository's (.claude/settings.json) and the local ones
(.claude/settings.local.json). `disableAllHooks: true` in any of them drops every hook, ours
too; `allowManagedHooksOnly: true` in the managed ones drops every hook they do not hold.
A run without our hooks would have no policy, no checkpoints and no decisions, so it is
refused before Claude Code starts, naming the file and the key.
"""

from __future__ import annotations

import os
from pathlib import Path

from cleveragents.errors import ConflictingState

# Where Claude Code's managed settings live; the variable points elsewhere (another
# platform's folder, or a test's), since the real one belongs to the machine.
MANAGED = "CLEVERAGENTS_CLAUDE_CODE_MANAGED"
MANAGED_FOLDER = "/etc/claude-code"


def managed_files() -> list[Path]:
    folder = Path(os.environ.get(MANAGED) or MANAGED_FOLDER)
    drop_ins = folder / "managed-settings.d"
    found = sorted(drop_ins.glob("*.json")) if drop_ins.is_dir() else []
    return [folder / "managed-settings.json", *found]


def user_file() -> Path:
    folder = os.environ.get("CLAUDE_CONFIG_DIR") or str(Path.home() / ".claude")
    return Path(folder) / "settings.json"


def users_seconds(default: float) -> dict[str, float]:
    """The command lines the user's own settings (theirs and the managed ones, never a
    project's) give Claude Code, each with the seconds Claude Code lets it run (its hook's
    `timeout`, else `default`): they run on the host, as without agents, with what they read
    outside the tree (a guard hook's list); a project's run in the sandbox (`shell_prefix`).
    Each as written, `$CLAUDE_PROJECT_DIR` in it too: the line Claude Code hands the prefix."""
    from cleveragents.adapters.git.config_programs import read_json
    from cleveragents.domain.claude_commands import hook_seconds, raw_commands

    found: dict[str, float] = {}
    for path in [*managed_files(), user_file()]:
        document = read_json(path)
        seconds = hook_seconds(document, default)
        for _, line in raw_commands(document):
            found[line] = max(seconds.get(line, default), found.get(line, 0.0))
    return found


def project_seconds(root: Path, default: float) -> dict[str, float]:
    """How long Claude Code lets each hook line of the project's settings run (its
    `timeout`, else `default`): the sandbox ends the line's run then too, as Claude Code
    ends our launcher, so a hook the model slowed holds the session no longer."""
    from cleveragents.domain.claude_commands import hook_seconds

    found: dict[str, float] = {}
    for name in ("settings.json", "settings.local.json"):
        for line, seconds in hook_seconds(_document(root / ".claude" / name), default).items():
            found[line] = max(seconds, found.get(line, 0.0))
    return found


def sources(root: Path | None) -> list[tuple[Path, bool]]:
    """Each settings file Claude Code reads in `root` (None: outside a repository), and
    whether it is a managed one."""
    mine = [user_file()]
    if root is not None:
        mine += [root / ".claude" / "settings.json", root / ".claude" / "settings.local.json"]
    return [*((path, True) for path in managed_files()), *((path, False) for path in mine)]


def _document(path: Path) -> dict[str, object]:
    """The file's JSON object; {} when absent or unreadable (Claude Code skips it too). Read
    as every settings file around a run is (`read_json`): a FIFO a command made there is
    not waited on, JSON nested past the parser's depth reads as none."""
    from cleveragents.adapters.git.config_programs import MOST_USER_JSON, read_json

    found = read_json(path, MOST_USER_JSON)
    return found if isinstance(found, dict) else {}


def turned_off(root: Path | None) -> tuple[Path, str] | None:
    """The first settings file, and its key, that keeps our hooks from running."""
    for path, managed in sources(root):
        document = _document(path)
        keys = ["disableAllHooks", *(["allowManagedHooksOnly"] if managed else [])]
        for key in keys:
            if document.get(key) is True:
                return path, key
    return None


def refuse_if_turned_off(root: Path) -> None:
    """ConflictingState (exit 3) when Claude Code would run without our hooks."""
    found = turned_off(root)
    if found is not None:
        path, key = found
        raise ConflictingState(
            f"{path} sets {key}: Claude Code would run without the hooks that record and "
            "police its tool calls; nothing was run",
            hint=f"remove {key} from that file, or run the task without --actor claude-code",
        )


def refuse_own_prefix(root: Path, variable: str) -> None:
    """ConflictingState (exit 3) when the user gives Claude Code a shell prefix of their
    own (`variable` in the environment or a settings file's `env`): a sandboxed run puts
    ours there, and theirs would be dropped, or (managed) drop ours."""
    found = [(Path("the environment"), os.environ.get(variable))]
    for path, _ in sources(root):
        env = _document(path).get("env")
        found.append((path, env.get(variable) if isinstance(env, dict) else None))
    for path, value in found:
        if isinstance(value, str) and value.strip():
            raise ConflictingState(
                f"{path} sets {variable}: in its sandbox agents runs Claude Code's commands "
                "and hooks through a prefix of its own; nothing was run",
                hint=f"remove {variable} there, or run the plan with --no-sandbox",
            )


def refuse_unprefixed_hooks(root: Path) -> None:
    """ConflictingState (exit 3) when a settings file holds a hook in exec form (`"args"`
    beside its `command`): Claude Code 2.1 runs such a hook without the shell prefix that
    puts every other one in the sandbox, on the host (measured)."""
    for path, _ in sources(root):
        hooks = _document(path).get("hooks")
        for event, groups in hooks.items() if isinstance(hooks, dict) else ():
            for group in groups if isinstance(groups, list) else ():
                inner = group.get("hooks") if isinstance(group, dict) else None
                for hook in inner if isinstance(inner, list) else ():
                    if isinstance(hook, dict) and "args" in hook:
                        raise ConflictingState(
                            f"{path} has a {event} hook with `args`: Claude Code would run it "
                            "outside agents' sandbox, on the host; nothing was run",
                            hint="write it as one `command` line, or run the plan with "
                            "--no-sandbox",
                        )
