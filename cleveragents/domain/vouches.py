"""The programs a user vouched for (`agents hooks vouch NAME`): ones that read the files
they are given as data and run nothing of the tree, which agents has no table for.

A hook's program agents does not know may load anything of the tree by its own convention
(`launchers.INERT`'s comment): the whole tree is then the hook's, and every model write is
refused or put back. A user whose hook runs a linter or a formatter agents does not know
(`biome`, `dprint`, an in-house `acme-fmt`) says so once, outside any tree: from then on
its words are read as `launchers.CHECKERS`' are, as data. Only a bare name (found on PATH)
or an exact absolute path outside the tree can be vouched for: never a path of the tree
(the adapter leaves those out at each read), never an interpreter, a shell, a launcher or
a project runner, which run the code or the project they are given.
"""

from __future__ import annotations

import posixpath
import re
import shlex
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from cleveragents.domain import launchers as table
from cleveragents.domain.reach import WHOLE, Reach, printable

_VOUCHED: ContextVar[frozenset[str]] = ContextVar("vouched", default=frozenset())
# What a vouched program's own file runs of the tree (`adapters/vouched_programs.py`: a
# wrapper script `exec ~/proj/tools/acme-w "$@"`, an editable install's console script),
# kept among the vouched programs as `PROGRAM<NUL>PATH<NUL>WHY` (no program's name holds a
# NUL): a change of what it runs is a change of the vouches, and the hooks are read again.
BEHIND = "\0"
# What a program's name may not hold: what the shell expands or splits, quotes, `=` (an
# assignment), control characters.
_UNFIT = re.compile(r"[\s$*?\[\]{}()<>|&;`'\"\\=~!#]")
# Programs that run the code, the script or the command line they are given, or the
# project of their working folder: agents reads what they run itself, a vouch cannot
# stand for that.
_RUNS_CODE = frozenset((
    *table.SHELLS, *table.NODE, *table.SCRIPTED, *table.OPAQUE, *table.WRAPPERS,
    *table.CONVENTIONS, *table.KEYWORDS, *(r.split()[0] for r in table.RUNNERS),
    "xargs", "cd", "pushd", "source", ".", "export", "test", "[", "[[", "for", "case",
    # Launchers and wrappers no table reads, which run the command line after their options
    # (attack 19 finding 1: a vouched `setpriv` let `setpriv --no-new-privs make -s fmt` run
    # the model's Makefile), and interpreters, shells, editors and debuggers that run what
    # they are given.
    "setpriv", "chronic", "unbuffer", "uvx", "pipx", "uv", "poetry", "pdm", "hatch", "rye",
    "conda", "mamba", "micromamba", "pixi", "mise", "asdf", "rtx", "volta", "fnm", "nvm",
    "pyenv", "rbenv", "goenv", "nodenv", "direnv", "xvfb-run", "dbus-run-session",
    "dbus-launch", "systemd-run", "systemd-inhibit", "chroot", "unshare", "nsenter",
    "firejail", "bwrap", "taskset", "chrt", "prlimit", "runuser", "fakeroot", "faketime",
    "proot", "ssh-agent", "gpg-agent", "run-parts", "sg", "newgrp", "vim", "nvim", "vi",
    "emacs", "emacsclient", "ex", "ed", "expect", "tmux", "screen", "strace", "ltrace", "gdb",
    "lldb", "valgrind", "perf",
    "toybox", "fish", "tcsh", "csh", "nu", "xonsh", "pwsh", "elvish", "wish", "ghc",
    "runghc", "scala", "groovy", "clojure", "bb", "guile", "racket", "sbcl", "ocaml", "erl",
    "escript", "elixir", "iex", "octave", "gnuplot", "m4", "tcc", "zx", "esno", "tsx",
    "ts-node", "jiti", "babel-node", "ipython", "ipython3", "qjs", "watchexec", "entr",
    "nodemon", "concurrently", "npm-run-all", "run-s", "run-p", "foreman", "honcho",
    "overmind", "pm2", "go", "cargo", "dotnet", "java", "swift", "kotlin", "osascript",
    "nawk", "busybox", "caffeinate", "torsocks", "proxychains", "proxychains4", "catchsegv",
    "ld.so", "gosu", "su-exec", "chpst", "setuidgid", "envdir", "softlimit", "daemonize",
    "start-stop-daemon", "at", "batch", "crontab", "systemctl", "launchctl",
    # Attack 20 finding 3: wrappers that exec the command after their options, and
    # interpreters, debuggers and runners under other names.
    "setarch", "linux32", "linux64", "x86_64", "i386", "i686", "aarch64", "arm64", "uname26",
    "choom", "capsh", "memusage", "pg_virtualenv", "msgfilter", "msgexec", "pdb", "pydoc",
    "prove", "irb", "rake", "lli", "make-first-existing-target", "xdg-open", "sensible-editor",
    "editor", "see", "run-mailcap", "sudo", "doas", "pkexec", "su", "script", "watch", "flock",
    "parallel", "sem", "stdbuf", "ionice", "nice", "nohup", "setsid", "timeout", "env",
    "gvim", "view", "vimdiff", "rvim", "mawk", "original-awk", "gawk", "busybox", "jshell",
    "kotlinc", "scalac", "node", "deno", "bun", "php-cgi", "perldoc", "tclsh", "expectk",
    "sqlite3", "gnuplot-qt", "octave-cli", "maxima", "gp", "bc", "dc", "lldb-server", "pwsh",
    # Attack 21 finding 2: project and task runners, test runners, app servers, build and
    # deploy tools that load the project of their folder (`robot --dryrun` imports its
    # libraries), which README promises are never vouched for.
    "robot", "pabot", "rebot", "libdoc", "testdoc", "typer", "stubtest", "stubgen", "mcp",
    "pygmentize", "virtualenv", "poe", "pypyr", "paver", "fab", "pynt", "invoke", "inv",
    "doit", "nox", "tox", "hatchling", "sphinx-build", "sphinx-autobuild", "nbconvert",
    "jupyter", "papermill", "pelican", "mkdocs", "cz", "commitizen", "check-manifest",
    "pip-compile", "pip", "pip3", "build", "twine", "maturin", "cookiecutter", "copier",
    "ansible", "ansible-playbook", "ansible-lint", "molecule", "salt-call", "pyinfra", "dvc",
    "snakemake", "nextflow", "luigi", "airflow", "prefect", "dagster", "kedro", "mlflow",
    "streamlit", "gunicorn", "uvicorn", "hypercorn", "daphne", "flask", "django-admin",
    "manage.py", "celery", "alembic", "quarto", "latexmk", "pdflatex", "xelatex", "lualatex",
    "bmake", "remake", "gmake", "mage", "jake", "grunt", "gulp", "tilt", "vagrant", "earthly",
    "act", "terraform", "tofu", "pulumi", "packer", "helm", "skaffold", "bazel", "bazelisk",
    "buck2", "pants", "gradle", "gradlew", "mvn", "mvnw", "sbt", "lein", "mix", "rebar3",
    "dune", "stack", "cabal", "zig", "meson", "ninja", "cmake", "scons", "waf", "just", "task",
    # More test runners, app and task servers, build tools that run the project they find.
    "pytest-watch", "ptw", "lettuce", "green", "trial", "nose2", "nosetests", "hug", "sanic",
    "fastapi", "django", "waitress", "waitress-serve", "granian", "rq", "dramatiq", "huey",
    "huey_consumer", "scrapy", "locust", "voila", "panel", "bokeh", "gradio", "chalice",
    "zappa", "sam", "serverless", "cdk", "buildout", "pybuilder", "pyb", "flit", "cargo-make",
    "makers", "xmake", "premake", "premake5", "tup", "redo", "please", "plz", "gn", "drake",
    "shake", "behave", "pytest", "py.test", "hupper", "watchmedo", "watchfiles",
))  # fmt: skip
# The Python packages of runners and servers (`import robot`, `from _pytest.config import
# main`): a console script importing one runs the code or project it is given, whatever the
# name it is installed or copied as (`adapters/vouched_programs.runner_module`).
RUNNER_MODULES = frozenset((
    "robot", "pabot", "_pytest", "pytest", "nose", "nose2", "unittest", "behave", "green",
    "twisted", "invoke", "fabric", "paver", "doit", "nox", "tox", "sphinx", "sphinx_autobuild",
    "mkdocs", "jupyter_core", "nbconvert", "papermill", "notebook", "jupyterlab", "IPython",
    "uvicorn", "gunicorn", "hypercorn", "daphne", "waitress", "granian", "flask", "django",
    "celery", "rq", "dramatiq", "huey", "scrapy", "locust", "streamlit", "gradio", "panel",
    "bokeh", "voila", "alembic", "typer", "typer_cli", "mcp", "snakemake", "luigi", "airflow",
    "prefect", "dagster", "kedro", "mlflow", "ansible", "ansible_runner", "molecule",
    "pyinfra", "salt", "dvc", "poethepoet", "pypyr", "pynt", "pytest_watch", "hupper",
    "watchdog", "watchfiles", "virtualenv", "pip", "build", "setuptools", "pdm", "poetry",
    "hatch", "uv", "pipx", "pre_commit", "coverage", "runpy", "code", "pdb", "cProfile",
    "profile", "trace", "timeit", "doctest", "mypy.stubtest", "copier", "cookiecutter",
    "cruft", "maturin", "twine", "pelican", "nikola", "lektor", "quarto", "commitizen",
    "pygments.cmdline", "hypothesis.extra.cli", "pydoc", "pstats",
))  # fmt: skip
# Interpreters named with their version (`perl5.36.0`, `ruby3.1`, `php8.2`, `node20`).
_VERSIONED = re.compile(
    r"(perl|ruby|php|tclsh|wish|node|nodejs|lua|luajit|guile|racket|julia|Rscript|R|"
    r"python|pypy|ipython|java|go|ghc|erl|elixir|ocaml|swift|bash|zsh|ksh|tcl|awk|gawk)"
    r"-?[0-9][0-9.]*"
)
# What Debian and others put after a program's own name: its version (`irb3.1`, `pdb3`), its
# machine (`perl5.36-x86_64-linux-gnu`), its build (`vim.basic`, `vim.tiny`, `emacs-nox`).
_SUFFIX = re.compile(
    r"(?:[-.]?[0-9][0-9.]*[a-z]?)?(?:-[a-z0-9_]+-linux-gnu[a-z0-9_]*|-[a-z0-9_]+-(?:pc|apple|w64)"
    r"-[a-z0-9_-]+)?(?:[.-](?:basic|tiny|nox|gtk[0-9]*|lucid|athena|motif|x11|huge|full|"
    r"static|real|bin|default|legacy))?$"
)
# A word of a vouched program's line naming a file: one holding a `/`, or a name with a dot
# inside (`fmt.pl`, `x.bc`); not a number or a version (`0`, `3.1`).
_HOME = re.compile(r"\A\$(?:HOME|\{HOME\})(?=/|\Z)/*")
_FILE_WORD = re.compile(r"(?=.*[A-Za-z_])(?:.*/.*|.+\..*|\..+)")


@contextmanager
def vouching(programs: frozenset[str]) -> Iterator[None]:
    """Read every line within holding `programs` (bare names, absolute paths outside the
    tree) to reading the files they are given as data."""
    reset = _VOUCHED.set(programs)
    try:
        yield
    finally:
        _VOUCHED.reset(reset)


def vouched_now() -> frozenset[str]:
    """The programs vouched for now (a cache of reaches keys on them)."""
    return _VOUCHED.get()


def vouched(name: str, program: str) -> bool:
    """Whether the user vouched for `name` run by its bare name, or for the exact absolute
    (or `~/`) path `program` names it by: never one relative to the tree."""
    found = _VOUCHED.get()
    if not found:
        return False
    if "/" not in program:
        return name in found
    return program.startswith(("/", "~/")) and program in found


def behind_entry(program: str, reach: Reach) -> str:
    """How `reach`, run by the vouched `program`'s own file, is kept among the vouches."""
    return BEHIND.join((program, reach.path, reach.unknown))


def behind(program: str) -> list[Reach]:
    """What the vouched `program` (as a hook names it: a bare name, an absolute or `~/`
    path) runs of the tree by its own file, whatever words it is given: the vouch holds
    its words as data, never the tree files its wrapper or its package are (attack 21,
    finding 16)."""
    found: list[Reach] = []
    for entry in _VOUCHED.get():
        name, _, rest = entry.partition(BEHIND)
        if name == program and rest:
            path, _, why = rest.partition(BEHIND)
            found.append(Reach(WHOLE, unknown=why) if why else Reach(path))
    return found


def refusal(program: str) -> str | None:
    """Why `program` (a bare name, or an absolute path already normalised) cannot be
    vouched for, or None."""
    shown = printable(program)
    name = program.rpartition("/")[2]
    if not program or not program.isprintable() or _UNFIT.search(program):
        return f"'{shown}' is not one program's name or absolute path"
    if "/" in program and not program.startswith("/"):
        return f"{shown} is a relative path: name the program by its bare name or absolute path"
    if program.startswith("-") or name in ("", ".", ".."):
        return f"'{shown}' is not one program's name or absolute path"
    if runs_code(name):
        return (
            f"{printable(name)} runs the code, script or project it is given: agents reads "
            "what it runs itself, and no vouch can stand for that"
        )
    return None


def runner_module(modules: list[str]) -> str | None:
    """Which of `modules` (what a Python console script imports, dotted) is a runner's
    package, or None."""
    for module in modules:
        parts = module.split(".")
        if any(".".join(parts[:n]) in RUNNER_MODULES for n in range(1, len(parts) + 1)):
            return module
    return None


def runs_code(name: str) -> bool:
    """Whether the program `name` (a bare name) runs the code or command it is given, by
    its own name or with a version, machine or build after it (`irb3.1`, `vim.basic`)."""
    for each in dict.fromkeys((name, _SUFFIX.sub("", name, count=1) or name)):
        if each in _RUNS_CODE or table.PYTHON.fullmatch(each) or _VERSIONED.fullmatch(each):
            return True
    return False


def file_words(words: list[str]) -> list[str]:
    """The words of a vouched program's line that name a file or folder (an option's value
    after `=` too, or attached to a short one, `-xbin/x`; `$HOME/x` as `~/x`): what it is
    given may be a script it runs (`setarch x86_64
    ./scripts/fmt.sh`, attack 20 finding 3), so each is read as one; the vouch covers the
    program itself, never a file of the tree."""
    found: list[str] = []
    for word in words:
        value = word.partition("=")[2] if word.startswith("-") else word
        if not value and re.fullmatch(r"-[A-Za-z].+", word):  # `-xbin/acme-lint`: attached
            value = word[2:]
        value = _HOME.sub("~/", value)  # `$HOME/x`, `${HOME}/x`: the home's `~/x`
        if value and not value.startswith("-") and _FILE_WORD.fullmatch(value):
            found.append(value)
    return found


def command_in(words: list[str]) -> int | None:
    """Where a command starts among a vouched program's words (`setpriv --no-new-privs
    make -s fmt`: at `make`): the first word naming a program that runs code or that a
    table reads. A vouch holds the program's own words as data, never a command it is
    given (attack 19 finding 1); None when no word is one."""
    for at, word in enumerate(words):
        name = word.rpartition("/")[2]
        if word.startswith("-") or not name:
            continue
        if runs_code(name) or (table.tabled(name) and name not in table.INERT):
            return at
    return None


def normalised(program: str) -> str:
    """`program` as it is kept: an absolute path without `.`, `..` or doubled slashes."""
    return posixpath.normpath(program) if program.startswith("/") else program


def known(program: str) -> bool:
    """Whether agents already reads `program` (a bare name) as loading nothing of the tree."""
    return "/" not in program and program in table.INERT


def vouch_command(name: str) -> str:
    """The command that vouches for `name`, as a user types it."""
    return printable(f"agents hooks vouch {shlex.quote(name)}")
