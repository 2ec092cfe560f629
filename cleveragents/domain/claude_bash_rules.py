"""The user's own Claude Code rules for Bash, applied to the model's command by us.

Claude Code checks its permission rules on the input a PreToolUse hook hands it back: once
our hook gives Bash our launcher in place of the model's command (`updatedInput`), Claude
Code's `deny` and `ask` rules (`Bash(git push:*)`, `Bash(rm *)`, `Bash`) would see only the
launcher. So they are applied here to the model's command, as Claude Code reads them: a rule
`Bash` takes every command; `Bash(X:*)` a command starting with the words X; `Bash(X)` with
`*` a wildcard for any text (`ls *` takes `ls -la` and `ls`, not `lsof`); else `Bash(X)` the
command X exactly. Each simple command of the line is matched, and the line as a whole.
Headless, an `ask` rule is a refusal (no one is there to ask). A line whose simple commands
cannot be read is refused when any rule is there, as it could match one unseen.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from cleveragents.domain.command_policy import ShellLine

PREFIX = "Bash("


def bash_specs(rules: Sequence[object]) -> list[str]:
    """The Bash rules among Claude Code's permission rules: "" for a bare `Bash`."""
    specs = []
    for rule in rules:
        if not isinstance(rule, str):
            continue
        text = rule.strip()
        if text == "Bash":
            specs.append("")
        elif text.startswith(PREFIX) and text.endswith(")"):
            specs.append(text[len(PREFIX) : -1].strip())
    return specs


def matches(spec: str, command: str) -> bool:
    """Whether the rule `Bash(spec)` takes `command` (one simple command, or a line)."""
    command, spec = " ".join(command.split()), " ".join(spec.split())
    if spec in ("", "*"):
        return True
    if spec.endswith(":*"):
        prefix = spec[:-2].rstrip()
        return command == prefix or command.startswith(prefix + " ")
    if "*" in spec:
        pattern = ".*".join(re.escape(part) for part in spec.split("*"))
        if spec.endswith(" *"):  # `ls *` takes `ls` alone too
            pattern = ".*".join(re.escape(part) for part in spec[:-2].split("*")) + "(?: .*)?"
        return re.fullmatch(pattern, command, re.DOTALL) is not None
    return command == spec


def refused_by(specs: Sequence[str], line: str, read: ShellLine, kind: str) -> str | None:
    """Why the user's Claude Code `kind` rules (deny or ask) refuse `line`, or None."""
    if not specs:
        return None
    if read.unchecked is not None:
        return (
            f"your Claude Code settings hold {kind} rules for Bash, and this command "
            f"cannot be checked against them ({read.unchecked})"
        )
    texts = [line, *(c.text for c in read.commands)]
    texts += [" ".join(w for w in c.words if w is not None) for c in read.commands]
    for spec in specs:
        if any(matches(spec, text) for text in texts):
            rule = f"Bash({spec})" if spec else "Bash"
            return f"your Claude Code settings {kind} {rule}"
    return None
