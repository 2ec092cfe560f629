"""behave's check of each new step definition against the ones before it, made cheap.

behave refuses a step definition that one already registered matches (AmbiguousStep): it
tries every earlier definition of the same kind on the new text, through four calls of
Python each. With some 1,200 definitions that is 190,000 tries per behave process, 1 s of
CPU under coverage's tracer (which sees every call), and the suite starts a process per
feature or batch. A parse pattern matches a text only if its regular expression does, so
here behave's own check runs on the definitions whose expression matches the new text (or
whose pattern is that text): the same refusals, the same messages, in the same order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from behave.matchers import ParseMatcher
from behave.step_registry import StepRegistry

_INSTALLED = "_cleveragents_matching_first"


def check_only_matching_definitions() -> None:
    """Make StepRegistry.add_step_definition try only the definitions that can match."""
    if getattr(StepRegistry.add_step_definition, _INSTALLED, False):
        return
    behaves = StepRegistry.add_step_definition
    # id(definition) -> its regular expression's `match`, for each parse definition added
    # since; any other (none here) is always tried, as behave would.
    matches: dict[int, Callable[[str], Any]] = {}

    def add_step_definition(self: Any, keyword: str, step_text: str, func: Any) -> None:
        kind = keyword.lower()
        every = self.steps[kind]
        text = str(step_text)
        # Inline, not a function per try: under coverage each call of Python costs.
        candidates = [
            definition
            for definition in every
            if definition.pattern == text  # the same text, or the same definition again
            or (match := matches.get(id(definition))) is None
            or match(text) is not None
        ]
        tried = len(candidates)
        self.steps[kind] = candidates
        try:
            behaves(self, keyword, step_text, func)
        finally:
            added = candidates[tried:]  # the new definition, unless behave refused it
            self.steps[kind] = every + added
            for definition in added:
                if isinstance(definition, ParseMatcher):
                    matches[id(definition)] = definition.parser._match_re.match

    setattr(add_step_definition, _INSTALLED, True)
    StepRegistry.add_step_definition = add_step_definition  # type: ignore[method-assign]
