"""The scripted actor's YAML plan file, validated by pydantic, errors naming line and field."""

from __future__ import annotations

import re
from functools import cached_property
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    ValidationError,
    field_validator,
    model_validator,
)

from cleveragents.adapters.actors.plan_file_browser import (
    BROWSER_KEYS,
    BackSpec,
    BrowserSpec,
    ClickSpec,
    FillSpec,
    GotoSpec,
    PressSpec,
    SelectSpec,
    TickSpec,
    UntickSpec,
    back_word,
)
from cleveragents.adapters.actors.plan_yaml import compose, construct, read_plan_text
from cleveragents.domain.action import Action, DeleteAction, EditAction, RunAction, WriteAction
from cleveragents.domain.budget import Budget
from cleveragents.domain.output_patterns import backtracking
from cleveragents.domain.plan import Check
from cleveragents.domain.rules import confined_path
from cleveragents.domain.text_rules import runnable
from cleveragents.errors import InvalidPlanFile, PathRefused

ACTION_KEYS = ("write", "edit", "delete", "run", *BROWSER_KEYS)


# At most a day: a longer wait overflows the timer, and is surely a slip (.inf, 1e300).
MAX_TIMEOUT = 24 * 60 * 60


def _seconds(value: float) -> float:
    if not value <= MAX_TIMEOUT:  # also false for nan
        raise ValueError(f"a timeout is at most {MAX_TIMEOUT} seconds (a day)")
    return value


def _check_seconds(check: Check) -> Check:
    _seconds(check.timeout)
    if check.run is not None:
        runnable(check.run)
    return check


PlanCheck = Annotated[Check, AfterValidator(_check_seconds)]


def _runnable_or_none(value: str | None) -> str | None:
    return None if value is None else runnable(value)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _path(value: str) -> str:
    if value.endswith("/"):
        raise ValueError(f"path {value!r} ends in '/': actions name files, not folders")
    try:
        return confined_path(value)
    except PathRefused as refused:
        raise ValueError(refused.message) from refused


class WriteSpec(_Strict):
    write: str
    content: str
    _confined = field_validator("write")(_path)

    def action(self) -> Action:
        return WriteAction(path=self.write, content=self.content)


class EditSpec(_Strict):
    edit: str
    find: str
    replace: str
    _confined = field_validator("edit")(_path)

    def action(self) -> Action:
        return EditAction(path=self.edit, find=self.find, replace=self.replace)


class DeleteSpec(_Strict):
    delete: str
    _confined = field_validator("delete")(_path)

    def action(self) -> Action:
        return DeleteAction(path=self.delete)


class RunSpec(_Strict):
    run: str
    timeout: float = Field(default=60.0, gt=0)
    revert: str | None = None
    irreversible: bool = False
    output: str | None = Field(default=None, pattern=r"^[A-Za-z_][A-Za-z0-9_]*$")
    _bounded = field_validator("timeout")(_seconds)
    _runnable = field_validator("run", "revert")(_runnable_or_none)

    def action(self) -> Action:
        return RunAction(
            command=self.run,
            timeout=self.timeout,
            revert=self.revert,
            irreversible=self.irreversible,
            output=self.output,
        )


def _action_key(value: Any) -> str | None:
    if isinstance(value, dict):
        found = [key for key in ACTION_KEYS if key in value]
        return found[0] if len(found) == 1 else None
    return None


ActionSpec = Annotated[
    Annotated[WriteSpec, Tag("write")]
    | Annotated[EditSpec, Tag("edit")]
    | Annotated[DeleteSpec, Tag("delete")]
    | Annotated[RunSpec, Tag("run")]
    | Annotated[GotoSpec, Tag("goto")]
    | Annotated[ClickSpec, Tag("click")]
    | Annotated[FillSpec, Tag("fill")]
    | Annotated[TickSpec, Tag("check")]
    | Annotated[UntickSpec, Tag("uncheck")]
    | Annotated[SelectSpec, Tag("select")]
    | Annotated[PressSpec, Tag("press")]
    | Annotated[BackSpec, Tag("back")],
    Discriminator(
        _action_key,
        custom_error_type="action_kind",
        custom_error_message="an action needs exactly one of: " + ", ".join(ACTION_KEYS),
    ),
    BeforeValidator(back_word),
]


class OptionSpec(_Strict):
    name: str | None = None
    when: list[str] = Field(default_factory=list)
    actions: list[ActionSpec] = Field(min_length=1)


class AlternativeSpec(_Strict):
    """Another way to take a local action, explored when the action made no progress."""

    name: str = Field(min_length=1)
    actions: list[ActionSpec] = Field(min_length=1)


class LocalSpec(AlternativeSpec):
    """A local action the actor proposes, in order, once every option of the step failed."""

    explore: list[AlternativeSpec] = Field(default_factory=list)


class ContingencySpec(_Strict):
    """A known fix: when a failure's output matches `when_output` (a regular expression) or
    the file `when_missing` does not exist, take `actions`, then retry the failed option."""

    name: str = Field(min_length=1)
    when_output: str | None = None
    when_missing: str | None = None
    actions: list[ActionSpec] = Field(min_length=1)

    @model_validator(mode="after")
    def _one_condition(self) -> ContingencySpec:
        if (self.when_output is None) == (self.when_missing is None):
            raise ValueError("a contingency needs exactly one of when_output, when_missing")
        if self.when_output is not None:
            try:
                re.compile(self.when_output)
            except re.error as error:
                raise ValueError(f"when_output is not a regular expression: {error}") from error
            if (slow := backtracking(self.when_output)) is not None:
                raise ValueError(f"when_output is refused: {slow}")
        if self.when_missing is not None:
            _path(self.when_missing)
        return self


class StepFileSpec(_Strict):
    name: str = Field(min_length=1)
    options: list[OptionSpec] = Field(min_length=1)
    check: list[PlanCheck] = Field(default_factory=list)
    progress: list[PlanCheck] = Field(default_factory=list)
    local: list[LocalSpec] = Field(default_factory=list)

    def option_name(self, index: int) -> str:
        return self.options[index].name or f"option {index + 1}"


REPLAN = "replan"


def _step_kind(value: Any) -> str | None:
    if value == REPLAN:
        return REPLAN
    return "step" if isinstance(value, dict) else None


StepEntry = Annotated[
    Annotated[StepFileSpec, Tag("step")] | Annotated[Literal["replan"], Tag(REPLAN)],
    Discriminator(
        _step_kind,
        custom_error_type="step_kind",
        custom_error_message="a step is a mapping with name and options, or the word replan",
    ),
]


class PhaseSpec(_Strict):
    """A named group of steps: a sub-task that runs before the next phase."""

    name: str = Field(min_length=1)
    steps: list[StepEntry] = Field(min_length=1)


class PlanFile(_Strict):
    """A whole plan file: the task, an optional goal and budget, the steps with their options.

    A `replan` entry ends a segment: the actor is asked again for what follows it. Steps
    may instead come in `phases`, each a sub-task. With a `browser:` section and neither,
    Claude is the actor on the page (`claude_steps`).
    """

    task: str = Field(min_length=1)
    goal: list[PlanCheck] = Field(default_factory=list)
    browser: BrowserSpec | None = None
    budget: Budget | None = None
    drift_threshold: float | None = Field(default=None, ge=0, le=1)
    on_drift: Literal["continue", "modify", "regenerate"] = "continue"
    contingencies: list[ContingencySpec] = Field(default_factory=list)
    steps: list[StepEntry] = Field(default_factory=list)
    phases: list[PhaseSpec] = Field(default_factory=list)

    @model_validator(mode="after")
    def _steps_or_phases(self) -> PlanFile:
        if self.claude_steps:
            return self
        if bool(self.steps) == bool(self.phases):
            raise ValueError("a plan file has either steps or phases (not both, not neither)")
        if not self.real_steps:
            raise ValueError("a plan file needs at least one step besides replan")
        return self

    @property
    def claude_steps(self) -> bool:
        """A task on a page and no steps: Claude makes them, seeing the page."""
        return self.browser is not None and not self.steps and not self.phases

    # Cached: the actor looks a step up at every decision, and a plan file may be long.
    @cached_property
    def entries(self) -> list[tuple[str | None, StepEntry]]:
        """Every entry with the name of its phase (None without phases)."""
        if self.steps:
            return [(None, entry) for entry in self.steps]
        return [(phase.name, entry) for phase in self.phases for entry in phase.steps]

    @cached_property
    def real_steps(self) -> list[tuple[str | None, StepFileSpec]]:
        return [(ph, e) for ph, e in self.entries if isinstance(e, StepFileSpec)]

    def step(self, index: int) -> StepFileSpec:
        return self.real_steps[index][1]

    def segment(self, done: int) -> tuple[list[tuple[str | None, StepFileSpec]], bool]:
        """The steps after the first `done` up to the next `replan`, and whether one follows."""
        seen, found = 0, []
        for phase, entry in self.entries:
            if isinstance(entry, StepFileSpec):
                if seen >= done:
                    found.append((phase, entry))
                seen += 1
            elif found:
                return found, seen < len(self.real_steps)
        return found, False


def load_plan_file(path: Path) -> tuple[PlanFile, str]:
    """Read and validate a plan file; return it with its text (kept with the plan)."""
    text = read_plan_text(path)
    return parse_plan_file(text, str(path)), text


def parse_plan_file(text: str, source: str) -> PlanFile:
    """Validate plan-file text; any problem is one InvalidPlanFile naming `source:line`."""
    import yaml

    try:
        node = compose(text, source)
        data = construct(node)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = f":{mark.line + 1}" if mark is not None else ""
        position = getattr(error, "position", None)  # a character no YAML may hold
        if mark is None and position is not None:
            line = f":{text.count(chr(10), 0, position) + 1}"
        # The first line: what follows says where, in the words of YAML's own reader.
        problem = (getattr(error, "problem", None) or str(error)).splitlines()[0]
        raise InvalidPlanFile(f"{source}{line}: not valid YAML: {problem}") from error
    if not isinstance(data, dict):
        raise InvalidPlanFile(
            f"{source}: a plan file is a mapping with `task` and `steps`",
            hint="see `agents plan run --help` for an example",
        )
    try:
        return PlanFile.model_validate(data)
    except ValidationError as error:
        problems = [_problem(source, node, e["loc"], e["msg"]) for e in error.errors()]
        more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
        raise InvalidPlanFile("; ".join(problems[:3]) + more) from error


def _problem(source: str, node: Any, loc: tuple[int | str, ...], message: str) -> str:
    loc = _without_tags(loc)
    message = message.removeprefix("Value error, ")
    return f"{source}:{_line_of(node, loc)}: {_dotted(loc)}: {message}"


TAGS = {"actions": set(ACTION_KEYS), "steps": {"step", REPLAN}}


def _without_tags(loc: tuple[int | str, ...]) -> tuple[int | str, ...]:
    # pydantic puts a union's tag after the list index: steps.0.step.options.0...
    return tuple(
        part for i, part in enumerate(loc) if not (i >= 2 and part in TAGS.get(str(loc[i - 2]), ()))
    )


def _dotted(loc: tuple[int | str, ...]) -> str:
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else f".{part}"
    return text.lstrip(".") or "(top level)"


def _line_of(node: Any, loc: tuple[int | str, ...]) -> int:
    """The line of the deepest YAML node that `loc` reaches (1-based)."""
    import yaml

    line: int = node.start_mark.line
    for part in loc:
        child = None
        if isinstance(node, yaml.MappingNode):
            pair = next(((k, v) for k, v in node.value if k.value == part), None)
            if pair is not None:
                # The key's line: a block value starts on the line after it.
                line, child = pair[0].start_mark.line, pair[1]
        elif (
            isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value)
        ):
            child = node.value[part]
            line = child.start_mark.line
        if child is None:
            break
        node = child
    return line + 1
