"""The paths a program config's text mentions (attack 21 findings 8, 17, 18, 20, 21, 22;
attack 22 findings 1, 3, 4), for the fail-closed scan of the home's configs
(`adapters/home_mentions.py`, which says what counts): a path named by `/`, `~/`,
`$HOME/`, a variable, a unit's `%h/`, `../`; the word the shell makes of quoted and bare
pieces side by side (`~/"dot"files/x`, `"$HOME"/'dot files'/x`; a quoted `~` is no home:
`'~'/x`); a home expression and ONE string (`vim.env.HOME .. "/x"`, vim's `$HOME . '/x'`,
a lua `package.path`'s `"/x/?.lua"`) that path; one built on further, the home whole."""

from __future__ import annotations

import re
from dataclasses import dataclass

# Where a mention starts: not in the middle of a word or a path (`https://x/y`, `a/b`).
START = re.compile(
    r"(?<![\w.~$%/\\@+])(?:~/|~(?=[\s\"']|$)|\$\{HOME\}|\$HOME\b|\$\{env:HOME\}|\$\{userHome\}"
    r"|%h\b|\.\.?/|/(?![/\s])|\w[\w.+-]*/(?=[\w.])"
    r"|\$\{[A-Za-z_]\w*\}|\$[A-Za-z_]\w*|<sfile>(?::[pht])*)",  # (vim's script itself)
    re.M,
)
BODY = re.compile(r"(?:\\ |[^\s'\"`;|&()<>=,:])*")  # (`\ `: a blank in a path)
# A home built by an expression: whatever follows is the program's to compute.
HOME_EXPR = re.compile(
    r"\benv\.HOME\b|environ\s*(?:\[|\.get\(|\.)\s*[\"']?HOME\b|getenv\s*\(\s*[\"']HOME\b"
    r"|\bENV\s*\[\s*[\"']HOME\b|\$env:HOME\b|\bhomedir\s*\(|\bhome\s*\(\s*\)|\bhome_dir\b"
    r"|\bDir\.home\b|expanduser\s*\(\s*[\"']~[\"']|expand\s*\(\s*[\"']~[\"']|\$\(HOME\)"
    r"|[\"']~[\"'](?:\s*(?:\.\.|[.+,])|\s+/|/(?=\s))|\(getenv\s+\"HOME\"\)"
    r"|\$\{?HOME\b\}?(?=[ \t]*\.\.?[ \t]*[\"'])"  # vim's, lua's `$HOME . '/x'`
)
# After a home expression: one string added to it (`.. "/x"`, `+ '/x'`, `/ "x"`).
# (A glob in it is a folder's: lua's `package.path .. ";" .. vim.env.HOME .. "/x/?.lua"`.)
TAIL = re.compile(r"[\"')\]]*[ \t]*(?:\.\.|\.|\+|/)[ \t]*([\"'])(/?[^\"'$%{}`#\n]*)\1")
CONCAT = re.compile(r"[ \t]*(?:\.\.|\.(?=[ \t\"'])|\+|/)")
UNKNOWN = re.compile(r"[$%{}`#]")
GLOB = re.compile(r"[*?\[]")


@dataclass(frozen=True)
class Mention:
    """A path a config names (`path`: `~/`, `$HOME`, `%h` put in as `~`, a variable as is),
    and whether an expression builds on it (`built`)."""

    path: str
    built: bool = False


def scan(text: str, unit: bool = False) -> list[Mention]:
    """The paths `text` mentions (`Mention`): see the module. `unit`: a systemd unit's,
    where `%h` is the home. A quoted one holding blanks is taken both whole
    (`"~/My Dotfiles/x"`) and to its first blank (`"~/dotfiles/st.sh arg"`)."""
    found: list[Mention] = []
    for match in HOME_EXPR.finditer(text):  # `vim.env.HOME .. "/dotfiles/nvim"`
        tail = TAIL.match(text, match.end())
        if tail is not None and not CONCAT.match(text, tail.end()):
            found.append(Mention("~" + tail[2]))  # the home and one string: a path
        else:
            found.append(Mention("~/", built=True))
    for match in START.finditer(text):
        start, at = match.group(), match.start()
        if start == "%h" and not unit:
            continue
        quote = text[at - 1] if at and text[at - 1] in "'\"" else ""
        if quote and start[0] not in "~$%" and _continued(text[max(0, at - 200) : at - 1]):
            continue  # `x .. "/dotfiles/y"`: the end of a path built before it
        joined = _joined(text, at, quote)
        if joined is not None:  # `~/"dot"files/x`, `"$HOME"/'dot files'/x`: the shell's word
            found += [Mention(joined)] if joined[:1] != "\0" else []
        # (and its pieces, as before, built on by nothing: `["~/x"]` joins as `~/x]`)
        body = BODY.match(text, match.end())
        ends = [body.end() if body else match.end()]
        closing = text.find(quote, at, text.find("\n", at) % (len(text) + 1)) if quote else -1
        whole = text[ends[0] : closing] if closing > ends[0] else "$"
        # (`"~/My Dots/x"` whole, not `"~/x %h"`: its other words are a command's)
        ends += [closing] if not (UNKNOWN.search(whole) or GLOB.search(whole)) else []
        for end in ends:
            word = text[at:end].replace("\\ ", " ")
            word = "~" + word[2:] if start == "%h" else word
            closed = text.startswith(quote, end) if quote else False
            built = closed and joined is None and bool(CONCAT.match(text, end + 1))
            if word != "~" or built:  # (`set backupext=~`: no path)
                found.append(Mention(word, built))
    return list(dict.fromkeys(found))


def _joined(text: str, at: int, quote: str) -> str | None:
    """The word the shell makes of the mention at `at` (opened by `quote`, or none) and the
    quoted and bare pieces right after it (`~/"dot"files/x`, `"$HOME"/'a b'/x`), or None
    when nothing follows it so; a quoted `~` is no home (`'~'/x`: "\\0", not counted: it
    names a folder `~` where the program runs)."""
    pieces: list[str] = []
    if quote:
        closing = text.find(quote, at, text.find("\n", at) % (len(text) + 1))
        if closing < 0:
            return None
        pos = closing + 1
    else:
        body = BODY.match(text, START.match(text, at).end())  # type: ignore[union-attr]
        pos = body.end() if body else at
    pieces.append(text[at : pos - (1 if quote else 0)])
    literal = bool(quote) and pieces[0] == "~"
    while pos < len(text):
        char = text[pos]
        if char in "'\"":
            closing = text.find(char, pos + 1, text.find("\n", pos) % (len(text) + 1))
            if closing < 0:
                return None
            pieces.append(text[pos + 1 : closing])
            pos = closing + 1
        elif char in ".+" and CONCAT.match(text, pos):
            break  # `"~/x" .. y`: an expression's, not the shell's
        elif re.match(r"[\w/]", char) and (body := BODY.match(text, pos)) is not None:
            pieces.append(text[pos : body.end()].replace("\\ ", " "))
            pos = body.end()
        else:
            break
    if len(pieces) < 2:
        return None
    word = "".join(pieces)
    return "\0" + word if literal else word


def _continued(before: str) -> bool:
    """Whether the text `before` a quoted string ends in a concatenation of something:
    `x .. "`, `g:dot . '`, `base + "`."""
    stripped = before.rstrip(" \t")
    for operator in ("..", ".", "+"):
        if stripped.endswith(operator):
            rest = stripped[: -len(operator)].rstrip(" \t")
            return bool(rest) and (rest[-1].isalnum() or rest[-1] in "_)]'\"")
    return False
