"""The property of trust.tool_conventions.property.feature's third scenario: under a hook running
eslint, a random JavaScript config (`eslint.config.js`, CommonJS or ESM) makes host-run
itself and the files it names by a literal relative path, never the rest of the tree; one
that computes a module path makes every file host-run, said so.

One real repository with the hook (`npx eslint src`); each example writes a config built from
random values, objects and arrays (plain data, strings that name no file), literal requires
or imports of random files of `rules/`, and maybe a `require(name)` of a computed name; the
oracle is the files the example named, judged by `host_folders` as a model's write would be.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.host_folders import host_folders
from cleveragents.domain.host_files import host_run
from features.support.properties import reproducible

WORDS = st.text("abcdefgh _-", min_size=0, max_size=8)
DATA = st.recursive(
    st.none() | st.booleans() | st.integers(-9, 99) | WORDS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(WORDS, inner, max_size=3),
    max_leaves=8,
)
FILES = st.lists(st.sampled_from(["a", "b", "c", "d"]), unique=True, max_size=3)
OPEN = ["README", "src/a.js", "lib/x.js", "rules/other.js", "docs/guide.md"]


def check_property(examples: int, seed: int, work: Path) -> int:
    root = Path(tempfile.mkdtemp(prefix="js-config-", dir=work))
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    hook = root / ".git" / "hooks" / "pre-commit"
    hook.write_text("#!/bin/sh\nnpx eslint src\n")
    hook.chmod(0o755)
    repo = GitRepository(root=root.resolve(), git_dir=root.resolve() / ".git")
    config = root / "eslint.config.js"
    ran = 0

    @reproducible(examples, seed)
    @given(data=DATA, named=FILES, esm=st.booleans(), computed=st.booleans())
    def one(data: object, named: list[str], esm: bool, computed: bool) -> None:
        nonlocal ran
        if esm:
            lines = [f'import r{n} from "./rules/{n}.js";' for n in named]
            lines.append(
                f"export default [{json.dumps(data)}, {', '.join(f'r{n}' for n in named)}];"
            )
        else:
            lines = [f'const r{n} = require("./rules/{n}.js");' for n in named]
            lines.append(
                f"module.exports = [{json.dumps(data)}, {', '.join(f'r{n}' for n in named)}];"
            )
        if computed:
            lines.append('const name = "./rules/" + "z.js";\nmodule.exports.push(require(name));')
        config.write_text("\n".join(lines) + "\n")
        host = host_folders(repo)
        assert host_run("eslint.config.js", host) is not None, config.read_text()
        for name in named:
            assert host_run(f"rules/{name}.js", host) is not None, (name, config.read_text())
        for path in OPEN:
            why = host_run(path, host)
            if computed:  # every file; the tree's own, said so (`rules/` also by its name)
                said = why is not None and (
                    "loads code it computes" in why or path.startswith("rules/")
                )
                assert said, (path, why)
            else:
                assert why is None, (path, why, config.read_text())
        ran += 1

    one()
    return ran
