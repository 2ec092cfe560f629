"""The properties behind "a name that is not UTF-8 is kept exactly and quoted as git does".

A path reads as text through `os.fsdecode`: a byte that is not UTF-8 is a lone surrogate.
Each example is a few names of random bytes (no NUL, no `/`), made into saved-files records
(what undo and corrections write back) in a decision, an operation and a correction saved in
the real SQLite store, read back through a new connection and through the plan's records
exported to another store: every name must give back the same bytes (`os.fsencode`), and
the decision's outcome, naming them as a line does (`shown_path`), must hold no surrogate.
Then each name is a file of a real repository, listed by `git ls-files --others` (git's own
quoting, core.quotePath true and false): `git_quoted` must write it byte for byte the same.
"""

from __future__ import annotations

import os
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.adapters.storage.sqlite import SqliteStore
from cleveragents.domain.checkpoint import SavedFiles
from cleveragents.domain.command_saves import shown_path
from cleveragents.domain.correction import Correction, CorrectionMode, Operation, Restore
from cleveragents.domain.decision import Decision, DecisionKind
from cleveragents.domain.diff import git_quoted
from cleveragents.domain.plan import ActorSpec, Phase, Plan
from cleveragents.domain.text_rules import lone_surrogate
from features.support.properties import reproducible

WHEN = datetime(2026, 11, 28, tzinfo=UTC)
special = st.sampled_from([b"\xff", b"\xfe\xfd", b"\x1b[2J", b"\x07", b"\x7f", b'"', b"\\", b"\t"])
piece = st.one_of(st.binary(min_size=1, max_size=6), special, st.just("é".encode()))
names = (
    st.lists(piece, min_size=1, max_size=4)
    .map(b"".join)
    .filter(lambda n: b"\0" not in n and b"/" not in n and n not in (b".", b"..") and n != b".git")
)


def _records(paths: list[str]) -> SavedFiles:
    return SavedFiles(
        plan_id="aaaa0001",
        commit="0" * 40,
        modes={p: 0o644 for p in paths},
        absent=[f"{p}/gone" for p in paths],
        folders={p: 0o755 for p in paths},
        empty=paths,
        made=paths,
    )


def _names_of(saved: SavedFiles) -> list[list[bytes]]:
    """Each field's names as bytes, in order (the records sort mappings by key)."""
    fields = [saved.modes, saved.absent, saved.folders, saved.empty, saved.made]
    return [sorted(os.fsencode(t) for t in field) for field in fields]


def check_store(examples: int, seed: int, folder: Path) -> int:
    ran = 0

    @reproducible(examples, seed)
    @given(st.lists(names, min_size=1, max_size=4, unique=True))
    def holds(raw: list[bytes]) -> None:
        nonlocal ran
        paths = [os.fsdecode(n) for n in raw]
        saved = _records(paths)
        for db in folder.glob("n*.db*"):
            db.unlink()
        store = SqliteStore(folder / "n.db")
        other = SqliteStore(folder / "n2.db")
        try:
            plan = Plan(
                id="aaaa0001",
                task="names",
                actor=ActorSpec(kind="scripted", source="plan.yaml", script="task: t\n"),
                created_at=WHEN,
                updated_at=WHEN,
            )
            with store.transaction():
                store.save_plan(plan)
                store.save_decision(
                    Decision(
                        plan_id=plan.id,
                        id="1",
                        seq=1,
                        kind=DecisionKind.ACTION,
                        phase=Phase.EXECUTE,
                        summary="run",
                        outcome="; ".join(f"removed {shown_path(p)}" for p in paths),
                        replaced=[saved],
                        created_at=WHEN,
                    )
                )
                store.save_operation(
                    Operation(
                        id=1,
                        plan_id=plan.id,
                        kind="run",
                        command="agents plan run",
                        saved=[saved],
                        saved_after={p: (None, None) for p in paths},
                        created_at=WHEN,
                    )
                )
                store.save_correction(
                    Correction(
                        id="c1",
                        plan_id=plan.id,
                        mode=CorrectionMode.REVERT,
                        target="1",
                        guidance="again",
                        restore=Restore.FILES,
                        files={"restored": paths},
                        created_at=WHEN,
                    )
                )
            again = SqliteStore(folder / "n.db")
            try:
                decision = again.decisions(plan.id)[0]
                operation = again.operation(1)
                correction = again.corrections(plan.id)[0]
            finally:
                again.close()
            expected = _names_of(saved)
            assert _names_of(decision.replaced[0]) == expected
            assert _names_of(operation.saved[0]) == expected
            assert sorted(os.fsencode(p) for p in operation.saved_after or {}) == sorted(raw)
            assert [os.fsencode(p) for p in correction.files["restored"]] == raw
            assert lone_surrogate(decision.outcome or "") is None, decision.outcome
            other.import_records(store.export_records(plan.id))
            got = _names_of(other.decisions(plan.id)[0].replaced[0])
            assert got == expected, (got, expected)
            assert _names_of(other.operations(plan.id)[0].saved[0]) == expected
        finally:
            store.close()
            other.close()
        ran += 1

    holds()
    return ran


def check_quoting(examples: int, seed: int, folder: Path) -> int:
    ran = 0
    repo = folder / "quoting"
    subprocess.run(["git", "init", "-q", str(repo)], check=True)

    @reproducible(examples, seed)
    @given(names, st.booleans())
    def holds(raw: bytes, quote_high: bool) -> None:
        nonlocal ran
        path = os.path.join(bytes(repo), raw)
        with open(path, "wb"):
            pass
        try:
            listed = subprocess.run(
                ["git", "-c", f"core.quotePath={str(quote_high).lower()}", "ls-files", "-o"],
                cwd=repo,
                capture_output=True,
                check=True,
            ).stdout
        finally:
            os.unlink(path)
        ours = os.fsencode(git_quoted(os.fsdecode(raw), quote_high)) + b"\n"
        assert ours == listed, (raw, ours, listed)
        ran += 1

    holds()
    return ran
