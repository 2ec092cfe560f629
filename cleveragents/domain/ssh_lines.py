"""What an ssh command line runs of the folder it starts in by ssh's own options (attack
24 F9): `ssh -o ProxyCommand=./p.sh` (`-oProxyCommand=...`, `-o "ProxyCommand ./p.sh %h"`,
`LocalCommand`, `KnownHostsCommand`) runs that command line through the shell; `-F ./cfg`
reads a config whose `ProxyCommand`s run. One reader, wherever an ssh command line is
read: a git config's `core.sshCommand`, `GIT_SSH_COMMAND`, a home alias (`ssh`'s options
before its host and again after it, as ssh takes them; the remote command's words apart).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from cleveragents.domain.reach import Reach, named

# ssh's options that take a word (OpenSSH 9); any other letter is a flag.
TAKES = frozenset("BbcDEeFIiJLlmOoPpQRSWw")
COMMANDS = ("proxycommand", "localcommand", "knownhostscommand")
_OPTION = re.compile(r"\s*([A-Za-z]+)\s*(?:=|\s)\s*(.*)", re.S)


def ssh_words(rest: list[str]) -> tuple[list[str], list[str]]:
    """The command lines (`-o ProxyCommand=...`) and the config files (`-F FILE`) of an
    ssh command's words `rest` (after `ssh`)."""
    commands: list[str] = []
    configs: list[str] = []
    at, hosts = 0, 0
    while at < len(rest) and hosts < 2:
        word = rest[at]
        at += 1
        if word == "--" or not word.startswith("-") or word == "-":
            hosts += 1  # the host, then the remote command: options may stand between
            continue
        for place, letter in enumerate(word[1:], 2):
            if letter not in TAKES:
                continue
            value = word[place:]
            if not value and at < len(rest):
                value, at = rest[at], at + 1
            if letter == "F" and value and value != "none":
                configs.append(value)
            option = _OPTION.fullmatch(value) if letter == "o" else None
            if option and option[1].lower() in COMMANDS and option[2].strip() != "none":
                commands.append(option[2].strip().strip("\"'"))
            break
    return commands, configs


def ssh_reach(rest: list[str], cwd: str, script: Callable[[str, str], list[Reach]]) -> list[Reach]:
    """What `ssh REST` run in `cwd` runs of the tree: each command line its options give
    (read by `script`, the shell's reader), each config file it reads (as a file it runs)."""
    commands, configs = ssh_words(rest)
    return [*named(cwd, configs), *(r for c in commands for r in script(c.replace("%%", "%"), cwd))]
