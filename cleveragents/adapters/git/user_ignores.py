"""The ignore rules the user chose, which no plan can take back: a file they ignore stays out
of every checkpoint, whatever a plan does to the `.gitignore` files on disk.

A checkpoint's `add --all` reads the ignore rules as they are now. A plan can change them: a
pulled plan's restore writes the sender's `.gitignore`, a model's `write_file .gitignore` or a
command rewrites it, a `!secrets.env` negation beats `.git/info/exclude`. The user's `.env`
or `build/creds` would then be in the next checkpoint, and `plan push` would send it.

The user's choice is what their own git ignored at the plan's first look in this clone
(`start_rules.py`): every `.gitignore` on disk, tracked or not (one that ignores itself too),
modified or not, with `info/exclude` and the global excludes file, kept for the plan. While
none of those files changed and no new `.gitignore` stands above a path `add` took, both
sets of rules agree on it and nothing more is done (a few `lstat`s). Otherwise each file the
private index holds that the user does not track is matched against the start's rules
(`check-ignore --no-index` in a folder holding their copies), and those they ignore leave
the private index: they are withheld from the checkpoint, and named.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from cleveragents.adapters.git.objects import ObjectStore
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.git.start_rules import RECEIVED, StartRules

CUT_MOST = 8  # most lines of one name `add` printed that are looked at in-process


class UserIgnores:
    """What the user's own ignore rules excluded at a plan's start, whatever the working
    tree's say now."""

    def __init__(self, repo: GitRepository, objects: ObjectStore) -> None:
        self.repo = repo
        self.objects = objects
        self.start = StartRules(repo)
        self.diverged = False  # whether the last look found the rules on disk changed
        # A tree whose every untracked file the last look found not ignored at the start.
        self.clean: str | None = None
        self.found: list[str] = []  # what the last `withhold` withheld
        self.pending: dict[str, dict[str, None]] = {}  # what each plan withheld, not yet named
        # The user's index as last listed: its (inode, mtime, size), and its paths.
        self._tracked: tuple[tuple[int, int, int], set[bytes]] | None = None

    def withhold(
        self, env: dict[str, str], plan_id: str, added: bytes | None = None, keep: bool = True
    ) -> list[str]:
        """Drop from the index of `env` (just filled by `add --all`) the files the user's
        rules at `plan_id`'s start ignored and the user does not track; they are returned,
        and kept in `found`. `added`: what `add --verbose` printed, when it ran on an index
        holding the tree `clean`: then only the paths it names are looked at (their folders'
        `.gitignore` stat), and none is matched while no rules file changed. Without `keep`
        (a read-only look), rules not kept yet are not taken: those on disk now, which
        `add` just applied, would be taken, so nothing is withheld."""
        self.found = []
        rules = self.start.of(plan_id, env if keep else None)
        if rules is None:
            self.diverged = False
            return []
        changed = self.start.changed(rules)
        if added is not None and not changed:
            named = _named(added)
            if named is not None and not self.start.new_along(rules, named):
                self.diverged = False
                return []
        mine = self.tracked()
        candidates = self.repo.git_bytes("ls-files", "-z", env=env).split(b"\0")
        unknown = [p for p in candidates if p and p not in mine]
        self.diverged = changed or self.start.new_along(rules, [os.fsdecode(p) for p in unknown])
        if not self.diverged or not unknown:
            return []
        found = self.start.ignored(rules, b"\0".join(unknown))
        if found:
            listing = b"".join(p.encode("utf-8", "surrogateescape") + b"\0" for p in found)
            self.repo.git_fed(listing, "update-index", "--force-remove", "-z", "--stdin", env=env)
            self.found = found
        return found

    def tracked(self) -> set[bytes]:
        """The paths the user's index tracks, listed again only when that index is another
        file than at the last listing (git writes it anew, by a rename: its inode, mtime
        and size tell): a correction's checkpoints list it once, not three times."""
        try:
            st = (self.repo.git_dir / "index").stat()
            seen: tuple[int, int, int] | None = (st.st_ino, st.st_mtime_ns, st.st_size)
        except OSError:
            seen = None
        if seen is None or self._tracked is None or self._tracked[0] != seen:
            listed = set(self.repo.git_bytes("ls-files", "-z").split(b"\0"))
            self._tracked = None if seen is None else (seen, listed)
            return listed
        return self._tracked[1]

    def ignores(self, path: str, plan_id: str) -> bool:
        """Whether the user's rules at `plan_id`'s start ignored `path`, while the rules on
        disk may say otherwise (so an action replacing it saves it first, as it saves an
        ignored file)."""
        rules = self.start.of(plan_id)
        if rules is None or not self.diverged:
            return False
        return bool(self.start.ignored(rules, _nul([path])))

    def attribute(self, plan_id: str) -> None:
        """Note what the last `withhold` withheld as `plan_id`'s, to be named."""
        if self.found:
            self.pending.setdefault(plan_id, {}).update(dict.fromkeys(self.found))

    def to_name(self) -> list[str]:
        """The files withheld for each plan that were never named for it: named once per
        plan (recorded in `<state>/withheld-named`, one `PLAN<TAB>PATH` a record)."""
        if not self.pending:
            return []
        record = self.repo.state_dir / "withheld-named"
        try:
            named = set(record.read_bytes().split(b"\0"))
        except FileNotFoundError:
            named = set()
        new = [
            (plan, path)
            for plan, paths in self.pending.items()
            for path in paths
            if f"{plan}\t{path}".encode("utf-8", "surrogateescape") not in named
        ]
        self.pending.clear()
        if new:
            with record.open("ab") as out:
                out.write(_nul([f"{plan}\t{path}" for plan, path in new]) + b"\0")
        return list(dict.fromkeys(path for _, path in new))

    def held_in(self, commit: str, plan_id: str) -> list[str]:
        """Paths of blobs the chain of `commit` holds that the user's rules ignore, now or
        at `plan_id`'s start here, that the user does not track, and that may be the user's
        bytes: what push and export would upload of what the user keeps off remotes.

        A blob this clone's own checkpoints brought in may be: it came from this working
        tree, whatever the file holds now. One only the checkpoints taken from elsewhere
        (`note_received`) reach holds the sender's bytes, unless it is the user's file as
        it stands here now (a tree may name a blob by its id alone: it is then ours)."""
        every = self._blobs([commit])
        found = self._ignored(every, plan_id)
        received = self.received(plan_id)
        if not found or not received:
            return sorted(found)
        theirs_blobs = set().union(*self._blobs(received, everywhere=True).values())
        theirs = [p for p in found if every[p] <= theirs_blobs]
        here = self._on_disk(theirs)
        return sorted(p for p in found if p not in theirs or here.get(p) in every[p])

    def note_received(self, plan_id: str, tip: str) -> None:
        """Note `tip`: checkpoints of `plan_id` taken from elsewhere (pulled, imported)."""
        if tip in self.received(plan_id):
            return
        record = self._received_record(plan_id)
        record.parent.mkdir(parents=True, exist_ok=True)
        with record.open("a") as out:
            out.write(f"{tip}\n")

    def received(self, plan_id: str) -> list[str]:
        """The checkpoints of `plan_id` noted as taken from elsewhere."""
        try:
            text = self._received_record(plan_id).read_text()
        except OSError:
            return []
        return [tip for tip in text.split() if tip.isalnum()]

    def _received_record(self, plan_id: str) -> Path:
        return self.repo.state_dir / "user-ignores" / RECEIVED / plan_id

    def _blobs(self, commits: list[str], everywhere: bool = False) -> dict[str, set[str]]:
        """The blobs the chains of `commits` hold, by path (each listed once, at a path it
        has); unless `everywhere`, the user's tracked paths and names holding a newline
        are left out."""
        out = self.repo.git_bytes(
            "rev-list", "--objects", "--filter=object:type=blob", "--ignore-missing", *commits
        )
        tracked = set() if everywhere else set(self.repo.git_bytes("ls-files", "-z").split(b"\0"))
        blobs: dict[str, set[str]] = {}
        for line in out.split(b"\n"):
            oid, _, path = line.partition(b" ")
            if path and path not in tracked and (everywhere or b"\n" not in path):
                blobs.setdefault(os.fsdecode(path), set()).add(oid.decode())
        return blobs

    def _ignored(self, blobs: dict[str, set[str]], plan_id: str) -> set[str]:
        """Which paths of `blobs` the user's rules ignore now or at `plan_id`'s start."""
        listed = _nul(sorted(blobs))
        if not listed:
            return set()
        found = set(self.start.ignored(None, listed))
        rules = self.start.of(plan_id)
        if rules is not None:
            found.update(self.start.ignored(rules, listed))
        return found

    def _on_disk(self, paths: list[str]) -> dict[str, str]:
        """The blob id of the regular file at each of `paths` in the working tree now."""
        files = [p for p in paths if stat.S_ISREG(_mode(self.repo.root / p))]
        if not files:
            return {}
        ids = self.objects.store_files([os.fsencode(p) for p in files], write=False)
        return dict(zip(files, ids, strict=True))


def _named(added: bytes) -> list[str] | None:
    """Every path `add --verbose` may have printed (`add 'PATH'` or `remove 'PATH'`, one a
    line): a name holding newlines spans lines, so each run of up to CUT_MOST lines from
    one that opens so to one that ends with a quote counts. None past that (the full look)."""
    lines = added.removesuffix(b"\n").split(b"\n") if added else []
    named = []
    for start, line in enumerate(lines):
        verb, _, rest = line.partition(b" '")
        if verb not in (b"add", b"remove"):
            continue
        text, found = rest, False
        for more in range(start + 1, min(start + CUT_MOST, len(lines)) + 1):
            if text.endswith(b"'"):
                named.append(os.fsdecode(text[:-1]))
                found = True
            if more < len(lines):
                text += b"\n" + lines[more]
        if not found:
            return None  # pragma: no cover - a name of more than CUT_MOST lines
    return named


def _mode(full: Path) -> int:
    try:
        return os.lstat(full).st_mode
    except OSError:
        return 0


def _nul(paths: list[str]) -> bytes:
    return b"\0".join(p.encode("utf-8", "surrogateescape") for p in paths)
