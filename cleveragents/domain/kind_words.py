"""Decision kinds in the words a person reads (`user_intervention` is a `correction`).

Keyed by the stored names, and without pydantic, so `plan show`, which reads the store's
rows as they are, says them too; `adapters/render/labels.py` gives them to every renderer.
"""

KIND_WORDS = {
    "strategy": "strategy",
    "step": "step",
    "action": "action",
    "local_action": "local action",
    "replan": "replan",
    "revert": "revert",
    "verification": "check",
    "user_intervention": "correction",
    "subtask": "sub-task",
}
