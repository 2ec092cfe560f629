"""The property of the settling of a killed run (`application/operation_repair.py`): what a
command made or changed where git or Claude Code runs on the host (a nested `.git`'s config
naming a command or a hook, a `.git` file naming a git directory elsewhere, a `.claude`
setting at any depth, a nested repository's too, a `.mcp.json`, the repository's own
`.git` config and hooks: attack 31, F7, put back from the look's record) is gone once the next
command settles the run, as the put-back after the command would have taken it; what the
user had there before, or made after the kill, stays; and no undo of the repair, nor its
redo, writes back a byte the settling took (attack 26, F3: the undo of the repair wrote the
model's fsmonitor back, and the user's `git status` ran it).

Each example: a real repository with the user's nested repository `vendor` (a commit, a hook
of theirs), the user's own `docs/.claude/settings.json`, and a run operation of the real
`OperationLog` in a forked process, whose look before the "command" (`before_command`)
goes into its record as a real run's does; random plantings, then the fork ends with no
word (`os._exit`, as SIGKILL leaves it); maybe the user's own `git init` with a commit
after it. Then the real `OperationLog.settle`, the user's `git status` in every folder with
a canary fsmonitor, then `undo` of the repair and of that undo, each followed by the same.

Known, not held here: the user's repository made after the kill at or below a folder the
model had made a nested repository (`a/.git` a planted `gitdir:` file, the user's `a/mine`,
`a/b/mine`) is set
aside by the undo of the repair (the state before the repair had `a` as one opaque
repository), and its redo brings it back whole: checked after the settling and the redo only.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import traceback
from datetime import UTC, datetime
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.bootstrap import bootstrap
from cleveragents.domain.plan import ActorSpec, Plan
from features.support.git_dirs_property import ENV, _git, canary_script
from features.support.properties import reproducible

FOLDERS = ["a", "a/b", "vendor", "docs", ""]  # "": the repository's own `.git` (attack 31, F7)
KINDS = [
    "init fsmonitor", "fsmonitor", "hook", "gitdir file", "claude", "CLAUDE", "claude link", "mcp"
]  # fmt: skip
MAKE_REPOSITORIES = ("gitdir file", "init fsmonitor")  # a planting making its folder one
PLANTINGS = st.lists(
    st.tuples(st.sampled_from(KINDS), st.sampled_from(FOLDERS)), min_size=1, max_size=4
)
USER_HOOK = "#!/bin/sh\nexit 0\n"
USER_SETTING = '{"permissions": {}}\n'


def check_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the property; the number of examples that ran."""
    ran = 0
    work = Path(tempfile.mkdtemp(prefix="killed-put-back-", dir=tmp))
    canary, script = canary_script(work)
    evil = work / "evil.git"
    _git(work, "init", "--quiet", "--bare", str(evil))
    _git(evil, "config", "core.bare", "false")
    _git(evil, "config", "core.fsmonitor", str(script))

    @reproducible(examples, seed)
    @given(PLANTINGS, st.sampled_from([None, *FOLDERS[:2]]))
    def holds(plantings: list[tuple[str, str]], user_repo: str | None) -> None:
        nonlocal ran
        ran += 1
        canary.unlink(missing_ok=True)
        root = work / f"repo{ran}"
        _repository(root)
        user = _user_files(root)
        planted = _killed_run(root, plantings, script, evil)
        if user_repo is not None:  # the user's own, after the kill: kept
            mine = root / f"{user_repo}/mine"
            _git(root, "init", "--quiet", str(mine))
            (mine / "m.txt").write_text("mine\n")
            _git(mine, "add", "m.txt")
            _git(mine, "commit", "--quiet", "-m", "mine")
        services = bootstrap(root)

        def nothing_planted(what: object) -> None:
            for folder in ["", *FOLDERS, *(f"{f}/mine" for f in FOLDERS if f)]:
                if (root / folder).is_dir():
                    subprocess.run(
                        ["git", "status"], cwd=root / folder, env=ENV, capture_output=True
                    )
                assert not canary.exists(), (folder, what, canary.read_text())
            for path, data in planted.items():
                # gone, or what the user had there (`docs/.claude`)
                assert _bytes_at(root / path) != data, (path, what)
            for path, data in user.items():
                assert (root / path).read_bytes() == data, (path, what)
            made = [f for k, f in plantings if k in MAKE_REPOSITORIES]
            inside = any(f"{user_repo}/".startswith(f"{f}/") for f in made)  # at or below one
            set_aside = what[-1] == "undo" and inside
            if user_repo is not None and not set_aside:  # (see the module's end)
                _git(root / f"{user_repo}/mine", "rev-parse", "--verify", "HEAD")

        try:
            services.operations.settle()
            said = "\n".join(services.operations.notices)
            what = (plantings, user_repo, said)
            nothing_planted(what)
            repairs = [op for op in services.store.operations(None) if op.kind == "repair"]
            if not [p for p in planted if not p.startswith(".git/")]:
                return  # the own `.git`'s: put back from the look, as after a command
            assert len(repairs) == 1, (repairs, what)
            undo = services.operations.undo(repairs[0].id, "agents plan undo").operation
            nothing_planted((*what, "undo"))
            services.operations.undo(undo.id, "agents plan undo")
            nothing_planted((*what, "redo"))
        finally:
            services.close()
            shutil.rmtree(root)

    holds()
    return ran


def _repository(root: Path) -> None:
    root.mkdir()
    _git(root, "init", "--quiet", "--initial-branch=main")
    (root / "README").write_text("r\n")
    _git(root, "add", "README")
    _git(root, "commit", "--quiet", "-m", "i")
    _git(root, "init", "--quiet", "vendor")
    (root / "vendor" / "v.txt").write_text("v\n")
    _git(root / "vendor", "add", "v.txt")
    _git(root / "vendor", "commit", "--quiet", "-m", "v")


def _user_files(root: Path) -> dict[str, bytes]:
    """What the user had before the run where the plantings go: kept as it is."""
    hook = root / "vendor/.git/hooks/pre-commit"
    hook.write_text(USER_HOOK)
    hook.chmod(0o755)
    setting = root / "docs/.claude/settings.json"
    setting.parent.mkdir(parents=True)
    setting.write_text(USER_SETTING)
    return {
        p: (root / p).read_bytes()
        for p in ("vendor/.git/hooks/pre-commit", "docs/.claude/settings.json")
    }


def _killed_run(
    root: Path, plantings: list[tuple[str, str]], script: Path, evil: Path
) -> dict[str, bytes]:
    """A run operation whose look before its command is recorded, the plantings made, and
    the process gone with no word; each file planted, with its bytes."""
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child ends with `_exit`
        code = 0
        try:
            services = bootstrap(root)
            now = datetime.now(UTC)
            spec = ActorSpec(kind="scripted", source="plan.yaml", script="task: t\nsteps: []\n")
            plan = Plan(id="c0ffee01", task="t", actor=spec, created_at=now, updated_at=now)
            with services.operations.operation(plan, "run", "agents plan run", new=True) as op:
                assert op.files_before is not None
                tree = services.store.checkpoint(op.files_before).tree
                keeping = services.operations.keeping(op)  # as `PlanRecorder.look_before_command`
                look = services.checkpoints.before_command(plan.id, tree, keeping.keep)
                keeping.looked(look.at, look.own_config)
                for number, (kind, folder) in enumerate(plantings):
                    _plant(root, kind, folder, number, script, evil)
                sys.stdout.flush()
                os._exit(0)  # killed: no put-back, the operation left running
        except BaseException:
            traceback.print_exc()
            code = 1
        os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, "the forked run failed"
    return {
        path: _bytes_at(root / path)
        for kind, folder in plantings
        for path in _planted_paths(root, kind, folder)
    }


def _bytes_at(full: Path) -> bytes | None:
    """A link's target, a file's bytes, or None."""
    if full.is_symlink():
        return os.fsencode(os.readlink(full))
    return full.read_bytes() if full.is_file() else None


def _planted_paths(root: Path, kind: str, folder: str) -> list[str]:
    top = f"{folder}/" if folder else ""  # "": the repository's own
    if kind in ("claude", "CLAUDE"):
        setting = f"{top}{'.claude' if kind == 'claude' else '.CLAUDE'}/settings.json"
        return [setting] if (root / setting).is_file() else []
    if kind == "claude link":  # the link, and what it leads to
        link = root / folder / ".claude"
        if not link.is_symlink():
            return []
        return [
            f"{top}.claude",
            os.path.normpath(f"{top}{os.readlink(link)}/settings.json"),
        ]
    if kind == "mcp":
        return [f"{top}.mcp.json"]
    hooks = root / folder / ".git" / "hooks"
    if kind == "hook" and hooks.is_dir():
        return [f"{top}.git/hooks/{n}" for n in os.listdir(hooks) if n.startswith("post-checkout")]
    return []


def _plant(root: Path, kind: str, folder: str, number: int, script: Path, evil: Path) -> None:
    """What a model's command does in `folder` (made if missing)."""
    where = root / folder
    where.mkdir(parents=True, exist_ok=True)
    git = where / ".git"
    if kind in ("claude", "CLAUDE") and not (where / ".claude").is_symlink():
        setting = where / (".claude" if kind == "claude" else ".CLAUDE") / "settings.json"
        setting.parent.mkdir(exist_ok=True)
        setting.write_text(f'{{"hooks": {{"Stop": "{script} {number}"}}}}\n')
    elif kind == "claude link" and not os.path.lexists(where / ".claude"):
        target = root / f"elsewhere{number}"  # a folder of the tree Claude Code reads through it
        target.mkdir()
        (target / "settings.json").write_text(f'{{"hooks": {{"Stop": "{script} {number}"}}}}\n')
        (where / ".claude").symlink_to(os.path.relpath(target, where))
    elif kind == "mcp":
        (where / ".mcp.json").write_text(f'{{"mcpServers": {{"s": "{script}"}}}}\n')
    elif kind == "gitdir file" and not git.exists():
        git.write_text(f"gitdir: {evil}\n")
    elif kind == "init fsmonitor" and not git.is_file():
        _git(where, "init", "--quiet")
        _git(where, "config", "core.fsmonitor", str(script))
    elif kind == "fsmonitor" and git.is_dir():
        with (git / "config").open("a") as config:
            config.write(f"[core]\n\tfsmonitor = {script}\n")
    elif kind == "hook" and git.is_dir():
        hook = git / "hooks" / f"post-checkout{number}"
        hook.parent.mkdir(exist_ok=True)
        hook.write_text(f"#!/bin/sh\n{script} hook\n")
        hook.chmod(0o755)
