"""The property of `domain/secret_values.py` through `adapters/git/session_reads.py`: a
plan's records that hold a random secret of an ignored file, in any of the forms a command
prints it in, are found holding that file, also when the file was rotated or removed since
(its bytes then only in the plan's saved files), or copied into a file the checkpoints
carry; the same records showing only the file's plain values (`production`, `localhost`,
`lib/index.js`) instead are not.

Each example: a real repository ignoring `.env`, `secrets.json` and `config/`, a plan of its
own with a real start checkpoint; a random secret (FORMS' alphabet, secret-looking by the
module's rule) put in one of the files in one of its syntaxes; a record of a command whose
output shows it in one of FORMS; then the file kept, rotated or removed, as a command would
after it was saved for undo (the real `FileSaver`).
"""

from __future__ import annotations

import json
import shutil
import string
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from cleveragents.adapters.git.checkpoints import GitCheckpoints
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.git.session_reads import ignored_held
from cleveragents.domain.secret_values import secret_looking
from features.support.git_dirs_property import _git

SECRET = st.text(string.ascii_letters + string.digits + "-_+/.@", min_size=8, max_size=40).filter(
    secret_looking
)
# (path, the file's text holding {s}) the secret is kept in
SYNTAXES = (
    (".env", "# keys\nNODE_ENV=production\nexport AWS_SECRET_ACCESS_KEY={s}\n"),
    (".env", 'HOST=localhost\nENTRY=lib/index.js\nDB_PASSWORD="{s}"\n'),
    ("secrets.json", '{{"main": "lib/index.js", "service": {{"api_key": "{s}"}}}}\n'),
    ("config/app.yml", "host: localhost\nmode: production\ntoken: '{s}'\n"),
)
# what the records show of the files' plain values (no secret: `secret_values.py`)
PLAIN = "production\nlib/index.js\nlocalhost\n"
# how a command's output shows the secret, the file's text `t`, the secret `s`, its path `p`
FORMS = (
    "bare",  # jq -r .api_key, yq .token
    "assigned",  # env | grep KEY: `KEY=value`, `export ` gone
    "repr",  # python3 -c 'print(json.load(...))': {'k': 'value'}
    "json",  # jq .: "k": "value"
    "cat-A",  # every line ends in `$`
    "grep-context",  # grep -n -A9 FIRST: `2-LINE`
    "grep-path-context",  # grep -H -n -A9 FIRST: `PATH-2-LINE`
    "cat-n",  # cat -n: number, tab
    "copy",  # cp FILE copy.txt: the copy travels in a checkpoint
    "glob",  # cat * / cat config/*: the records never name the file
)
AFTER = ("keep", "rotate", "remove")


def check_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the property; the number of examples that ran."""
    ran = 0
    work = Path(tempfile.mkdtemp(prefix="session-values-", dir=tmp))
    root = work / "repo"
    (root / "src").mkdir(parents=True)
    (root / ".gitignore").write_text(".env\nsecrets.json\nconfig/\n")
    (root / "src" / "app.py").write_text("HOST = 'db'\n")
    _git(root, "init", "-q")
    _git(root, "add", ".")
    _git(root, "commit", "-qm", "start")
    repo = GitRepository.discover(root)
    checkpoints = GitCheckpoints(repo, lambda: datetime.now(UTC))

    @reproducible_given(examples, seed)
    def found(secret: str, syntax: int, form: str, after: str) -> None:
        nonlocal ran
        ran += 1
        plan = f"p{ran}"
        path, shape = SYNTAXES[syntax]
        text = shape.format(s=secret)
        (root / path).parent.mkdir(exist_ok=True)
        (root / path).write_text(text)
        checkpoints.create(plan, "start")
        output = _output(form, path, text, secret)
        if form == "copy":
            (root / "copy.txt").write_text(text)
            checkpoints.create(plan, "after cp")
        if after != "keep":
            checkpoints.saver.save(plan, [path], "before a command")
            if after == "rotate":
                (root / path).write_text(shape.format(s="ROTATED-0000-key"))
            else:
                (root / path).unlink()
        try:
            held = ignored_held(repo, plan, {"records.jsonl": _records(path, form, output)})
            assert held == [path], (held, secret, path, form, after, output)
            if form != "copy":
                unread = ignored_held(repo, plan, {"records.jsonl": _records(path, form, PLAIN)})
                assert unread == [], (unread, path, form, after)
        finally:
            for made in (root / path, root / "copy.txt"):
                made.unlink(missing_ok=True)

    found()
    shutil.rmtree(work)
    return ran


def reproducible_given(examples: int, seed: int) -> Any:
    from features.support.properties import reproducible

    def wrap(test: Any) -> Any:
        strategies = (
            SECRET,
            st.integers(0, len(SYNTAXES) - 1),
            st.sampled_from(FORMS),
            st.sampled_from(AFTER),
        )
        # `cat *` of a file kept as it is: found only by the glob
        test = example("hunter2-SECRET-555xyz", 0, "glob", "keep")(test)
        return reproducible(examples, seed)(given(*strategies)(test))

    return wrap


def _output(form: str, path: str, text: str, secret: str) -> str:
    """What a command reading `path` (its `text`) in `form` printed."""
    lines = text.splitlines()
    if form == "bare":
        return f"{secret}\n"
    if form == "assigned":
        return f"PATH=/usr/bin\nAWS_SECRET_ACCESS_KEY={secret}\n"
    if form == "repr":
        return f"{{'service': {{'api_key': {secret!r}}}}}\n"
    if form == "json":
        return json.dumps({"service": {"api_key": secret}}, indent=2) + "\n"
    if form == "cat-A":
        return "".join(f"{line}$\n" for line in lines)
    if form in ("grep-context", "grep-path-context"):
        where = f"{path}-" if form == "grep-path-context" else ""
        first = f"{path}:" if where else ""
        return f"{first}1:{lines[0]}\n" + "".join(
            f"{where}{n}-{line}\n" for n, line in enumerate(lines[1:], 2)
        )
    if form == "cat-n":
        return "".join(f"{n:6}\t{line}\n" for n, line in enumerate(lines, 1))
    if form == "glob":
        return text
    return ""  # copy: `cp` prints nothing


def _records(path: str, form: str, output: str) -> bytes:
    """A plan's records: a decision whose command reads `path`, its output, the model's
    words naming the file (not when it read it by a glob)."""
    command = {"copy": f"cp {path} copy.txt", "glob": _glob(path)}.get(
        form, f"reader {form} {path}"
    )
    lines = [
        {"decision": 2, "action": {"run": command}, "output": output},
        {"decision": 3, "summary": f"looked at {path} and secrets.json"},
    ]
    if form == "glob":
        lines[1] = {"decision": 3, "summary": "looked at the files"}
    else:
        lines.insert(0, {"decision": 1, "action": {"run": "ls -a"}, "output": ".env\nconfig\n"})
    return b"".join(json.dumps(line).encode() + b"\n" for line in lines)


def _glob(path: str) -> str:
    """A command reading `path` by a glob: `cat *` at the top, `cat config/*` below."""
    folder, _, _ = path.rpartition("/")
    return f"cat {folder}/*" if folder else "cat *"
