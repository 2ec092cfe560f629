"""What a Claude Code Write, Edit or MultiEdit call leaves in its file, known before it runs.

A correction's journal names it before the call (`correction_journal.about_to_leave`): a
correction killed between the call's write and the checkpoint after it then puts the file
back as written by it, not kept as if the user had edited it. Claude Code reads a file
with its line ends made `\\n` and writes them back as the file had them (`\\r\\n`, or `\\n`
when it had none or mixed ones): each way is listed. A result it could leave that is not
listed (another encoding, quotes it normalised) is only kept by the settling, named, as
before. Pure rules, no I/O.
"""

from __future__ import annotations

from typing import Any

CRLF = "\r\n"


def left_by(tool: str, tool_input: dict[str, Any], now: bytes | None) -> list[bytes]:
    """The bytes the call may leave in its file, which holds `now` (None: no regular file
    there, or unreadable); [] when not known (another tool, a call that fails)."""
    edits: list[Any]
    if tool == "Write":
        content = tool_input.get("content")
        if not isinstance(content, str):
            return []
        texts = [content, content.replace(CRLF, "\n").replace("\n", CRLF)]
        return _encoded(texts)
    if tool == "Edit":
        edits = [tool_input]
    elif tool == "MultiEdit" and isinstance(tool_input.get("edits"), list):
        edits = tool_input["edits"]
    else:
        return []
    try:
        text = "" if now is None else now.decode()
    except UnicodeDecodeError:
        return []
    ways = [(text, False)]
    if CRLF in text:  # as the file's line ends were, or all `\n` (ends mixed: either wins)
        ways += [(text.replace(CRLF, "\n"), True), (text.replace(CRLF, "\n"), False)]
    results = []
    for start, crlf in ways:
        texts = [start]
        for n, edit in enumerate(edits):  # the first may make the file: the next edit it
            texts = [out for t in texts for out in _edited(t, edit, now is None and n == 0)]
        results += [t.replace("\n", CRLF) if crlf else t for t in texts]
    return _encoded(results)


def _edited(text: str, edit: Any, absent: bool) -> list[str]:
    """What one edit (old_string, new_string, replace_all) makes of `text`."""
    if not isinstance(edit, dict):
        return []
    old, new = edit.get("old_string"), edit.get("new_string")
    if not isinstance(old, str) or not isinstance(new, str):
        return []
    if old == "":  # a new file, or an empty one, gets `new`
        return [new] if absent or text == "" else []
    if absent:
        return []
    every = edit.get("replace_all") is True
    found = text.count(old)
    if found == 0 or (found > 1 and not every):
        return []  # Claude Code refuses the call: it writes nothing
    count = -1 if every else 1
    made = [text.replace(old, new, count)]
    if new == "" and not old.endswith("\n") and old + "\n" in text:
        made.append(text.replace(old + "\n", "", count))  # a line deleted with its end
    return made


def _encoded(texts: list[str]) -> list[bytes]:
    """Each text's UTF-8 bytes, once; none for one that has no such bytes (a lone surrogate)."""
    found: list[bytes] = []
    for text in texts:
        try:
            data = text.encode()
        except UnicodeEncodeError:
            continue
        if data not in found:
            found.append(data)
    return found
