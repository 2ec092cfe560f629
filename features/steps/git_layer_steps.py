"""Steps that hold the git object layer to git: the objects it writes against git's own,
and its modules against the rule of one place per primitive."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from behave import given, then, when
from hypothesis import given as for_all
from hypothesis import strategies as st

from features.support.properties import property_seed, reproducible

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "cleveragents"
LAYER = PACKAGE / "adapters" / "git"
IDENTITY = {
    "GIT_AUTHOR_NAME": "cleveragents",
    "GIT_AUTHOR_EMAIL": "cleveragents@localhost",
    "GIT_COMMITTER_NAME": "cleveragents",
    "GIT_COMMITTER_EMAIL": "cleveragents@localhost",
}
# git as a user without config would run it: nothing of this machine's changes an object.
PLAIN = {**os.environ, "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1"}

names = st.binary(min_size=1, max_size=12).filter(
    lambda n: b"\0" not in n and b"/" not in n and n not in (b".", b"..")
)
tree_modes = st.sampled_from(
    [
        (b"100644", "blob"),
        (b"100755", "blob"),
        (b"120000", "blob"),
        (b"40000", "tree"),
        (b"160000", "commit"),
    ]
)
messages = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\0"), max_size=40
)


def _git(root: Path, *args: str, stdin: bytes = b"", env: dict[str, str] | None = None) -> bytes:
    done = subprocess.run(
        ["git", "-C", str(root), *args], input=stdin, capture_output=True, env=env or PLAIN
    )
    assert done.returncode == 0, f"git {args[0]}: {done.stderr.decode(errors='replace')}"
    return done.stdout


@when("random blobs, trees and commits are written in-process and by git")
def step_objects_against_git(context: Any) -> None:
    """Each example: a blob, a tree of one folder and a commit of it (with up to two
    parents, a message and a date) written by `ObjectStore` into one repository and by
    `hash-object`, `mktree` and `commit-tree` into another; then the first repository's
    git reads every object of ours back (`cat-file --batch`) as the second's."""
    from cleveragents.adapters.git.objects import ObjectStore
    from cleveragents.adapters.git.repository import GitRepository

    examples = int(os.environ.get("CLEVERAGENTS_PROPERTY_EXAMPLES", "30"))
    seed = property_seed()
    replay = f"CLEVERAGENTS_PROPERTY_SEED={seed} CLEVERAGENTS_PROPERTY_EXAMPLES={examples}"
    print(
        f"object property: seed {seed}, {examples} examples; replay with {replay}", file=sys.stderr
    )
    context.object_failures = []

    @reproducible(examples, seed)
    @for_all(
        st.sampled_from(["sha1", "sha256"]),
        st.binary(max_size=300),
        st.dictionaries(
            names, st.tuples(tree_modes, st.binary(min_size=32, max_size=32)), max_size=6
        ),
        st.integers(0, 2),
        messages,
        st.integers(100_000_000, 2**32),
    )
    def check(
        kind: str,
        data: bytes,
        entries: dict[bytes, tuple[tuple[bytes, str], bytes]],
        parents: int,
        message: str,
        when: int,
    ) -> None:
        with tempfile.TemporaryDirectory(prefix="ca-objects-", dir=context.tmp) as scratch:
            ours, theirs = Path(scratch, "ours"), Path(scratch, "theirs")
            for root in (ours, theirs):
                _git(Path(scratch), "init", "-q", f"--object-format={kind}", str(root))
            store = ObjectStore(GitRepository(ours, ours / ".git", object_format=kind))
            blob = store.blob(data)
            assert blob == _git(theirs, "hash-object", "-w", "--stdin", stdin=data).decode().strip()
            size = store.digest_size  # ids of objects neither repository has
            tree = store.tree({n: (mode, oid[:size]) for n, ((mode, _), oid) in entries.items()})
            listing = b"".join(
                b"%s %s %s\t%s\0" % (mode, what.encode(), oid[:size].hex().encode(), name)
                for name, ((mode, what), oid) in entries.items()
            )
            by_mktree = _git(theirs, "mktree", "-z", "--missing", stdin=listing).decode().strip()
            assert tree.hex() == by_mktree, "tree"
            made = []
            for number in range(parents + 1):
                text = f"{message}{number}".encode()
                commit = store.commit(
                    tree.hex(), made, text, "cleveragents <cleveragents@localhost>", when
                )
                stamp = f"@{when} +0000"
                dated = {**PLAIN, **IDENTITY, "GIT_AUTHOR_DATE": stamp, "GIT_COMMITTER_DATE": stamp}
                args = [arg for parent in made for arg in ("-p", parent)]
                by_git = _git(theirs, "commit-tree", tree.hex(), *args, stdin=text, env=dated)
                assert commit == by_git.decode().strip(), f"commit {number}"
                made.append(commit)
            asked = "".join(f"{oid}\n" for oid in [blob, tree.hex(), *made]).encode()
            mine = _git(ours, "cat-file", "--batch", stdin=asked)
            assert mine == _git(theirs, "cat-file", "--batch", stdin=asked), "read back otherwise"

    try:
        check()
    except AssertionError as failure:
        context.object_failures.append(f"seed {seed}: {failure}; replay with {replay}")


@then("each object has git's id, and git reads it back as the same bytes")
def step_objects_are_gits(context: Any) -> None:
    assert not context.object_failures, "\n".join(context.object_failures)


@then("the remote's records commit of the pushed plan has no encoding header")
def step_no_encoding_header(context: Any) -> None:
    ref = f"refs/cleveragents/records/{context.pushed}"
    text = _git(context.remote, "cat-file", "commit", ref)
    headers = text.split(b"\n\n", 1)[0].split(b"\n")
    assert not [h for h in headers if h.startswith(b"encoding ")], text.decode(errors="replace")


def _literals(path: Path) -> set[str]:
    """The string constants a module uses, less its docstrings."""
    tree = ast.parse(path.read_text())
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        if id(node) not in docstrings
    }


@when("the modules of the git layer are read for the git commands they run")
def step_read_layer(context: Any) -> None:
    context.literals = {
        str(path.relative_to(PACKAGE)): _literals(path) for path in sorted(PACKAGE.rglob("*.py"))
    }
    context.layer_sources = {path.name: path.read_text() for path in sorted(LAYER.glob("*.py"))}


def _users(context: Any, literal: str) -> list[str]:
    return [module for module, found in context.literals.items() if literal in found]


# The object store: its module, and the `cat-file --batch` it keeps running for a command's
# small reads (`batch_reader.py`, started at the first read, ended with the command).
OBJECT_STORE = {"cat-file": ["adapters/git/batch_reader.py", "adapters/git/objects.py"]}


@then('"cat-file" and "hash-object" are run by the object store alone')
def step_object_store_alone(context: Any) -> None:
    for command in ("cat-file", "hash-object"):
        wanted = OBJECT_STORE.get(command, ["adapters/git/objects.py"])
        assert _users(context, command) == wanted, (command, _users(context, command))


@then('"update-ref" is run by the ref mover alone')
def step_ref_mover_alone(context: Any) -> None:
    assert _users(context, "update-ref") == ["adapters/git/refs.py"], _users(context, "update-ref")


@then('no module runs "mktree" or "commit-tree"')
def step_no_other_writers(context: Any) -> None:
    for command in ("mktree", "commit-tree"):
        assert not _users(context, command), (command, _users(context, command))


@then("no module of the git layer but the runner and the kept reader starts a process")
def step_runner_alone(context: Any) -> None:
    starting = [
        name
        for name, text in context.layer_sources.items()
        # the runner, and the one git the object store keeps running for small reads
        if name not in ("repository.py", "batch_reader.py")
        and ("subprocess" in text or "os.system" in text)
    ]
    assert not starting, starting


@then("the modes and object id patterns are defined in one module")
def step_one_place_for_modes(context: Any) -> None:
    for name, text in context.layer_sources.items():
        if name == "modes.py":
            continue
        for spelled in ('"160000"', 'b"160000"', "0o160000", '"120000"', "[0-9a-f]{40}"):
            assert spelled not in text, f"{name} spells {spelled} itself"


@given("the remote's records commit of the pushed plan holds no records file")
def step_records_emptied(context: Any) -> None:
    """A commit of the empty tree on top of the pushed records, as the remote's records."""
    ref = f"refs/cleveragents/records/{context.pushed}"
    empty = _git(context.remote, "mktree", stdin=b"").decode().strip()
    old = _git(context.remote, "rev-parse", ref).decode().strip()
    dated = {**PLAIN, **IDENTITY}
    new = _git(context.remote, "commit-tree", empty, "-p", old, stdin=b"emptied", env=dated)
    _git(context.remote, "update-ref", ref, new.decode().strip(), old)


@given("the repository's objects are all packed")
def step_objects_packed(context: Any) -> None:
    """No loose object, so no object folder: the next object written makes its own."""
    _git(context.repo, "repack", "-a", "-d", "-q")
    _git(context.repo, "prune-packed")
