"""What of the user's environment a model's commands see besides the allow list."""

from __future__ import annotations

import re
from collections.abc import Sequence

from cleveragents.domain.plan import Plan
from cleveragents.errors import BadInput

_VARIABLE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# The key and tokens the model is asked with (`adapters/held_secrets.SECRETS`), and what
# points git at our private index.
NEVER_PASSED = (
    "ANTHROPIC_API_KEY",
    "ANTHROPIC_AUTH_TOKEN",
    "CLAUDE_CODE_OAUTH_TOKEN",
    "GIT_INDEX_FILE",
    "GIT_DIR",
    "GIT_WORK_TREE",
)


def passed_variables(names: Sequence[str]) -> list[str]:
    """The variables named with --pass-env, each once; a name that is no variable's, or one
    the model's commands never see, refused."""
    for name in names:
        if not _VARIABLE.fullmatch(name):
            raise BadInput(
                f"--pass-env {name!r} is not a variable name",
                hint="name one variable per --pass-env, as in --pass-env AWS_PROFILE",
            )
        if name in NEVER_PASSED:
            raise BadInput(
                f"--pass-env {name} is refused: the model's commands never see it",
                hint="pass only the variables the commands need",
            )
    return list(dict.fromkeys(names))


def with_pass_env(plan: Plan, names: Sequence[str] | None) -> Plan:
    """`plan` with the variables named again on `resume` or `correct` in place of those it
    kept; unchanged when none were named."""
    if names is None:
        return plan
    return plan.model_copy(update={"pass_env": passed_variables(names)})
