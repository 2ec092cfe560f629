"""Steps of trust.host_binds.property.feature: what the sandbox binds of what the host runs
takes no byte of the command's while it runs."""

from __future__ import annotations

from typing import Any

from behave import then, when

from features.support.properties import run_property


@when("a command in the sandbox writes every host-run place of random trees")
def step_host_binds_property(context: Any) -> None:
    from features.support.host_binds_property import check_property

    run_property(context, "host binds property", check_property, 10)


@then("every place bound held what it held before, during the command and after it")
def step_host_binds_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@when("a command in the sandbox writes a host-run program of a folder holding {count:d} more")
def step_host_binds_crowded(context: Any, count: int) -> None:
    """A PATH folder of the tree where a command made many names (attack on box19, finding
    2): the program the host runs must not be pushed out of the binds by them."""
    import subprocess

    from cleveragents.adapters.command_safety.bubblewrap import Bubblewrap
    from cleveragents.adapters.command_safety.host_mounts import host_binds
    from cleveragents.domain.host_files import HostFolders

    root = context.tmp / "crowded"
    (root / "bin").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    names = [f"bin/a{n:03}" for n in range(count)] + ["bin/tool"]
    for name in names:
        (root / name).write_text("the user's\n")
    context.binds = host_binds(root, HostFolders(startup=tuple(names)))
    sandbox = Bubblewrap(root, root / ".git")
    attack = "printf x >> bin/tool; printf y > bin/new; true"
    argv = sandbox.argv(["sh", "-c", attack], False, host=context.binds)
    subprocess.run(argv, cwd=root, capture_output=True, timeout=60, check=False)
    context.crowded = root


@then("the program holds the user's bytes and the folder took no new name")
def step_host_binds_crowded_held(context: Any) -> None:
    root = context.crowded
    assert (root / "bin" / "tool").read_text() == "the user's\n", context.binds
    assert not (root / "bin" / "new").exists(), context.binds
    assert not context.binds.left, context.binds
