"""The programs a kubeconfig names, which `kubectl` (and every Kubernetes client) runs on the
host to log in: a user's `exec:` credential plugin (`command:`, with its `args:`) and an
`auth-provider`'s `cmd-path:`. A relative path there is from the kubeconfig's own folder.

An `.envrc`'s `KUBECONFIG=$PWD/kubeconfig` (attack 21, finding 11) makes the user's next
`kubectl` in that shell run `users[].user.exec.command` of the tree's file: the file is held,
and so is each program it names (`./tools/kube-auth.sh`), read in turn as a script.
"""

from __future__ import annotations

import posixpath
import re

from cleveragents.domain.reach import Reach, joined

# `command: X`, `cmd-path: X` (block or flow style), and each item of an `args:` list
# (`- X` lines, or `[X, Y]`) that holds a `/`: a path from the kubeconfig's folder.
_PROGRAM = re.compile(r"""(?:^|[\s{,])(?:command|cmd-path)\s*:\s*["']?([^\s"',}#]+)""", re.M)
_ARGS = re.compile(r"""(?:^|[\s{,])args\s*:\s*(\[[^\]]*\]|(?:\s*\n\s*-\s*[^\n]*)+)""", re.M)


def kube_programs(text: str, kubeconfig: str) -> list[Reach]:
    """The tree places the kubeconfig `text` at `kubeconfig` (from the tree's top, or
    absolute) names as programs its clients run: paths only (a bare `aws`, `gcloud` is
    found on PATH), from the kubeconfig's folder."""
    folder = posixpath.dirname(kubeconfig)
    words = [m[1] for m in _PROGRAM.finditer(text)]
    for found in _ARGS.finditer(text):
        items = re.split(r"[\[\],\n]|^\s*-|\n\s*-", found[1])
        words += [w.strip().strip("\"'-").strip() for w in items]
    named = [w for w in words if "/" in w and not w.startswith(("~", "$"))]
    return [Reach(w if w.startswith("/") else joined(folder, w)) for w in dict.fromkeys(named)]
