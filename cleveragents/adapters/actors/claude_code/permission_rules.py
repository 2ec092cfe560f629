"""The user's own Claude Code permission rules for Bash, read from the settings files
Claude Code reads (`hooks_off.sources`): applied by us to the model's command, since Claude
Code sees only our launcher in its place (`domain/claude_bash_rules.py`)."""

from __future__ import annotations

from pathlib import Path

from cleveragents.adapters.actors.claude_code.hooks_off import sources
from cleveragents.adapters.git.config_programs import read_json
from cleveragents.domain.claude_bash_rules import bash_specs


def bash_rules(root: Path) -> tuple[list[str], list[str]]:
    """The `deny` and the `ask` Bash rules of every settings file, read afresh (a regular
    file only: a FIFO a command left there is never opened to wait on)."""
    deny: list[str] = []
    ask: list[str] = []
    for path, _ in sources(root):
        document = read_json(path)  # None: absent or unreadable, Claude Code skips it too
        permissions = document.get("permissions") if isinstance(document, dict) else None
        if not isinstance(permissions, dict):
            continue
        for kind, found in (("deny", deny), ("ask", ask)):
            rules = permissions.get(kind)
            found += bash_specs(rules if isinstance(rules, list) else [])
    return deny, ask
