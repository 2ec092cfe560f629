"""The property of trust.data_loads.property.feature: a data file that a Python script my
git config runs evaluates as code (`logging.config.fileConfig`'s `args=`, a pickle, a
marshalled code object, `yaml.unsafe_load`, a text given to `code`'s `runsource`) is
refused to the model, however the script names it, and a file it does not load is not.

Each example writes a data file at a random path holding code that leaves a mark when it is
evaluated, and a script that loads it by a random loader, naming it by a random form (a
literal, a name bound once, `os.path.join` from `__file__`'s folder, `pathlib` from it);
`diff.x.textconv` runs the script and git itself runs it (`git diff`). The mark says the
file was evaluated: it must be judged host-run (`host_folders`), an oracle that shares
nothing with the reading of the script.
"""

from __future__ import annotations

import marshal
import pickle
import shutil
import subprocess
import tempfile
from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

from cleveragents.adapters.host_folders import host_folders
from cleveragents.domain.host_files import host_run
from features.support.planting import textconv_tree
from features.support.properties import reproducible

SCRIPT = "tools/check.py"
DATA = ["data/a.bin", "conf/b.ini", "c.dat", "tools/d.txt", "conf/deep/e.cfg"]
UNTOUCHED = "other/free.py"
# How the script names the data file (`{path}` from the tree's top, where git runs it).
NAMES = [
    '"{path}"',
    "DATA",
    'os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "{path}")',
    'str(pathlib.Path(__file__).resolve().parent.parent / "{path}")',
]
# Each loader: how the script calls it on `{name}`, and the data that marks `{mark}`.
LOADERS = ["fileConfig", "pickle", "pickle_with", "marshal", "yaml", "runsource"]
CALLS = {
    "fileConfig": "logging.config.fileConfig({name})",
    "pickle": 'pickle.load(open({name}, "rb"))',
    "pickle_with": 'with open({name}, "rb") as f:\n    pickle.load(f)',
    "marshal": 'exec(marshal.load(open({name}, "rb")))',
    "yaml": "yaml.unsafe_load(open({name}))",
    "runsource": "code.InteractiveInterpreter().runsource(open({name}).read())",
}
HEAD = 'import code, logging.config, marshal, os, pathlib, pickle, yaml\nDATA = "{path}"\n'
INI = (
    "[loggers]\nkeys=root\n[handlers]\nkeys=h\n[formatters]\nkeys=\n"
    "[logger_root]\nhandlers=h\n[handler_h]\nclass=StreamHandler\n"
    "args=(open({mark!r}, 'w').close() or sys.stderr,)\n"
)


class _Marks:
    """Unpickled, opens (so makes) the mark."""

    def __init__(self, mark: str) -> None:
        self.mark = mark

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return open, (self.mark, "w")


def data_bytes(loader: str, mark: str) -> bytes:
    line = f"open({mark!r}, 'w').close()"
    if loader == "fileConfig":
        return INI.format(mark=mark).encode()
    if loader.startswith("pickle"):
        return pickle.dumps(_Marks(mark))
    if loader == "marshal":
        return marshal.dumps(compile(line, "data", "exec"))
    if loader == "yaml":
        return f"!!python/object/apply:builtins.open [{mark!r}, w]\n".encode()
    return line.encode()


def check_property(examples: int, seed: int, work: Path) -> int:
    top = Path(tempfile.mkdtemp(prefix="data-loads-", dir=work))
    root, marks, repo = textconv_tree(top, UNTOUCHED, "free = 1\n")
    ran = 0

    @reproducible(examples, seed)
    @example(loader=0, name=0, data=1)
    @example(loader=1, name=2, data=0)
    @example(loader=4, name=3, data=4)
    @given(
        loader=st.integers(0, len(LOADERS) - 1),
        name=st.integers(0, len(NAMES) - 1),
        data=st.integers(0, len(DATA) - 1),
    )
    def check(loader: int, name: int, data: int) -> None:
        nonlocal ran
        shutil.rmtree(marks, ignore_errors=True)
        marks.mkdir()
        for folder in ("tools", "data", "conf"):
            shutil.rmtree(root / folder, ignore_errors=True)
        (root / "c.dat").unlink(missing_ok=True)
        path, kind, mark = DATA[data], LOADERS[loader], str(marks / "ran")
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_bytes(data_bytes(kind, mark))
        named = NAMES[name].format(path=path)
        (root / SCRIPT).parent.mkdir(parents=True, exist_ok=True)
        call = CALLS[kind].format(name=named)
        (root / SCRIPT).write_text(HEAD.format(path=path) + call + "\n")
        subprocess.run(
            ["git", "config", "diff.x.textconv", f"python3 {SCRIPT}"], cwd=root, check=True
        )
        subprocess.run(
            ["git", "diff", "--textconv"], cwd=root, capture_output=True, timeout=60, check=False
        )
        said = f"{SCRIPT} loads {path} by `{call}`"
        assert (marks / "ran").exists(), f"{said}: nothing ran"
        host = host_folders(repo)
        assert host_run(path, host) is not None, f"{said}: {path} not taken as run"
        assert host_run(UNTOUCHED, host) is None, f"{said}: {UNTOUCHED} taken as run"
        ran += 1

    check()
    return ran
