"""Property: no `.git` or `.claude` setting a Claude Code Bash call plants is left behind.

Each example runs the real `agents plan run --actor claude-code --no-sandbox` (Claude
Code's Bash on the host, as in a session the user runs) with the real Claude Code against
the stand-in Messages API. The stand-in has Claude Code write a script and run it
with Bash, one to three times; each script plants one thing (a nested repository whose
config names `core.fsmonitor`, a `.git` file naming a git directory elsewhere, `.claude`
settings at the top or in a sub folder, a hook in the repository's own `.git/hooks`, a
`.mcp.json`, `core.hooksPath`, `core.fsmonitor`, an alias of git's own options or an ssh
key command in the repository's own config, `core.fsmonitor` in a submodule's config, a
`commondir` naming a folder of the tree, `.git/hooks` or `.git/config` made a link into
it) or
nothing, and may fail (Claude Code then sends
no PostToolUse). Claude Code refuses a command that names `.claude` itself: a script does
not. After the run nothing planted is there, each call's outcome names what it planted,
and the user's `git status` runs nothing. Half the examples are a session the user runs
(`claude -p`, its own permissions) recorded by the hooks `agents hooks install claude-code`
installs, where each hook event is a process of its own.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from features.support import agents_process
from features.support.messages_server import MessagesServer

KEY = "sk-ant-stand-in-key"
# (what the script does, the path it plants, that path as the outcome names it); {n}: the call
PLANTS = {
    "fsmonitor": (
        "git init -q n{n} && git -C n{n} config core.fsmonitor 'touch {canary}'",
        "n{n}/.git",
    ),
    "gitdir file": ("mkdir -p g{n} && printf 'gitdir: ../elsewhere\\n' > g{n}/.git", "g{n}/.git"),
    "top settings": (
        "mkdir -p .claude && printf '{{\"hooks\":{{}}}}' > .claude/settings.json",
        ".claude/settings.json",
    ),
    "sub settings": (
        "mkdir -p a{n}/.claude && printf '{{}}' > a{n}/.claude/settings.local.json",
        "a{n}/.claude/settings.local.json",
    ),
    "hook": ("printf 'touch {canary}' > .git/hooks/post-merge{n}", ".git/hooks/post-merge{n}"),
    "mcp": ("mkdir -p m{n} && printf '{{}}' > m{n}/.mcp.json", "m{n}/.mcp.json"),
    "hooks path": ("git config core.hooksPath .h{n}", "config:core.hookspath"),
    "fsmonitor setting": ("git config core.fsmonitor 'touch {canary}'", "config:core.fsmonitor"),
    "alias": (
        "git config alias.s{n} \"-c core.fsmonitor='touch {canary}' status\"",
        "config:alias.s{n}",
    ),
    "key command": (
        "git config gpg.ssh.defaultKeyCommand 'touch {canary}'",
        "config:gpg.ssh.defaultkeycommand",
    ),
    "module setting": (
        "git init -q --bare .git/modules/s{n} && "
        "git --git-dir=.git/modules/s{n} config core.fsmonitor 'touch {canary}'",
        "module:s{n}",
    ),
    "commondir": (
        "mkdir -p e{n} && ln -s ../.git/objects e{n}/objects && ln -s ../.git/refs e{n}/refs"
        " && git config -f e{n}/config core.fsmonitor 'touch {canary}'"
        " && echo ../e{n} > .git/commondir",
        ".git/commondir",
    ),
    "hooks link": (
        "mkdir h{n} && cp -a .git/hooks/. h{n}/ && rm -rf .git/hooks && ln -s ../h{n} .git/hooks"
        " && printf 'touch {canary}' > h{n}/pre-commit && chmod +x h{n}/pre-commit",
        "link:.git/hooks",
    ),
    "config link": (
        "cp .git/config c{n}.cfg && git config -f c{n}.cfg core.fsmonitor 'touch {canary}'"
        " && rm .git/config && ln -s ../c{n}.cfg .git/config",
        "link:.git/config",
    ),
    "nothing": ("echo hi > f{n}.txt", None),
}
CALLS = st.lists(st.tuples(st.sampled_from(sorted(PLANTS)), st.booleans()), min_size=1, max_size=3)


def check_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the property; the number of examples that ran."""
    from features.support.properties import reproducible

    ran = 0

    @reproducible(examples, seed)
    @given(calls=CALLS, recorded=st.booleans())
    def prop(calls: list[tuple[str, bool]], recorded: bool) -> None:
        nonlocal ran
        ran += 1
        work = tmp / f"claude-code-bash-{ran}"
        try:
            _example(work, calls, recorded)
        finally:
            shutil.rmtree(work, ignore_errors=True)

    prop()
    return ran


def _example(work: Path, calls: list[tuple[str, bool]], recorded: bool) -> None:
    repo, canary = work / "repo", work / "canary"
    repo.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    planted: list[tuple[int, str]] = []  # (decision id of the Bash call, path)
    with MessagesServer(answer_side_requests=True) as server:
        for n, (kind, fails) in enumerate(calls):
            script, path = PLANTS[kind]
            text = script.format(n=n, canary=canary) + (" && exit 3" if fails else "") + "\n"
            server.reply_tools([("Write", {"file_path": f"{repo}/p{n}.sh", "content": text})])
            server.reply_tools([("Bash", {"command": f"sh p{n}.sh", "description": "run"})])
            if path is not None:
                planted.append((2 * n + 3, path.format(n=n)))
        server.reply_text("All done.")
        env = agents_process.environment() | {
            "ANTHROPIC_API_KEY": KEY,
            "ANTHROPIC_BASE_URL": server.url,
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
            "DISABLE_AUTOUPDATER": "1",
            "CLAUDE_CONFIG_DIR": str(work / "claude-config"),
            "GIT_CEILING_DIRECTORIES": str(work),
        }
        if recorded:
            done = _recorded(repo, env, work)
        else:
            # On the host, where the put-back is what holds (in the sandbox `.git` is
            # read-only: claude_code_box_property.py).
            allow = ["--allow-command", "sh p*.sh", "--no-sandbox"]
            done = _agents(repo, env, "plan", "run", "plant", "--actor", "claude-code", *allow)
        assert done.returncode == 0, done.stderr
    for decision, path in planted:
        shown = _agents(repo, env, "plan", "decision", str(decision))
        if _put_back_in_git_dir(repo, path, shown.stdout):
            continue
        key = path.removeprefix("config:")
        if key != path:  # a setting of the repository's own config that runs a program
            left = subprocess.run(["git", "config", "--get", key], cwd=repo, check=False)
            assert left.returncode == 1, f"git config {key} is left set"
            assert f"put back git config {key}: set by" in shown.stdout, shown.stdout
            continue
        assert not (repo / path).exists(), f"{path} is left in the working tree"
        assert f"removed {path}: new" in shown.stdout, shown.stdout
    subprocess.run(["git", "status", "--ignore-submodules=none"], cwd=repo, capture_output=True)
    commit = ["git", "commit", "-q", "--allow-empty", "-m", "x"]
    subprocess.run(commit, cwd=repo, capture_output=True, check=False)
    for n in range(len(calls)):  # what an alias or a submodule's config would run
        subprocess.run(["git", f"s{n}"], cwd=repo, capture_output=True, check=False)
        look = ["git", f"--git-dir=.git/modules/s{n}", "status"]
        subprocess.run(look, cwd=repo, capture_output=True, check=False)
    assert not canary.exists(), "the user's git ran a planted command"


def _put_back_in_git_dir(repo: Path, path: str, shown: str) -> bool:
    """Check a plant in the repository's own git dir (a link, a submodule's config);
    whether `path` was one."""
    kind, _, name = path.partition(":")
    if kind == "link":
        assert not (repo / name).is_symlink(), f"{name} is left a link"
        assert f"put back {name}: replaced by a link by the command" in shown, shown
    elif kind == "module":
        config = f".git/modules/{name}/config"
        left = subprocess.run(["git", "config", "-f", config, "--get", "core.fsmonitor"], cwd=repo)
        assert left.returncode == 1, f"{config} is left with core.fsmonitor"
        assert f"put back git config core.fsmonitor in {config}: set by" in shown, shown
    return kind in ("link", "module")


def _recorded(repo: Path, env: dict[str, str], work: Path) -> subprocess.CompletedProcess[str]:
    """The user's own `claude -p` in `repo`, recorded by the hooks installed there."""
    from cleveragents.adapters.actors.claude_code.program import find_claude

    installed = _agents(repo, env, "hooks", "install", "claude-code")
    assert installed.returncode == 0, installed.stderr
    claude = find_claude(work).path
    permissions = ["--permission-mode", "acceptEdits", "--allowedTools", "Bash(sh:*)"]
    return subprocess.run(
        [claude, "-p", "plant", *permissions],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=120,
        check=False,
    )


def _agents(repo: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return agents_process.run(Path(shutil.which("agents") or "agents"), repo, *args, env=env)
