"""Which regular expressions a plan file may match a command's output with: none that can
take exponential time on the output (catastrophic backtracking), as `(a+)+$` does on forty
`a`s and a `!`. Python's `re` has no time bound, and the output is a command's (or, resumed
or corrected, a model's), so such a pattern is refused when the plan is read, naming why.

The rule is one of shape, kept simple: a repetition without an upper bound (`+`, `*`,
`{2,}`) inside another that repeats (`(a+)+`, `(a*b)*`, `(.*x){9}`) is refused; write the
inner part with a bound, or match the text without the outer repetition.
"""

from __future__ import annotations

import importlib
from typing import Any

_PARSER: Any = importlib.import_module("re._parser")  # the parse `re.compile` makes
_REPEATS = frozenset({_PARSER.MAX_REPEAT, _PARSER.MIN_REPEAT, _PARSER.POSSESSIVE_REPEAT})
_NESTED = "a repetition without a bound inside another (as `(a+)+`) can take hours to match"


def backtracking(pattern: str) -> str | None:
    """Why `pattern` (one `re.compile` takes) may take exponential time; None when not."""
    stack: list[tuple[Any, bool]] = [(_PARSER.parse(pattern), False)]
    while stack:
        items, repeated = stack.pop()
        for op, value in items:
            if op in _REPEATS:
                _, most, inner = value
                unbounded = most == _PARSER.MAXREPEAT
                if repeated and unbounded:
                    return _NESTED
                stack.append((inner, repeated or most > 1))
            elif op == _PARSER.SUBPATTERN:
                stack.append((value[-1], repeated))
            elif op == _PARSER.BRANCH:
                stack.extend((branch, repeated) for branch in value[1])
            elif op in (_PARSER.ASSERT, _PARSER.ASSERT_NOT):
                stack.append((value[1], repeated))
            elif op == _PARSER.GROUPREF_EXISTS:
                stack.extend((part, repeated) for part in value[1:] if part is not None)
            elif op == _PARSER.ATOMIC_GROUP:
                stack.append((value, repeated))
    return None
