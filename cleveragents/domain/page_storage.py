"""What a page checkpoint keeps besides the page's state: cookies, the local and session
storage of the page's origin, and its history; and whether two of them are the same."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictStr, ValidationError

# A checkpoint's storage above this many bytes (as JSON) is not kept: a restore then starts
# from the profile as it is, and says so when the page it reaches differs.
MAX_STORAGE_BYTES = 256 * 1024


class Cookie(BaseModel):
    """One cookie, as Playwright reads and adds them."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: StrictStr
    value: StrictStr
    domain: StrictStr
    path: StrictStr = "/"
    expires: float = -1
    httpOnly: bool = False
    secure: bool = False
    sameSite: Literal["Strict", "Lax", "None"] = "Lax"


class PageStorage(BaseModel):
    """Cookies, the local and session storage of `origin`, and the history's URLs."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    origin: StrictStr
    cookies: tuple[Cookie, ...] = ()
    local: dict[StrictStr, StrictStr] = Field(default_factory=dict)
    session: dict[StrictStr, StrictStr] = Field(default_factory=dict)
    history: tuple[StrictStr, ...] = ()


def readable_storage(data: object) -> PageStorage | None:
    """A kept storage file's content when it is of the shape `agents` writes; else None."""
    try:
        return PageStorage.model_validate(data)
    except ValidationError:
        return None


def storage_differences(expected: PageStorage, found: PageStorage) -> str | None:
    """What differs between two storages, in one line (None when cookies, by name and
    value, and local and session storage are the same)."""
    parts = []
    wanted = {c.name: c.value for c in expected.cookies}
    got = {c.name: c.value for c in found.cookies}
    for word, left, right in (
        ("cookie", wanted, got),
        ("local storage", expected.local, found.local),
        ("session storage", expected.session, found.session),
    ):
        for key in sorted(left.keys() | right.keys()):
            was, now = left.get(key), right.get(key)
            if was != now:
                parts.append(f"{word} {key!r} is {_shown(now)}, not {_shown(was)}")
    return "; ".join(parts) or None


def _shown(value: str | None) -> str:
    return "absent" if value is None else repr(value)
