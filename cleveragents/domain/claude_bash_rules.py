"""The user's own Claude Code rules for Bash, applied to the model's command by us.

Claude Code checks its permission rules on the input a PreToolUse hook hands it back: once
our hook gives Bash our launcher in place of the model's command (`updatedInput`), Claude
Code's `deny` and `ask` rules (`Bash(git push:*)`, `Bash(rm *)`, `Bash`) would see only the
launcher. So they are applied here to the model's command, as Claude Code reads them: a rule
`Bash` takes every command; `Bash(X:*)` a command starting with the words X; `Bash(X)` with
`*` a wildcard for any text (`ls *` takes `ls -la` and `ls`, not `lsof`); else `Bash(X)` the
command X exactly. Each simple command of the line is matched, and the line as a whole, and
each command as its program is run (`program_words`: `command rm`, `/bin/rm`, `env rm`,
`git -C . push`); a program named by a quoted or expanded word, or one that runs a command it
is given (`bash -c`, `xargs`, `find`, `eval`), is refused when any rule is there.
Headless, an `ask` rule is a refusal (no one is there to ask). A line whose simple commands
cannot be read is refused when any rule is there, as it could match one unseen.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from cleveragents.domain.command_policy import ShellLine
from cleveragents.domain.launchers import SHELLS, WRAPPERS, wrapped

PREFIX = "Bash("
# Programs that run a command given to them as data, which no rule's words can be matched on.
RUNS_OTHERS = frozenset(("eval", "xargs", "find", "parallel", "watch", "su", "sudo", "doas"))
# git's own options before its subcommand, and whether each takes the next word.
GIT_OPTIONS = {
    "-C": True, "-c": True, "--git-dir": True, "--work-tree": True, "--namespace": True,
    "--exec-path": False, "-p": False, "-P": False, "--paginate": False, "--no-pager": False,
    "--bare": False, "--no-replace-objects": False, "--literal-pathspecs": False,
    "--glob-pathspecs": False, "--noglob-pathspecs": False, "--icase-pathspecs": False,
    "--no-optional-locks": False, "--config-env": True,
}  # fmt: skip


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


def program_words(words: list[str]) -> list[str] | None:
    """A simple command's words as Claude Code's rules see the program: wrappers that run
    the command after them left out (`command`, `exec`, `env A=1`, `nice -n 5`, `time`,
    `timeout 5`), the program by its name (`/bin/rm`: `rm`), git's own options before its
    subcommand left out (`git -C . -c a=b push`: `git push`); None when a wrapper's option
    hides what runs."""
    while words:
        name = words[0].rsplit("/", 1)[-1]
        if name not in WRAPPERS:
            break
        command = wrapped(name, words[1:])
        if command is None:  # an option that hides what runs (`env -S 'rm x'`)
            return None
        words = command
    if not words:
        return []
    words = [words[0].rsplit("/", 1)[-1], *words[1:]]
    if words[0] == "git":
        rest = words[1:]
        while rest and rest[0].startswith("-"):
            option, equals, _ = rest[0].partition("=")
            rest = rest[2 if GIT_OPTIONS.get(option) and not equals else 1 :]
        words = ["git", *rest]
    return words


def _shell_code(words: list[str]) -> bool:
    """Whether `words` run a shell on code given as a word (`bash -c "rm x"`)."""
    return words[0] in SHELLS and any(w.startswith("-") and "c" in w[1:] for w in words[1:])


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
    for command in read.commands:
        if command.words[:1] == (None,):  # `$x`, `\\rm`, `r""m`: no name to match on
            return (
                f"your Claude Code settings hold {kind} rules for Bash, and this command's "
                "program is a quoted or expanded word they cannot be checked against"
            )
        given = [w for w in command.words if w is not None]
        words = program_words(given)
        if words is None or (words and (words[0] in RUNS_OTHERS or _shell_code(words))):
            program = given[0] if words is None else words[0]
            return (
                f"your Claude Code settings hold {kind} rules for Bash, and `{program}` runs "
                "a command they cannot be checked against"
            )
        texts.append(" ".join(words))
    for spec in specs:
        if any(matches(spec, text) for text in texts):
            rule = f"Bash({spec})" if spec else "Bash"
            return f"your Claude Code settings {kind} {rule}"
    return None
