"""What the composition root hands the services of a plan file: a new plan's task, goal and
text; the spec as the file is on disk now; and the commands, actions and pages it runs, for
the questions before a pulled or edited plan goes on. Each reads the plan file only when
called (its parser imports yaml)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from cleveragents.domain.host_files import HostFolders
from cleveragents.domain.plan import ActorSpec, Check, Plan, PlanFileRead
from cleveragents.domain.trust import PlannedAction


def new_plan_read(script: Path) -> PlanFileRead:
    """What the plan file at `script` gives a new plan (refused, exit 2, when invalid)."""
    from cleveragents.adapters.actors.plan_file import load_plan_file

    plan_file, text = load_plan_file(script)
    goal: list[Check] = list(plan_file.goal)
    url = plan_file.browser.url if plan_file.browser else None
    return PlanFileRead(
        plan_file.task,
        goal,
        plan_file.budget,
        plan_file.drift_threshold,
        text,
        url,
        plan_file.claude_steps,
    )


def reloaded(spec: ActorSpec) -> ActorSpec:
    """The actor spec with its plan file's text as it is on disk now, when the person edited
    it since (an invalid edit is refused, exit 2); any other spec as it is."""
    if spec.kind != "scripted" or not spec.source or not Path(spec.source).is_file():
        return spec
    from cleveragents.adapters.actors.plan_file import load_plan_file

    _, text = load_plan_file(Path(spec.source))
    return spec if text == spec.script else spec.model_copy(update={"script": text})


def plan_file_commands(plan: Plan) -> list[str]:
    """What a scripted plan runs (its plan file's commands and its goal checks), for the
    question before a pulled one runs."""
    from cleveragents.adapters.actors import plan_file_commands as found

    script = plan.actor.script or ""
    return found.plan_commands(plan, script, plan.actor.source or "plan file")


def plan_file_actions(
    plan: Plan,
    links: Callable[[], dict[str, str]] | None = None,
    host: Callable[[], HostFolders] | None = None,
) -> list[PlannedAction]:
    """The actions of a scripted plan's plan file, for the question before an edited one
    goes on; `links`: the tree's `.claude` and `.mcp.json` links, `host`: its other folders
    whose files run on the host, read when there is one."""
    from cleveragents.adapters.actors.plan_file_commands import plan_file_actions as found

    if plan.actor.kind != "scripted" or not plan.actor.script:
        return []
    source = plan.actor.source or "plan file"
    return found(plan.actor.script, source, links() if links else None, host() if host else None)


def plan_file_pages(plan: Plan) -> list[str]:
    """The pages a plan opens (its `browser:` URL and its plan file's `goto`s), for the
    question before a pulled one opens them."""
    from cleveragents.adapters.actors.plan_file_pages import plan_pages

    script = plan.actor.script if plan.actor.kind == "scripted" else None
    return plan_pages(plan.browser_url, script or "", plan.actor.source or "plan file")
