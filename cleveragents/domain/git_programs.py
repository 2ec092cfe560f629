"""Which settings of a repository's config make the user's git run a program.

Claude Code's Bash runs on the host, where our sandbox's read-only `.git` does not hold:
`git config core.hooksPath .githooks` (or `core.fsmonitor`, a filter, an `!` alias) makes
the user's next `git status` or `git commit` run what the model chose. These are put back
after each call (`adapters/git/own_config.py`); any other setting a command changes stays.
"""

from __future__ import annotations

from fnmatch import fnmatchcase

# Names as `git config --list` gives them: section and key in lower case, `*` a subsection.
PROGRAM_KEYS = (
    "core.hookspath", "core.fsmonitor", "core.sshcommand", "core.pager", "core.editor",
    "core.askpass", "core.gitproxy", "core.alternaterefscommand", "sequence.editor",
    "filter.*.clean", "filter.*.smudge", "filter.*.process", "diff.*.textconv",
    "diff.*.command", "diff.external", "merge.*.driver", "include.path", "includeif.*.path",
    "credential.helper", "credential.*.helper", "gpg.program", "gpg.*.program", "pager.*",
    "remote.*.uploadpack", "remote.*.receivepack", "uploadpack.packobjectshook",
    "web.browser", "browser.*.cmd", "browser.*.path", "man.*.cmd", "man.*.path",
    "difftool.*.cmd", "mergetool.*.cmd", "difftool.*.path", "mergetool.*.path",
    "interactive.difffilter", "protocol.allow", "protocol.*.allow",
)  # fmt: skip
# `alias.NAME` and `submodule.NAME.update`: only a value starting with `!` runs a command.
BANG = ("alias", "submodule")


def runs_program(key: str, value: str | None) -> bool:
    """Whether the setting `key` (as `git config --list` names it) makes git run a
    program (`protocol.allow`: lets an `ext::` URL run one)."""
    section, _, rest = key.partition(".")
    subsection, _, name = rest.rpartition(".")
    shape = f"{section}.*.{name}" if subsection else key
    if section in BANG:
        return (section == "alias" or name == "update") and (value or "").startswith("!")
    return any(fnmatchcase(key, p) or fnmatchcase(shape, p) for p in PROGRAM_KEYS)
