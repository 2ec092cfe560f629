"""Steps of trust.mount_points.feature: the empty files a sandboxed command's box stands on
for host-run names not there yet, seen from outside it, and after a kill of `agents`."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import threading
import time
from typing import Any

from behave import given, then, when

from features.steps.claude_steps import claude_env
from features.steps.cli_steps import command_line, cwd_of
from features.support.properties import run_property

# What the user puts at a name while the command runs, in place of the box's empty file.
_PUT = {
    "their own empty file": lambda path: path.write_bytes(b""),
    "their own bytes": lambda path: path.write_bytes(b"export EDITOR=vim\n"),
    "a folder": lambda path: path.mkdir(),
}


def _appeared(path: Any, seconds: float = 60.0, repo: Any = None) -> bool:
    """Whether `path` stood within `seconds`; given the `repo` holding it, in the overlay
    of a sandboxed command too (`cli_steps.command_wrote`)."""
    from features.steps.cli_steps import command_wrote

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if os.path.lexists(path):
            return True
        if repo is not None and command_wrote(repo, os.path.relpath(path, repo)):
            return True
        time.sleep(0.01)
    return False


def _names(names: str) -> list[str]:
    """Names apart by `|` when one holds a space (`Claude Code|Task done`), else by spaces."""
    return names.split("|") if "|" in names else names.split()


@given('the names "{names}" are watched in the tree while the command runs')
def step_watch_names(context: Any, names: str) -> None:
    """A thread of this process, outside the sandbox, looking for each name every 10 ms."""
    seen: set[str] = set()
    done = threading.Event()

    def watch() -> None:
        while not done.is_set():
            seen.update(n for n in _names(names) if os.path.lexists(context.repo / n))
            time.sleep(0.01)

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    context.watched = (seen, done, thread)


@then('of the watched names only "{stood}" stood in the tree')
def step_watched_only(context: Any, stood: str) -> None:
    seen, done, thread = context.watched
    done.set()
    thread.join()
    assert seen == set(_names(stood)), f"the names that stood in the user's tree: {sorted(seen)}"


@when('the user puts {what} at "{name}"')
def step_user_puts(context: Any, what: str, name: str) -> None:
    path = context.repo / name
    path.unlink(missing_ok=True)
    _PUT[what](path)


@given('the user puts {what} at "{name}" once the command has made "{marker}"')
def step_user_replaces(context: Any, what: str, name: str, marker: str) -> None:
    """A thread, outside the sandbox: once the sandboxed command has made `marker` (the box
    stands on the empty file by then, however slow the machine), the empty file is removed
    and the user's own put in its place (a new file, of another inode)."""
    path = context.repo / name
    put = _PUT[what]
    replaced = threading.Event()

    def replace() -> None:
        if _appeared(context.repo / marker, repo=context.repo) and os.path.lexists(path):
            path.unlink()
            put(path)
            replaced.set()

    thread = threading.Thread(target=replace, daemon=True)
    thread.start()
    context.replaced = (replaced, thread)


@then('the user\'s "{name}" was put there, and stdout contains "{text}"')
def step_put_and_said(context: Any, name: str, text: str) -> None:
    replaced, thread = context.replaced
    thread.join(timeout=5)
    assert replaced.is_set(), "the box's empty file never stood: nothing was replaced"
    assert text in context.result.stdout, context.result.stdout


@when('I start "{command}" with Claude and SIGKILL it once "{name}" stands in the tree')
def step_kill_agents(context: Any, command: str, name: str) -> None:
    """`agents` started as its own process (never forked), killed by its PID with SIGKILL
    while its command sleeps in the box (bwrap dies with it: `--die-with-parent`)."""
    agents = _started(context, command)
    stood = _appeared(context.repo / name, repo=context.repo)
    os.kill(agents.pid, signal.SIGKILL)
    agents.wait(timeout=30)
    assert stood, f"{name} never stood in the tree while agents ran"
    time.sleep(0.2)  # bwrap, its parent gone, ends its box


@when(
    'I start "{command}" with Claude, SIGSTOP it once "{first}" stands and SIGKILL it once '
    '"{name}" stands in the tree'
)
def step_stop_kill_agents(context: Any, command: str, first: str, name: str) -> None:
    """As above, but `agents` is stopped first (`kill -STOP`, a debugger): its lock's beat
    stops with it; its command, in a session of its own, writes on (attack 24, F8)."""
    agents = _started(context, command)
    stood = _appeared(context.repo / first, repo=context.repo)
    os.kill(agents.pid, signal.SIGSTOP)
    later = stood and _appeared(context.repo / name, repo=context.repo)
    os.kill(agents.pid, signal.SIGKILL)
    agents.wait(timeout=30)
    assert stood and later, f"{first} or {name} never stood in the tree while agents ran"
    time.sleep(0.2)  # bwrap, its parent gone, ends its box


def _started(context: Any, command: str) -> subprocess.Popen[bytes]:
    environ = {**os.environ, **context.env, **claude_env(context)}
    agents = subprocess.Popen(
        command_line(context, command),
        cwd=cwd_of(context),
        env=environ,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )

    def stop() -> None:  # what is left of this one's session only, by its PID
        if agents.poll() is None:
            os.killpg(agents.pid, signal.SIGKILL)
        agents.wait()

    context.add_cleanup(stop)
    return agents


AFTER_BEAT = 10_000_000_000  # ns: `operation_repair.AFTER_BEAT`


@when('once the killed run could write no more, the user runs "{line}" in the tree')
def step_user_after_kill(context: Any, line: str) -> None:
    """The user's own commands, run once the killed agents' last touch of the working tree's
    lock is past by the time its command could still have written (`AFTER_BEAT`, as
    `operation_repair.AFTER_BEAT`: this step runs on the code before it too): waited for by
    that file's time, not a guess."""
    lock = context.repo / ".git" / "cleveragents" / "locks" / "worktree.lock"
    until = os.stat(lock).st_mtime_ns + AFTER_BEAT
    while time.time_ns() <= until + 50_000_000:  # and a kernel clock tick behind
        time.sleep(0.05)
    subprocess.run(["bash", "-c", line], cwd=context.repo, check=True, env=os.environ)


@then('"{name}" of the tree is the empty read-only file the box stood on')
def step_left_empty(context: Any, name: str) -> None:
    st = os.lstat(context.repo / name)
    assert stat.S_ISREG(st.st_mode) and st.st_size == 0, oct(st.st_mode)


@when("the box's empty files are made for random names, and the user's put at some")
def step_mount_points_property(context: Any) -> None:
    from features.support.mount_points_property import check_property

    run_property(context, "mount points property", check_property, 10)


@then("each name holds what the user put there, or nothing, and no journal is left")
def step_mount_points_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@when('the user moves the tree to "{name}"')
def step_move_tree(context: Any, name: str) -> None:
    """A rename of the whole tree (its `.git`, agents' state in it, going along)."""
    context.repo = context.repo.rename(context.repo.parent / name)


@when('the user copies the tree to "{name}" and removes the old one')
def step_copy_tree(context: Any, name: str) -> None:
    """A move across file systems as `mv` does it: a copy (new inodes), then the removal."""
    step_copy_tree_kept(context, name)
    subprocess.run(["rm", "-rf", "--", str(context.old_repo)], check=True)


@when('the user copies the tree to "{name}", keeping the old one')
def step_copy_tree_kept(context: Any, name: str) -> None:
    moved = context.repo.parent / name
    subprocess.run(["cp", "-a", "--", str(context.repo), str(moved)], check=True)
    context.old_repo, context.repo = context.repo, moved


@then('the old tree\'s "{name}" is gone, and stderr says so by its path')
def step_old_tree_swept(context: Any, name: str) -> None:
    old = context.old_repo / name
    assert not os.path.lexists(old), f"{old} stands"
    said = f"removed {old}: a file a killed command's sandbox stood on"
    assert said in context.result.stderr, context.result.stderr


@when("my hook passes random words to a program, and the sandbox's binds are read")
def step_mount_words_property(context: Any) -> None:
    from features.support.mount_words_property import check_property
    from features.support.properties import run_property

    run_property(context, "mount words property", check_property, 20)


@then("no data word stood as a file, and every committed file the hook names was held")
def step_mount_words_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@when("agents is killed right after naming a mount point {kind} and the next one sweeps")
def step_killed_once_named(context: Any, kind: str) -> None:
    from features.support.mount_points_kill import killed_once_named

    subprocess.run(["git", "init", "-q", str(context.repo)], check=True)
    call = {"file": "link", "folder": "mkdir"}[kind]
    context.swept = killed_once_named(context.repo, call)


@then('the sweep removed "{place}" and left no journal')
def step_swept_named(context: Any, place: str) -> None:
    removed, journals = context.swept
    assert removed == [place], f"removed: {removed}"
    assert not (context.repo / place).exists(), f"{place} stands"
    assert not journals, f"journals left: {journals}"


@when("random plantings of a killed run are settled by the next command")
def step_killed_put_back_property(context: Any) -> None:
    from features.support.killed_put_back_property import check_property

    run_property(context, "killed put-back property", check_property, 4)


@then(
    "the canary never ran, mine is as it was, and no undo of the repair brings a planted byte back"
)
def step_killed_put_back_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@when("random changes of a killed command and then of mine are dated by the beat rule")
def step_beat_rule_property(context: Any) -> None:
    from features.support.beat_rule_property import check_property
    from features.support.properties import run_property

    run_property(context, "beat rule property", check_property, 15)


@then("every change of the command is taken back, and every change of mine kept")
def step_beat_rule_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@when("a stopped writer's command writes on for a random time and the writer is killed")
def step_box_beat_property(context: Any) -> None:
    from features.support.box_beat_property import check_property

    run_property(context, "box beat property", check_property, 1)


@then("the lock's last touch bounds every write of the command, and ends with it")
def step_box_beat_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@when("random folders a killed run opened are changed by me or not, then opened again")
def step_opened_journal_property(context: Any) -> None:
    from features.support.opened_journal_property import check_property

    run_property(context, "opened journal property", check_property, 20)


@then("each I left untouched has its first mode back, each I changed is as I left it")
def step_opened_journal_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure
