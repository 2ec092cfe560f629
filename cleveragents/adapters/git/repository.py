"""GitRepository: finds the repository and runs git plumbing as plain subprocesses."""

from __future__ import annotations

import contextlib
import os
import select
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from cleveragents.adapters import interrupts
from cleveragents.adapters.git.git_failures import check
from cleveragents.adapters.git.git_program import git_executable, trace
from cleveragents.errors import BadInput, ConflictingState, GitFailed, NotAGitRepository

if TYPE_CHECKING:
    import subprocess

# What a pipe takes whole or not at all (4,096 on Linux; POSIX says at least 512).
PIPE_BUF: int = getattr(select, "PIPE_BUF", 512)

# Checkpoint commits are ours, not the user's: a fixed identity, so no git config is needed.
IDENTITY = {
    "GIT_AUTHOR_NAME": "cleveragents",
    "GIT_AUTHOR_EMAIL": "cleveragents@localhost",
    "GIT_COMMITTER_NAME": "cleveragents",
    "GIT_COMMITTER_EMAIL": "cleveragents@localhost",
}

# The user's configuration where it would interfere with our plumbing: no hooks run (a private
# index `add` fires `post-index-change`, a ref update `reference-transaction`), nothing is
# signed, no fsmonitor daemon, no split index or sparse rules writing into `.git`, no
# submodule recursion (nested repositories are opaque: see `nested.py`), no end-of-line
# conversion. Given as environment (GIT_CONFIG_COUNT), which overrides every config file,
# and which git passes on to any git it runs in a nested repository.
PLUMBING_CONFIG = {
    "core.hooksPath": "/dev/null",
    "core.fsmonitor": "false",
    "core.untrackedCache": "false",
    "core.splitIndex": "false",
    "core.sparseCheckout": "false",
    "index.sparse": "false",
    # extensions only git writes: an index with them is left to git (`index_file.update`)
    "index.recordEndOfIndexEntries": "false",
    "index.recordOffsetTable": "false",
    "core.autocrlf": "false",
    "core.safecrlf": "false",
    "commit.gpgSign": "false",
    "submodule.recurse": "false",
    "fetch.recurseSubmodules": "false",
    "push.recurseSubmodules": "no",
    "advice.addEmbeddedRepo": "false",  # its warning stays: `nested.add_all` reads it
    "gc.auto": "0",
    "maintenance.auto": "false",
    # `ext::` runs a command for a URL: no remote of agents' is ever one
    "protocol.ext.allow": "never",
}
PLUMBING_ENV = {
    "GIT_CONFIG_COUNT": str(len(PLUMBING_CONFIG)),
    **{f"GIT_CONFIG_KEY_{i}": key for i, key in enumerate(PLUMBING_CONFIG)},
    **{f"GIT_CONFIG_VALUE_{i}": value for i, value in enumerate(PLUMBING_CONFIG.values())},
    "GIT_TERMINAL_PROMPT": "0",
    "GIT_PAGER": "cat",
    "GIT_OPTIONAL_LOCKS": "0",  # never refresh the user's index behind their back
    "GIT_TEST_SPLIT_INDEX": "0",  # git's own test switch, which splits an index all the same
    "GIT_INDEX_VERSION": "2",  # outranks `index.version`: the format `index_file.py` reads
}

# Settings the environment gives git (`git -c` passes them on so): the user's git runs what
# they name (`diff.x.textconv=./conv.sh`), ours never (`tree_includes.users_config`).
ENV_CONFIG = ("GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_CONFIG_KEY_", "GIT_CONFIG_VALUE_")


# The working trees whose config `tree_includes` found reading no file of theirs.
_CHECKED: set[Path] = set()


@dataclass(frozen=True)
class GitRepository:
    """A non-bare repository: its working tree and its (absolute) git directory.

    `common_dir` holds the objects and refs (the main `.git` of a linked worktree).
    """

    root: Path
    git_dir: Path
    common_dir: Path = field(default=Path())
    object_format: str = "sha1"

    def __post_init__(self) -> None:
        if self.common_dir == Path():
            object.__setattr__(self, "common_dir", self.git_dir)

    @property
    def state_dir(self) -> Path:
        """Where cleveragents keeps its own files: inside the git dir, never the working tree."""
        return self.git_dir / "cleveragents"

    @classmethod
    def discover(cls, start: Path, *, settling: bool = False) -> GitRepository:
        """The repository `start` lies in, or a clear error saying what to do; refused (exit
        3) where its git config includes a file of its working tree, or its git dir lies
        there (`tree_includes`), which is checked once per process and repository.
        `settling`: a hook process that puts back after a command held looks at, which may
        have planted that git dir: it is put back there (`own_git_dir.py`), not refused."""
        from cleveragents.adapters.git import tree_includes

        repo = cls._discover(start)
        if repo.root not in _CHECKED:
            tree_includes.refuse_tree_includes(repo, settling=settling)
            if not settling:
                _CHECKED.add(repo.root)
        return repo

    @classmethod
    def _discover(cls, start: Path) -> GitRepository:
        if not start.is_dir():
            raise BadInput(f"{start} is not a directory")
        found = _working_tree(start)
        if found is not None:
            _, git_dir, common, object_format, root = found
            return cls(
                root=Path(root),
                git_dir=Path(git_dir),
                common_dir=_common_dir(start, common),
                object_format=object_format,
            )
        # Not a working tree: the same questions one by one, as every
        # other git command, tell which error to give.
        try:
            out = _run(
                start,
                [
                    "rev-parse",
                    "--is-bare-repository",
                    "--absolute-git-dir",
                    "--git-common-dir",
                    "--show-object-format",
                ],
            )
        except GitFailed as error:
            if "config" in (error.stderr or ""):  # git's own words name the file
                raise ConflictingState(
                    "git cannot read this repository's config: "
                    + error.message.removeprefix("git rev-parse failed: "),
                    hint="fix or move that file, or remove the include that names it",
                ) from error
            raise NotAGitRepository(
                f"{start} is not inside a git repository",
                hint="cd into one, or run `git init` first",
            ) from error
        bare, git_dir, common, object_format = out.splitlines()
        if bare == "true":
            raise NotAGitRepository(
                f"{git_dir} is a bare repository; cleveragents needs a working tree",
                hint="run it in a clone with a working tree",
            )
        root = _run(start, ["rev-parse", "--show-toplevel"])
        if not root:
            raise NotAGitRepository(
                f"{start} is inside the git directory {git_dir}, not a working tree",
                hint="cd into the working tree",
            )
        return cls(
            root=Path(root),
            git_dir=Path(git_dir),
            common_dir=_common_dir(start, common),
            object_format=object_format,
        )

    def git(self, *args: str, env: Mapping[str, str] | None = None) -> str:
        """Run `git ARGS` at the top of the working tree and return its stdout."""
        return _run(self.root, list(args), env)

    def git_with_input(self, stdin: bytes, *args: str, env: Mapping[str, str] | None = None) -> str:
        """Run `git ARGS` with the bytes `stdin` as its standard input."""
        return _run(self.root, list(args), env, stdin)

    def git_bytes(
        self, *args: str, stdin: bytes | None = None, env: Mapping[str, str] | None = None
    ) -> bytes:
        """Run `git ARGS` and return its stdout as bytes, exactly as git wrote them."""
        return _execute(self.root, list(args), env, stdin)

    def git_outcome(
        self, *args: str, env: Mapping[str, str] | None = None
    ) -> tuple[int, bytes, bytes]:
        """Run `git ARGS` and return its exit status, stdout and stderr, raising nothing:
        for a caller that reads what git said on success too (see `nested.add_all`)."""
        import subprocess

        interrupts.raise_if_swallowed()
        trace(["git", *args], self.root, env)
        done = subprocess.run(
            [git_executable(self.root), *args],
            cwd=self.root,
            env=_environment(self.root, env),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            check=False,
        )
        return done.returncode, done.stdout, done.stderr

    def git_fed(self, records: bytes, *args: str, env: Mapping[str, str] | None = None) -> bytes:
        """Run `git ARGS` with the NUL-terminated `records` as its input, given whole
        (`Started.feed`): a command killed meanwhile leaves git no record cut short."""
        with self.git_started(*args, env=env) as started:
            started.feed(records)
            return started()

    @contextlib.contextmanager
    def git_started(self, *args: str, env: Mapping[str, str] | None = None) -> Iterator[Started]:
        """Start `git ARGS` now and give it its standard input later, through what this
        yields (`Started`): the caller works while git starts up and reads what it reads
        first, on another core. Left by an exception or an interrupt before git ended,
        git is ended (SIGTERM: it removes its lock files) and waited for, so that it holds
        no lock (it changed nothing, unless it had all its input already)."""
        import subprocess

        interrupts.raise_if_swallowed()
        trace(["git", *args], self.root, env)
        started = Started(
            subprocess.Popen(
                [git_executable(self.root), *args],
                cwd=self.root,
                env=_environment(self.root, env),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            ),
            args,
        )
        try:
            yield started
        except BaseException:
            if not started.ended:
                started.process.terminate()
                started.process.communicate()
            raise
        if not started.ended:  # pragma: no cover - every caller waits for git
            started.process.communicate()

    def config(self, key: str) -> str | None:
        """The repository's value of a git config `key` (its own, the user's or the
        system's, as git reads them), or None where none is set. Runs no hook."""
        try:
            return self.git("config", "--get", key)
        except GitFailed:
            return None


class Started:
    """A git process `GitRepository.git_started` started: give it its input (all of it
    at once with `feed`, or with the call that waits), then wait for its end (call it)."""

    def __init__(self, process: subprocess.Popen[bytes], args: tuple[str, ...]) -> None:
        self.process = process
        self.args = args
        self.ended = False

    def feed(self, stdin: bytes) -> None:
        """Give git all of `stdin` now and close its input, without waiting for it: git
        works on it while the caller goes on. Only for a command that reads its input
        before it writes much (else each could wait on the other's full pipe).

        `stdin` is NUL-terminated records (`-z`), given whole: in writes of whole records
        of at most PIPE_BUF bytes, each of which the pipe takes whole or not at all. A
        command killed while git reads leaves git only whole records, never one cut short
        (for `update-index`, an entry of a shortened path). Only a record longer than
        PIPE_BUF (a path of over 4,000 bytes) is written in parts."""
        pipe = self.process.stdin
        assert pipe is not None, "fed once"
        self.process.stdin = None  # `communicate` gives it nothing more
        try:
            for part in whole_records(stdin):
                while part:
                    part = part[os.write(pipe.fileno(), part) :]
            pipe.close()
        except BrokenPipeError:  # pragma: no cover - git ended before it read: waiting says why
            pass

    def __call__(self, stdin: bytes = b"") -> bytes:
        """Give git `stdin` (nothing more when fed) and wait for its end: its stdout, as
        `git_bytes` gives it; `GitFailed` where git failed."""
        out, err = self.process.communicate(stdin if self.process.stdin else None)
        self.ended = True
        check(self.args, self.process.returncode, err)
        return bytes(out)


def whole_records(data: bytes, most: int = PIPE_BUF) -> Iterator[memoryview]:
    """`data` in parts of whole NUL-terminated records, each at most `most` bytes, save a
    record longer than that, which is a part alone (as is a last one with no NUL)."""
    view = memoryview(data)
    start = 0
    while start < len(data):
        end = data.rfind(b"\0", start, start + most) + 1
        if end <= start:  # pragma: no cover - one record longer than `most` (a 4 KB path)
            end = data.find(b"\0", start) + 1 or len(data)
        yield view[start:end]
        start = end


def _common_dir(start: Path, common: str) -> Path:
    return (start / common).resolve() if not Path(common).is_absolute() else Path(common)


def _working_tree(start: Path) -> list[str] | None:
    """What `discover` asks git, in one `git rev-parse` run as a plain subprocess, when
    `start` is in a working tree; None otherwise (inside a git directory or a bare repository
    `--show-toplevel` fails), or when git could not be run here.

    The environment is the one `_execute` gives git.
    """
    import subprocess

    interrupts.raise_if_swallowed()
    command = [
        "git",
        "rev-parse",
        "--is-bare-repository",
        "--absolute-git-dir",
        "--git-common-dir",
        "--show-object-format",
        "--show-toplevel",
    ]
    trace(command, start)
    try:
        done = subprocess.run(
            [git_executable(start), *command[1:]],
            cwd=start,
            env=_environment(start),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            check=False,
        )
    except OSError:  # pragma: no cover - `start` is a directory and git a prerequisite
        return None
    found = done.stdout.decode("utf-8", "surrogateescape").removesuffix("\n").split("\n")
    if done.returncode != 0 or len(found) != 5 or found[0] != "false" or not found[4]:
        return None
    return found


def _run(
    cwd: Path, args: list[str], env: Mapping[str, str] | None = None, stdin: bytes | None = None
) -> str:
    """git's stdout as text (paths undecodable as UTF-8 kept as surrogates), less its last
    newline."""
    return _execute(cwd, args, env, stdin).decode("utf-8", "surrogateescape").removesuffix("\n")


def _execute(
    cwd: Path, args: list[str], env: Mapping[str, str] | None = None, stdin: bytes | None = None
) -> bytes:
    """Run git as a plain subprocess, by its absolute path.

    Not through GitPython: its wrapper costs about a millisecond a call, and a call by bare
    name searches PATH again each time (84 failed `execve` a step). The environment is the
    one GitPython gave git: the caller's, in the C locale, with our plumbing settings.
    """
    import subprocess

    interrupts.raise_if_swallowed()
    trace(["git", *args], cwd, env)
    done = subprocess.run(
        [git_executable(cwd), *args],
        cwd=cwd,
        env=_environment(cwd, env),
        stdin=subprocess.DEVNULL if stdin is None else None,
        input=stdin,  # written while stdout is read, so neither pipe fills and blocks
        capture_output=True,
        check=False,
    )
    check(args, done.returncode, done.stderr)
    return done.stdout


def _environment(cwd: Path, env: Mapping[str, str] | None = None) -> dict[str, str]:
    """What git runs with: the caller's environment but `ENV_CONFIG`, in the C locale, with
    our plumbing settings and then `env`; its PATH without the working tree's folders (an
    activated `.venv/bin`), where a model's command could have planted the `ssh`,
    `git-remote-*` or credential helper git would run."""
    from cleveragents.adapters import host_programs

    path = host_programs.trusted_path(host_programs.tree_of(cwd))
    return {
        **{k: v for k, v in os.environ.items() if not k.startswith(ENV_CONFIG)},
        "PATH": path,
        "LANGUAGE": "C",
        "LC_ALL": "C",
        **PLUMBING_ENV,
        **(env or {}),
    }


plumbing_environment = _environment  # for a git kept running (`batch_reader.py`)
