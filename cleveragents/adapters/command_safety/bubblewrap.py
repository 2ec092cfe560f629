"""Bubblewrap: the sandbox a model's commands run in.

The sandbox's root is built from an allow list, so it holds when `agents` runs as root
too: the system's programs and libraries (`/usr`, `/bin`, `/lib*`, `/opt`, the `bin`
folders on PATH) read-only, a fresh `/etc` with only what programs need (passwd and group
without hashes, no shadow, no private keys), the working tree the one writable place (its
git directory is not: checkpoints live there, and agents' own folder in it, with the
plan's records and the browser's profile, is hidden behind an empty one; nor is what in it
runs on the host later: `.claude/`, `agents`' own Python, the rest: `host_mounts.py`),
size-bounded fresh `/tmp` and `/dev/shm`, and nothing else: no `/root`, `/home`, `/var`,
`/run`, no folder beside the tree, so no secret file and no Unix socket of the host is
there to reach. `/proc` is the command's own PID namespace, with the parts that change the
host (`/proc/sys`, `/proc/sysrq-trigger`, ...) read-only. The command has its own PID,
IPC, UTS and (unless the plan allows it) network namespaces and no capabilities. bwrap
stays in our process group, so the interrupt handling that kills the group kills the
sandbox; its PID namespace's init dying kills everything left inside it.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from cleveragents.adapters import host_programs
from cleveragents.adapters.command_safety import host_mounts
from cleveragents.adapters.command_safety.limits import SandboxLimits
from cleveragents.adapters.host_folders import own_python
from cleveragents.adapters.host_programs import path_folders

if TYPE_CHECKING:
    from cleveragents.adapters.command_safety.nested_gits import NestedGits
    from cleveragents.adapters.git.git_dirs import Listing
    from cleveragents.domain.host_binds import HostBinds

PROBE_TIMEOUT = 10.0
NOT_INSTALLED = "bwrap (bubblewrap) is not installed"
HOME = "/tmp/home"  # the command's HOME: private, in the sandbox's own /tmp
# The host's programs and libraries; a symlink (merged /usr) stays a symlink.
SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/opt", "/nix")
# What programs read in /etc; never shadow, gshadow, sudoers, ssh keys or ssl/private.
ETC = (
    "hosts", "host.conf", "resolv.conf", "nsswitch.conf", "gai.conf", "networks",
    "protocols", "services", "ld.so.cache", "ld.so.conf", "ld.so.conf.d", "alternatives",
    "ssl/certs", "ssl/openssl.cnf", "ca-certificates", "ca-certificates.conf",
    "pki/tls/certs", "pki/ca-trust", "localtime", "timezone", "locale.alias", "locale.conf",
    "os-release", "lsb-release", "debian_version", "mime.types", "gitconfig", "shells",
)  # fmt: skip
# What in /proc reaches beyond the command's namespaces and a root could write.
PROC_HOST = ("sys", "sysrq-trigger", "irq", "bus", "fs", "acpi", "mtrr", "pressure", "scsi")


class Bubblewrap:
    """Builds the bwrap command line for one working tree; probes once whether bwrap works."""

    def __init__(self, root: Path, git_dir: Path, limits: SandboxLimits | None = None) -> None:
        self.root = root.resolve()
        self.git_dir = git_dir.resolve()
        self.limits = limits or SandboxLimits.configured()
        self._probed: tuple[str | None, str | None] | None = None  # (bwrap, why not)
        self._submodules: list[Path] | None = None
        self._known: dict[str, Listing] = {}  # the tree's folders, as the last walk read them
        self.unbound: tuple[str, ...] = ()  # nested `.git`s past the bound, the last command
        self.real_unbound: tuple[str, ...] = ()  # of them, real repositories: refused

    def unavailable(self) -> str | None:
        """Why no command can be sandboxed here (bwrap missing, no namespaces), or None."""
        return self._probe()[1]

    def argv(
        self,
        command: list[str],
        network: bool,
        read_only: Sequence[str] = (),
        sockets: Sequence[str] = (),
        host: HostBinds | None = None,
    ) -> list[str]:
        """`command` (an argv) in the sandbox, the tree's files at `read_only` (paths in it)
        bound read-only, its Unix `sockets` (paths in it) out of reach unless the network
        is allowed, what runs on the host as `host` says. Call `unavailable()` first."""
        bwrap = self._probe()[0]
        assert bwrap is not None, "the sandbox is unavailable"
        return [bwrap, *self._options(network, read_only, sockets, host), "--", *command]

    def _options(
        self,
        network: bool,
        read_only: Sequence[str] = (),
        sockets: Sequence[str] = (),
        host: HostBinds | None = None,
    ) -> list[str]:
        # --new-session is left out on purpose: the command has no terminal (stdin is
        # /dev/null, and we started it in a session of its own), and a new session would take
        # it out of the process group that Ctrl-C and timeouts kill.
        options = ["--unshare-all", *(["--share-net"] if network else [])]
        options += ["--die-with-parent", "--cap-drop", "ALL"]
        options += self._system()
        hidden = self._beside()
        for parent in hidden:
            options += ["--perms", "0755", "--size", "65536", "--tmpfs", parent]
            options += self._programs(parent)
        options += self._etc()
        options += ["--dev", "/dev", "--proc", "/proc"]
        for part in PROC_HOST:
            options += ["--ro-bind-try", f"/proc/{part}", f"/proc/{part}"]
        for tmpfs in ("/tmp", "/dev/shm"):
            options += ["--perms", "1777", "--size", str(self.limits.tmpfs_bytes)]
            options += ["--tmpfs", tmpfs]
        options += ["--dir", HOME, "--remount-ro", "/dev"]
        # /var/tmp is /tmp, unless the tree is under it: then it holds the tree, read-only.
        if not any(p.is_relative_to("/var/tmp") for p in [self.root, *self._git_dirs()]):
            options += ["--symlink", "/tmp", "/var/tmp"]
        for git in self._git_dirs():
            if not git.is_relative_to(self.root):
                options += ["--ro-bind", str(git), str(git)]
        options += ["--bind", str(self.root), str(self.root)]
        nested = self._nested()  # the folders on the way to a nested `.git`, each to itself
        options += [o for folder in nested.pinned for o in ("--bind", str(folder), str(folder))]
        options += host_mounts.options(self.root, host, self._empty()) if host else []  # next
        # After those: the git directory in the tree read-only again, and each submodule's
        # `.git` and every nested one (`nested_gits.py`), which the user's own git reads.
        inside = [*self._git_dirs(), self.root / ".git", *self._submodule_gits(), *nested.bound]
        for git in dict.fromkeys(inside):
            if git.is_relative_to(self.root) and (git.exists() or git.is_symlink()):
                options += ["--ro-bind", str(git), str(git)]
        for kept in self._kept_in_tree():
            options += ["--ro-bind", str(kept), str(kept)]
        # Files hard-linked outside the tree: an in-place write would change the outside
        # name too. Read-only, they cannot be written, chmodded, renamed over or removed.
        held = [g for g in inside if g.is_dir() and not g.is_symlink()]  # bound whole above
        for path in read_only:
            if not any((self.root / path).is_relative_to(g) for g in held):
                options += ["--ro-bind", f"{self.root}/{path}", f"{self.root}/{path}"]
        # A host service's socket in the tree (an ignored `run/app.sock`): connect() needs
        # no write permission, so an empty file stands over it, as the host's are not there.
        for path in [] if network else sockets:
            options += ["--ro-bind", self._empty(), f"{self.root}/{path}"]
        for state in self._states():
            options += ["--perms", "0555", "--size", "4096", "--tmpfs", state]
            options += ["--remount-ro", state]
        for copy, config in self._configs(nested.git_dirs):  # last: over the folders' binds
            options += ["--ro-bind", copy, config]
        for parent in hidden:
            options += ["--remount-ro", parent]
        return [*options, "--remount-ro", "/", "--chdir", str(self.root)]

    def bound_in_tree(self) -> list[str]:
        """The tree's folders bound read-only besides those given to `argv`, as paths in it:
        what runs on the host later, and the submodules' `.git` (`workspace/pinned.py` keeps
        them where they are)."""
        places = [*self._kept_in_tree(), *self._submodule_gits()]
        return [p.relative_to(self.root).as_posix() for p in places if p.is_relative_to(self.root)]

    def _kept_in_tree(self) -> list[Path]:
        """What in the tree runs on the host later, kept read-only: `agents`' own Python
        (its environment, its real program, and the package itself for an editable install:
        a `.pth` written there runs in the next `agents`), the venv of a PATH folder of the
        tree (its `site-packages`: a `.pth` runs at the user's next `python`), and Claude
        Code's `.claude/` and `.mcp.json` (its settings' hooks and its MCP servers run in
        the user's next `claude`). A missing one cannot be bound without making it in the
        tree, nor one deeper down be known before: what a command does to those is put back
        after it (`git/claude_dirs.py`)."""
        found = [own for own in own_python(self.root) if own.exists()]
        # A venv's `lib` and `pyvenv.cfg` beside a PATH folder of the tree (`PathFolder.kept`).
        found += [self.root / p for folder in path_folders(self.root) for p in folder.kept]
        claude = self.root / ".claude"
        if claude.is_dir() and not claude.is_symlink():
            found.append(claude)
        mcp = self.root / ".mcp.json"  # the servers Claude Code starts on the host
        if mcp.is_file() and not mcp.is_symlink():
            found.append(mcp)
        return sorted(found)

    def _empty(self) -> str:
        """An empty file, beside the plan's records, to bind over what must not be reached."""
        empty = self.git_dir / "cleveragents" / "sandbox" / "empty"
        if not empty.is_file() or empty.stat().st_size:
            empty.parent.mkdir(parents=True, exist_ok=True)
            empty.write_bytes(b"")
        return str(empty)

    def _states(self) -> list[str]:
        """agents' own folders in the git directories, behind an empty read-only folder:
        what host-run commands printed, the browser's cookies: none the command's to read."""
        found = [git / "cleveragents" for git in self._git_dirs()]
        return [str(state) for state in dict.fromkeys(found) if state.is_dir()]

    def _configs(self, nested: Sequence[Path]) -> list[tuple[str, str]]:
        """The configs of the repository and of `nested`, to bind over them (`git_config`)."""
        from cleveragents.adapters.command_safety import git_config
        from cleveragents.adapters.git.git_program import git_executable

        folder = self.git_dir / "cleveragents" / "sandbox"
        folder.mkdir(parents=True, exist_ok=True)
        git_dirs = [*self._git_dirs(), *nested]
        return git_config.redacted(git_dirs, folder, git_executable(self.root))

    def _nested(self) -> NestedGits:
        """The tree's nested git entries to bind read-only; those past the bound: `unbound`."""
        from cleveragents.adapters.command_safety.nested_gits import nested_gits

        own = [self.git_dir, *self._git_dirs(), (self.root / ".git").resolve()]
        nested = nested_gits(self.root, own, self._known)
        self.unbound, self.real_unbound = nested.left, nested.real_left
        return nested

    def _system(self) -> list[str]:
        """The host's programs: the system folders, and the `bin` folders on PATH (a
        virtual environment's whole folder, so its Python finds its packages)."""
        options = system_binds()
        entries = os.environ.get("PATH", "").split(os.pathsep)
        folders = [found for entry in entries for found in _program_folders(entry, self.root)]
        for found in dict.fromkeys(folders):  # PATH often names one twice
            options += ["--ro-bind", found, found]
        return options

    def _beside(self) -> list[str]:
        """The folder holding the tree (or a git dir of it outside it) when a system folder
        shown whole holds it (`/opt/APP/repo`): what lies beside the tree there (the app's
        `.env`, its keys) is hidden behind an empty folder, as in a home folder, never shown.
        A tree right in a system folder (`/opt/repo`) leaves it shown (`/usr` holds programs)."""
        places = [self.root, *(g for g in self._git_dirs() if not g.is_relative_to(self.root))]
        tops = [Path(top) for top in SYSTEM if not os.path.islink(top)]
        found = []
        for place in places:
            parent = place.parent
            if any(parent.is_relative_to(top) and parent != top for top in tops):
                found.append(str(parent))
        return list(dict.fromkeys(found))

    def _programs(self, hidden: str) -> list[str]:
        """The folders on PATH that lie in `hidden`, shown again (`/opt/APP/venv/bin`)."""
        options = []
        for entry in os.environ.get("PATH", "").split(os.pathsep):
            for found in _program_folders(entry, self.root, shown=False):
                if Path(found).is_relative_to(hidden):
                    options += ["--ro-bind", found, found]
        return options

    def _etc(self) -> list[str]:
        options = ["--dir", "/etc"]
        for name in ETC:
            options += ["--ro-bind-try", f"/etc/{name}", f"/etc/{name}"]
        for name, text in self._accounts().items():
            options += ["--ro-bind", str(text), f"/etc/{name}"]
        return options

    def _accounts(self) -> dict[str, Path]:
        """passwd and group as the host has them, with no password field: written once,
        beside the plan's records, to be bound into each sandbox."""
        folder = self.git_dir / "cleveragents" / "sandbox"
        folder.mkdir(parents=True, exist_ok=True)
        written: dict[str, Path] = {}
        for name in ("passwd", "group"):
            try:
                lines = Path("/etc", name).read_text(errors="replace").splitlines()
            except OSError:  # pragma: no cover - a system without one
                lines = []
            fields = [line.split(":") for line in lines if line.count(":") >= 2]
            text = "".join(":".join([f[0], "x", *f[2:]]) + "\n" for f in fields)
            target = folder / name
            if not target.is_file() or target.read_text() != text:
                target.write_text(text)
            written[name] = target
        return written

    def _submodule_gits(self) -> list[Path]:
        """The `.git` (a file or a folder) of each submodule the user's index records.

        The user's `git status` runs git inside each of them, with their config: a command
        that rewrote `lib/.git` to name a git directory of its own (with an fsmonitor or a
        hook) would run code on the host the next time the user looked. Read once: agents
        never changes the user's index."""
        if self._submodules is None:
            from cleveragents.adapters.git.repository import GitRepository
            from cleveragents.errors import GitFailed

            repo = GitRepository(self.root, self.git_dir)
            try:
                listing = repo.git_bytes("ls-files", "--stage", "-z")
            except GitFailed:  # pragma: no cover - an index git cannot read: nothing to keep
                listing = b""
            self._submodules = [
                self.root / os.fsdecode(record.split(b"\t", 1)[1]) / ".git"
                for record in listing.split(b"\0")
                if record.startswith(b"160000 ")
            ]
        return self._submodules

    def _git_dirs(self) -> list[Path]:
        """The git directory and, for a linked worktree, the common one it points to."""
        found = [self.git_dir]
        common = self.git_dir / "commondir"
        if common.is_file():
            found.append((self.git_dir / common.read_text().strip()).resolve())
        return found

    def _probe(self) -> tuple[str | None, str | None]:
        """Where bwrap is, or why the sandbox cannot be made here: tried once, with `true`."""
        if self._probed is None:
            bwrap = host_programs.find("bwrap", host_programs.tree_of(self.root))
            tried = None if bwrap is None else [bwrap, *self._options(False)]
            why = NOT_INSTALLED if tried is None else probe(tried, "a sandbox", cwd=self.root)
            self._probed = (None if why else bwrap, why)
        return self._probed


def system_binds() -> list[str]:
    """The system folders, read-only (a symlink of merged /usr stays one)."""
    options: list[str] = []
    for top in SYSTEM:
        if os.path.islink(top):
            options += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            options += ["--ro-bind", top, top]
    return options


def probe(bwrap: list[str], what: str, cwd: Path | None = None) -> str | None:
    """None when `bwrap` (the program and its options) runs `true` here; else why, in one
    line naming `what` it could not make."""
    try:
        tried = subprocess.run(
            [*bwrap, "--", "true"],
            cwd=cwd,
            env={"PATH": os.defpath},
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=PROBE_TIMEOUT,
        )
    except (OSError, subprocess.TimeoutExpired) as error:  # pragma: no cover - a broken bwrap
        return f"bwrap cannot run here ({error})"
    if tried.returncode == 0:
        return None
    said = tried.stderr.decode("utf-8", errors="replace").strip().splitlines()
    return f"bwrap cannot make {what} here ({said[-1] if said else 'no reason given'})"


def _program_folders(entry: str, tree: Path, shown: bool = True) -> list[str]:
    """The folders to show for one PATH entry: none for a relative one, one the system
    folders hold already, one in the tree, or one not named bin (a home folder on PATH
    would show the whole home); a virtual environment whole, with the Python it was made
    from: the folder its `home` names, and what of the installation that folder or the
    venv's own `python` belongs to it needs to start (`_installations`). Never one that
    is, or holds, the user's home or an `.ssh` (`home = ~/bin`, from a `python3` linked
    there, names no installation). Not `shown`: those in the system folders too."""
    real = _bin_folder(entry, tree, shown)
    if real is None:
        return []
    config = real.parent / "pyvenv.cfg"
    found = [real]
    if config.is_file():
        homes: list[Path] = []
        for line in config.read_text(errors="replace").splitlines():
            key, _, value = line.partition("=")
            if key.strip() == "home":  # the bin folder of the Python it was made from
                homes += [Path(f) for f in _program_folders(value.strip(), tree, shown)]
        found = [real.parent, *homes, *_installations([*homes, real], tree, shown)]
    return [str(f) for f in dict.fromkeys(found) if not _private(f)]


def _bin_folder(entry: str, tree: Path, shown: bool = True) -> Path | None:
    """`entry` resolved, when it is an absolute `bin` folder outside the tree and (when the
    system folders are `shown` whole) outside them."""
    if not entry or not os.path.isabs(entry) or not os.path.isdir(entry):
        return None
    real = Path(os.path.realpath(entry))
    if real.name not in ("bin", "sbin") or real.is_relative_to(tree):
        return None
    if shown and any(real.is_relative_to(top) for top in SYSTEM if not os.path.islink(top)):
        return None
    return real


def _installations(folders: list[Path], tree: Path, shown: bool = True) -> list[Path]:
    """What of the Python installations the bin `folders` belong to a venv's `python`
    needs to start: a folder's parent, or where the `python` links in it lead, when that
    is a real installation (its standard library in `lib/python3.X`, the landmark CPython
    finds its prefix by): that library and its `lib/libpython*`, never the whole prefix
    (`--prefix=~/.local` would show `~/.local/share`, with keyrings and histories)."""
    found: list[Path] = []
    for folder in folders:
        pythons = [folder / name for name in ("python3", "python")]
        leads = [Path(os.path.realpath(p)).parent for p in pythons if p.exists()]
        for bin_folder in [folder, *leads]:
            if _bin_folder(str(bin_folder), tree, shown) is None:  # the system's, shown
                continue
            lib = bin_folder.parent / "lib"
            libraries = [os_py.parent for os_py in sorted(lib.glob("python3.*/os.py"))]
            if libraries:
                found += [bin_folder, *libraries, *sorted(lib.glob("libpython*"))]
    return found


def _private(folder: Path) -> bool:
    """Whether `folder` is the user's home or holds it, or holds an `.ssh`."""
    home = Path(os.path.realpath(os.path.expanduser("~")))
    return home.is_relative_to(folder) or os.path.lexists(folder / ".ssh")
