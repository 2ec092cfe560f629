"""Which settings of a repository's config a command may change and keep.

Claude Code's Bash runs on the host, where our sandbox's read-only `.git` does not hold:
`git config core.hooksPath .githooks` (or `core.fsmonitor`, a filter, an alias starting
with `-c`, `gpg.ssh.defaultKeyCommand`, `remote.*.vcs`) makes the user's next `git status`
or `git commit` run what the model chose. The ways git has of running a program grow with
each release (and with each tool that reads git's config: git-lfs, send-email), so this is
an allow list: a setting that is not known to be harmless and that a call added, changed or
removed gets its old values back after it (`adapters/git/own_config.py`), named. What is
harmless names no program, no path git reads or runs, no other repository, and changes no
command git runs: the user's name, a branch's upstream, a remote's address. Some are
harmless only as the everyday commands write them (`harmless_change`): a remote's address or
a branch's upstream new, never one the user had changed (the user's next `git push` would go
where the model chose); a remote's fetch refspec only as `remote add` writes it (`+refs/heads/
*:refs/heads/*` overwrites the user's branches at the next fetch); a submodule's
`core.worktree` new and in the tree (`submodule add` writes it; the repository's own would
make git work on another folder, and agents with it). An address is harmless only when it
names no remote helper (`harmless_url`): `helper::…`, or a scheme git does not serve itself
(`helper://…`), runs `git-remote-helper` from PATH, as `remote.*.vcs` does.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fnmatch import fnmatchcase
from typing import TypeVar

# Names as `git config --list` gives them: section and key in lower case, `*` a subsection.
# What `git init`, `clone`, `checkout -b`, `push -u`, `remote add`, `submodule`,
# `sparse-checkout` and `worktree` write, and the user's own everyday settings.
HARMLESS = (
    "core.repositoryformatversion", "core.filemode", "core.bare", "core.logallrefupdates",
    "core.ignorecase", "core.precomposeunicode", "core.symlinks", "core.autocrlf",
    "core.eol", "core.safecrlf", "core.sparsecheckout",
    "core.sparsecheckoutcone", "core.abbrev", "core.quotepath", "core.compression",
    "extensions.objectformat", "extensions.worktreeconfig", "init.defaultbranch",
    "user.name", "user.email", "user.signingkey", "author.name", "author.email",
    "committer.name", "committer.email",
    "remote.*.tagopt", "remote.*.prune", "remote.*.skipdefaultupdate",
    "branch.*.rebase", "branch.*.description", "branch.autosetupmerge",
    "branch.autosetuprebase", "submodule.*.active", "submodule.*.branch",
    "pull.rebase", "pull.ff", "push.default", "push.autosetupremote", "fetch.prune",
    "merge.ff", "rebase.autostash", "rebase.autosquash", "status.showuntrackedfiles",
    "color.*", "advice.*", "column.*", "gc.auto", "rerere.enabled",
)  # fmt: skip

# Harmless where a command sets them anew (`remote add`, `clone`, `push -u`, `checkout -b
# --track`, `submodule add`), never as a change of what the user had, nor removed: where
# the user's `git push`, `fetch` and `submodule update` go. (`pushurl`, `pushRemote`, a
# remote's `push` and `mirror` are none of these: only the user sets them, so they are
# put back whatever their value.)
NEW_ONLY = ("remote.*.url", "branch.*.remote", "branch.*.merge", "submodule.*.url")
# Harmless by their value only (`harmless_url`), and then only new (`NEW_ONLY`).
ADDRESSES = ("remote.*.url", "submodule.*.url")
# The schemes git itself serves (`transport.c`): any other runs `git-remote-<scheme>`.
SCHEMES = ("file", "git", "ssh", "git+ssh", "ssh+git", "http", "https", "ftp", "ftps")
_HELPER = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*(::|://)")
_Entry = TypeVar("_Entry", tuple[str, str], tuple[str, str, str])  # a listing's, key and value last

# Commands an alias may name and stay harmless: none takes an option that runs a program
# (unlike `difftool --extcmd`, `rebase --exec`, `fetch --upload-pack`, `grep -O`,
# `submodule foreach`, or `config`, which would set one when the user runs the alias), and
# none throws away the user's uncommitted work or moves their branches (`reset --hard`,
# `checkout -f .`, `restore`, `stash drop`, `branch -D`, `tag -f`: a repository's alias
# shadows the user's own `git st` or `git co`).
ALIAS_COMMANDS = ("status", "log", "diff", "show", "add", "commit", "blame", "shortlog")


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


def harmless(key: str) -> bool:
    """Whether the setting `key` (as `git config --list` names it) is known to make git run
    nothing and read nothing of the model's choosing, whatever its value. `alias.*` is
    not: only some values are (`harmless_change`)."""
    return any(fnmatchcase(key, p) or fnmatchcase(_shape(key), p) for p in HARMLESS)


def harmless_change(key: str, was: list[str], now: list[str], *, submodule: bool) -> bool:
    """Whether a command's change of `key` from `was` to `now` (its values in order) may
    stay, for a setting `harmless` does not keep whatever its value: an alias to a harmless
    value or removed, a new remote's usual fetch refspec, a `NEW_ONLY` setting new, and a
    new `core.worktree` in a submodule's config (`submodule`: its caller says the file is
    one and the folder it names lies in the working tree)."""
    shape = _shape(key)
    if shape.startswith("alias."):
        return all(harmless_alias(v) for v in now)
    if shape == "remote.*.fetch":
        name = key[len("remote.") : -len(".fetch")]
        return all(_usual_refspec(name, v) for v in now)
    if shape in NEW_ONLY or (submodule and key == "core.worktree"):
        return not was and (shape not in ADDRESSES or all(harmless_url(v) for v in now))
    return False


def _usual_refspec(remote: str, value: str) -> bool:
    """`+refs/heads/*:refs/remotes/REMOTE/*` as `remote add` and `clone` write it, or one
    branch of it (`--single-branch`, `remote add -t BRANCH`)."""
    source, colon, target = value.removeprefix("+").partition(":")
    branch = source.removeprefix("refs/heads/")
    return (
        bool(colon)
        and source.startswith("refs/heads/")
        and target == f"refs/remotes/{remote}/{branch}"
        and ".." not in branch
    )


def _shape(key: str) -> str:
    """`remote.origin.url` as `remote.*.url`: the subsection, any name, as a star."""
    section, _, rest = key.partition(".")
    subsection, _, name = rest.rpartition(".")
    return f"{section}.*.{name}" if subsection else key


EXT_POLICY = ("protocol.ext.allow", "protocol.allow")
# `GIT_CONFIG_PARAMETERS="'protocol.ext.allow'='always'"`: git's quoting, or none.
EXT_PARAMETER = re.compile(r"protocol\.(?:ext\.)?allow'?\s*=\s*'?(?:always|user)\b", re.I)


def ext_policed(entries: list[_Entry] | None, allowed: str | None = None) -> list[_Entry] | None:
    """`entries` (a config listing's: key and value last) without the `ext::` addresses git
    refuses to run by their protocol policy: `GIT_ALLOW_PROTOCOL` (`allowed`, the
    environment's: set, only the protocols it lists run), else `protocol.ext.allow`, else
    `protocol.allow`, the last value of each (`always` or `user`, git's default from the
    user's own command, let it run the command; unset: never)."""
    if entries is None:
        return None
    policy = {
        e[-2]: e[-1].lower() for e in entries if e[-2] in ("protocol.ext.allow", "protocol.allow")
    }
    allows = policy.get("protocol.ext.allow", policy.get("protocol.allow", "never"))
    allows = allows if allowed is None else ("always" if "ext" in allowed.split(":") else "")
    return [e for e in entries if allows in ("always", "user") or not ext_address(e[-2], e[-1])]


def shell_protocols(allowed: str | None, assigned: Mapping[str, list[str] | None]) -> str | None:
    """The `GIT_ALLOW_PROTOCOL` to police `ext::` addresses by (`ext_policed`) for the git
    the user runs from their shell: `allowed`, agents' environment's, and each value the
    home's startup files may export (`assigned`, by name; None: not evaluated). Any that
    lists `ext` (or is not evaluated), or a `GIT_CONFIG_KEY_n`/`GIT_CONFIG_PARAMETERS` they
    export setting `protocol.ext.allow` or `protocol.allow` to `always` or `user` (or a
    value not evaluated): `ext`; else one maybe unset or empty: None (the config decides).
    A value of agents' own that no startup file exports may be missing from the user's
    shells (agents started from a launcher, a service): it counts as maybe unset too."""
    given = assigned.get("GIT_ALLOW_PROTOCOL", [])
    if given is None or any("ext" in v.split(":") or "\0" in v for v in given):
        return "ext"
    for name, values in assigned.items():
        number = re.fullmatch(r"GIT_CONFIG_KEY_(\d+)", name)
        keys = [] if number is None else values
        if keys is None or any(k.lower() in EXT_POLICY for k in keys):
            told = assigned.get(f"GIT_CONFIG_VALUE_{number[1]}") if number else None
            if told is None or any(v.lower() in ("always", "user") for v in told):
                return "ext"
    parameters = assigned.get("GIT_CONFIG_PARAMETERS", [])
    if parameters is None or any(EXT_PARAMETER.search(v) for v in parameters):
        return "ext"
    # Each value the user's git may see, the most it lets run.
    choices = [allowed, *given] if given else [allowed, None]
    if any(c is not None and "ext" in c.split(":") for c in choices):
        return "ext"
    return None if any(not c for c in choices) else allowed


def ext_address(key: str, value: str) -> bool:
    """Whether `key = value` gives git an address by its `ext::` transport, which runs its
    command when the user fetches or pushes (`ext_url`)."""
    return bool(ext_url(key, value))


def ext_url(key: str, value: str) -> str:
    """The `ext::` address `key = value` gives: a remote's, or the one a `url.<ext::...>
    .insteadOf` (`pushInsteadOf`) rewrites an address to (its start, in the key)."""
    if key.startswith("remote.") and key.endswith((".url", ".pushurl")):
        return value if value.startswith("ext::") else ""
    base, _, name = key.removeprefix("url.").rpartition(".")
    rewrites = key.startswith("url.") and name.lower() in ("insteadof", "pushinsteadof")
    return base if rewrites and base.startswith("ext::") else ""
