"""GitRepository: finds the repository and runs git plumbing through GitPython."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from cleveragents.errors import BadInput, GitFailed, NotAGitRepository

# Checkpoint commits are ours, not the user's: a fixed identity, so no git config is needed.
IDENTITY = {
    "GIT_AUTHOR_NAME": "cleveragents",
    "GIT_AUTHOR_EMAIL": "cleveragents@localhost",
    "GIT_COMMITTER_NAME": "cleveragents",
    "GIT_COMMITTER_EMAIL": "cleveragents@localhost",
}


@dataclass(frozen=True)
class GitRepository:
    """A non-bare repository: its working tree and its (absolute) git directory."""

    root: Path
    git_dir: Path

    @property
    def state_dir(self) -> Path:
        """Where cleveragents keeps its own files: inside the git dir, never the working tree."""
        return self.git_dir / "cleveragents"

    @classmethod
    def discover(cls, start: Path) -> GitRepository:
        """The repository `start` lies in, or a clear error saying what to do."""
        if not start.is_dir():
            raise BadInput(f"{start} is not a directory")
        try:
            out = _execute(start, ["rev-parse", "--is-bare-repository", "--absolute-git-dir"])
        except GitFailed as error:
            raise NotAGitRepository(
                f"{start} is not inside a git repository",
                hint="cd into one, or run `git init` first",
            ) from error
        bare, git_dir = out.splitlines()
        if bare == "true":
            raise NotAGitRepository(
                f"{git_dir} is a bare repository; cleveragents needs a working tree",
                hint="run it in a clone with a working tree",
            )
        root = _execute(start, ["rev-parse", "--show-toplevel"])
        return cls(root=Path(root), git_dir=Path(git_dir))

    def git(self, *args: str, env: Mapping[str, str] | None = None) -> str:
        """Run `git ARGS` at the top of the working tree and return its stdout."""
        return _execute(self.root, list(args), env)

    def git_with_input(
        self, stdin: BinaryIO, *args: str, env: Mapping[str, str] | None = None
    ) -> str:
        """Run `git ARGS` with `stdin` as its standard input."""
        return _execute(self.root, list(args), env, stdin)


def _execute(
    cwd: Path, args: list[str], env: Mapping[str, str] | None = None, stdin: BinaryIO | None = None
) -> str:
    from git.cmd import Git
    from git.exc import GitCommandError, GitCommandNotFound

    try:
        output: Any = Git(str(cwd)).execute(["git", *args], env=dict(env or {}), istream=stdin)
    except GitCommandNotFound as error:  # pragma: no cover - git is a prerequisite
        raise GitFailed("git is not installed or not on PATH", hint="install git") from error
    except GitCommandError as error:
        stderr = str(error.stderr).strip().removeprefix("stderr: ").strip("'\n ")
        last = stderr.splitlines()[-1] if stderr else f"exit {error.status}"
        raise GitFailed(f"git {args[0]} failed: {last}") from error
    return str(output)
