"""Random file operations on a working tree, as hypothesis strategies.

The same operations serve three purposes: the initial state of a repository, the actions of a
scripted plan (`write`, `edit`, `delete`, or a shell `run` for what those cannot do: raw
bytes, mkdir, chmod, symlinks, removing a folder), and the user's hand edits between commands.
A small model of the tree (paths to contents) keeps every generated plan action valid: a file
that must become a folder is deleted first, a folder that must become a file is removed first.
"""

from __future__ import annotations

import shlex
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

# `build/`, `*.log` (.gitignore) and `local.env` (.git/info/exclude) make some paths ignored;
# `build` as a file is not ignored (the pattern names a folder), `x.log` as a folder is.
COMPONENTS = ("a", "b.txt", "c d", "é", "x.log", "build", "local.env")
PATHS = [*COMPONENTS, *(f"{c}/{d}" for c in COMPONENTS for d in COMPONENTS)]
GITIGNORE = "build/\n*.log\n"
EXCLUDE = "local.env\n"
ATTRIBUTES = (
    "* text=auto\n",
    "*.txt eol=crlf\n",
    "* text=auto eol=crlf\n",
    "* -text\n",
    "*.txt text eol=lf\n",
)
MODES = (0o600, 0o644, 0o755, 0o640)
MODE = st.sampled_from(MODES)
LINK_TARGETS = ("a", "b.txt", "../a", "c d/é", "nowhere", "/tmp")

TEXT = st.text(alphabet=st.sampled_from(list("ab \n\r\t\x00é中")), max_size=24)
BYTES = st.one_of(
    st.binary(max_size=32),
    st.sampled_from([b"one\r\ntwo\r\n", b"\xff\xfe\x00\x01", b"mixed\r\nends\n", b"\n", b""]),
)


@dataclass(frozen=True)
class Op:
    """One file operation. `kind` is one of write_text, write_bytes, edit, delete, rmtree,
    mkdir, chmod, symlink; the other fields are what that kind needs."""

    kind: str
    path: str
    text: str = ""
    data: bytes = b""
    find: str = ""
    mode: int = 0
    target: str = ""

    def __repr__(self) -> str:
        extra = {
            "write_text": lambda: repr(self.text),
            "write_bytes": lambda: repr(self.data),
            "edit": lambda: f"{self.find!r} -> {self.text!r}",
            "chmod": lambda: oct(self.mode),
            "symlink": lambda: f"-> {self.target!r}",
        }.get(self.kind, lambda: "")()
        return f"{self.kind}({self.path!r}{', ' + extra if extra else ''})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))  # hypothesis prints failing examples with this

    def action(self) -> dict[str, Any]:
        """This operation as an action of a plan file."""
        q = shlex.quote(self.path)
        if self.kind == "write_text":
            return {"write": self.path, "content": self.text}
        if self.kind == "edit":
            return {"edit": self.path, "find": self.find, "replace": self.text}
        if self.kind == "delete":
            return {"delete": self.path}
        if self.kind == "write_bytes":
            octal = "".join(f"\\{byte:03o}" for byte in self.data)
            return {"run": f"printf '{octal}' > {q}" if self.data else f": > {q}"}
        if self.kind == "rmtree":
            return {"run": f"rm -rf {q}"}
        if self.kind == "mkdir":
            return {"run": f"mkdir -p {q}"}
        if self.kind == "chmod":
            return {"run": f"chmod {self.mode:o} {q}"}
        assert self.kind == "symlink"
        return {"run": f"ln -s {shlex.quote(self.target)} {q}"}

    def apply(self, root: Path) -> None:
        """Do it by hand, as a user would, clearing whatever stands in the way."""
        path = root / self.path
        if self.kind in ("write_text", "write_bytes", "edit"):
            if self.kind == "edit":
                if not _is_file(path):
                    return
                old = path.read_bytes()
                new = old.replace(self.find.encode(), self.text.encode(), 1)
            else:
                new = self.text.encode() if self.kind == "write_text" else self.data
            _clear_way(root, self.path, keep_file=True)
            path.write_bytes(new)
        elif self.kind == "delete":
            if path.is_symlink() or path.is_file():
                path.unlink()
        elif self.kind == "rmtree":
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path)
        elif self.kind == "mkdir":
            _clear_way(root, self.path, keep_file=False)
            path.mkdir(exist_ok=True)
        elif self.kind == "chmod":
            if _is_file(path):
                path.chmod(self.mode)
        else:
            _clear_way(root, self.path, keep_file=False)
            path.symlink_to(self.target)


def _is_file(path: Path) -> bool:
    return path.is_file() and not path.is_symlink()


def _clear_way(root: Path, relative: str, keep_file: bool) -> None:
    """Make `relative` writable: its parents folders, itself absent (or a plain file kept)."""
    here = root
    for part in relative.split("/")[:-1]:
        here = here / part
        if here.is_symlink() or here.is_file():
            here.unlink()
        here.mkdir(exist_ok=True)
    target = root / relative
    if target.is_symlink() or (target.is_file() and not keep_file):
        target.unlink()
    elif target.is_dir():
        shutil.rmtree(target)


@dataclass
class Model:
    """What the tree holds as far as generation needs: files' bytes, symlinks, folders."""

    files: dict[str, bytes] = field(default_factory=dict)
    links: set[str] = field(default_factory=set)
    dirs: set[str] = field(default_factory=set)
    # The workspace's `edit` reads text with universal newlines: CR and CRLF become LF.
    edits_translate_newlines: bool = False

    def is_dir(self, path: str) -> bool:
        return path in self.dirs

    def clear_way(self, path: str, keep_file: bool) -> list[Op]:
        """The operations that make room for `path`, and the model updated for them."""
        ops = []
        parts = path.split("/")
        for depth in range(1, len(parts)):
            parent = "/".join(parts[:depth])
            if parent in self.files or parent in self.links:
                ops.append(Op("delete", parent))
        if path in self.links or (path in self.files and not keep_file):
            ops.append(Op("delete", path))
        elif self.is_dir(path):
            ops.append(Op("rmtree", path))
        for op in ops:
            self.apply(op)
        return ops

    def apply(self, op: Op) -> None:
        parents = ["/".join(op.path.split("/")[:i]) for i in range(1, op.path.count("/") + 1)]
        if op.kind in ("write_text", "write_bytes", "edit", "mkdir", "symlink"):
            self.dirs.update(parents)
        if op.kind == "write_text":
            self.files[op.path] = op.text.encode()
        elif op.kind == "write_bytes":
            self.files[op.path] = op.data
        elif op.kind == "edit":
            old = self.files[op.path]
            if self.edits_translate_newlines:
                old = old.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
            self.files[op.path] = old.replace(op.find.encode(), op.text.encode(), 1)
        elif op.kind == "delete":
            self.files.pop(op.path, None)
            self.links.discard(op.path)
        elif op.kind == "rmtree":
            prefix = op.path + "/"
            self.dirs = {d for d in self.dirs if d != op.path and not d.startswith(prefix)}
            self.files = {p: b for p, b in self.files.items() if not p.startswith(prefix)}
            self.links = {p for p in self.links if not p.startswith(prefix)}
        elif op.kind == "mkdir":
            self.dirs.add(op.path)
        elif op.kind == "symlink":
            self.links.add(op.path)


@st.composite
def operation(draw: st.DrawFn, model: Model, *, hand: bool = False) -> list[Op]:
    """One random operation, preceded by what clears its way; the model follows along."""
    kinds = ["write_text", "write_bytes", "write_bytes", "edit", "delete", "rmtree", "mkdir"]
    kinds += ["chmod", "chmod", "symlink", "attributes", "swap"]
    kind = draw(st.sampled_from(kinds))
    editable = sorted(p for p, b in model.files.items() if _editable(b))
    if kind == "edit" and editable:
        path = draw(st.sampled_from(editable))
        text = model.files[path].decode()
        if model.edits_translate_newlines:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        start = draw(st.integers(0, len(text) - 1))
        find = text[start : draw(st.integers(start + 1, len(text)))]
        ops = [Op("edit", path, text=draw(TEXT), find=find)]
    elif kind == "delete" and (model.files or model.links):
        ops = [Op("delete", draw(st.sampled_from(sorted(model.links | set(model.files)))))]
    elif kind == "chmod" and model.files:
        ops = [Op("chmod", draw(st.sampled_from(sorted(model.files))), mode=draw(MODE))]
    elif kind == "rmtree" and model.dirs:
        ops = [Op("rmtree", draw(st.sampled_from(sorted(model.dirs))))]
    elif kind == "attributes":
        ops = model.clear_way(".gitattributes", keep_file=True)
        ops.append(Op("write_text", ".gitattributes", text=draw(st.sampled_from(ATTRIBUTES))))
    elif kind == "swap" and (model.files or model.dirs):
        # A file becomes a folder holding a file, or a folder becomes a file.
        path = draw(st.sampled_from(sorted(model.dirs | set(model.files))))
        inside = f"{path}/{draw(st.sampled_from(COMPONENTS))}"
        if path in model.dirs:
            ops = [Op("rmtree", path), Op("write_bytes", path, data=draw(BYTES))]
        else:
            ops = [Op("delete", path), Op("write_bytes", inside, data=draw(BYTES))]
    else:
        path = draw(st.sampled_from(PATHS))
        if kind == "symlink":
            ops = model.clear_way(path, keep_file=False)
            ops.append(Op("symlink", path, target=draw(st.sampled_from(LINK_TARGETS))))
        elif kind == "mkdir":
            ops = model.clear_way(path, keep_file=False)
            ops.append(Op("mkdir", path))
        elif kind == "write_text" and not hand:
            ops = model.clear_way(path, keep_file=True)
            ops.append(Op("write_text", path, text=draw(TEXT)))
        else:
            ops = model.clear_way(path, keep_file=True)
            ops.append(Op("write_bytes", path, data=draw(BYTES)))
        return _followed(model, ops[-1:], ops[:-1])
    return _followed(model, ops, [])


def _followed(model: Model, ops: list[Op], done: list[Op]) -> list[Op]:
    for op in ops:
        model.apply(op)
    return [*done, *ops]


def _editable(data: bytes) -> bool:
    try:
        return bool(data.decode())
    except UnicodeDecodeError:
        return False
