"""The property on the home's places in the tree (`adapters/home_files.py`): every link of
a dot entry into the tree is found (or, past a limit of the walk, the tree counts whole),
each found place lies in the tree, and each dot entry of a home the tree is or holds is the
host's."""

from __future__ import annotations

import os
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from cleveragents.adapters import home_files, home_hard, home_walk
from cleveragents.domain.host_files import STARTUP_FILES, HostFolders, host_run
from features.support.home_examples import home_property

# Where a link stands in the home (folders below it made as needed): a dot entry, a plain
# one (not walked), `~/bin`, a cache (not walked), and folders at every depth down to one
# past `MOST_DEPTH` in a dot entry and in an entry of `~/.local/share`.
DEEPER = tuple(".d" + "/e" * depth + "/{n}" for depth in range(1, home_files.MOST_DEPTH + 1))
SHARE = tuple(".local/share/s" + "/e" * depth + "/{n}" for depth in range(4, 7))
PLACES = ("{n}", ".{n}", ".config/{n}", ".vim/{n}", ".ssh/{n}", ".local/bin/{n}", "bin/{n}")
PLACES += (".cache/c/{n}", *DEEPER, *SHARE)
# Folders of the home the host runs programs from by name (`home_ways.home_roots`): Go's
# and node's by default, `tools/bin` when the example puts it on PATH.
PLACES += ("go/bin/{n}", "node_modules/.bin/{n}", "tools/bin/{n}")
# Install roots (`home_walk.INSTALLS`): `npm link` under nvm, a pyenv version; and a place
# there no user links into (not walked).
NVM = ".nvm/versions/node/v1"
PLACES += (f"{NVM}/lib/node_modules/{{n}}", f"{NVM}/bin/{{n}}", ".pyenv/versions/{n}")
PLACES += (f"{NVM}/include/{{n}}",)
HARD = ("f", "d/g")  # targets a link may be a hard one to (`home_hard.py`)
# ".": the top; "..": the folder holding the tree (outside a home apart from it)
TARGETS = ("f", "d/g", "d", "new", "d/new/x", ".git/config", "OUT", ".", "..", "l", "dl/g")
# A target reached through links of the tree (`l -> f`, `dl -> d`): each link on the way
# is the host's too, with the end (`home_ways.links_on_the_way`).
WAYS = {"l": ("l", "f"), "dl/g": ("dl", "d/g")}
# What the tree's links in a folder a home's link leads to lead to, with those links
# (`d/k -> ../f`: a file vim reads through `~/.vim -> d`), found too; a link of the home's
# top to the tree (or its folder) is walked, each link of the tree found there.
INNER = {"d": ("d/k", "f")}
EVERY = ("l", "f", "dl", "d", "d/k", "d/g")
# Where the home lies: apart from the tree, the tree itself, or a folder of it.
HOMES = ("apart", "tree", "in tree")
XDG = (None, "cfg", ".", "OUT")  # `$XDG_CONFIG_HOME`: unset, of the tree, its top, outside
DATA = (None, "share", ".", "OUT")  # `$XDG_DATA_HOME` or an `$XDG_CONFIG_DIRS` folder
XDG_DIRS = ("XDG_DATA_HOME", "XDG_CONFIG_DIRS", "XDG_DATA_DIRS")  # as `home_ways` reads them
# Paths of the tree looked at when the home lies in it (relative to the home).
HOME_PATHS = (".ssh/authorized_keys", ".vimrc", ".config/systemd/user/x.service", "notes", "a/.b")
HOME_PATHS += ("bin/git", "go/bin/git", "node_modules/.bin/x")
RUN = ("bin/", "go/bin/", "node_modules/.bin/")  # a home's program folders, by default


def _example(root: Path, data: st.DataObject) -> None:
    tree, out = root / "w" / "tree", root / "out"
    where = data.draw(st.sampled_from(HOMES))
    home = {"apart": root / "home", "tree": tree, "in tree": tree / "h"}[where]
    for folder in (tree / ".git", tree / "d", home, out):
        folder.mkdir(parents=True, exist_ok=True)
    (tree / "f").write_text("x\n")
    (tree / "d" / "g").write_text("x\n")
    (tree / ".git" / "config").write_text("x\n")
    (tree / "l").symlink_to("f")
    (tree / "dl").symlink_to("d")
    (tree / "d" / "k").symlink_to("../f")
    links = data.draw(
        st.lists(
            st.tuples(
                st.sampled_from(PLACES),
                st.sampled_from(["a", "b", "nvim"]),
                st.sampled_from(TARGETS),
                st.booleans(),
            ),
            max_size=8,
        )
    )
    made: list[tuple[str, str]] = []  # (the link, from the home; what it leads to)
    for place, name, target, hard in links:
        link = home / place.format(n=name)
        if os.path.lexists(link) or any(p.is_symlink() for p in link.parents):
            continue
        link.parent.mkdir(parents=True, exist_ok=True)
        if hard and target in HARD:  # `ln` without `-s`: one file of two names
            os.link(tree / target, link)
        else:
            link.symlink_to(out / "x" if target == "OUT" else tree / target)
        made.append((link.relative_to(home).as_posix(), target))
    most = data.draw(st.sampled_from([home_files.MOST_ENTRIES, 16, 40]))
    os.environ["HOME"] = str(home)
    xdg = data.draw(st.sampled_from(XDG))
    if xdg is not None:  # `$XDG_CONFIG_HOME`: a folder of the tree, its top, or outside it
        os.environ["XDG_CONFIG_HOME"] = str(out / "cfg" if xdg == "OUT" else tree / xdg)
    on_path = data.draw(st.sampled_from(["", "tools/bin", "."]))  # on PATH: walked
    if on_path:
        os.environ["PATH"] = f"{home / on_path}{os.pathsep}{os.environ['PATH']}"
    share, variable = data.draw(st.sampled_from(DATA)), data.draw(st.sampled_from(XDG_DIRS))
    if share is not None:
        os.environ[variable] = str(out / "share" if share == "OUT" else tree / share)
    kept, kept_tree, kept_all = home_files.MOST_ENTRIES, home_hard.MOST_TREE, home_files.MOST_ALL
    home_files.MOST_ENTRIES = most
    # All roots' budget together: the real one, or a small one (then each root may be cut).
    home_files.MOST_ALL = most_all = data.draw(st.sampled_from([kept_all, 24]))
    # The tree's entries looked at for a hard link's other name: all, or 3 (then, with
    # such a link not found there, the tree whole).
    home_hard.MOST_TREE = small = data.draw(st.sampled_from([kept_tree, 3]))
    try:
        found = home_files.home_files(tree)
        # (a home in the tree on PATH: the tree's folder on PATH, `PathFolder`'s, not walked)
        on_path = "" if on_path == "." and where != "apart" else on_path
        walked = [(link, t) for link, t in made if _walked(link, on_path)]
        if found.whole.endswith("not all were looked at for its other name"):
            assert small == 3, found.whole
            return  # the tree whole: each of its files the host's
        _held(tree, home, where, walked, (most, most_all), found, xdg, share == ".")
    finally:
        home_files.MOST_ENTRIES, home_hard.MOST_TREE = kept, kept_tree
        home_files.MOST_ALL = kept_all
    _held_xdg(tree, xdg, found)
    _held_data(share, found)


def _held(
    tree: Path,
    home: Path,
    where: str,
    walked: list[tuple[str, str]],
    most: tuple[int, int],
    found: Any,
    xdg: str | None,
    data_top: bool,
) -> None:
    """What must hold of `found` (`HomeFiles`) for the links `walked` in `home`, those
    the walk looks at (and `$XDG_CONFIG_HOME` at `xdg`: `_held_xdg`; `data_top`: the XDG
    data home, or a config dir, is the tree's top; `most`: a root's budget, all roots')."""
    xdg_top = xdg == "." or data_top
    tops = ("OUT", ".git/config", ".", "..")
    into = {way for _, t in walked if t not in tops for way in _ways(t)}
    into |= {p for _, t in walked for p in INNER.get(t, ())}
    into |= set(EVERY) if any(t in (".", "..") for _, t in walked) else set()
    cuts = _cuts(home, *most)
    shown = (walked, sorted(found.paths), found.whole, cuts, most)
    for link, t in walked:  # each link of a root walked to its end into the tree: found
        if t in ("OUT", ".git/config", ".", "..") or _cut(link, cuts):
            continue
        # (a link of the tree in a folder linked: what it leads to is read through it)
        assert set(INNER.get(t, ())) <= set(found.paths) or found.whole, (link, shown)
        # (a hard link's other name, looked for in 3 entries, may not be: the tree whole)
        cut_short = found.whole and home_hard.MOST_TREE == 3 and not (home / link).is_symlink()
        assert set(_ways(t)) <= set(found.paths) or cut_short, (link, shown)
    # A walked link to the tree's top, or into the tree from a root the walk did not
    # finish: the tree whole when the walk surely saw it (a root cut only by depth, the link
    # above the last depth); nothing else (no link here leads above the tree's top).
    # (a folder holding the tree outside the home: the tree whole; holding the home: not)
    tops = (".", "..") if where == "apart" else (".",)
    to_top = any(t in tops for _, t in walked)
    cut_leads = any(t != "OUT" and _cut(link, cuts) for link, t in walked)
    seen = [(link, t) for link, t in walked if _seen(link, cuts)]
    if any(t in tops or (t not in ("OUT", "..") and _cut(link, cuts)) for link, t in seen):
        assert found.whole, shown
    assert not found.whole or to_top or cut_leads or xdg_top, shown
    in_home = "" if where == "apart" else home.relative_to(tree).as_posix()
    # A hard link's other names in the tree (`~/.a` and a plain `a` of a home that is the
    # tree, both of `f`): one file, each the host's.
    hard = {os.stat(tree / t).st_ino for link, t in walked if not (home / link).is_symlink()}
    for path in found.paths:  # in the tree, outside its `.git`; what was linked, or the home's
        assert not path.startswith(("..", "/")) and ".git" not in path.split("/"), shown
        named = path.removeprefix(f"{in_home}/") if in_home not in ("", ".") else path
        linked = named in STARTUP_FILES or named in {link for link, _ in walked}  # on the way
        linked = linked or f"{named}/".startswith((*RUN[1:], "tools/bin/"))  # on PATH
        in_xdg = xdg_top or (xdg is not None and (path == xdg or path.startswith(f"{xdg}/")))
        in_xdg = in_xdg or path == "share" or path.startswith("share/")
        full = tree / path
        twin = not full.is_symlink() and full.is_file() and full.stat().st_ino in hard
        assert path in into or (where != "apart" and linked) or in_xdg or twin, shown
    host = HostFolders(
        startup=found.paths, home=found.dots, home_whole=found.whole, run_dirs=found.run_dirs
    )
    for path in HOME_PATHS:  # a dot entry of a home in the tree: the host's, standing or not
        full = path if in_home in ("", ".") else f"{in_home}/{path}"
        dotted = where != "apart" and path.startswith((".", *RUN))
        assert not dotted or host_run(full, host) is not None, (full, shown, found.dots)
        # (below a file the home's, as `a` when a hard link of `~/.a`: no such path)
        under_file = any(full.startswith(f"{p}/") and (tree / p).is_file() for p in found.paths)
        if where != "apart" and not dotted and not found.whole and not under_file:
            assert host_run(full, host) is None, (full, shown)
    if not found.whole:
        assert host_run("f", host) is None or "f" in into, shown


def _held_xdg(tree: Path, xdg: str | None, found: Any) -> None:
    """What must hold of `found` for `$XDG_CONFIG_HOME` at `xdg` (of the tree, or None):
    the folder of the tree the home's whole, git's global config there too; the top: the
    tree whole."""
    shown = (xdg, sorted(found.paths), found.whole, found.config_home)
    if xdg == "cfg":
        host = HostFolders(startup=found.paths, config_home=found.config_home)
        assert found.config_home == "cfg" and "cfg" in found.paths, shown
        for path in ("cfg/git/config", "cfg/autostart/x.desktop", "cfg"):
            assert host_run(path, host) is not None, (path, shown)
    if xdg == ".":
        assert found.whole, shown
    if xdg != "cfg":
        assert found.config_home is None and "cfg" not in found.paths, shown


def _held_data(share: str | None, found: Any) -> None:
    """What must hold of `found` for `$XDG_DATA_HOME` (or an `$XDG_CONFIG_DIRS` folder) at
    `share`: a folder of the tree the home's whole; the top: the tree whole."""
    shown = (share, sorted(found.paths), found.whole, found.run_dirs)
    if share == "share":
        host = HostFolders(startup=found.paths, run_dirs=found.run_dirs)
        assert "share" in found.paths, shown
        for path in ("share/applications/x.desktop", "share/systemd/user/x.service"):
            assert host_run(path, host) is not None, (path, shown)
    if share == ".":
        assert found.whole, shown


def _ways(target: str) -> tuple[str, ...]:
    """What of the tree a link to `target` makes the home's: the links on its way, its end."""
    return WAYS.get(target, (target,))


def _walked(link: str, on_path: str) -> bool:
    """Whether the walk looks at `link` (from the home): in a dot entry, `bin`, Go's or
    node's program folder or the home's folder `on_path` (`tools/bin`, the home itself:
    its top's links), not in a skipped cache."""
    first = link.split("/")[0]
    skipped = any(link.startswith(f"{folder}/") for folder in home_walk.SKIPPED)
    for folder, shapes in home_walk.INSTALLS.items():  # only its places of links
        parts = link.split("/")[len(folder.split("/")) :]
        if link.startswith(f"{folder}/") and not any(_fits(parts, shape) for shape in shapes):
            skipped = True
    run = link.startswith((*RUN, *((f"{on_path}/",) if on_path else ())))
    run = run or (on_path == "." and "/" not in link)
    return (first.startswith(".") or run) and not skipped


def _fits(parts: list[str], shape: tuple[str, ...]) -> bool:
    """Whether the path `parts` has the shape `shape` (`*` any name, `@*` a scope)."""
    fits = len(parts) == len(shape)
    return fits and all(fnmatchcase(p, s) for p, s in zip(parts, shape, strict=fits))


def _seen(link: str, cuts: dict[str, str]) -> bool:
    """Whether the walk surely lists `link`: its root not cut by its entries, the folder
    holding it above the last depth."""
    held = [c for c, why in cuts.items() if why == "count"]
    above = len(Path(link).parts) - 1 < home_files.MOST_DEPTH
    return above and not _cut(link, dict.fromkeys(held, "count"))


def _cut(link: str, cuts: dict[str, str]) -> bool:
    """Whether `link` lies in a root (or folder of roots) the walk did not finish."""
    return any(cut == "." or link.startswith(f"{cut}/") for cut in cuts)


def _cuts(home: Path, most: int, most_all: int) -> dict[str, str]:
    """The roots of the home (its dot entries and `bin`, each entry of `~/.config`,
    `~/.local`, `~/.local/share` instead of these) a walk does not finish: more entries
    than `most` below one (skipped caches not counted), or a folder at `MOST_DEPTH`, or
    each one (but the empty) when all hold more than `most_all` together; "." when the
    home's own listing holds more than `most`; each with why ("count", "depth")."""
    cuts = {".": "count"} if len(os.listdir(home)) > most else {}
    counts: dict[str, int] = {}
    todo = [e for e in os.listdir(home) if e.startswith(".") or e == "bin"]
    while todo:
        name = todo.pop()
        full = home / name
        real = full.resolve()
        if full.is_symlink() and real.is_dir() and not home.resolve().is_relative_to(real):
            # (a root that links to a folder: walked as it, on the budget of all)
            counts[name] = sum(len(s) + len(f) for _, s, f in os.walk(real))
            continue
        if full.is_symlink() or not full.is_dir() or name in home_walk.SKIPPED:
            continue
        if name in home_walk.CONTAINERS:
            cuts.update({name: "count"} if len(os.listdir(full)) > most else {})
            todo += [f"{name}/{entry}" for entry in os.listdir(full)]
            continue
        count, deep = 0, False
        for folder, subfolders, files in os.walk(full):
            inside = Path(folder).relative_to(home).as_posix()
            deep = deep or len(Path(inside).parts) >= home_files.MOST_DEPTH
            count += len(subfolders) + len(files)
            subfolders[:] = [f for f in subfolders if f"{inside}/{f}" not in home_walk.SKIPPED]
        if count > most or deep:
            cuts[name] = "count" if count > most else "depth"
        counts[name] = count
    if sum(counts.values()) > most_all:
        cuts.update({name: "count" for name, count in counts.items() if count})
    return cuts


home_property(
    "homes with links into a tree are made at random",
    "every link of a dot entry is found or the tree counts whole, and each dot entry of a home "
    "in the tree is the host's",
    "home links",
    _example,
    60,
)
