"""In-process restores, ref moves and ignore checks, checked against git itself."""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import shutil
import stat
import subprocess
import tempfile
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

from behave import given, then, when
from hypothesis import HealthCheck, settings
from hypothesis import given as for_all
from hypothesis import strategies as st

from features.steps.checkpoint_steps import changed_keys, keeping, services
from features.steps.known_paths_steps import (
    assert_asked,
    git_commands,
    private_index_tree,
    standing_in,
    step_new_command,
)
from features.steps.repo_steps import commit_all, git

PLAN = "feedcafe"
CHECK_IGNORE = ["git", "-c", "core.excludesFile=/dev/null", "check-ignore", "--no-index"]
REF = f"refs/cleveragents/plans/{PLAN}"


@when('I restore the checkpoint "{name}" right after that checkpoint')
def step_restore_in_step(context: Any, name: str) -> None:
    context.kept = []  # as an operation records what a restore saves
    checkpoints = services(context).checkpoints
    checkpoints.restore(context.checkpoints[name], in_step=True, keeping=keeping(context))


@when('I restore the checkpoint "{name}" as an operation does')
def step_restore_kept(context: Any, name: str) -> None:
    context.kept = []
    services(context).checkpoints.restore(context.checkpoints[name], keeping=keeping(context))


@when('I restore the checkpoint "{name}", noting the git commands')
def step_restore_noted(context: Any, name: str) -> None:
    with git_commands() as context.git_calls:
        services(context).checkpoints.restore(context.checkpoints[name], keeping=keeping(context))


@then('the restore asked git "{asked}", not "{other}"')
def step_restore_asked(context: Any, asked: str, other: str) -> None:
    assert_asked(context.git_calls, f"git {asked}", "yes")
    assert_asked(context.git_calls, f"git {other}", "no")


@then('the restore did not ask git "{other}"')
def step_restore_not_asked(context: Any, other: str) -> None:
    assert_asked(context.git_calls, f"git {other}", "no")


@when('checkpoints "{names}" of the working tree are taken, noting the git commands')
def step_checkpoints_noted(context: Any, names: str) -> None:
    with git_commands(logging.DEBUG) as context.git_calls:
        for name in names.split(", "):
            context.checkpoints[name] = services(context).checkpoints.create(PLAN, name)


@when('the user adds "{path}" to their index')
def step_user_adds(context: Any, path: str) -> None:
    git(context, "add", "--force", "--", path)


@when("the user's index is deleted")
def step_user_index_deleted(context: Any) -> None:
    (context.repo / ".git" / "index").unlink()


@then("the user's index was listed once")
def step_user_index_listed(context: Any) -> None:
    # the user's own: run with no environment of ours (`-vv` shows the one given)
    listed = [c for c in context.git_calls if c.startswith("git ls-files -z  (in ")]
    mine = [c for c in listed if "GIT_INDEX_FILE=" not in c]
    assert len(mine) == 1, context.git_calls


@then('restoring the checkpoint "{name}" right after that checkpoint is refused')
def step_restore_refused(context: Any, name: str) -> None:
    from cleveragents.errors import ConflictingState

    try:
        step_restore_in_step(context, name)
    except ConflictingState as refused:
        context.refusal = refused.message
    else:
        raise AssertionError("the restore overwrote a file changed since the checkpoint")


@when("git packs every object and every ref of the repository")
def step_pack(context: Any) -> None:
    git(context, "pack-refs", "--all")
    git(context, "repack", "-a", "-d", "-q")
    loose = [p for p in (context.repo / ".git" / "refs" / "cleveragents").rglob("*") if p.is_file()]
    assert not loose, f"refs left loose: {loose}"


@when('I restore the checkpoint "{name}" in a new command')
def step_restore_new_command(context: Any, name: str) -> None:
    step_new_command(context)
    services(context).checkpoints.restore(context.checkpoints[name], keeping=keeping(context))


@when('a hard link outside the working tree to "{path}"')
def step_hard_link(context: Any, path: str) -> None:
    context.outside = context.tmp / "outside-link"
    context.outside.hardlink_to(context.repo / path)


@then('the hard link outside the working tree holds "{content}"')
def step_hard_link_holds(context: Any, content: str) -> None:
    assert context.outside.read_text() == content.replace("\\n", "\n")


@then('the file "{path}" has no other link')
def step_one_link(context: Any, path: str) -> None:
    assert (context.repo / path).stat().st_nlink == 1


@when('"{path}" is touched')
def step_touched(context: Any, path: str) -> None:
    """Its timestamps set an hour back, its bytes kept."""
    full = context.repo / path
    before = full.stat()
    os.utime(full, ns=(before.st_atime_ns, before.st_mtime_ns - 3_600 * 10**9))


@when('the mode of "{path}" is {octal}')
def step_mode(context: Any, path: str, octal: str) -> None:
    (context.repo / path).chmod(int(octal, 8))


@when("the inode and timestamps of every file are noted")
def step_note_inodes(context: Any) -> None:
    context.noted = _inodes(context.repo)


@then("no file's inode or timestamps changed")
def step_same_inodes(context: Any) -> None:
    changed = changed_keys(_inodes(context.repo), context.noted)
    assert not changed, f"changed: {changed}"


def _inodes(repo: Path) -> dict[str, tuple[int, ...]]:
    """Each file's and link's inode, modification and change times, link count and
    permission bits, by path."""
    return {
        str(path.relative_to(repo)): (
            info.st_ino,
            info.st_mtime_ns,
            info.st_ctime_ns,
            info.st_nlink,
            info.st_mode,
        )
        for path in repo.rglob("*")
        if ".git" not in path.relative_to(repo).parts
        and not stat.S_ISDIR((info := path.lstat()).st_mode)
    }


@given('a sha256 git repository with a file "{path}" containing "{content}"')
def step_sha256(context: Any, path: str, content: str) -> None:

    shutil.rmtree(context.repo)
    context.repo.mkdir(parents=True)
    git(context, "init", "--quiet", "--object-format=sha256", "--initial-branch=main")
    (context.repo / path).parent.mkdir(parents=True, exist_ok=True)
    (context.repo / path).write_text(content.replace("\\n", "\n"))
    commit_all(context, "initial")


@given("the lock file of the plan's ref exists")
def step_ref_lock(context: Any) -> None:
    lock = context.repo / ".git" / f"{REF}.lock"
    lock.write_text("held by another command\n")
    context.ref_lock = lock


@then("a checkpoint of the working tree is refused naming the lock file")
def step_checkpoint_refused(context: Any) -> None:
    from cleveragents.errors import ConflictingState

    try:
        services(context).checkpoints.create(PLAN, "refused")
    except ConflictingState as refused:
        assert str(context.ref_lock) in refused.message, refused.message
    else:
        raise AssertionError("the ref moved although another command held its lock")


@then("the lock file of the plan's ref still exists")
def step_lock_stays(context: Any) -> None:
    assert context.ref_lock.read_text() == "held by another command\n"


@then('the plan\'s ref is still at the checkpoint "{name}"')
def step_ref_at(context: Any, name: str) -> None:
    assert git(context, "rev-parse", REF).strip() == context.checkpoints[name].id


@then('the plan\'s ref points at the checkpoint "{name}" after the checkpoint "{parent}"')
def step_ref_and_parent(context: Any, name: str, parent: str) -> None:
    step_ref_at(context, name)
    assert git(context, "rev-parse", f"{REF}^").strip() == context.checkpoints[parent].id


@given('the repository setting "{key}" is "{value}"')
def step_setting(context: Any, key: str, value: str) -> None:
    git(context, "config", key, value)


@then("the plan's ref has a reflog of {count:d} entries")
def step_reflog(context: Any, count: int) -> None:
    entries = git(context, "reflog", "show", "--format=%H", REF).split()
    assert len(entries) == count, entries


@then('the private index holds the tree of the checkpoint "{name}"')
def step_index_holds(context: Any, name: str) -> None:
    tree = private_index_tree(context)
    assert tree == context.checkpoints[name].tree, (tree, context.checkpoints[name].tree)


@when("the private index file is noted")
def step_index_noted(context: Any) -> None:
    index = context.repo / ".git" / "cleveragents" / "worktree.index"
    context.index_was = (index.stat().st_ino, index.stat().st_mtime_ns, index.read_bytes())


@then("the private index file is as it was")
def step_index_as_it_was(context: Any) -> None:
    index = context.repo / ".git" / "cleveragents" / "worktree.index"
    now = (index.stat().st_ino, index.stat().st_mtime_ns, index.read_bytes())
    assert now == context.index_was, "the restore wrote the private index"


@then("the restore saved nothing")
def step_saved_nothing(context: Any) -> None:
    saved = [s for s in context.kept if s.commit or s.absent]
    assert not saved, saved


@then('the folder "{path}" does not exist')
def step_no_folder(context: Any, path: str) -> None:
    assert not (context.repo / path).exists()


NAMES = ["a", "b", "build", "x.log", "foo.txt", "Ab", "a b", "d.py", ".hidden", "é"]
ATOMS = ["a", "b", "build", "*", "?", "*.log", "x", "foo*", "*b", "d", "a b", "ba", "é", "[ab]"]


def _rule(atoms: list[str], flags: list[bool]) -> str:
    rule = "/".join(atoms)
    lead, trail, negate, spaces, comment, crlf = flags
    rule = ("/" if lead else "") + rule + ("/" if trail else "")
    rule = ("!" if negate else "") + rule + ("  " if spaces else "")
    return ("#" if comment else "") + rule + ("\r" if crlf else "")


rules = st.builds(
    _rule,
    st.lists(st.sampled_from(ATOMS), min_size=1, max_size=2),
    st.lists(st.booleans(), min_size=6, max_size=6),
)
paths = st.lists(st.sampled_from(NAMES), min_size=1, max_size=4).map("/".join)


@when("random ignore rules and paths are checked against git check-ignore")
def step_ignore_property(context: Any) -> None:
    from cleveragents.adapters.git import ignore_rules

    context.ignore_mismatches = []

    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
    @for_all(
        st.lists(st.lists(rules, max_size=4), min_size=4, max_size=4),
        st.lists(paths, min_size=1, max_size=12),
    )
    def check(rule_files: list[list[str]], wanted: list[str]) -> None:
        with tempfile.TemporaryDirectory(prefix="ca-ignore-", dir=context.tmp) as scratch:
            root = Path(scratch)
            subprocess.run(["git", "init", "-q", str(root)], check=True)
            folders = ["", "a", "a/b"]
            for folder, listed in zip(folders, rule_files, strict=False):
                (root / folder).mkdir(parents=True, exist_ok=True)
                (root / folder / ".gitignore").write_text("\n".join(listed) + "\n")
            exclude = root / ".git" / "info" / "exclude"
            exclude.write_text("\n".join(rule_files[3]) + "\n")
            said = [p for p in wanted if ignore_rules.surely_not_ignored(root, p, [exclude])]
            done = subprocess.run(
                [*CHECK_IGNORE, "--stdin", "-z"],
                cwd=root,
                input="\0".join(said).encode(),
                capture_output=True,
            )
            ignored = set(done.stdout.decode().split("\0")) - {""}
            context.ignore_mismatches += [(rule_files, p) for p in said if p in ignored]

    check()


@then("every path said not to be ignored is not ignored by git")
def step_no_mismatch(context: Any) -> None:
    assert not context.ignore_mismatches, context.ignore_mismatches[:5]


INDEX_NAMES = ["a", "b", "a.b", "a b", "a-b", "ab", "é", "x'y", "q\nr", "n" * 200]
index_paths = st.lists(st.sampled_from(INDEX_NAMES), min_size=1, max_size=3).map("/".join)


@when("random files are added to an index, and random entries asked of it in-process")
def step_index_property(context: Any) -> None:
    """Each answer of `index_file.holds` set against what `git ls-files` lists (and the
    files' sizes): it may not say an index holds what git does not list, nor fail to find
    an entry git wrote plainly (one with no skip-worktree or assume-unchanged bit, which
    set bits of its flags; those are always asked, as they are or as absent)."""
    from cleveragents.adapters.git import index_file

    context.index_mismatches = []

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @for_all(
        st.lists(st.tuples(index_paths, st.binary(max_size=20), st.booleans()), min_size=1),
        st.data(),
    )
    def check(files: list[tuple[str, bytes, bool]], data: Any) -> None:
        with tempfile.TemporaryDirectory(prefix="ca-index-", dir=context.tmp) as scratch:
            root = Path(scratch)
            subprocess.run(["git", "init", "-q", str(root)], check=True)
            for path, content, executable in files:
                target = root / path
                with contextlib.suppress(OSError):  # a file where a folder is, or back
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(content)
                    target.chmod(0o755 if executable else 0o644)
            run = {"cwd": root, "check": True, "capture_output": True}
            # format 2 (or 3), whatever index.version or feature.manyFiles say here
            subprocess.run(["git", "-c", "index.version=2", "add", "--all"], **run)
            listed = {}
            for record in subprocess.run(["git", "ls-files", "-s", "-z"], **run).stdout.split(
                b"\0"
            ):
                if record:
                    meta, _, name = record.partition(b"\t")
                    mode, oid, _ = meta.split(b" ")
                    listed[name] = (mode, bytes.fromhex(oid.decode()))
            names = sorted(listed)
            hidden: set[bytes] = set()
            bit = data.draw(st.sampled_from(["", "", "--skip-worktree", "--assume-unchanged"]))
            if bit:
                hidden = data.draw(st.sets(st.sampled_from(names), min_size=1, max_size=2))
                subprocess.run(["git", "update-index", bit, "--", *map(os.fsdecode, hidden)], **run)
            sizes = {name: os.lstat(root / os.fsdecode(name)).st_size for name in names}
            drawn = data.draw(st.lists(st.sampled_from(names), min_size=1, unique=True))
            asked: dict[bytes, tuple[bytes, bytes] | None] = {name: listed[name] for name in drawn}
            # a hidden entry is asked always, as it is or as absent
            for name in sorted(hidden):
                asked[name] = data.draw(st.sampled_from([None, listed[name]]))
            # and one of the others, at most, is asked otherwise than git has it
            twist = data.draw(st.sampled_from(["", "", "id", "mode", "size", "absent"]))
            victim = data.draw(st.sampled_from(drawn))
            if twist and victim not in hidden:
                mode, oid = listed[victim]
                if twist == "id":
                    asked[victim] = (mode, bytes(b ^ 1 for b in oid))
                elif twist == "mode":
                    asked[victim] = (b"100755" if mode == b"100644" else b"100644", oid)
                elif twist == "size":
                    sizes[victim] += 1
                else:
                    asked[victim] = None
            truth = not (twist == "size" and victim not in hidden)
            absent = data.draw(st.sets(index_paths.map(str.encode)))
            asked.update({name: None for name in absent - set(listed)})
            said = index_file.holds(root / ".git" / "index", asked, sizes)
            truth = truth and all(listed.get(name) == entry for name, entry in asked.items())
            plain = not hidden & set(asked)
            if said is None or (said and not truth) or (plain and said != truth):
                context.index_mismatches.append((files, hidden, asked, said, truth))
            # the entry of a file of another size is never found (whatever else matches)
            size = os.lstat(root / os.fsdecode(victim)).st_size + 1
            if index_file.holds(root / ".git" / "index", {victim: listed[victim]}, {victim: size}):
                context.index_mismatches.append((files, victim, "found at another size"))

    check()


LONG_NAMES = ["L" * 4094, "L" * 4095, "a/" + "L" * 4100]  # about git's 0xFFF name length
index_records = st.tuples(
    st.one_of(index_paths, index_paths, index_paths, st.sampled_from(LONG_NAMES)),
    st.sampled_from(["100644", "100755", "120000", "160000", "0"]),
    st.integers(0, 3),
)


@when("random entries are given to random indexes, by git and in-process")
def step_index_writes(context: Any) -> None:
    """An index made by git (`update-index --index-info`, maybe `write-tree`'s cache of
    trees, skip-worktree or assume-unchanged bits, more entries after it), then
    given random records by `git update-index -z --index-info` and by `index_file.update`
    (a copy): the second writes the very bytes git wrote."""
    from cleveragents.adapters.git import index_file

    context.index_writes = []

    @settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
    @for_all(
        st.sampled_from(["sha1", "sha1", "sha256"]),
        st.lists(index_records, min_size=1, max_size=12),
        st.data(),
    )
    def check(kind: str, first: list[tuple[str, str, int]], data: Any) -> None:
        with tempfile.TemporaryDirectory(prefix="ca-index-", dir=context.tmp) as scratch:
            root = Path(scratch)
            subprocess.run(["git", "init", "-q", f"--object-format={kind}", str(root)], check=True)
            git = partial(subprocess.run, cwd=root, capture_output=True)
            made = root / ".git" / "made.index"
            env = {**os.environ, "GIT_INDEX_FILE": str(made)}
            oids = [
                git(["git", "hash-object", "-w", "--stdin"], input=b"%d" % n, check=True)
                .stdout.strip()
                .decode()
                for n in range(4)
            ]
            zeros = "0" * len(oids[0])

            def listing(records: list[tuple[str, str, int]]) -> bytes:
                return b"".join(
                    b"%s %s\t%s\0"
                    % (mode.encode(), (zeros if mode == "0" else oids[n]).encode(), path.encode())
                    for path, mode, n in records
                )

            git(["git", "update-index", "-z", "--index-info"], input=listing(first), env=env)
            if not made.exists():
                return  # nothing was added
            if data.draw(st.booleans()):
                git(["git", "write-tree", "--missing-ok"], env=env, check=True)
            names = [n for n in git(["git", "ls-files", "-z"], env=env).stdout.split(b"\0") if n]
            bit = data.draw(st.sampled_from(["", "", "--skip-worktree", "--assume-unchanged"]))
            picked: set[bytes] = set()
            if bit and names:
                picked = data.draw(st.sets(st.sampled_from(names), min_size=1, max_size=2))
                git(["git", "update-index", bit, "--", *map(os.fsdecode, picked)], env=env)
            more = data.draw(st.lists(index_records, max_size=3))
            git(["git", "update-index", "-z", "--index-info"], input=listing(more), env=env)
            change = data.draw(st.lists(index_records, min_size=1, max_size=6))
            for name in picked:  # a flagged entry replaced or gone: format 3 may not be needed
                if data.draw(st.booleans()):
                    mode = data.draw(st.sampled_from(["0", "100644"]))
                    change.append((os.fsdecode(name), mode, 1))
            ours = root / ".git" / "ours.index"
            shutil.copyfile(made, ours)
            by_git = git(
                ["git", "update-index", "-z", "--index-info"], input=listing(change), env=env
            )
            wrote = index_file.update(ours, listing(change), kind)
            if not wrote or by_git.returncode != 0 or ours.read_bytes() != made.read_bytes():
                context.index_writes.append((kind, first, more, change, wrote))

    check()


@then("each index written in-process holds the very bytes git wrote")
def step_index_writes_same(context: Any) -> None:
    assert not context.index_writes, context.index_writes[:2]


def _blob_x(repo: Path) -> bytes:
    """The id of a blob holding "x", written to `repo`'s objects."""
    hashing = ["git", "hash-object", "-w", "--stdin"]
    done = subprocess.run(hashing, cwd=repo, input=b"x", capture_output=True, check=True)
    return done.stdout.strip()


@given('"{path}" was rewritten {later:d} s after the second the index was written in')
def step_racily_clean(context: Any, path: str, later: int) -> None:
    """git's racily clean entry: the file's timestamp is the index file's own (or later),
    so git reads the file to tell whether it changed. It was rewritten in place after `git
    add`, at the same size and timestamp (and `core.trustctime=false`): only its bytes say
    it changed."""
    root = context.repo
    git = partial(subprocess.run, cwd=root, capture_output=True, check=True)
    git(["git", "config", "core.trustctime", "false"])
    target, index = root / path, root / ".git" / "index"
    second = (int(time.time()) - 100) * 1_000_000_000
    stamp = second + later * 1_000_000_000
    target.write_bytes(b"aaaa\n")
    os.utime(target, ns=(stamp, stamp))
    git(["git", "add", "--", path])
    os.utime(index, ns=(second, second))
    with target.open("r+b") as handle:  # the same inode
        handle.write(b"bbbb\n")
    os.utime(target, ns=(stamp, stamp))
    assert path in git(["git", "diff-files", "--name-only"]).stdout.decode()


@when('the index is given the entry of "{path}" in-process')
def step_index_given(context: Any, path: str) -> None:
    from cleveragents.adapters.git import index_file

    oid = _blob_x(context.repo)
    entry = b"100644 %s\t%s\0" % (oid, path.encode())
    assert index_file.update(context.repo / ".git" / "index", entry, "sha1")


@then('git still finds "{path}" changed')
def step_git_finds_changed(context: Any, path: str) -> None:
    listed = subprocess.run(
        ["git", "diff-files", "--name-only"], cwd=context.repo, capture_output=True, check=True
    ).stdout.decode()
    assert path in listed.split("\n"), listed


@given("every file is older than the index")
def step_files_older(context: Any) -> None:
    root = context.repo
    old = time.time() - 1000
    for path in root.rglob("*"):
        if ".git" not in path.relative_to(root).parts:
            os.utime(path, (old, old), follow_symlinks=False)
    subprocess.run(["git", "add", "--all"], cwd=root, check=True)
    subprocess.run(["git", "update-index", "--refresh"], cwd=root, capture_output=True)


@when('git and the in-process writing each give a copy of the index the entry of "{path}"')
def step_both_write(context: Any, path: str) -> None:
    from cleveragents.adapters.git import index_file

    index = context.repo / ".git" / "index"
    ours = index.with_name("ours")
    shutil.copy2(index, ours)
    oid = _blob_x(context.repo)
    entry = b"100644 %s\t%s\0" % (oid, path.encode())
    assert index_file.update(ours, entry, "sha1")
    update = ["git", "update-index", "-z", "--index-info"]
    subprocess.run(update, cwd=context.repo, input=entry, check=True)
    context.index_pair = (index.read_bytes(), ours.read_bytes())


@then("the two copies hold the same bytes")
def step_same_copies(context: Any) -> None:
    theirs, ours = context.index_pair
    assert theirs == ours, "the in-process index differs from git's"


LEFT_TO_GIT = {  # how each index is made what `index_file.update` does not mirror
    "format 4": [["update-index", "--index-version", "4"]],
    "an untracked cache": [["update-index", "--untracked-cache"]],
    "an end of entries": [
        ["-c", "index.recordEndOfIndexEntries=true", "update-index", "--force-write-index"]
    ],
    "a conflict": [["update-index", "-z", "--index-info"]],  # given stages 1 and 2 of "c"
    "a lock file": [],
    "over 256 KB of entries": [["update-index", "-z", "--index-info"]],  # given 4,000
    "a damaged checksum": [],
}


@when('an index with {case} is given a {mode:d} entry of "{path}" in-process')
def step_left_to_git(context: Any, case: str, mode: int, path: str) -> None:
    from cleveragents.adapters.git import index_file

    root = context.repo
    git = partial(subprocess.run, cwd=root, capture_output=True, check=True)
    oid = _blob_x(root)
    index = root / ".git" / "index"
    given = {
        "a conflict": b"100644 %s 1\tc\x00100644 %s 2\tc\x00" % (oid, oid),
        "over 256 KB of entries": b"".join(b"100644 %s\tmany/%d\0" % (oid, n) for n in range(4000)),
    }
    for args in LEFT_TO_GIT.get(case, []):
        git(["git", *args], input=given.get(case, b""))
    if case == "a lock file":
        index.with_name("index.lock").write_bytes(b"")
    if case == "a damaged checksum":
        data = bytearray(index.read_bytes())
        data[-1] ^= 1
        index.write_bytes(bytes(data))
    if case == "its end cut off":
        index.write_bytes(index.read_bytes()[:-30])
    if case == "more entries counted than it holds":  # with its checksum made again
        data = index.read_bytes()[:-20]
        data = data[:8] + (int.from_bytes(data[8:12], "big") + 9).to_bytes(4, "big") + data[12:]
        index.write_bytes(data + hashlib.sha1(data).digest())
    context.index_before = index.read_bytes()
    entry = b"%d %s\t%s\0" % (mode, oid, path.encode())
    context.written = index_file.update(index, entry, "sha1")


@then("the index is left as it was, for git to write")
def step_left_as_it_was(context: Any) -> None:
    assert context.written is False
    assert (context.repo / ".git" / "index").read_bytes() == context.index_before


@then("it never says the index holds what git does not list, and finds every plain entry")
def step_no_index_mismatch(context: Any) -> None:
    assert not context.index_mismatches, context.index_mismatches[:3]


@when('I restore the checkpoint "{name}" while "{path}" is written again meanwhile')
def step_restore_racing(context: Any, name: str, path: str) -> None:
    """A writer racing the restore: right after it wrote its files (and the index)."""
    from cleveragents.adapters.git import checkout

    target = context.repo / path
    honest = checkout.write

    def racing(*args: Any) -> None:
        honest(*args)
        target.write_text("written by someone else\n")

    checkout.write = racing  # type: ignore[assignment]
    try:
        services(context).checkpoints.restore(context.checkpoints[name], keeping=keeping(context))
    finally:
        checkout.write = honest  # type: ignore[assignment]
    assert target.read_text() == "written by someone else\n"


@when('I restore the checkpoint "{name}" while another git holds the private index locked')
def step_restore_locked(context: Any, name: str) -> None:
    """The lock appears as the restore starts its scan (`ls-files`): when the restore
    comes to write the index, git's lock file is there."""
    from cleveragents.adapters.git.repository import GitRepository
    from cleveragents.errors import GitFailed

    checkpoints = services(context).checkpoints
    honest = checkpoints.repo
    context.index_lock = context.repo / ".git" / "cleveragents" / "worktree.index.lock"

    class Locked(GitRepository):
        @contextlib.contextmanager
        def git_started(self, *args: str, env: Any = None) -> Iterator[Any]:
            if args[0] == "ls-files":
                context.index_lock.write_text("")
            with honest.git_started(*args, env=env) as started:
                yield started

    context.failure = None
    with standing_in(checkpoints, Locked):
        try:
            checkpoints.restore(context.checkpoints[name], keeping=keeping(context))
        except GitFailed as failed:
            context.failure, context.failure_hint = failed.message, failed.hint


@then('the restore failed, naming "{name}" and saying what to do')
def step_restore_failed(context: Any, name: str) -> None:
    assert context.failure is not None, "the restore did not fail"
    assert name in context.failure, context.failure
    assert context.failure_hint is not None and "remove that file" in context.failure_hint


@when("the other git is done with the private index")
def step_lock_gone(context: Any) -> None:
    context.index_lock.unlink()


@when('the journal of the private index ends with a record cut short after "{path}"')
def step_journal_cut(context: Any, path: str) -> None:
    journal = services(context).checkpoints.repo.state_dir / "worktree.index.behind"
    assert journal.read_bytes().endswith(b"\0"), "no whole record journalled first"
    (context.tmp / "cut.txt").write_text("cut\n")
    blob = git(context, "hash-object", "-w", str(context.tmp / "cut.txt")).strip()
    with journal.open("ab") as out:
        out.write(f"100644 {blob}\t{path}".encode())


@then("the journal of the private index is empty")
def step_journal_empty(context: Any) -> None:
    journal = services(context).checkpoints.repo.state_dir / "worktree.index.behind"
    assert journal.read_bytes() == b"", journal.read_bytes()


@when("a new command opens the private index")
def step_new_command_opens(context: Any) -> None:
    step_new_command(context)
    services(context).checkpoints.tree_env()


@when('"{path}" becomes a folder holding "{inside}"')
def step_becomes_folder(context: Any, path: str, inside: str) -> None:
    (context.repo / path).unlink()
    (context.repo / path).mkdir()
    (context.repo / inside).write_text(f"{inside}\n")
