"""ObjectStore: the one place that writes and reads git objects (blobs, trees, commits).

Blobs, one folder's tree and commits are written here in-process as loose objects, in
git's own format (`<kind> <size>\\0<bytes>`, zlib, content-addressed), straight into the
repository's object database: the bytes are the caller's own, with no `.gitattributes`
conversion and no filter, as `hash-object --no-filters` stores them, and a commit is the
one `commit-tree` writes. Git writes what only it can do in one process: the blobs of many
working-tree files (`hash-object --stdin-paths`) and a tree of paths in many folders (a
scratch index). Every object is read through `read` (loose ones in-process, their id
checked; the rest in one `cat-file --batch`).
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import time
import zlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

from cleveragents.adapters.git import settings
from cleveragents.adapters.git.batch_reader import BatchReader
from cleveragents.adapters.git.modes import OBJECT_ID, TREE_FOLDER
from cleveragents.adapters.git.repository import IDENTITY, GitRepository
from cleveragents.errors import GitFailed

# A tree's entries: name -> (mode as a tree spells it, raw object id), in no particular order.
Entry = tuple[bytes, bytes]
Entries = dict[bytes, Entry]
CACHE_MAX = 4_096  # trees remembered; a checkpoint needs those along its changed paths


class ObjectStore:
    """Writes objects into a repository's object database and reads them back."""

    def __init__(
        self, repo: GitRepository, config: Callable[[], Mapping[str, str | None]] = dict
    ) -> None:
        self.repo = repo
        self._config = config  # the settings of `settings.read`, asked for when needed
        self.objects = repo.common_dir / "objects"
        import hashlib  # here: `plan decision` imports this module and makes no store

        self._hash = hashlib.sha256 if repo.object_format == "sha256" else hashlib.sha1
        self._trees: dict[bytes, Entries] = {}
        self._reader = BatchReader(repo)
        self.digest_size = self._hash().digest_size

    # writing

    def write(self, kind: bytes, data: bytes) -> bytes:
        """Store one object (unless it is there already); its raw id."""
        body = b"%s %d\0%s" % (kind, len(data), data)
        oid = self._hash(body).digest()
        name = oid.hex()
        folder = self.objects / name[:2]
        target = folder / name[2:]
        if not target.exists():
            # As git does: a temporary file in the same folder, read-only, then renamed.
            try:
                handle, draft = _draft(folder)
            except FileNotFoundError:
                self._make_folder(folder)
                handle, draft = _draft(folder)
            try:
                with os.fdopen(handle, "wb") as out:
                    out.write(zlib.compress(body, 1))  # core.looseCompression's default
                os.replace(draft, target)
            except BaseException:  # pragma: no cover - a full disk or Ctrl-C mid-write
                Path(draft).unlink(missing_ok=True)
                raise
        return oid

    def _make_folder(self, folder: Path) -> None:
        """Make one of the object database's folders as git makes it: in a shared
        repository with the bits git gives it, so that group members' git can write
        objects there too. (An object itself stays 0444, readable through its folder
        only, where git's may be 0440 or 0400.)"""
        folder.mkdir(exist_ok=True)
        shared = settings.shared(self._config())
        if shared:
            bits = stat.S_IMODE(folder.stat().st_mode)
            if (wanted := settings.shared_folder_mode(shared, bits)) != bits:
                with contextlib.suppress(PermissionError):  # another's, made meanwhile
                    os.chmod(folder, wanted)

    def blob(self, data: bytes) -> str:
        """Store `data` as a blob, raw; its id."""
        return self.write(b"blob", data).hex()

    def blob_id(self, data: bytes) -> str:
        """The id `data` has as a blob (nothing is written)."""
        return self._hash(b"blob %d\0%s" % (len(data), data)).hexdigest()

    def store_files(self, paths: Sequence[bytes], write: bool = True) -> list[str]:
        """The blob of each file at `paths` (absolute or from the top of the tree, none
        holding a newline), its bytes stored raw, in one `hash-object --stdin-paths`: a whole
        folder of files is one git process, and git reads them, not Python. With `write`
        False, only the ids: nothing is stored."""
        listing = b"".join(path + b"\n" for path in paths)
        stored = ["-w"] if write else []
        out = self.repo.git_bytes(
            "hash-object", *stored, "--no-filters", "--stdin-paths", stdin=listing
        )
        return out.decode().split()

    def tree(self, entries: Entries) -> bytes:
        """Write the tree object of one folder's `entries`, sorted as git sorts them; its
        raw id."""

        def key(name: bytes) -> bytes:
            return name + b"/" if entries[name][0] == TREE_FOLDER else name

        data = b"".join(
            entries[name][0] + b" " + name + b"\0" + entries[name][1]
            for name in sorted(entries, key=key)
        )
        oid = self.write(b"tree", data)
        self._remember(oid, entries)
        return oid

    def tree_of_paths(self, listing: bytes, base: str | None = None) -> str:
        """The tree `base` (None: an empty one) with the records of `listing` applied, as
        `update-index -z --index-info` takes them (`MODE SP OID TAB PATH NUL`, mode 0
        removing the path), written through a scratch index: neither the user's index nor
        the working tree is involved."""
        import tempfile

        with tempfile.TemporaryDirectory(prefix="cleveragents-tree-") as scratch:
            env = {"GIT_INDEX_FILE": str(Path(scratch, "index")), **IDENTITY}
            if base is not None:
                self.repo.git("read-tree", base, env=env)
            self.repo.git_with_input(listing, "update-index", "-z", "--index-info", env=env)
            return self.repo.git("write-tree", env=env)

    def commit(
        self,
        tree: str,
        parents: Sequence[str],
        message: bytes,
        identity: str,
        when: int | None = None,
    ) -> str:
        """The commit `commit-tree` writes with `message` on its standard input: dated
        `when` (seconds, UTC) or else now, in this machine's time zone."""
        if when is None:
            offset = time.localtime().tm_gmtoff // 60
            sign = "-" if offset < 0 else "+"
            stamp = f"{int(time.time())} {sign}{abs(offset) // 60:02d}{abs(offset) % 60:02d}"
        else:
            stamp = f"{when} +0000"
        lines = [f"tree {tree}", *(f"parent {parent}" for parent in parents)]
        lines += [f"author {identity} {stamp}", f"committer {identity} {stamp}", "", ""]
        return self.write(b"commit", "\n".join(lines).encode() + message).hex()

    # reading

    def read(self, names: Iterable[str]) -> dict[str, tuple[bytes, bytes] | None]:
        """Each object's kind and exact bytes, by the name asked (an id, or anything
        `cat-file` takes, such as `TREE:PATH`); None for one git does not have. Loose
        ones named by their id are read here, the others in one `cat-file --batch`."""
        found: dict[str, tuple[bytes, bytes] | None] = {}
        rest: list[str] = []
        for name in dict.fromkeys(names):
            body = self._loose(name) if OBJECT_ID.fullmatch(name.encode()) else None
            if body is None:
                rest.append(name)
            else:
                nul = body.index(b"\0")
                found[name] = (body[: body.index(b" ")], body[nul + 1 :])
        if rest:
            found.update(zip(rest, self._batch(rest), strict=True))
        return found

    def _batch(self, names: list[str]) -> list[tuple[bytes, bytes] | None]:
        """`cat-file --batch` of `names`: each one's kind and bytes, or None (missing)."""
        if any("\n" in name for name in names):  # pragma: no cover - a line cannot carry it
            raise GitFailed(f"cannot read an object named with a newline: {names!r}")
        return self._reader.read_all(names)

    def blobs(self, names: Iterable[str]) -> dict[str, bytes] | None:
        """Each blob's exact bytes by name; None when git has one of them as something
        other than a blob, or not at all."""
        found = {}
        for name, got in self.read(names).items():
            if got is None or got[0] != b"blob":
                return None
            found[name] = got[1]
        return found

    def contents(self, names: Iterable[str]) -> dict[str, bytes]:
        """`blobs`, where each must be there: `GitFailed` names the first that is not."""
        found = {}
        for name, got in self.read(names).items():
            if got is None or got[0] != b"blob":
                raise GitFailed(
                    f"the repository has no file content {name}: the records naming it are "
                    "damaged, or its objects were removed",
                    hint="run `git fsck` to see what is missing; delete a plan whose records "
                    "are forged",
                )
            found[name] = got[1]
        return found

    def trees_of(self, commits: Sequence[str]) -> dict[str, str]:
        """Each commit's tree id, for the commits that exist (one `cat-file --batch-check`)."""
        unique = list(dict.fromkeys(commits))
        asked = "".join(f"{commit}^{{tree}}\n" for commit in unique).encode()
        out = self.repo.git_bytes("cat-file", "--batch-check=%(objectname)", stdin=asked)
        answers = out.decode("utf-8", "surrogateescape").split("\n")
        return {
            commit: answer
            for commit, answer in zip(unique, answers, strict=False)
            if OBJECT_ID.fullmatch(answer.encode())
        }

    def commits_among(self, ids: Iterable[str]) -> set[str]:
        """Those of `ids` that are commits (one `cat-file --batch-check`)."""
        listed = "".join(f"{oid}\n" for oid in ids).encode()
        out = self.repo.git_bytes(
            "cat-file", "--batch-check=%(objectname) %(objecttype)", stdin=listed
        )
        pairs = (line.split(b" ") for line in out.split(b"\n") if line)
        return {pair[0].decode() for pair in pairs if pair[-1] == b"commit"}

    def entries(self, oid: str) -> Entries | None:
        """A tree's entries ({} for none), or None when it is neither remembered nor loose."""
        if not oid:
            return {}
        raw = bytes.fromhex(oid)
        if raw in self._trees:
            return self._trees[raw]
        body = self._loose(oid)
        if body is None or not body.startswith(b"tree "):
            return None
        entries = parse_tree(body[body.index(b"\0") + 1 :], self.digest_size)
        self._remember(raw, entries)
        return entries

    def folders(self, tree: bytes, folders: list[bytes]) -> dict[bytes, Entries] | None:
        """Each folder's entries in `tree` ({} where it has none), in one read of
        `<tree>:<folder>`; None when one is recorded as something other than a folder."""
        if any(b"\n" in folder for folder in folders):
            return None  # pragma: no cover - a line of the batch cannot carry it
        specs = [tree.hex() + (":" + os.fsdecode(folder) if folder else "") for folder in folders]
        read = self.read(specs)
        found: dict[bytes, Entries] = {}
        for folder, spec in zip(folders, specs, strict=True):
            got = read[spec]
            if got is None:
                found[folder] = {}
            elif got[0] != b"tree":
                return None
            else:
                entries = parse_tree(got[1], self.digest_size)
                self._remember(self._hash(b"tree %d\0%s" % (len(got[1]), got[1])).digest(), entries)
                found[folder] = dict(entries)
        return found

    def _remember(self, oid: bytes, entries: Entries) -> None:
        if len(self._trees) >= CACHE_MAX:  # pragma: no cover - thousands of folders
            self._trees.clear()
        self._trees[oid] = dict(entries)

    def _loose(self, oid: str) -> bytes | None:
        """A loose object's header and bytes, its id checked; None when it is not loose
        here (or damaged: git is asked instead, and says what is wrong)."""
        try:
            body = zlib.decompress(read_whole(f"{self.objects}/{oid[:2]}/{oid[2:]}"))
        except (OSError, zlib.error):
            return None
        nul = body.find(b"\0")
        if nul < 0 or not body[:nul].endswith(b" %d" % (len(body) - nul - 1)):
            return None
        if self._hash(body).hexdigest() != oid:
            return None
        return body


def read_whole(path: str | Path) -> bytes:
    """A file's bytes as its size says (as git reads one), with one `open`, `fstat` and
    mostly one `read`: `open(path, "rb").read()` costs twice that for the small files a
    restore reads by the hundred (a buffered reader, and one more read for the end)."""
    handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        size = os.fstat(handle).st_size
        data = os.read(handle, size)
        while len(data) < size:
            more = os.read(handle, size - len(data))
            if not more:  # it shrank meanwhile
                break
            data += more
        return data
    finally:
        os.close(handle)


def _draft(folder: Path) -> tuple[int, str]:
    """A new file in `folder` with the bits 0444, named as git names its temporary
    objects, open for writing (its handle writes all the same)."""
    for _ in range(100):
        draft = f"{folder}/tmp_obj_{os.urandom(6).hex()}"
        try:
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC
            handle = os.open(draft, flags, 0o444)
        except FileExistsError:  # pragma: no cover - 48 random bits taken already
            continue
        os.fchmod(handle, 0o444)  # whatever the umask is now, as before
        return handle, draft
    raise FileExistsError(f"no free temporary name in {folder}")  # pragma: no cover


def parse_tree(data: bytes, size: int) -> Entries:
    """A tree object's entries (`<mode> <name>\\0<raw id>`, one after another): matched in C,
    twice as quick as a loop here (7 against 14 µs for 20 entries)."""
    return {name: (mode, oid) for mode, name, oid in _ENTRY[size].findall(data)}


_ENTRY = {size: re.compile(rb"([0-7]+) ([^\0]+)\0(.{%d})" % size, re.S) for size in (20, 32)}
