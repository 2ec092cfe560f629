"""Fault injection for the put-back after a command (`features/trust.put_back_faults.feature`).

Python imports `sitecustomize` at start from the first folder of `PYTHONPATH` holding one;
a scenario puts this folder first for an `agents` it execs. `AGENTS_FAULT=module:Class.method`
makes that method raise the I/O error a failing disk gives, every other part of the real
`agents` as it is; with `AGENTS_FAULT_WHEN=TEXT`, only a call whose arguments' repr holds
`TEXT` fails (one saved record of many), the others run as they are.
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
    _original, _when = getattr(_owner, _method), os.environ.get("AGENTS_FAULT_WHEN", "")

    def _failing(*args: object, **kwargs: object) -> object:
        if _when and _when not in repr((args, kwargs)):
            return _original(*args, **kwargs)
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    setattr(_owner, _method, _failing)
