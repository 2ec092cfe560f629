"""The home's kubeconfigs for the scan of its program configs (`home_mentions.py`): the
files `KUBECONFIG` names (`export KUBECONFIG=~/.kube/a:~/.kube/b`, attack 23 F11), its
startup files' values and agents' own, each `:` part a file outside the tree (the tree's
are read as its own: `home_files`), and those a `kubectl --kubeconfig` names
(`home_loads.KUBE_FLAGGED`), a glob's every match (a `for f in ~/clusters/*.yaml; do
KUBECONFIG=$KUBECONFIG:$f` loop). When the files set one to what agents cannot evaluate:
every file of `~/.kube` (at most `MOST_FILES`), and of what the value is made from
(`home_loads.named_sources`: `$(ls ~/.kube/configs/* | tr '\\n' :)` reads
`~/.kube/configs/*`, `$(find ~/clusters -name '*.yaml')` `~/clusters`, `$(cat ~/.kubelist)`
`~/.kubelist`, whose mentions the scan reads); the tree whole, when it lies in the home,
only as a mention not named exactly makes it (`home_mentions._held`): what the value is made
from lies in the tree or holds it (`$(find ~ -name '*.yaml')`, `/`), or is not known
(`$(kubectl-contexts)`, `read KUBECONFIG`)."""

from __future__ import annotations

import glob
import itertools
import os
from collections.abc import Iterator
from pathlib import Path

from cleveragents.adapters.home_assigned import startup_value
from cleveragents.adapters.home_loads import KUBE_FLAGGED
from cleveragents.adapters.home_values import KUBE_NAMED
from cleveragents.adapters.home_words import _glob_folder, in_tree
from cleveragents.domain.config_mentions import GLOB
from cleveragents.domain.reach import printable

MOST_FILES = 2048  # files of the home's program configs read, at most (Steam and wine make
# hundreds of `.desktop` entries): `home_mentions`; and of a kubeconfig's source
KUBE_CACHES = ("cache", "http-cache")  # kubectl's own: many large files, no kubeconfig


def kubeconfigs(top: Path, home: str) -> tuple[list[str], str]:
    """The home's kubeconfig files (absolute) for `home_mentions.mention_places`, and why
    the tree `top` is whole ("": not): see the module."""
    values, flagged = startup_value("KUBECONFIG"), startup_value(KUBE_FLAGGED)
    found = _named(top, home, [*(values or []), *(flagged or [])])
    if values is not None and flagged is not None:
        return found, ""
    sources = startup_value(KUBE_NAMED)  # (none noted: made from what is not known)
    files = list(itertools.islice(_every_file(os.path.join(home, ".kube")), MOST_FILES))
    said = "your home's startup files set KUBECONFIG to a value agents cannot evaluate"
    if values is not None:
        said = "your home's startup files give kubectl a --kubeconfig agents cannot evaluate"
    said += ": kubectl runs what the files it names name"
    real_home = os.path.realpath(home)
    if not sources:
        return files, said if top.is_relative_to(real_home) else ""
    from cleveragents.adapters.home_mentions import Found, _held

    for source in sources:
        folder = _glob_folder(source)[0]
        shown = printable("~" + source[len(home) :] if source.startswith(home) else source)
        why = _held(top, folder, True, real_home, Found([], []), {}, {}, shown)[0]
        if why or folder == "/":  # (`_held`: `/` names no place; here, all)
            return files, f"{said} (made from {shown}, which may be the tree's)"
    more = (f for source in sources for f in _every_file(source))
    files += [*found, *(f for f in more if in_tree(top, os.path.realpath(f)) is None)]
    return list(dict.fromkeys(files))[:MOST_FILES], ""


def _named(top: Path, home: str, values: list[str]) -> list[str]:
    """The files outside the tree `top` each `:` part of `values` names, a glob's matches."""
    found: list[str] = []
    for each in (one for value in values for one in value.split(":")):
        each = home + each[1:] if each.startswith("~/") else each
        many = GLOB.search(each) and each.startswith("/") and "\0" not in each
        for entry in sorted(itertools.islice(glob.iglob(each), MOST_FILES)) if many else [each]:
            real = os.path.realpath(entry) if entry.startswith("/") and "\0" not in entry else ""
            if real and os.path.isfile(real) and in_tree(top, real) is None:
                found.append(entry)
    return found[:MOST_FILES]


def _every_file(source: str) -> Iterator[str]:
    """The files `source` (absolute) is or holds, a glob's matches' (kubectl's caches
    left out), at most `MOST_FILES` of each."""
    for entry in itertools.islice(
        glob.iglob(source) if GLOB.search(source) else [source], MOST_FILES
    ):
        if os.path.isfile(entry):
            yield entry
            continue
        kube = glob.iglob(glob.escape(entry) + "/**", recursive=True)
        kube = (f for f in kube if os.path.relpath(f, entry).split("/")[0] not in KUBE_CACHES)
        yield from (f for f in itertools.islice(kube, MOST_FILES) if os.path.isfile(f))
