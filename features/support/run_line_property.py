"""The property behind "a plan run refused without typer is refused as typer refuses it".

`agents plan run` in its plain forms is refused before typer is imported when its plan file
cannot be read or its arguments do not go together (`cli/run_arguments.early_refusal`).
Each example is a random command line of the words those forms and their mistakes are made
of, run in a folder that is no git repository. Whenever `early_refusal` refuses one, the
typer app must refuse it too, with the same exit code, stdout and stderr: it never gets as
far as the repository (it would say there is none).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

from cleveragents.cli.exits import exit_code
from cleveragents.cli.run_arguments import early_refusal
from features.support.properties import reproducible

PLAN = "task: t\nsteps:\n  - name: s\n    options:\n      - actions:\n          - write: a\n"
WORDS = [
    "plan", "run", "--json", "--quiet", "-q", "--script", "-s", "plan.yaml", "missing.yml",
    "gone/plan", "folder", "latin1.yaml", "do it", "-C", "sub", "--budget-calls", "3",
    "--actor", "scripted", "--", "", "-h", "--jso", "-qs",
]  # fmt: skip
command_lines = st.one_of(
    st.builds(
        lambda start, rest: [*start, "plan", "run", *rest],
        st.sampled_from([[], ["-C", "sub"], ["-C", "folder"], ["-C"], ["-C", ""]]),
        st.lists(st.sampled_from(WORDS), max_size=5),
    ),
    st.lists(st.sampled_from(WORDS), max_size=7),
)
# The plain forms, which must be refused without typer.
PLAIN = [
    ["plan", "run", "missing.yml"],
    ["plan", "run", "--script", "missing.yml"],
    ["plan", "run", "-s", "folder", "--json"],
    ["plan", "run", "--json", "-q", "gone/plan"],
    ["plan", "run", "latin1.yaml"],
    ["-C", "sub", "plan", "run", "plan.yaml"],
    ["plan", "run"],
    ["plan", "run", "--quiet"],
    ["plan", "run", "-s", "plan.yaml", "do it"],
]
# Always tried too: one command line at each edge of what is refused without typer.
EDGES = [
    ["plan", "run", "plan.yaml"],
    ["plan", "run", "do it"],
    ["plan", "run", "missing.yml", "--budget-calls", "3"],
    ["plan", "run", "missing.yml", "missing.yml"],
    ["plan", "run", "-q", "--quiet", "missing.yml"],
    ["plan", "run", "--script"],
    ["plan", "run", "--script", "-q"],
    ["plan", "run", "--", "missing.yml"],
    ["plan", "run", "-qs", "missing.yml"],
    ["plan", "run", "--actor", "scripted", "missing.yml"],
    ["plan", "run", ""],
    ["-C", "", "plan", "run", "missing.yml"],
    ["-C", "plan", "run", "missing.yml"],
    ["plan", "run", "--jso"],
    ["plan", "run", "--jso", "missing.yml"],
    ["plan", "run", "-h", "missing.yml"],
    ["plan", "run", "do it", "--script", "folder"],
]


def _outcome(run: Callable[[list[str]], int], args: list[str]) -> tuple[int, str, str]:
    """`run(args)`'s exit code, stdout and stderr, run in a fork: a command line's options
    set the output's state for the rest of the process (`-q` silences every later note),
    which must not leak into this one, nor into the commands later scenarios fork from it."""
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child's coverage is not kept
        try:
            os.close(reader)
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = run(args)
            found = [code, out.getvalue(), err.getvalue()]
        except BaseException as error:  # said to the parent, whose comparison fails
            found = [-1, "", repr(error)]
        with os.fdopen(writer, "wb") as pipe:
            pipe.write(json.dumps(found).encode())
        os._exit(0)
    os.close(writer)
    with os.fdopen(reader, "rb") as pipe:
        data = pipe.read()
    os.waitpid(pid, 0)
    code, out, err = json.loads(data)
    return code, out, err


def _folder(where: Path) -> None:
    """The folder the command lines run in: a plan file, a folder, one that is not UTF-8."""
    (where / "plan.yaml").write_text(PLAN)
    (where / "latin1.yaml").write_bytes("task: caf\xe9\n".encode("latin-1"))
    (where / "folder").mkdir()
    (where / "sub").mkdir()


def check_property(examples: int, seed: int) -> int:
    """Check `examples` random command lines (the plain forms and a few mistakes first)."""
    from cleveragents.cli.app import run

    ran = 0
    previous = Path.cwd()
    with tempfile.TemporaryDirectory(prefix="cleveragents-run-line-") as folder:
        _folder(Path(folder))
        os.chdir(folder)
        try:
            for plain in PLAIN:
                assert early_refusal(plain) is not None, f"{plain} goes to typer"

            def agrees(args: list[str]) -> None:
                nonlocal ran
                ran += 1
                refusal = early_refusal(args)
                if refusal is None:
                    return
                quick = _outcome(lambda a: exit_code(a, refusal), args)
                typer = _outcome(run, args)
                assert quick == typer, f"{args}: {quick} without typer, {typer} by typer"
                assert quick[0] == 2, f"{args}: {quick}"

            for known in [*PLAIN, *EDGES]:
                agrees = example(known)(agrees)
            reproducible(examples, seed)(given(command_lines)(agrees))()
        finally:
            os.chdir(previous)
    return ran
