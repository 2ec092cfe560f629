"""The repository's config as a sandboxed command sees it: without the secrets it may hold.

CI checkouts keep a token in `.git/config` (`http.<url>.extraheader` as actions/checkout
writes it, `https://user:token@host` in a remote's URL or an `insteadOf`); a command's
output goes back to the model, into the decision record and with `plan push` elsewhere. In
the sandbox each config of the repository (`config`, `config.worktree`, a submodule's
under `modules/`) is replaced by a copy written from git's own reading of it with:
- every `http.*` and `credential.*` setting left out, and `include`/`includeIf` ones
  (what they name is not read into the copy);
- any setting whose name says token, password, secret, cookie or auth, or ends in
  `pass` (`sendemail.smtpPass`, `imap.pass`), left out, and `core.sshCommand` (it may
  hold `sshpass -p ...`);
- a user and password in any URL, value or section name, removed (`https://host/...`).
What `git status`, `git diff` and `git log` read (core, remotes' names and URLs, branches,
user) is kept.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

# Sections dropped whole; the last word of a setting's name that marks a secret.
DROPPED = ("http", "credential", "include", "includeif")
SECRET = re.compile(r"token|passw|pass$|secret|cookie|auth", re.IGNORECASE)
# Whole names that may hold a password in a command line.
SECRET_NAMES = ("core.sshcommand",)
USERINFO = re.compile(r"(?<=://)[^/@\s]*@")


def redacted(git_dirs: list[Path], folder: Path, git: str) -> list[tuple[str, str]]:
    """(copy, config) for each config file of these git directories: the copy, written in
    `folder`, is what the sandbox binds over it."""
    pairs: list[tuple[str, str]] = []
    for number, config in enumerate(_configs(git_dirs)):
        copy = folder / f"config-{number}"
        copy.write_bytes(_written(_settings(config, git)).encode("utf-8", "surrogateescape"))
        pairs.append((str(copy), str(config)))
    return pairs


def _configs(git_dirs: list[Path]) -> list[Path]:
    found: list[Path] = []
    for git_dir in git_dirs:
        found += [git_dir / n for n in ("config", "config.worktree")]
        found += sorted((git_dir / "modules").glob("**/config"))
    return [f for f in dict.fromkeys(found) if f.is_file() and not f.is_symlink()]


def _settings(config: Path, git: str) -> list[tuple[str, str | None]]:
    """The settings of one file as git reads it (no includes), secrets left out."""
    done = subprocess.run(
        [git, "config", "--file", str(config), "--no-includes", "--list", "-z"],
        env={"PATH": os.defpath, "LC_ALL": "C", "HOME": "/nonexistent"},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        check=False,
    )
    kept: list[tuple[str, str | None]] = []
    for record in done.stdout.decode("utf-8", "surrogateescape").split("\0"):
        name, newline, value = record.partition("\n")
        section = name.split(".", 1)[0].lower()
        if not name or section in DROPPED or _secret(name):
            continue
        kept.append((USERINFO.sub("", name), USERINFO.sub("", value) if newline else None))
    return kept


def hidden_key(key: str) -> bool:
    """Whether the setting `key` (as `domain/host_files` names it: `core.sshCommand`,
    `Claude Code: env NAME in FILE`) holds a value the sandbox keeps from the model."""
    if key.startswith("Claude Code: env "):
        return True
    return key.split(".", 1)[0].lower() in DROPPED or _secret(key)


def _secret(name: str) -> bool:
    return name.lower() in SECRET_NAMES or bool(SECRET.search(name.rsplit(".", 1)[-1]))


def _written(settings: list[tuple[str, str | None]]) -> str:
    lines: list[str] = []
    header = None
    for name, value in settings:
        section, _, rest = name.partition(".")
        subsection, _, key = rest.rpartition(".")
        wanted = f'[{section} "{_quoted(subsection)}"]' if subsection else f"[{section}]"
        if wanted != header:
            header = wanted
            lines.append(header)
        lines.append(f"\t{key}" if value is None else f'\t{key} = "{_quoted(value)}"')
    return "".join(f"{line}\n" for line in lines)


def _quoted(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return escaped.replace("\n", "\\n").replace("\t", "\\t").replace("\b", "\\b")
