"""Fault injection for the put-back after a command (`features/trust.put_back_faults.feature`).

Python imports `sitecustomize` at start from the first folder of `PYTHONPATH` holding one;
a scenario puts this folder first for an `agents` it execs. `AGENTS_FAULT=module:Class.method`
makes that method raise the I/O error a failing disk gives, every other part of the real
`agents` as it is.
"""

from __future__ import annotations

import errno
import importlib
import os

_fault = os.environ.get("AGENTS_FAULT", "")
if _fault:
    _module, _, _name = _fault.partition(":")
    _owner_name, _, _method = _name.partition(".")
    _owner = getattr(importlib.import_module(_module), _owner_name)

    def _failing(*_args: object, **_kwargs: object) -> list[str]:
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    setattr(_owner, _method, _failing)
