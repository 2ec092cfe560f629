"""The programs a kubeconfig names, which `kubectl` (and every Kubernetes client) runs on the
host to log in: a user's `exec:` credential plugin (`command:`, with its `args:`) and an
`auth-provider`'s `cmd-path:`. A relative path there is from the kubeconfig's own folder.

An `.envrc`'s `KUBECONFIG=$PWD/kubeconfig` (attack 21, finding 11), or a startup file's
`export KUBECONFIG=~/dot/kubeconfig`, makes the user's next `kubectl` in that shell run
`users[].user.exec.command` of the tree's file: the file is held, and so is each program it
names (`./tools/kube-auth.sh`), read in turn as a script. The file is read as YAML, as
kubectl reads it, so JSON (`kubectl config view -o json`) and flow style too (attack 22 #11);
one agents cannot parse may name any program: the whole tree.
"""

from __future__ import annotations

import posixpath
import re

from cleveragents.domain import bounded_yaml
from cleveragents.domain.reach import WHOLE, Reach, joined, printable

_PROGRAMS = ("command", "cmd-path")  # `exec:`'s program, an `auth-provider`'s `config:`'s
_SECTIONS = ("users", "clusters", "contexts")
_SECTION = re.compile(r"""\b(?:users|clusters|contexts)["']?\s*:""")


def is_kubeconfig(text: str) -> bool:
    """Whether `text` is a kubeconfig: a YAML (or JSON) mapping holding its `users`,
    `clusters` or `contexts`, or of `kind: Config`."""
    if not _SECTION.search(text):
        return False  # (a shell file, most often: not parsed)
    try:
        data = bounded_yaml.load(text)
    except (ValueError, RecursionError):
        return False
    return isinstance(data, dict) and (
        data.get("kind") == "Config" or any(key in data for key in _SECTIONS)
    )


def kube_programs(text: str, kubeconfig: str) -> list[Reach]:
    """The tree places the kubeconfig `text` at `kubeconfig` (from the tree's top, or
    absolute) names as programs its clients run: paths only (a bare `aws`, `gcloud` is
    found on PATH), from the kubeconfig's folder; the tree whole for one not parsed."""
    try:
        data = bounded_yaml.load(text)
    except (ValueError, RecursionError):
        why = f"`{printable(kubeconfig)}`, a kubeconfig agents cannot parse"
        return [Reach(WHOLE, unknown=why)]
    words: list[str] = []
    stack: list[object] = [data]
    while stack:  # any mapping at any depth: a program named anywhere is the tree's
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
        if not isinstance(node, dict):
            continue
        for key, value in node.items():
            if key in _PROGRAMS and isinstance(value, str):
                words.append(value)
            elif key == "args" and isinstance(value, list):
                words += [v for v in value if isinstance(v, str)]
            else:
                stack.append(value)
    folder = posixpath.dirname(kubeconfig)
    named = [w.strip() for w in words if "/" in w and not w.strip().startswith(("~", "$"))]
    return [Reach(w if w.startswith("/") else joined(folder, w)) for w in dict.fromkeys(named)]
