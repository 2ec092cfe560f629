"""Property: Claude Code's allowed Bash commands run in our sandbox, exactly as written.

Each example runs the real `agents plan run --actor claude-code` with the real Claude Code
against the stand-in Messages API, in a repository with a branch `side`, a stash and an
uncommitted edit. The stand-in has Claude Code run one to four Bash commands, each allowed
(`--allow-command '*'`): one that would change git's state on the host (a commit, a branch
deleted, the stash dropped, a tag, a ref moved, a config setting that runs a program, the
index rewritten, a `.mcp.json` made), or one that writes random text (quotes, `$`,
backquotes, newlines, non-ASCII) to a file, single-quoted or in a here-document, and exits
with a random code.
After the run the user's git state (index, HEAD, refs, reflogs, config, stash) is what it
was byte for byte, nothing planted ran, each text file holds exactly its text, and Claude
Code got each exit code as Bash's own. Then `agents plan undo` puts the working tree back
byte for byte as before the run: what a last call that failed wrote too (it gets no
PostToolUse, and the run's end once lacked it, so undo kept it as the user's).
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
from pathlib import Path
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from features.support import agents_process
from features.support.messages_server import MessagesServer
from features.support.tree_state import differences, picture

KEY = "sk-ant-stand-in-key"
ID = "git -c user.name=m -c user.email=m@example.com"
GIT = {
    "commit": f"{ID} commit -qam x",
    "branch": "git branch -D side",
    "stash": "git stash drop",
    "tag": f"{ID} tag -am t t",
    "ref": "git update-ref refs/heads/side HEAD~1 && git symbolic-ref HEAD refs/heads/side",
    "config": "git config core.fsmonitor 'touch {canary}'",
    "index": "git rm -q --cached README.md",
    # Not git's, but as much the host's: the MCP servers Claude Code, running on the host
    # meanwhile, may start from a `.mcp.json` made during the command (attack 22 #12).
    "mcp": """printf '{{"mcpServers": {{"x": {{"command": "touch", "args": ["{canary}"]}}}}}}'"""
    " > .mcp.json",
}
# What Claude Code takes in a command: no control characters but the newline (it refuses
# them), no surrogates.
TEXT = st.text(
    st.characters(blacklist_categories=("Cc", "Cs", "Cf", "Co", "Cn", "Zl", "Zp")) | st.just("\n"),
    max_size=40,
)
CALL = st.one_of(
    st.tuples(st.just("git"), st.sampled_from(sorted(GIT)), st.just(0)),
    st.tuples(st.sampled_from(["quoted", "heredoc"]), TEXT, st.integers(0, 3)),
)
CALLS = st.lists(CALL, min_size=1, max_size=4)


def check_property(examples: int, seed: int, tmp: Path) -> int:
    """Run the property; the number of examples that ran."""
    from features.support.properties import reproducible

    ran = 0

    @reproducible(examples, seed)
    @example(calls=[("git", "mcp", 0), ("quoted", "mine?", 3)])  # the last fails: undone
    @given(calls=CALLS)
    def prop(calls: list[tuple[str, str, int]]) -> None:
        nonlocal ran
        ran += 1
        work = tmp / f"claude-code-box-{ran}"
        try:
            _example(work, calls)
        finally:
            shutil.rmtree(work, ignore_errors=True)

    prop()
    return ran


def command_of(kind: str, text: str, code: int, n: int, canary: Path) -> str:
    """The model's command of one call."""
    if kind == "git":
        return GIT[text].format(canary=canary)
    if kind == "quoted":
        write = f"printf '%s' {shlex.quote(text)} > t{n}.txt"
    else:
        end = "END" + "X" * max((len(line) for line in text.split("\n")), default=0)
        write = f"cat > t{n}.txt <<'{end}'\n{text}\n{end}"
    return f"{write}\necho done{n}\nexit {code}"


def _example(work: Path, calls: list[tuple[str, str, int]]) -> None:
    repo, canary = work / "repo", work / "canary"
    repo.mkdir(parents=True)
    env = agents_process.environment()
    for step in (
        ["init", "-q", "--initial-branch=main"],
        ["commit", "-q", "--allow-empty", "-m", "one"],
        ["commit", "-q", "--allow-empty", "-m", "two"],
        ["branch", "side"],
    ):
        subprocess.run(["git", *step], cwd=repo, env=env, check=True)
    (repo / "README.md").write_text("stashed\n")
    subprocess.run(["git", "add", "README.md"], cwd=repo, env=env, check=True)
    subprocess.run(["git", "stash", "push", "-q"], cwd=repo, env=env, check=True)
    (repo / "README.md").write_text("changed\n")
    subprocess.run(["git", "add", "-N", "README.md"], cwd=repo, env=env, check=True)
    before, tree = _git_state(repo), picture(repo)
    with MessagesServer(answer_side_requests=True) as server:
        for n, (kind, text, code) in enumerate(calls):
            command = command_of(kind, text, code, n, canary)
            server.reply_tools([("Bash", {"command": command, "description": f"call {n}"})])
        server.reply_text("All done.")
        env |= {
            "ANTHROPIC_API_KEY": KEY,
            "ANTHROPIC_BASE_URL": server.url,
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
            "DISABLE_AUTOUPDATER": "1",
            "CLAUDE_CONFIG_DIR": str(work / "claude-config"),
            "GIT_CEILING_DIRECTORIES": str(work),
            # Claude Code keeps its Bash's folder in a file of $TMPDIR (nox sets one).
            "TMPDIR": str(work / "tmp"),
        }
        (work / "tmp").mkdir()
        run = ["plan", "run", "box", "--actor", "claude-code", "--allow-command", "*"]
        done = agents_process.run(_agents(), repo, *run, env=env)
        assert done.returncode == 0, done.stderr
        results = _tool_results(server)
    assert len(results) == len(calls), results
    after = _git_state(repo)
    changed = [part for part in before if before[part] != after[part]]
    assert not changed, f"the user's git state changed: {changed}"
    subprocess.run(["git", "status"], cwd=repo, capture_output=True, check=False)
    assert not canary.exists(), "the user's git ran a planted command"
    assert not (repo / ".mcp.json").exists(), "a .mcp.json the command made stayed"
    for n, ((kind, text, code), said) in enumerate(zip(calls, results, strict=True)):
        if kind == "git":
            assert "Read-only file system" in said or "Permission denied" in said, said
            continue
        held = (repo / f"t{n}.txt").read_bytes()
        expected = text + ("\n" if kind == "heredoc" else "")
        assert held == expected.encode(), f"t{n}.txt holds {held!r}, not {expected!r}"
        assert f"done{n}" in said, said
        assert (f"Exit code {code}" in said) == (code != 0), said
    undone = agents_process.run(_agents(), repo, "plan", "undo", "--yes", env=env)
    assert undone.returncode == 0, undone.stderr
    left = differences(tree, picture(repo))
    assert not left, "undo of the run left the tree otherwise than before it:\n" + "\n".join(left)
    assert _git_state(repo) == before, "undo changed the user's git state"


def _git_state(repo: Path) -> dict[str, Any]:
    git = repo / ".git"

    def out(*args: str) -> str:
        return subprocess.run(
            ["git", *args], cwd=repo, capture_output=True, text=True, check=True
        ).stdout

    logs = git / "logs"
    return {
        "index": (git / "index").read_bytes(),
        "HEAD": (git / "HEAD").read_bytes(),
        "config": (git / "config").read_bytes(),
        "refs": [
            line
            for line in out("for-each-ref", "--format=%(objectname) %(refname)").splitlines()
            if "refs/cleveragents/" not in line
        ],
        "reflogs": {
            p.relative_to(logs).as_posix(): p.read_bytes() for p in logs.rglob("*") if p.is_file()
        },
        "stash": out("stash", "list", "--format=%H %gs"),
    }


def _tool_results(server: MessagesServer) -> list[str]:
    """What each Bash call answered Claude Code, in order, from its last session request."""
    asked = [r.body for r in server.requests if isinstance(r.body, dict) and r.body.get("tools")]
    return [
        str(block.get("content"))
        for message in asked[-1]["messages"]
        if isinstance(message["content"], list)
        for block in message["content"]
        if block.get("type") == "tool_result"
    ]


def _agents() -> Path:
    return Path(shutil.which("agents") or "agents")
