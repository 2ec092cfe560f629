"""Steps of the ssh-line and IPython-profile rules: the domain functions, called directly."""

from __future__ import annotations

from typing import Any

from behave import then, use_step_matcher, when

from cleveragents.domain.git_programs import shell_protocols
from cleveragents.domain.ipython_configs import ipython_runs
from cleveragents.domain.ssh_lines import data_word, next_slot, remote_reach, ssh_wrappers


def _text(cell: str) -> str:
    return cell.replace("\\n", "\n")


@when('agents reads what "{program}" "{words}" runs in the folder "{cwd}"')
def step_remote(context: Any, program: str, words: str, cwd: str) -> None:
    def script(line: str, folder: str) -> list[Any]:
        return [f"line {line}"]

    found = remote_reach(program, words.split(), cwd, script)
    context.runs = [r if isinstance(r, str) else f"file {r.path}" for r in found]


@then('the command lines and files it names are "{runs}"')
@then('the command lines and files it names are ""')
def step_runs(context: Any, runs: str = "") -> None:
    assert context.runs == ([runs] if runs else []), context.runs


@then('after "{before}" ssh takes the next word as the "{slot}"')
def step_slot(context: Any, before: str, slot: str) -> None:
    context.before = before.split()
    assert next_slot(context.before) == slot, next_slot(context.before)


@then('a word it cannot evaluate there, then "{after}", names nothing it runs: {data}')
@then('a word it cannot evaluate there, then "", names nothing it runs: {data}')
def step_data(context: Any, data: str, after: str = "") -> None:
    said = data_word("ssh", context.before, ["$X", *after.split()])
    assert said == (data == "yes"), said


@when('agents reads the shell functions of "{text}"')
def step_wrappers(context: Any, text: str) -> None:
    context.wrappers = ssh_wrappers(_text(text))


@then('the wrappers it finds are "{wrappers}"')
@then('the wrappers it finds are ""')
def step_found(context: Any, wrappers: str = "") -> None:
    found = [f"{name} {' '.join(programs)}" for name, programs in context.wrappers.items()]
    assert found == ([wrappers] if wrappers else []), found


@when('agents reads the IPython profile "{config}"')
def step_profile(context: Any, config: str) -> None:
    context.profile = ipython_runs(_text(config))


def _listed(cell: str) -> list[str]:
    return [one for one in cell.split(", ") if one]


use_step_matcher("re")  # its cells may be empty


@then(
    r'it runs files "(?P<files>[^"]*)", modules "(?P<modules>[^"]*)"'
    r' and commands "(?P<commands>[^"]*)"'
)
def step_profile_runs(context: Any, files: str, modules: str, commands: str) -> None:
    found = context.profile
    assert found.files == _listed(files), found
    assert found.modules == _listed(modules), found
    assert found.commands == _listed(commands), found


use_step_matcher("parse")


@then('what it cannot read is "{unknown}"')
@then('what it cannot read is ""')
def step_unknown(context: Any, unknown: str = "") -> None:
    found = context.profile
    said = "" if not found.unknown else ("modules" if found.modules_only else "some")
    assert said == unknown, found


@then(
    'with "{allowed}" in agents\' environment and "{exported}" exported, ext:: goes by "{policy}"'
)
def step_protocols(context: Any, allowed: str, exported: str, policy: str) -> None:
    given = {"GIT_ALLOW_PROTOCOL": exported.split(",")} if exported != "-" else {}
    found = shell_protocols(None if allowed == "-" else allowed, given)
    assert (found or "-") == policy, found
