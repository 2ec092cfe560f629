"""The property behind checkpoints that read only what an action changed.

After a `write`, `edit` or `delete` the paths it changed are known, and a checkpoint reads
only those (`GitCheckpoints.create(..., changed=[path])`); after a command (`run`) it scans
the whole tree. Each example builds a real repository in a random state (committed,
untracked and ignored files, folders, symlinks, `.gitattributes`, maybe `core.autocrlf`,
files force-added though ignored), then takes random actions through the real workspace
environment as a run does, including rewrites of `.gitignore` and of `.gitattributes` (with
a clean filter configured and end-of-line rules: a checkpoint stores bytes as they are).
After every checkpoint, its tree must be exactly the tree a scan of the whole working tree
gives (`add --all` on the private index as it was before the action).
"""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.adapters.git import private_dir
from cleveragents.adapters.git.checkpoints import GitCheckpoints
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.git.user_ignores import UserIgnores
from cleveragents.adapters.workspace.environment import WorkspaceEnvironment
from cleveragents.domain.action import Action, DeleteAction, EditAction, RunAction, WriteAction
from cleveragents.domain.checkpoint import SavedFiles
from features.support.file_operations import Model, Op, operation
from features.support.properties import reproducible
from features.support.safety_property import Scenario, _make_repository

PLAN = "property"
# Rules naming paths the operations use (file_operations.COMPONENTS), and none at all.
IGNORE_RULES = ("build/\n*.log\n", "*.txt\n", "", "a/\n!a/keep\n", "c d\n")
# Conversions `git add` would make, which no checkpoint may: a clean filter (configured in
# every example's repository) and end-of-line rules.
ATTRIBUTE_RULES = (
    "*.txt filter=upper eol=crlf\n",
    "* filter=upper text\n",
    "* text=auto eol=crlf\n",
)


@dataclass
class History:
    """A repository's starting state and the actions taken on it, in order."""

    start: Scenario
    actions: list[Op]


@st.composite
def histories(draw: st.DrawFn) -> History:
    model = Model()
    initial = [
        op for _ in range(draw(st.integers(0, 6))) for op in draw(operation(model, hand=True))
    ]
    present = sorted(model.links | set(model.files))
    committed = draw(st.lists(st.sampled_from(present), unique=True)) if present else []
    model.edits_translate_newlines = True
    actions: list[Op] = []
    for _ in range(draw(st.integers(1, 8))):
        rules_file = draw(st.sampled_from([None, None, None, None, ".gitignore", ".gitattributes"]))
        if rules_file is not None:
            choices = IGNORE_RULES if rules_file == ".gitignore" else ATTRIBUTE_RULES
            if rules_file == ".gitattributes":
                actions.extend(model.clear_way(rules_file, keep_file=True))
            rules = Op("write_text", rules_file, text=draw(st.sampled_from(choices)))
            model.apply(rules)
            actions.append(rules)
        else:
            actions.extend(draw(operation(model)))
    start = Scenario(
        autocrlf=draw(st.booleans()),
        initial=initial,
        committed=committed,
        hidden_edit=None,
        steps=[],
        hand_edits=[],
        pick=0,
    )
    return History(start, actions)


def check_property(examples: int, seed: int, workdir: Path) -> int:
    """Run the property on up to `examples` random histories; how many ran."""
    count = [0]

    @reproducible(examples, seed)
    @given(histories())
    def each_checkpoint_is_what_a_full_scan_gives(history: History) -> None:
        count[0] += 1
        with tempfile.TemporaryDirectory(dir=workdir) as tmp:
            play(history, Path(tmp) / "repo")

    each_checkpoint_is_what_a_full_scan_gives()
    return count[0]


def play(history: History, root: Path) -> None:
    _make_repository(history.start, root)
    repo = GitRepository.discover(root)
    for name, command in (("clean", "tr a-z A-Z"), ("smudge", "tr A-Z a-z")):
        repo.git("config", f"filter.upper.{name}", command)
    checkpoints = GitCheckpoints(repo, lambda: datetime.now(UTC))
    saved: list[SavedFiles] = []
    environment = WorkspaceEnvironment(root, repo.git_dir)
    checkpoints.create(PLAN, "start")
    for number, op in enumerate(history.actions, 1):
        action = _action(op)
        shadow = root.parent / "index-before"
        checkpoints.catch_up_index()  # entries of in-process checkpoints, as a scan has them
        shutil.copy2(checkpoints.index, shadow)
        changed: list[str] | None = None
        if not isinstance(action, RunAction):
            checkpoints.save_before_action(PLAN, action.path, saved.append)  # not checked
            changed = [action.path]
        environment.apply(action)
        tree = checkpoints.create(PLAN, f"after action {number}", changed).tree
        scanned = _full_scan(checkpoints, shadow)
        assert tree == scanned, (
            f"after action {number} ({op!r}) the checkpoint holds {tree}, a full scan "
            f"{scanned}:\n"
            + repo.git("diff-tree", "-r", "--no-renames", "--name-status", tree, scanned)
        )


def _action(op: Op) -> Action:
    data = op.action()
    if "write" in data:
        return WriteAction(path=data["write"], content=data["content"])
    if "edit" in data:
        return EditAction(path=data["edit"], find=data["find"], replace=data["replace"])
    if "delete" in data:
        return DeleteAction(path=data["delete"])
    return RunAction(command=data["run"])


def _full_scan(checkpoints: GitCheckpoints, index: Path) -> str:
    """What a checkpoint that scans the whole tree takes, on the private index as it was
    before the action (files it tracks stay, though rules written since ignore them; files
    the user's own rules ignore are withheld, though rules written since do not)."""
    env = private_dir.working_tree_env(checkpoints.repo, index)
    checkpoints.repo.git("add", "--all", "--", ".", env=env)
    UserIgnores(checkpoints.repo, checkpoints.private.objects).withhold(env, PLAN)
    return checkpoints.repo.git("write-tree", env=env)
