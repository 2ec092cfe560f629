"""Keywords over `agents plan tree --json` documents for the agent-loop suite.

Local actions (`8.1`, `8.2` under step decision `8`), the decisions of one kind, the
sub-task a step ran in: searches of the flat list of decisions that Robot is clumsy at.
"""

from __future__ import annotations

from typing import Any

Decision = dict[str, Any]


class LoopLibrary:
    """Reads decision trees of `agents plan tree --json`; never changes anything."""

    ROBOT_LIBRARY_SCOPE = "GLOBAL"

    def all_decisions(self, document: dict[str, Any]) -> list[Decision]:
        """Every decision of the tree, in the order they were taken (as the document lists them)."""
        decisions: list[Decision] = document["decisions"]
        return decisions

    def decisions_of_kind(
        self, document: dict[str, Any], kind: str, status: str = "active"
    ) -> list[Decision]:
        """The decisions of this kind with this status (`any` for every status), in order."""
        return [
            d
            for d in self.all_decisions(document)
            if d["kind"] == kind and status in ("any", d["status"])
        ]

    def summaries_of(self, decisions: list[Decision]) -> list[str]:
        """The summary of each decision, in the same order."""
        return [d["summary"] for d in decisions]

    def step_numbers_of_step_decisions(
        self, document: dict[str, Any], status: str = "active"
    ) -> list[int]:
        """The plan step number of every `step` decision with this status, in order."""
        return [d["step"] for d in self.decisions_of_kind(document, "step", status)]

    def step_decisions_for_step(self, document: dict[str, Any], step: int) -> list[Decision]:
        """Every `step` decision of plan step `step`, whatever its status, in order."""
        return [
            d for d in self.decisions_of_kind(document, "step", "any") if d["step"] == int(step)
        ]

    def written_paths(self, document: dict[str, Any]) -> list[str]:
        """The path of every active `write` action decision, in order (repeats included)."""
        return [
            d["action"]["path"]
            for d in self.decisions_of_kind(document, "action")
            if d["action"] and d["action"].get("type") == "write"
        ]

    def local_decisions_under(self, document: dict[str, Any], step_id: str) -> list[Decision]:
        """The local decisions `S.1`, `S.2`, ... of step decision `S`, in order."""
        prefix = f"{step_id}."
        return [d for d in self.all_decisions(document) if d["id"].startswith(prefix)]

    def local_decisions_should_be(
        self, document: dict[str, Any], step_id: str, *expected: str
    ) -> list[Decision]:
        """Fail unless step decision `step_id` has exactly these local decisions.

        `expected` is a flat list of triples: id suffix (`.1`), kind, start of the outcome.
        Each must hang below the step and have a checkpoint before it. Returns them.
        """
        if len(expected) % 3:
            raise AssertionError(f"expected comes in triples (suffix, kind, outcome): {expected}")
        rows = [tuple(expected[i : i + 3]) for i in range(0, len(expected), 3)]
        found = self.local_decisions_under(document, step_id)
        shown = "\n".join(f"  {d['id']} {d['kind']} — {d['outcome']}" for d in found)
        if len(found) != len(rows):
            raise AssertionError(
                f"step decision {step_id} has {len(found)} local decisions, "
                f"expected {len(rows)}:\n{shown}"
            )
        for decision, (suffix, kind, outcome) in zip(found, rows, strict=True):
            wanted = f"{step_id}{suffix}"
            if (decision["id"], decision["kind"]) != (wanted, kind) or not (
                decision["outcome"] or ""
            ).startswith(outcome):
                raise AssertionError(
                    f"expected {wanted} {kind} — {outcome}..., got {decision['id']} "
                    f"{decision['kind']} — {decision['outcome']}; all of them:\n{shown}"
                )
            if decision["parent_id"] != step_id or not decision["checkpoint_before"]:
                raise AssertionError(
                    f"{decision['id']} should hang below {step_id} with a checkpoint before it: "
                    f"parent {decision['parent_id']}, checkpoint {decision['checkpoint_before']}"
                )
        return found

    def nearest_ancestor_of_kind(
        self, document: dict[str, Any], decision_id: str, kind: str
    ) -> Decision:
        """The closest decision of `kind` above `decision_id` (following parent ids)."""
        by_id = {d["id"]: d for d in self.all_decisions(document)}
        node = by_id[str(decision_id)]
        while node["parent_id"] is not None:
            node = by_id[node["parent_id"]]
            if node["kind"] == kind:
                return node
        raise AssertionError(f"decision {decision_id} has no {kind} above it")
