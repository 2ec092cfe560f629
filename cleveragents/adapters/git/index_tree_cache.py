"""The cache of trees (`TREE`) of an index file, as `index_file.update` keeps it: each
folder's tree id where git knew it, forgotten along every path an update changes."""

from __future__ import annotations


class TreeCache:
    """A folder of git's cache of trees: its name, its count of entries (-1: not known),
    its tree's id when known, its subfolders in the order git keeps them."""

    __slots__ = ("children", "count", "name", "oid")

    def __init__(self, name: bytes, count: int, oid: bytes | None) -> None:
        self.name = name
        self.count = count
        self.oid = oid
        self.children: list[TreeCache] = []

    @classmethod
    def parse(cls, body: bytes, digest: int) -> TreeCache | None:
        """The root folder of a `TREE` extension: each folder as `NAME NUL COUNT SP
        SUBFOLDERS LF`, its id if COUNT is not -1, then its subfolders (None if malformed)."""
        at = 0

        def one() -> tuple[TreeCache, int]:
            nonlocal at
            nul = body.index(b"\0", at)
            line = body.index(b"\n", nul)
            count, subfolders = (int(n) for n in body[nul + 1 : line].split(b" "))
            node = cls(body[at:nul], count, None)
            at = line + 1
            if count >= 0:
                node.oid, at = body[at : at + digest], at + digest
            return node, subfolders

        try:
            root, wanted = one()
            stack = [(root, wanted)]
            while stack:
                node, wanted = stack[-1]
                if len(node.children) == wanted:
                    stack.pop()
                    continue
                child, more = one()
                node.children.append(child)
                stack.append((child, more))
        except ValueError:
            return None
        return root if at == len(body) else None

    def forget(self, path: bytes) -> None:
        """`cache_tree_invalidate_path`: each folder on `path` no longer known, and a
        subfolder named as its last part gone."""
        node = self
        *folders, last = path.split(b"/")
        for part in folders:
            node.count, node.oid = -1, None
            node = next((c for c in node.children if c.name == part), None)  # type: ignore[assignment]
            if node is None:
                return
        node.count, node.oid = -1, None
        node.children = [c for c in node.children if c.name != last]

    def serialized(self) -> bytes:
        out = []
        stack = [self]
        while stack:
            node = stack.pop()
            out.append(b"%s\0%d %d\n" % (node.name, node.count, len(node.children)))
            if node.oid is not None:
                out.append(node.oid)
            stack.extend(reversed(node.children))
        return b"".join(out)
