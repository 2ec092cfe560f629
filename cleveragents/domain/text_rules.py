"""Which texts can be kept and run: the store holds UTF-8 text (a lone surrogate, what
Python makes of bytes that are not UTF-8, cannot be written), and a command with a NUL
cannot be run (the system ends a program's arguments at the first NUL)."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the rows' quick reads (`agents plan tree` piped) import no pydantic
    from pydantic import BaseModel

_SURROGATE = re.compile("[\ud800-\udfff]")


def lone_surrogate(text: str) -> str | None:
    """The first lone surrogate of `text`, written `\\udcff`; None when there is none."""
    found = next((c for c in text if "\ud800" <= c <= "\udfff"), None)
    return None if found is None else f"\\u{ord(found):04x}"


def unstorable(value: Any) -> str | None:
    """Why `value` (text, or lists and mappings of it) cannot be stored; None when it can."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            surrogate = lone_surrogate(item)
            if surrogate is not None:
                return f"text holds {surrogate}, which is not a character (not valid UTF-8)"
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return None


def surrogates_written(value: Any) -> Any:
    """`value` (JSON data) with each lone surrogate written out as `\\udcff`: what the model
    said, sent back to it and stored as text it can read."""
    if isinstance(value, str):
        if lone_surrogate(value) is None:
            return value
        return "".join(f"\\u{ord(c):04x}" if "\ud800" <= c <= "\udfff" else c for c in value)
    if isinstance(value, dict):
        return {surrogates_written(k): surrogates_written(v) for k, v in value.items()}
    if isinstance(value, list):
        return [surrogates_written(item) for item in value]
    return value


def runnable(command: str) -> str:
    """`command`, refused (ValueError) when it holds a NUL: no program can be given one."""
    if "\x00" in command:
        raise ValueError("a command cannot hold a NUL character (\\0)")
    return command


def shown_bytes(text: str) -> str:
    """`text` with what is not UTF-8 written as `\\xff`, for an error line."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def stored_json(model: BaseModel, **options: Any) -> str:
    """`model` as the store keeps it: its JSON, a path whose name is not UTF-8 (what
    `os.fsdecode` makes of it: a lone surrogate per byte) written `\\udcff` as Python's
    `json` writes it, which `json.loads` reads back to the same path (`os.fsencode`: the
    same bytes). pydantic writes no lone surrogate, nor reads one back (`model_validate`
    of `json.loads` does)."""
    from pydantic_core import PydanticSerializationError, to_jsonable_python

    try:
        return model.model_dump_json(**options)
    except PydanticSerializationError:
        data = model.model_dump(**options)  # Python values: names keep their surrogates
        text = json.dumps(
            data, default=to_jsonable_python, ensure_ascii=False, separators=(",", ":")
        )
        return _SURROGATE.sub(lambda found: f"\\u{ord(found.group()):04x}", text)
