"""Files that run on the host later: the user's global git config, a venv in the tree that
runs `agents`, and the model's file actions on them."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import sysconfig
import time
from typing import Any

from behave import given, then, when

from features.steps.claude_steps import claude_env, server
from features.steps.cli_steps import expand


@given('the user\'s global git config sets "{key}" to "{value}"')
def step_global_config(context: Any, key: str, value: str) -> None:
    """A home of the test's own, whose `.gitconfig` the user's git (and `agents`) reads."""
    home = context.tmp / "home"
    home.mkdir(exist_ok=True)
    subprocess.run(["git", "config", "--file", str(home / ".gitconfig"), key, value], check=True)
    context.env.update({"HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config")})


@given('the user\'s environment gives git "{key}" as "{value}" through {how}')
def step_env_config(context: Any, key: str, value: str, how: str) -> None:
    """A setting only the environment gives the user's git (and `agents`): as GitHub's
    runners and `git -c` pass one on, or in a global config file it names."""
    if how == "GIT_CONFIG_COUNT":  # the second of two, after one agents sets too
        given = {"0": ("core.fsmonitor", "false"), "1": (key, value)}
        context.env["GIT_CONFIG_COUNT"] = "2"
        for i, (k, v) in given.items():
            context.env.update({f"GIT_CONFIG_KEY_{i}": k, f"GIT_CONFIG_VALUE_{i}": v})
    elif how == "GIT_CONFIG_PARAMETERS":
        context.env["GIT_CONFIG_PARAMETERS"] = f"'{key}'='{value}'"  # as `git -c` gives it
    else:
        assert how == "GIT_CONFIG_GLOBAL", how
        named = context.tmp / "named.gitconfig"
        subprocess.run(["git", "config", "--file", str(named), key, value], check=True)
        context.env["GIT_CONFIG_GLOBAL"] = str(named)


@given('Claude will {kind:w} the file "{path}"')
def step_claude_file_action(context: Any, kind: str, path: str) -> None:
    """One file action of the model's (`write`, `edit` or `delete`), then the step's end."""
    inputs = {
        "write": ("write_file", {"path": path, "content": "#!/bin/sh\ntouch /tmp/planted\n"}),
        "edit": ("edit_file", {"path": path, "find": "exit 0", "replace": "touch /tmp/planted"}),
        "delete": ("delete_file", {"path": path}),
    }
    server(context).reply_tools([inputs[kind], ("finish_step", {"option": f"{kind} it"})])


@given("the working tree holds the venv agents runs from")
def step_tree_venv(context: Any) -> None:
    """An ignored `.venv` in the tree whose Python finds this checkout's `agents` (through a
    `.pth`, as an editable install does): `agents` run with it has its own Python there."""
    venv = context.repo / ".venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    context.tree_site = next((venv / "lib").glob("python*/site-packages"))
    ours = sysconfig.get_paths()["purelib"]
    (context.tree_site / "here.pth").write_text(f"import site; site.addsitedir({ours!r})\n")
    with (context.repo / ".git" / "info" / "exclude").open("a") as exclude:
        exclude.write(".venv/\n")


@given('Claude will write "{name}" into the site-packages of the tree\'s venv')
def step_claude_writes_pth(context: Any, name: str) -> None:
    path = (context.tree_site / name).relative_to(context.repo).as_posix()
    context.planted_pth = context.tree_site / name
    server(context).reply_tools(
        [
            ("write_file", {"path": path, "content": "import os; os.system('touch /tmp/x')\n"}),
            ("finish_step", {"option": "plant it"}),
        ]
    )


@when('I run "{command}" with Claude through the tree\'s venv')
def step_run_tree_venv(context: Any, command: str) -> None:
    args = shlex.split(expand(context, command))
    assert args[0] == "agents", args
    python = context.repo / ".venv" / "bin" / "python"
    context.result = subprocess.run(
        [str(python), "-P", "-m", "cleveragents", *args[1:]],
        cwd=context.repo,
        capture_output=True,
        text=True,
        env={**os.environ, **context.env, **claude_env(context)},
        stdin=subprocess.DEVNULL,
        timeout=120,
    )


@then("no file the model wrote stands in the tree's venv")
def step_no_pth(context: Any) -> None:
    assert not context.planted_pth.exists(), context.planted_pth
    assert (context.tree_site / "here.pth").exists()


@when("the model writes at random places of a tree whose hooks folder is set at random")
def step_host_files_property(context: Any) -> None:
    from features.support.host_files_property import check_property
    from features.support.properties import run_property

    run_property(context, "host files property", check_property, 60)


@then("every write that lands where git runs hooks or in agents' own Python was refused")
def step_host_files_property_held(context: Any) -> None:
    assert context.property_failure is None, context.property_failure


@given("Claude will write {count:d} files in one step")
def step_claude_writes_many(context: Any, count: int) -> None:
    writes = [("write_file", {"path": f"f{n}.txt", "content": f"{n}\n"}) for n in range(count)]
    server(context).reply_tools([*writes, ("finish_step", {"option": "write them"})])


@given("Claude will run {count:d} commands in one step")
def step_claude_runs_many(context: Any, count: int) -> None:
    runs = [("run_command", {"command": f"echo {n} > c{n}.txt"}) for n in range(count)]
    server(context).reply_tools([*runs, ("finish_step", {"option": "run them"})])


@then("agents asked git for core.hooksPath at most {count:d} times")
def step_hooks_path_reads(context: Any, count: int) -> None:
    """Counted in what `agents -v` logs: each git command line it runs."""
    logged = context.result.stderr.splitlines()
    reads = [line for line in logged if line.startswith("info: git config --get core.hooksPath")]
    assert len(reads) <= count, "\n".join(reads)


@given("the repository's git config has not changed for 2 seconds")
def step_config_settled(context: Any) -> None:
    """Past the time in which a config read may be stale (`own_config.RECENT`)."""
    changed = (context.repo / ".git" / "config").stat().st_ctime_ns
    time.sleep(max(0, changed + 2_100_000_000 - time.time_ns()) / 1e9)


@given("no git config of the tree has changed for 2 seconds")
def step_configs_settled(context: Any) -> None:
    """Past the time in which a read of the repository's config, or of a nested one's, may
    be stale (`config_listings.RECENT`)."""
    configs = [context.repo / ".git" / "config", *context.repo.glob("*/.git/config")]
    changed = max(config.stat().st_ctime_ns for config in configs)
    time.sleep(max(0, changed + 2_100_000_000 - time.time_ns()) / 1e9)


@then("agents ran git config at most {count:d} times")
def step_config_runs(context: Any, count: int) -> None:
    """Counted in what `agents -v` logs: each git command line it runs."""
    logged = context.result.stderr.splitlines()
    runs = [line for line in logged if line.startswith("info: git config ")]
    assert len(runs) <= count, "\n".join(runs)


@then("agents read the repository's git config at most {count:d} times")
def step_config_reads(context: Any, count: int) -> None:
    """Counted in what `agents -v` logs: each git command line it runs."""
    logged = context.result.stderr.splitlines()
    config = f"{context.repo / '.git' / 'config'} --no-includes -lz"
    reads = [
        line for line in logged if line.startswith("info: git config --file ") and config in line
    ]
    assert len(reads) <= count, "\n".join(reads)


@given('a nested repository "{name}" whose core.hooksPath "{value}" holds "{hook}"')
def step_nested_hooks(context: Any, name: str, value: str, hook: str) -> None:
    """A repository inside the tree (a vendored checkout) with a hooks folder of its own:
    its `git commit` runs `hook` from there, on the host."""
    from features.steps.repo_steps import git

    nested = context.repo / name
    (nested / value).mkdir(parents=True)
    (nested / value / hook).write_text("#!/bin/sh\nexit 0\n")
    (nested / value / hook).chmod(0o755)
    git(context, "init", "--quiet", cwd=nested)
    git(context, "add", "--all", cwd=nested)
    git(context, "commit", "--quiet", "--no-gpg-sign", "-m", "nested", cwd=nested)
    git(context, "config", "core.hooksPath", value, cwd=nested)


@given('the submodule "{name}"\'s git config sets "{key}" to "{value}"')
def step_submodule_config(context: Any, name: str, key: str, value: str) -> None:
    """Its own config, in `.git/modules/NAME/config`: the hooks its `git commit` runs."""
    from features.steps.repo_steps import git

    git(context, "config", key, value, cwd=context.repo / name)


@given("agents' import path holds the tree's folder \"{folder}\"")
def step_import_path_in_tree(context: Any, folder: str) -> None:
    """The user's project (src layout) on the `sys.path` of the `agents` process, as an
    editable install into agents' venv or a `PYTHONPATH` puts it: a module agents looks for
    and does not find elsewhere is taken from there."""
    (context.repo / folder / "myproj").mkdir(parents=True)
    (context.repo / folder / "myproj" / "__init__.py").write_text("")
    context.env["PYTHONPATH"] = str(context.repo / folder)


@given('a folder "{name}" beside the tree holding "{path}"')
def step_folder_beside(context: Any, name: str, path: str) -> None:
    """The user's files outside the working tree, where a link a command makes may lead."""
    (context.repo.parent / name / path).parent.mkdir(parents=True, exist_ok=True)
    (context.repo.parent / name / path).write_text("precious\n")


@then('the folder "{name}" beside the tree still holds "{path}"')
def step_folder_beside_kept(context: Any, name: str, path: str) -> None:
    held = context.repo.parent / name / path
    assert held.is_file() and held.read_text() == "precious\n", f"{held} is gone or changed"


@then('the folder "{name}" beside the tree holds nothing but "{path}"')
def step_folder_beside_only(context: Any, name: str, path: str) -> None:
    found = sorted(os.listdir(context.repo.parent / name))
    assert found == [path], found


@given("agents' import path holds the tree's folder \"{folder}\", not there yet")
def step_import_path_missing(context: Any, folder: str) -> None:
    """A `PYTHONPATH` entry (a build folder) the tree does not hold yet."""
    context.env["PYTHONPATH"] = str(context.repo / folder)


@given('the repository\'s hook "{name}" is a link to its tree\'s "{target}"')
def step_hook_link(context: Any, name: str, target: str) -> None:
    """As many projects' setup docs say: `ln -s ../../scripts/pre-commit .git/hooks/`."""
    (context.repo / ".git" / "hooks" / name).symlink_to(f"../../{target}")


@given("the repository's .git/hooks is a link to its tree's folder \"{folder}\"")
def step_hooks_folder_link(context: Any, folder: str) -> None:
    """The other common setup: `rm -rf .git/hooks && ln -s ../githooks .git/hooks`."""
    import shutil

    shutil.rmtree(context.repo / ".git" / "hooks")
    (context.repo / ".git" / "hooks").symlink_to(f"../{folder}")


@given('Claude Code\'s managed settings folder holds "{name}" with "{content}"')
def step_managed_settings(context: Any, name: str, content: str) -> None:
    """A managed settings folder of the test's own (`CLEVERAGENTS_CLAUDE_CODE_MANAGED`)."""
    folder = context.tmp / "managed"
    (folder / name).parent.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(content)
    before = os.environ.get("CLEVERAGENTS_CLAUDE_CODE_MANAGED")
    os.environ["CLEVERAGENTS_CLAUDE_CODE_MANAGED"] = str(folder)

    def put_back() -> None:
        if before is None:
            os.environ.pop("CLEVERAGENTS_CLAUDE_CODE_MANAGED", None)
        else:
            os.environ["CLEVERAGENTS_CLAUDE_CODE_MANAGED"] = before

    context.add_cleanup(put_back)
