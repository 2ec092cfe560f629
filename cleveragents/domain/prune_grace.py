"""How long `agents gc` leaves the loose objects only deleted plans reached: the grace
period of git's own `gc.pruneExpire` (two weeks unless set), as git parses it.

A repository cloned with `--shared` or `--reference` (any `objects/info/alternates` naming
ours) may use those objects, and so may a git writing the same object meanwhile; git keeps
an unreachable loose object until it is older than the grace for exactly that, and so do
we. Older means: last written (or freshened) before the grace's expiry date.
"""

from __future__ import annotations

from dataclasses import dataclass

NS = 1_000_000_000
DEFAULT = "2.weeks.ago"  # git's own default for gc.pruneExpire


@dataclass(frozen=True)
class Grace:
    """`gc.pruneExpire` as set and as git read it at `now` (seconds since the epoch)."""

    setting: str  # as written: "2.weeks.ago", "now", "never", a date
    expiry: int  # what git made of it: objects not written since may go; 0 is never
    now: int

    @property
    def everything(self) -> bool:
        """`now` or `all`: nothing is kept for its age (git reads them past any date)."""
        return self.expiry >= self.now

    @property
    def never(self) -> bool:
        return self.expiry == 0

    def cutoff_ns(self, since_ns: int) -> int:
        """A loose object last written before this goes; never one written once gc began
        (`since_ns`: a git racing with gc). As git's prune: kept when its second is after."""
        if self.never:
            return 0
        return min(since_ns, (self.expiry + 1) * NS)

    def free_after(self, newest_ns: int) -> int | None:
        """When (seconds) an object last written at `newest_ns` passes the grace; None when
        the grace is never, or none (then only an object written while gc ran is kept). A
        grace given as a date rather than a period is read as the period it is today."""
        if self.never or self.everything:
            return None
        return newest_ns // NS + (self.now - self.expiry)


def prune_now() -> Grace:
    """The grace of `agents gc --prune-now`: none, as `git gc --prune=now`."""
    return Grace("now", 2**64 - 1, 0)
