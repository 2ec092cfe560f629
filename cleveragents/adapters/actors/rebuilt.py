"""The actor a plan was made with, rebuilt from what the plan stored (`ActorSpec`); each
actor's module is imported only when a plan of its kind is rebuilt."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from cleveragents.adapters.config_file import model_name
from cleveragents.domain.plan import ActorSpec
from cleveragents.errors import BadInput
from cleveragents.ports import Actor

if TYPE_CHECKING:
    from cleveragents.adapters.actors.claude_browser import PageSight


def actors(root: Path, git_dir: Path, sight: PageSight) -> Callable[[ActorSpec], Actor]:
    """Rebuilds the actor a plan was made with, from what the plan stored; Claude sees the
    plan's page through `sight` when it has one."""

    def actor_for(spec: ActorSpec) -> Actor:
        if spec.kind == "scripted" and spec.script is not None:
            from cleveragents.adapters.actors.plan_file import parse_plan_file
            from cleveragents.adapters.actors.scripted import ScriptedActor

            source = spec.source or "plan file"
            return ScriptedActor(parse_plan_file(spec.script, source), source, root)
        if spec.kind == "anthropic":
            from cleveragents.adapters.actors.cassette import RecordingClient
            from cleveragents.adapters.actors.claude_browser import ClaudeBrowserActor

            actor = ClaudeBrowserActor(spec.model or model_name(), root, git_dir, sight)
            if spec.record:
                actor.client = RecordingClient(actor.client, Path(spec.record), root)
            return actor
        if spec.kind == "replay" and spec.source:
            from cleveragents.adapters.actors.cassette import ReplayClient
            from cleveragents.adapters.actors.claude import AnthropicActor

            replay = ReplayClient(Path(spec.source), root)
            return AnthropicActor(spec.model or model_name(), root, git_dir, client=replay)
        raise BadInput(f"this version of cleveragents cannot rebuild a {spec.kind!r} actor")

    return actor_for


def key_present() -> bool:
    """Whether an Anthropic API key is set (imports the SDK's types: only when asked)."""
    from cleveragents.adapters.actors.claude import api_key_present

    return api_key_present()
