"""Which settings of a repository's config a command may change and keep.

Claude Code's Bash runs on the host, where our sandbox's read-only `.git` does not hold:
`git config core.hooksPath .githooks` (or `core.fsmonitor`, a filter, an alias starting
with `-c`, `gpg.ssh.defaultKeyCommand`, `remote.*.vcs`) makes the user's next `git status`
or `git commit` run what the model chose. The ways git has of running a program grow with
each release (and with each tool that reads git's config: git-lfs, send-email), so this is
an allow list: a setting that is not known to be harmless and that a call added, changed or
removed gets its old values back after it (`adapters/git/own_config.py`), named. What is
harmless names no program, no path git reads or runs, no other repository, and changes no
command git runs: the user's name, a branch's upstream. An alias and a remote's or a
submodule's address are harmless only by their value (`harmless_values`): an address of the
form `helper::…`, or with a scheme git does not know (`helper://…`), runs `git-remote-helper`
from PATH, as `remote.*.vcs` does.
"""

from __future__ import annotations

import re
from fnmatch import fnmatchcase

# Names as `git config --list` gives them: section and key in lower case, `*` a subsection.
# What `git init`, `clone`, `checkout -b`, `push -u`, `remote add`, `submodule`,
# `sparse-checkout` and `worktree` write, and the user's own everyday settings.
HARMLESS = (
    "core.repositoryformatversion", "core.filemode", "core.bare", "core.logallrefupdates",
    "core.ignorecase", "core.precomposeunicode", "core.symlinks", "core.autocrlf",
    "core.eol", "core.safecrlf", "core.worktree", "core.sparsecheckout",
    "core.sparsecheckoutcone", "core.abbrev", "core.quotepath", "core.compression",
    "extensions.objectformat", "extensions.worktreeconfig", "init.defaultbranch",
    "user.name", "user.email", "user.signingkey", "author.name", "author.email",
    "committer.name", "committer.email",
    "remote.*.fetch", "remote.*.push",
    "remote.*.tagopt", "remote.*.prune", "remote.*.mirror", "remote.*.skipdefaultupdate",
    "branch.*.remote", "branch.*.merge", "branch.*.rebase", "branch.*.description",
    "branch.*.pushremote", "branch.autosetupmerge", "branch.autosetuprebase",
    "submodule.*.active", "submodule.*.branch",
    "pull.rebase", "pull.ff", "push.default", "push.autosetupremote", "fetch.prune",
    "merge.ff", "rebase.autostash", "rebase.autosquash", "status.showuntrackedfiles",
    "color.*", "advice.*", "column.*", "gc.auto", "rerere.enabled",
)  # fmt: skip

# Harmless by their value only (`harmless_url`).
ADDRESSES = ("remote.*.url", "remote.*.pushurl", "submodule.*.url")
# The schemes git itself serves (`transport.c`): any other runs `git-remote-<scheme>`.
SCHEMES = ("file", "git", "ssh", "git+ssh", "ssh+git", "http", "https", "ftp", "ftps")
_HELPER = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*(::|://)")

# Commands an alias may name and stay harmless: none takes an option that runs a program
# (unlike `difftool --extcmd`, `rebase --exec`, `fetch --upload-pack`, `grep -O`,
# `submodule foreach`, or `config`, which would set one when the user runs the alias).
ALIAS_COMMANDS = (
    "status", "checkout", "switch", "branch", "log", "diff", "show", "add", "commit",
    "restore", "reset", "stash", "tag", "blame", "shortlog",
)  # fmt: skip


def harmless_alias(value: str) -> bool:
    """Whether an alias's value names one of `ALIAS_COMMANDS` first: not `!` (a shell), not
    git's own options (`-c core.fsmonitor=…`, `--exec-path`, `--git-dir`), and no
    `--output` (a file written wherever it names)."""
    words = value.split()
    return bool(words) and words[0] in ALIAS_COMMANDS and not any("--output" in w for w in words)


def harmless_url(value: str) -> bool:
    """Whether an address names no remote helper: not `helper::…`, and no scheme but those
    git serves itself (a local path and `host:path` are the address of no helper)."""
    named = _HELPER.match(value)
    if named is None:
        return True
    return named.group(1) == "://" and named.group(0)[:-3] in SCHEMES


def harmless_values(key: str, values: list[str]) -> bool:
    """Whether `key` (not `harmless` by name) is harmless with these values: an alias of a
    harmless command, an address that names no helper; no values (removed) too."""
    if key.startswith("alias."):
        return all(harmless_alias(v) for v in values)
    return _shape(key) in ADDRESSES and all(harmless_url(v) for v in values)


def harmless(key: str) -> bool:
    """Whether the setting `key` (as `git config --list` names it) is known to make git run
    nothing and read nothing of the model's choosing, whatever its value. `alias.*` and
    the addresses are not: only some values are (`harmless_values`)."""
    shape = _shape(key)
    return any(fnmatchcase(key, p) or fnmatchcase(shape, p) for p in HARMLESS)


def _shape(key: str) -> str:
    """`key` with its subsection as `*`: `remote.*.url` for `remote.origin.url`."""
    section, _, rest = key.partition(".")
    subsection, _, name = rest.rpartition(".")
    return f"{section}.*.{name}" if subsection else key
