"""Fault injection for the put-back after a command (`features/trust.put_back_faults.feature`).

Python imports `sitecustomize` at start from the first folder of `PYTHONPATH` holding one;
a scenario puts this folder first for an `agents` it execs. `AGENTS_FAULT=module:Class.method`
makes that method raise the I/O error a failing disk gives, every other part of the real
`agents` as it is; with `AGENTS_FAULT_WHEN=TEXT`, only a call whose arguments' repr holds
`TEXT` fails (one saved record of many), the others run as they are. More faults than one
(a put-back failing, then what makes its place inert failing too): `;` between them, each
`module:Class.method` or `module:function`, with ` if TEXT` for a `TEXT` of its own.
"""

from __future__ import annotations

import errno
import importlib
import os
from collections.abc import Callable


def _inject(spec: str, when: str) -> None:
    spec, _, own = spec.partition(" if ")
    module, _, name = spec.strip().partition(":")
    owner_name, _, method = name.rpartition(".")
    owner = importlib.import_module(module)
    owner = getattr(owner, owner_name) if owner_name else owner
    original, when = getattr(owner, method), own or when

    def failing(*args: object, _original: Callable[..., object] = original, **kwargs: object):
        if when and when not in repr((args, kwargs)):
            return _original(*args, **kwargs)
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    setattr(owner, method, failing)


for _spec in filter(None, os.environ.get("AGENTS_FAULT", "").split(";")):
    _inject(_spec, os.environ.get("AGENTS_FAULT_WHEN", ""))
