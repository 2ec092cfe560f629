"""Steps of `agents hooks vouch`: where the user's agents config lies for a scenario."""

from __future__ import annotations

import json
from typing import Any

from behave import given, then, when


@given("my agents config is kept in a folder of this scenario")
def step_config_home(context: Any) -> None:
    """`$XDG_CONFIG_HOME` in the scenario's folder: a vouch never reaches the real home."""
    context.env["XDG_CONFIG_HOME"] = str(context.tmp / "config")


@then('my vouch file lists only "{programs}"')
def step_vouch_file(context: Any, programs: str) -> None:
    path = context.tmp / "config" / "cleveragents" / "vouched.json"
    found = json.loads(path.read_text())["vouched"]
    assert found == [p for p in programs.split(", ") if p], found


@then("my vouch file lists nothing")
def step_vouch_file_empty(context: Any) -> None:
    step_vouch_file(context, "")


@given("my home's .config is the git repository")
def step_config_is_tree(context: Any) -> None:
    """`HOME` in the scenario's folder, its `.config` the repository the plan works on,
    `$XDG_CONFIG_HOME` unset: agents keeps the vouches in `~/.config`, in the tree."""
    context.repo = context.tmp / "home" / ".config"
    context.env["HOME"] = str(context.tmp / "home")
    context.env["XDG_CONFIG_HOME"] = ""


@when("my hook runs a random program I vouched for beside tree files, and I commit")
def step_vouch_property(context: Any) -> None:
    from features.support.properties import run_property
    from features.support.vouch_property import check_property

    run_property(context, "vouch property", check_property, 6)


@when("my hook runs a random wrapper I vouched for on PATH, and I commit")
def step_vouch_wrapper_property(context: Any) -> None:
    from features.support.properties import run_property
    from features.support.vouch_wrapper_property import check_property

    run_property(context, "vouch wrapper property", check_property, 6)


@when("I vouch for a copy of a random console script under a random name")
def step_vouch_runner_property(context: Any) -> None:
    from features.support.properties import run_property
    from features.support.vouch_wrapper_property import check_runner_property

    run_property(context, "vouch runner property", check_runner_property, 12)


@then("it is refused exactly when the script is a runner's, and counts only when it is not")
def step_vouch_runner_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@then("every tree file that ran is refused to the model, and what the program reads is open")
def step_vouch_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@then('stdout is a document "{name}" of `agents schema`')
def step_document_schema(context: Any, name: str) -> None:
    """The `--json` document on stdout is valid under the schema `agents schema NAME` prints."""
    import jsonschema

    from cleveragents.adapters.render.json_schema import document_schema

    document = json.loads(context.result.stdout)
    jsonschema.validate(document, document_schema(name))


@given('my vouch file holds "{content}"')
def step_vouch_file_holds(context: Any, content: str) -> None:
    path = context.tmp / "config" / "cleveragents" / "vouched.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content)


@given('my vouch file is a link to "{target}" of my dotfiles holding "{content}"')
def step_vouch_file_link(context: Any, target: str, content: str) -> None:
    """GNU stow's way: `~/.config/cleveragents/vouched.json -> ~/dotfiles/...`."""
    real = context.tmp / "dotfiles" / target
    real.parent.mkdir(parents=True, exist_ok=True)
    real.write_text(content)
    path = context.tmp / "config" / "cleveragents" / "vouched.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(real)


@then('my vouch file is still a link to "{target}" of my dotfiles, listing only "{programs}"')
def step_vouch_file_still_link(context: Any, target: str, programs: str) -> None:
    path = context.tmp / "config" / "cleveragents" / "vouched.json"
    real = context.tmp / "dotfiles" / target
    assert path.is_symlink() and path.resolve() == real.resolve(), path
    found = json.loads(real.read_text())["vouched"]
    assert found == programs.split(", "), found


@given('my PATH holds "{name}", a link to the tree\'s committed script "{path}"')
def step_path_link_into_tree(context: Any, name: str, path: str) -> None:
    """An in-house tool kept in the repository and linked from a folder on PATH (README's
    `acme-fmt`, `~/.local/bin/acme-fmt -> ~/proj/tools/acme-fmt`)."""
    import os
    import subprocess

    script = context.repo / path
    script.parent.mkdir(parents=True, exist_ok=True)
    script.write_text("#!/bin/sh\nexit 0\n")
    script.chmod(0o755)
    subprocess.run(["git", "add", path], cwd=context.repo, check=True)
    unhooked = ["-c", "core.hooksPath=/dev/null", "-c", "user.name=t", "-c", "user.email=t@t"]
    # (the scenario's pre-commit hook runs a program not installed)
    subprocess.run(["git", *unhooked, "commit", "-qm", path], cwd=context.repo, check=True)
    folder = context.tmp / "on-path"
    folder.mkdir(exist_ok=True)
    (folder / name).symlink_to(script)
    context.env["PATH"] = f"{folder}:{context.env.get('PATH', os.environ['PATH'])}"


@given('my PATH holds "{name}", a wrapper script running the tree\'s committed script "{path}"')
def step_path_wrapper_of_tree(context: Any, name: str, path: str) -> None:
    """A shim outside the tree (`~/bin/acme-w`: `exec ~/proj/tools/acme-w "$@"`, what `npm
    link` and hand-made wrappers are) running the tree's script (attack 21, finding 16)."""
    step_path_link_into_tree(context, name, path)
    wrapper = context.tmp / "on-path" / name
    wrapper.unlink()
    wrapper.write_text(f'#!/bin/sh\nexec {context.repo / path} "$@"\n')
    wrapper.chmod(0o755)


@given('my PATH holds "{name}", a copy of the console script of "{runner}"')
def step_path_console_copy(context: Any, name: str, runner: str) -> None:
    """A runner installed under another name (`ptw`, a copy, a `pipx` alias): the console
    script pip wrote for it, copied as it is."""
    import os
    import shutil

    found = shutil.which(runner)
    assert found, f"{runner} is not installed"
    folder = context.tmp / "on-path"
    folder.mkdir(exist_ok=True)
    shutil.copy(found, folder / name)
    context.env["PATH"] = f"{folder}:{context.env.get('PATH', os.environ['PATH'])}"
