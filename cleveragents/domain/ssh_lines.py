"""What an ssh command line runs of the folder it starts in by ssh's own options (attack
24 F9): `ssh -o ProxyCommand=./p.sh` (`-oProxyCommand=...`, `-o "ProxyCommand ./p.sh %h"`,
`LocalCommand`, `KnownHostsCommand`) runs that command line through the shell; `-F ./cfg`
reads a config whose `ProxyCommand`s run. One reader, wherever an ssh command line is
read: a git config's `core.sshCommand`, `GIT_SSH_COMMAND`, a home alias (`ssh`'s options
before its host and again after it, as ssh takes them; the remote command's words apart).
Attack 25 G1: the programs that run ssh with options of their own read the same way
(`remote_reach`): scp's and sftp's `-o`/`-F` are ssh's, their `-S PROGRAM` the ssh they
run and `-D` a local server they run instead (sftp's `-b` a batch file whose `!` lines run);
`autossh` takes ssh's; `rsync -e CMD` (`--rsh`), `sshfs -o ssh_command=CMD` (and ssh's `-o`
names it passes on), `mosh --ssh=CMD` (`--client`) run a command line. A shell function
passing its words to one of them (`s() { ssh "$@"; }`) is called as that program; ssh's
command options given to any command (`s -o ProxyCommand=./p.sh h`) are ssh's. A word
agents cannot evaluate in ssh's host place, or in its remote command past the first word,
names nothing ssh runs here (`data_word`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from cleveragents.domain.launchers import WRAPPERS, wrapped
from cleveragents.domain.reach import Reach, named
from cleveragents.domain.shell_words import substitutions, tokens

# ssh's options that take a word (OpenSSH 9); any other letter is a flag.
TAKES = frozenset("BbcDEeFIiJLlmOoPpQRSWw")
COMMANDS = ("proxycommand", "localcommand", "knownhostscommand")
# rsync's short options in a cluster up to its `-e` (none taking a word before it).
_RSYNC_E = re.compile(r"-(?:[^-BfMT@e][^BfMT@e]*)?e(.*)", re.S)
_OPTION = re.compile(r"\s*([A-Za-z]+)\s*(?:=|\s)\s*(.*)", re.S)
# A word passing the function's arguments on: `"$@"`, `$*`, `${1}`, `"$2"`.
_PASSED = re.compile(r"\$\{?[@*1-9]")
_ASSIGNS = re.compile(r"[A-Za-z_]\w*(?:\[[^]]*\])?\+?=")
_KEYWORDS = frozenset(("{", "}", "!", "then", "do", "else", "elif", "if", "while", "until", "time"))


# The programs that run ssh (or a command line in its place) by options of their own.
COPIES = {"scp": frozenset("cDFiJloPSX"), "sftp": frozenset("BbcDFiJloPRSsX")}
REMOTE = frozenset(("ssh", "autossh", "rsync", "sshfs", "mosh", *COPIES))


def ssh_words(rest: list[str], program: str = "ssh") -> tuple[list[str], list[str]]:
    """The command lines (`-o ProxyCommand=...`) and the config files (`-F FILE`) of an
    ssh command's words `rest` (after `ssh`), or of scp's or sftp's (`program`): their
    `-S`/`-D` programs as command lines too, sftp's `-b` batch file as a file read."""
    commands: list[str] = []
    configs: list[str] = []
    takes = COPIES.get(program, TAKES)
    at, hosts = 0, 0
    while at < len(rest) and (hosts < 2 or program in COPIES):
        word = rest[at]
        at += 1
        if word == "--" or not word.startswith("-") or word == "-":
            hosts += 1  # the host, then the remote command: options may stand between
            continue
        for place, letter in enumerate(word[1:], 2):
            if letter not in takes:
                continue
            value = word[place:]
            if not value and at < len(rest):
                value, at = rest[at], at + 1
            if letter in ("F", "b") and value and value != "none":
                configs.append(value)
            if letter in "SD" and program in COPIES and value:
                commands.append(value)
            option = _OPTION.fullmatch(value) if letter == "o" else None
            if option and option[1].lower() in COMMANDS and option[2].strip() != "none":
                commands.append(option[2].strip().strip("\"'"))
            break
    return commands, configs


def ssh_wrappers(text: str) -> dict[str, list[str]]:
    """The shell functions of `text` that pass their words to ssh (or one of `REMOTE`), as
    `{"NAME()": [PROGRAM]}`: a call of one reads as the program's own. Its body (`{ ...; }`
    or a subshell's `( ... )`, read as the shell splits it) holds a simple command whose
    command word is the program, its arguments among the command's words (`"$@"`); a
    program named inside a value (`GIT_SSH_COMMAND="ssh -i k" git "$@"`) is none."""
    try:
        text, _ = substitutions(text)
        words = tokens(text)
    except ValueError:  # a quote open to the end: line by line
        lines = text.splitlines()
        return {k: v for line in lines if len(lines) > 1 for k, v in ssh_wrappers(line).items()}
    found: dict[str, list[str]] = {}
    for at, word in enumerate(words):
        after = at + 2 if words[at + 1 : at + 2] == ["()"] else 0
        if word == "function" and at + 1 < len(words):
            word, after = words[at + 1], at + 3 if words[at + 2 : at + 3] == ["()"] else at + 2
        if not after or (at and words[at - 1] not in (";", "&", "&&", "||", "|", "\n", "{", "(")):
            continue
        while words[after : after + 1] == ["\n"]:
            after += 1
        program = _passed_to(_body(words, after))
        if program and word.isprintable() and word != "function":
            found[f"{word}()"] = [program]
    return found


def _body(words: list[str], at: int) -> list[str]:
    """The words of the body opening at `words[at]` (`{` or `(`), to its closing word."""
    opening = words[at] if at < len(words) else ""
    closing = {"{": "}", "(": ")"}.get(opening, "")
    depth = 0
    for end in range(at, len(words) if closing else at):
        depth += (words[end] == opening) - (words[end] == closing)
        if not depth:
            return words[at + 1 : end]
    return words[at + 1 :] if closing else []


def _passed_to(body: list[str]) -> str:
    """The first of `REMOTE` that a simple command of `body` runs as its command word
    (after assignments, `command`, `exec`, `env`...), passing the function's arguments."""
    command: list[str] = []
    for word in [*body, ";"]:
        if not (word and set(word) <= set(";&|()\n")):
            command.append(word)
            continue
        while command and (command[0] in _KEYWORDS or _ASSIGNS.match(command[0])):
            command = command[1:]
        while command and command[0] in WRAPPERS:
            command = wrapped(command[0], command[1:]) or []
        program = command[0].rpartition("/")[2] if command else ""
        if program in REMOTE and any(_PASSED.search(w) for w in command[1:]):
            return program
        command = []
    return ""


def wrapped_commands(words: list[str]) -> list[str]:
    """The command lines ssh's own `-o ProxyCommand=...` (`LocalCommand`, `KnownHostsCommand`)
    give among the words of any command: one wrapping ssh (`s() { ssh "$@"; }`, defined in
    any file) passes them on, and no other program takes those names."""
    told = [w[2:] or (words[at + 1] if at + 1 < len(words) else "") for at, w in enumerate(words)]
    return ssh_words([f"-o{o}" for o, w in zip(told, words, strict=True) if w[:2] == "-o" and o])[0]


def next_slot(rest: list[str], program: str = "ssh") -> str:
    """What ssh (`autossh`) takes the word after its words `rest` as: an option's "value",
    the "host", "option" (after the host: an option, or the remote command's first word, as
    ssh reads options again there) or "remote" (a word of the command run on the host)."""
    takes = TAKES | {"M"} if program == "autossh" else TAKES
    at, hosts = 0, 0
    while at < len(rest) and hosts < 2:
        word, at = rest[at], at + 1
        if not word.startswith("-") or word == "-":
            hosts += 1
            continue
        letters = word[1:]
        given = next((p for p, letter in enumerate(letters) if letter in takes), None)
        if given == len(letters) - 1 and word != "--":  # its value is the next word
            if at == len(rest):
                return "value"
            at += 1
    return ("host", "option", "remote")[hosts]


def data_word(program: str, before: list[str], rest: list[str]) -> bool:
    """Whether `rest[0]`, a word agents cannot evaluate after `before`, the words of
    `program` (one of `REMOTE`), names nothing it runs: the word of an ssh option that names
    no program nor config (`ssh -i $(ls ~/.ssh/id_*)`, `-p $PORT`); ssh's host, when no word
    but the caller's (`"$@"`) follows (`ssh $WORKHOST`); a word of the remote command past its
    first (`ssh h ls $DIR`), which runs on the host."""
    if program in ("ssh", "autossh"):
        slot = next_slot(before, program)
        last = all(word in ("$@", "$*") for word in rest[1:])
        if slot == "remote" or (slot == "host" and last):
            return True
    option = before[-1] if before else ""
    takes = COPIES.get(program, TAKES) if program in (*COPIES, "ssh", "autossh") else ""
    return len(option) == 2 and option[0] == "-" and option[1] in takes and option[1] not in "oFSDb"


def ssh_reach(rest: list[str], cwd: str, script: Callable[[str, str], list[Reach]]) -> list[Reach]:
    """What `ssh REST` run in `cwd` runs of the tree: each command line its options give
    (read by `script`, the shell's reader), each config file it reads (as a file it runs)."""
    commands, configs = ssh_words(rest)
    return [*named(cwd, configs), *(r for c in commands for r in script(c.replace("%%", "%"), cwd))]


def remote_reach(
    program: str, rest: list[str], cwd: str, script: Callable[[str, str], list[Reach]]
) -> list[Reach]:
    """What `PROGRAM REST` (one of `REMOTE`) run in `cwd` runs of the tree by ssh's options
    or a command line given in ssh's place."""
    if program in ("ssh", "autossh"):  # autossh's own `-M PORT`, `-f`, `-V` before ssh's
        while program == "autossh" and rest[:1] and rest[0] in ("-M", "-f", "-V"):
            rest = rest[2:] if rest[0] == "-M" else rest[1:]
        return ssh_reach(rest, cwd, script)
    if program in COPIES:
        commands, configs = ssh_words(rest, program)
        return [*named(cwd, configs), *(r for c in commands for r in script(c, cwd))]
    lines: list[str] = []
    configs = []
    for at, word in enumerate(rest):
        given = rest[at + 1] if at + 1 < len(rest) else ""
        name, equals, value = word.partition("=")
        if name in {"mosh": ("--ssh", "--client"), "rsync": ("--rsh",)}.get(program, ()):
            lines.append(value if equals else given)
        elif program == "rsync" and (cluster := _RSYNC_E.fullmatch(word)):
            lines.append(cluster[1] or given)  # `-avze 'ssh -F ./cfg'`, `-essh`
        elif program == "sshfs" and word.startswith("-o"):
            for option in (word[2:] or given).split(","):
                key, _, setting = option.partition("=")
                if key.lower() in ("ssh_command", *COMMANDS):
                    lines.append(setting)
        elif program == "sshfs" and word.startswith("-F"):
            configs.append(word[2:] or given)
    return [*named(cwd, configs), *(r for line in lines if line for r in script(line, cwd))]
