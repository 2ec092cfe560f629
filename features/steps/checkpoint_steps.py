"""Checkpoints and plan records, checked against the real repository and the real store."""

from __future__ import annotations

import hashlib
import os
import stat
import subprocess
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from behave import given, then, when

from cleveragents.domain.checkpoint import Keeping

Entry = tuple[str, str]  # (kind and mode, sha256 of content or link target)


def services(context: Any) -> Any:
    if context.services is None:
        from cleveragents.bootstrap import bootstrap

        context.services = bootstrap(context.repo)
    return context.services


def working_tree(repo: Path) -> dict[str, Entry]:
    """Every file of the working tree that git does not ignore: mode and exact bytes."""
    found: dict[str, Entry] = {}
    for folder, dirs, files in os.walk(repo):
        dirs[:] = [d for d in dirs if not (folder == str(repo) and d == ".git")]
        for name in files + [d for d in dirs if os.path.islink(os.path.join(folder, d))]:
            path = Path(folder, name)
            rel = path.relative_to(repo).as_posix()
            if path.is_symlink():
                found[rel] = ("120000", os.readlink(path))
            else:
                mode = "100755" if os.stat(path).st_mode & stat.S_IXUSR else "100644"
                found[rel] = (mode, hashlib.sha256(path.read_bytes()).hexdigest())
    ignored = (
        subprocess.run(
            ["git", "check-ignore", "--stdin", "-z"],
            cwd=repo,
            input="\0".join(found).encode(),
            capture_output=True,
        )
        .stdout.decode()
        .split("\0")
    )
    return {path: entry for path, entry in found.items() if path not in ignored}


def git_tree(repo: Path, tree: str) -> dict[str, Entry]:
    """What a checkpoint's tree holds, read straight from the object database."""
    listing = (
        subprocess.run(
            ["git", "ls-tree", "-r", "-z", tree], cwd=repo, capture_output=True, check=True
        )
        .stdout.decode()
        .split("\0")
    )
    found: dict[str, Entry] = {}
    for line in filter(None, listing):
        meta, path = line.split("\t", 1)
        mode, _, blob = meta.split()
        data = subprocess.run(
            ["git", "cat-file", "blob", blob], cwd=repo, capture_output=True, check=True
        ).stdout
        found[path] = (
            mode,
            data.decode() if mode == "120000" else hashlib.sha256(data).hexdigest(),
        )
    return found


def user_git_state(repo: Path) -> dict[str, bytes]:
    """The user's index, HEAD, refs (but ours), stash and reflogs, as bytes."""
    git_dir = repo / ".git"
    state: dict[str, bytes] = {}
    for name in ("index", "HEAD", "packed-refs", "ORIG_HEAD"):
        if (git_dir / name).exists():
            state[name] = (git_dir / name).read_bytes()
    for base in ("refs", "logs"):
        for path in sorted((git_dir / base).rglob("*")):
            rel = path.relative_to(git_dir).as_posix()
            if path.is_file() and not rel.startswith("refs/cleveragents"):
                state[rel] = path.read_bytes()
    refs = subprocess.run(
        ["git", "for-each-ref", "--format=%(refname) %(objectname)"],
        cwd=repo,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    state["for-each-ref"] = "\n".join(r for r in refs if "refs/cleveragents/" not in r).encode()
    return state


@given('a checkpoint "{name}" of the working tree')
@when('a checkpoint "{name}" of the working tree')
@given('a checkpoint "{name}" of the working tree for the plan "{plan}"')
@when('a checkpoint "{name}" of the working tree for the plan "{plan}"')
def step_checkpoint(context: Any, name: str, plan: str = "feedcafe") -> None:
    context.checkpoints = getattr(context, "checkpoints", {})
    context.checkpoint_trees = getattr(context, "checkpoint_trees", {})
    before = working_tree(context.repo)
    checkpoint = services(context).checkpoints.create(plan, name)
    context.checkpoints[name] = checkpoint
    context.checkpoint_trees[name] = before


@when("the working tree is changed in every way:")
def step_change(context: Any) -> None:
    for row in context.table:
        path = context.repo / row["path"]
        value = row["value"].replace("\\n", "\n")
        if row["change"] == "write":
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(value)
        elif row["change"] == "delete":
            path.unlink()
        elif row["change"] == "chmod-x":
            path.chmod(0o644)
        elif row["change"] == "relink":
            path.unlink()
            os.symlink(value, path)
        else:
            raise AssertionError(f"unknown change {row['change']}")


def keeping(context: Any) -> Keeping:
    """As an operation records what a restore saves: into `context.kept`; no journal."""
    if not hasattr(context, "kept"):
        context.kept = []
    return Keeping(context.kept.append, lambda entry: None)


@when('I restore the checkpoint "{name}"')
@given('I restore the checkpoint "{name}"')
def step_restore(context: Any, name: str) -> None:
    context.kept = []
    services(context).checkpoints.restore(context.checkpoints[name], keeping=keeping(context))


@then('the working tree equals the checkpoint "{name}" byte for byte')
def step_equals(context: Any, name: str) -> None:
    now = working_tree(context.repo)
    assert now == context.checkpoint_trees[name], _difference(now, context.checkpoint_trees[name])
    assert now == git_tree(context.repo, context.checkpoints[name].tree)


def _difference(a: dict[str, Entry], b: dict[str, Entry]) -> str:
    return "\n".join(f"{k}: {a.get(k)} != {b.get(k)}" for k in changed_keys(a, b))


def changed_keys(a: Mapping[str, object], b: Mapping[str, object]) -> list[str]:
    """The keys whose values differ between `a` and `b` (one missing counts), sorted."""
    return sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))


@given("I record the user's git state")
def step_record_state(context: Any) -> None:
    context.user_state = user_git_state(context.repo)


@then("the user's git state is byte for byte what it was")
def step_state_same(context: Any) -> None:
    now = user_git_state(context.repo)
    assert now == context.user_state, changed_keys(now, context.user_state)


@then('the checkpoint refs are under "{prefix}"')
def step_refs(context: Any, prefix: str) -> None:
    refs = subprocess.run(
        ["git", "for-each-ref", "--format=%(refname)", prefix],
        cwd=context.repo,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert refs == [f"{prefix}plans/feedcafe"], refs


@then("every checkpoint is reachable from the plan's ref")
def step_reachable(context: Any) -> None:
    reachable = subprocess.run(
        ["git", "rev-list", "refs/cleveragents/plans/feedcafe"],
        cwd=context.repo,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    for checkpoint in context.checkpoints.values():
        assert checkpoint.id in reachable


@then('the checkpoint "{name}" does not contain "{path}"')
def step_not_contains(context: Any, name: str, path: str) -> None:
    assert path not in git_tree(context.repo, context.checkpoints[name].tree)


@then('the checkpoint "{name}" contains "{path}"')
def step_contains(context: Any, name: str, path: str) -> None:
    assert path in git_tree(context.repo, context.checkpoints[name].tree)


@then('the changed paths from "{a}" to "{b}" are "{paths}"')
def step_changed(context: Any, a: str, b: str, paths: str) -> None:
    found = services(context).checkpoints.trees.changed_paths(
        context.checkpoints[a].tree, context.checkpoints[b].tree
    )
    assert found == paths.split(","), found


@then("the working tree has one private index inside the git directory")
def step_private_index(context: Any) -> None:
    assert (context.repo / ".git" / "cleveragents" / "worktree.index").is_file()


# plans recorded by `agents plan run`


def newest(context: Any) -> tuple[Any, list[Any]]:
    plan, decisions, _ = services(context).inspection.tree(None)
    return plan, decisions


@then("the newest plan has these decisions:")
def step_decisions(context: Any) -> None:
    _, decisions = newest(context)
    shown = [(d.id, d.kind.value, d.parent_id or "", d.summary) for d in decisions]
    expected = [(r["id"], r["kind"], r["parent"], r["summary"]) for r in context.table]
    assert shown == expected, "\n".join(map(str, shown))


@then("every decision of the newest plan has a checkpoint before and after and an actor state")
def step_all_recorded(context: Any) -> None:
    _, decisions = newest(context)
    store = services(context).store
    for decision in decisions:
        assert decision.checkpoint_before and decision.checkpoint_after, decision
        store.checkpoint(decision.checkpoint_before)
        state = store.actor_state(decision.actor_state_before)
        assert "completed_steps" in state.data


@then("every checkpoint of the newest plan restores byte for byte what the working tree was")
def step_all_restore(context: Any) -> None:
    _, decisions = newest(context)
    final = working_tree(context.repo)
    cps = services(context).checkpoints
    store = services(context).store
    ids = {d.checkpoint_before for d in decisions} | {d.checkpoint_after for d in decisions}
    first = store.checkpoint(decisions[0].checkpoint_before)
    for checkpoint_id in sorted(ids):
        checkpoint = store.checkpoint(checkpoint_id)
        cps.restore(checkpoint)
        assert working_tree(context.repo) == git_tree(context.repo, checkpoint.tree)
    cps.restore(first)
    assert (context.repo / "README.md").read_text() == "# demo\nA tiny project.\n"
    assert not (context.repo / "greet.py").exists()
    cps.restore(store.checkpoint(decisions[-1].checkpoint_after))
    assert working_tree(context.repo) == final


@then('the newest plan has a "{kind}" decision whose summary contains "{text}"')
def step_has_kind(context: Any, kind: str, text: str) -> None:
    _, decisions = newest(context)
    assert any(d.kind.value == kind and text in d.summary for d in decisions), decisions


@then('the newest plan\'s step {decision_id} ended "{outcome}"')
def step_outcome(context: Any, decision_id: str, outcome: str) -> None:
    _, decisions = newest(context)
    found = next(d for d in decisions if d.id == decision_id)
    assert found.outcome == outcome and found.ok, found


@given("a new second of the clock has just begun")
def step_fresh_second(context: Any) -> None:
    """Wait for the next whole second, so that what follows runs within one."""
    import time

    time.sleep(1.005 - time.time() % 1)


@given('"{path}" is rewritten to "{text}" with its mtime put back to {mtime:d}')
@when('"{path}" is rewritten to "{text}" with its mtime put back to {mtime:d}')
def step_rewrite_keeping_mtime(context: Any, path: str, text: str, mtime: int) -> None:
    target = context.repo / path
    target.write_bytes(text.encode().decode("unicode_escape").encode())
    os.utime(target, (mtime, mtime))


@when('"{path}" is rewritten to "{text}" as a command writes it')
def step_rewrite_plainly(context: Any, path: str, text: str) -> None:
    (context.repo / path).write_bytes(text.encode().decode("unicode_escape").encode())


@then('the private index still has the size of "{path}", as git wrote it')
def step_private_index_keeps_size(context: Any, path: str) -> None:
    """The entry's size, read by git itself: a rewrite of the index would have dropped it."""
    index = context.repo / ".git" / "cleveragents" / "worktree.index"
    listed = subprocess.run(
        ["git", "ls-files", "--debug", "--", path],
        cwd=context.repo,
        env={**os.environ, "GIT_INDEX_FILE": str(index)},
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    size = (context.repo / path).stat().st_size
    assert f"size: {size}\t" in listed, listed


@then('the checkpoint "{name}" holds "{text}" in "{path}"')
def step_checkpoint_holds(context: Any, name: str, text: str, path: str) -> None:
    found = subprocess.run(
        ["git", "cat-file", "blob", f"{context.checkpoints[name].tree}:{path}"],
        cwd=context.repo,
        capture_output=True,
        check=True,
    ).stdout
    expected = text.encode().decode("unicode_escape").encode()
    assert found == expected, f"{path} in {name}: {found!r}, expected {expected!r}"


@given('the repository\'s git config sets "{key}" to "{value}"')
def step_repo_config(context: Any, key: str, value: str) -> None:
    subprocess.run(["git", "config", key, value], cwd=context.repo, check=True)


@then("the private index is of format 2 with no extension but the cache of trees")
def step_private_index_format(context: Any) -> None:
    index = context.repo / ".git" / "cleveragents" / "worktree.index"
    data = index.read_bytes()
    assert data[:8] == b"DIRC\0\0\0\2", data[:8]
    assert data[-20:] != bytes(20), "written with no checksum (index.skipHash)"
    for signature in (b"EOIE", b"IEOT", b"UNTR", b"link", b"sdir"):
        assert signature not in data, signature


@given("the environment says GIT_INDEX_VERSION=4")
def step_index_version_env(context: Any) -> None:
    was = os.environ.get("GIT_INDEX_VERSION")
    os.environ["GIT_INDEX_VERSION"] = "4"

    def restore() -> None:
        if was is None:
            os.environ.pop("GIT_INDEX_VERSION", None)
        else:  # pragma: no cover - nobody runs the suite with it set
            os.environ["GIT_INDEX_VERSION"] = was

    context.cleanups.append(restore)
