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


@when("a command in the sandbox adds a key to the .ssh of a home at the tree's top holding {what}")
def step_host_binds_home_ssh(context: Any, what: str) -> None:
    """A home that is the tree (attack 20, finding 5): `.ssh` must be held although 70 names
    come first: of a PATH folder (`scripts/p00`...), of files the `.bashrc` sources (which
    go first, and past the bound hold `lib` whole), or dot entries sorted before it."""
    import subprocess

    from cleveragents.adapters.command_safety.bubblewrap import Bubblewrap
    from cleveragents.adapters.command_safety.host_mounts import host_binds
    from cleveragents.domain.host_files import HostFolders, PathFolder

    root = context.tmp / "home"
    (root / ".ssh").mkdir(parents=True)
    (root / ".ssh" / "authorized_keys").write_text("the user's\n")
    (root / ".bashrc").write_text("the user's\n")
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    names = [f"p{n:02}" for n in range(70)]
    on_path: tuple[PathFolder, ...] = ()
    sourced: list[str] = []
    folder = {"programs": "scripts", "files": "lib"}.get(what.split()[1], "")
    if folder:
        (root / folder).mkdir()
        for name in names:
            (root / folder / name).write_text("the user's\n")
    if folder == "scripts":
        on_path = (PathFolder(folder, standing=frozenset(names)),)
    elif folder == "lib":
        sourced = [f"lib/{name}" for name in names]
    else:
        for name in names:
            (root / f".a{name}").write_text("the user's\n")
    host = HostFolders(startup=(".bashrc", *sourced), home=("",), on_path=on_path)
    context.binds = host_binds(root, host)
    sandbox = Bubblewrap(root, root / ".git")
    attack = "echo MODELKEY >> .ssh/authorized_keys; true"
    argv = sandbox.argv(["sh", "-c", attack], False, host=context.binds)
    subprocess.run(argv, cwd=root, capture_output=True, timeout=60, check=False)
    context.crowded = root


@then("the home's .ssh holds no key of the command's")
def step_host_binds_home_ssh_held(context: Any) -> None:
    keys = (context.crowded / ".ssh" / "authorized_keys").read_text()
    assert keys == "the user's\n", (keys, context.binds)
