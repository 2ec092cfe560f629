"""Which settings of a repository's config a command may change and keep.

Claude Code's Bash runs on the host, where our sandbox's read-only `.git` does not hold:
`git config core.hooksPath .githooks` (or `core.fsmonitor`, a filter, an alias starting
with `-c`, `gpg.ssh.defaultKeyCommand`, `remote.*.vcs`) makes the user's next `git status`
or `git commit` run what the model chose. The ways git has of running a program grow with
each release (and with each tool that reads git's config: git-lfs, send-email), so this is
an allow list: a setting that is not known to be harmless and that a call added, changed or
removed gets its old values back after it (`adapters/git/own_config.py`), named. What is
harmless names no program, no path git reads or runs, no other repository, and changes no
command git runs: the user's name, a branch's upstream, a remote's address.
"""

from __future__ import annotations

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
    "remote.*.url", "remote.*.pushurl", "remote.*.fetch", "remote.*.push",
    "remote.*.tagopt", "remote.*.prune", "remote.*.mirror", "remote.*.skipdefaultupdate",
    "branch.*.remote", "branch.*.merge", "branch.*.rebase", "branch.*.description",
    "branch.*.pushremote", "branch.autosetupmerge", "branch.autosetuprebase",
    "submodule.*.url", "submodule.*.active", "submodule.*.branch",
    "pull.rebase", "pull.ff", "push.default", "push.autosetupremote", "fetch.prune",
    "merge.ff", "rebase.autostash", "rebase.autosquash", "status.showuntrackedfiles",
    "color.*", "advice.*", "column.*", "gc.auto", "rerere.enabled",
)  # fmt: skip


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


def harmless(key: str) -> bool:
    """Whether the setting `key` (as `git config --list` names it) is known to make git run
    nothing and read nothing of the model's choosing, whatever its value. `alias.*` is
    not: only some values are (`harmless_alias`)."""
    section, _, rest = key.partition(".")
    subsection, _, name = rest.rpartition(".")
    shape = f"{section}.*.{name}" if subsection else key
    return any(fnmatchcase(key, p) or fnmatchcase(shape, p) for p in HARMLESS)
