"""The property on the mention scan of the home's program configs
(`adapters/home_mentions.py`): a tree path (maybe with a blank, quoted or `\\ `) written
into a drawn config of the table in a drawn spelling is never missed (held, in a folder
held, or the tree whole); an expression built on one keeps the tree whole; exact spellings
alone do not; nothing found lies outside the tree."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import strategies as st

from cleveragents.adapters import home_files
from cleveragents.adapters.home_mentions import UNITS
from cleveragents.domain.program_configs import CONFIGS
from features.support.home_examples import home_property

# Read by the shell reader too (`home_shells`): their lines are shell, not only mentions.
SHELL_READ = ("environment.d/", "autostart/", "systemd/user/x.service")
SPELLINGS = ("{tree}/{p}", "~/dotfiles/{p}", "$HOME/dotfiles/{p}", "${{HOME}}/dotfiles/{p}")
SPELLINGS += ("${{env:HOME}}/dotfiles/{p}", "{relative}")
# The shell's words of quoted pieces side by side, vim's and lua's home and one string.
JOINED = ('~/"dot"files/{p}', "\"$HOME\"/'dotfiles'/{p}", '$HOME"/dotfiles/{p}"')
JOINED += ("$HOME . '/dotfiles/{p}'", '$HOME.."/dotfiles/{p}"', "~/'dotfiles/{p}'")
JOINED += ('package.path = package.path .. ";" .. vim.env.HOME .. "/dotfiles/{p}/?.lua"',)
VIM = (".vim", "vimrc", ".exrc")  # vim's own files: `<sfile>` is the file itself
VIM_OWN = "<sfile>:p:h/{relative}"
EMACS = ("/.emacs", ".el")  # configs emacs loads: `(load "~/x")` tries `x.elc`, `x.el`
BUILT = (
    "'~/dotfiles/{p}' . name",
    'vim.env.HOME .. "/dotfiles/" .. x',
    'os.path.join(os.path.expanduser("~"), "dotfiles", "{p}")',
    "$HOME/dotfiles/$NOT_SET_ANYWHERE_X/{p}",
    "Path.home() / 'dotfiles' / '{p}'",
)
AROUND = ("", "exec ", "key = ", "command: ", "#(", "x(", "--rc=", "PATH=", "load ")
AFTER = ("", " arg", ")", ";", ",", ":/usr/bin")
# A kubeconfig's exec plugin, as YAML or JSON writes it (attack 23 F11): at ~/.kube/config
# or a file of the home `.profile` names: in `KUBECONFIG` (a `:` list, the usual setup), an
# alias's or a function's `--kubeconfig`, or a loop adding a glob's files (attack 24 F4).
KUBE_AT = (".kube/config", ".kube/work", ".kube/configs/b.yaml", ".config/k/work")
KUBE_AT += ("clusters/b.yaml",)
NAMED_BY = (
    "export KUBECONFIG=$HOME/.kube/config:~/{at}",
    "alias k='kubectl --kubeconfig=$HOME/{at}'",
    'alias h="helm --kubeconfig ~/{at}"',
    'kx() {{ k9s --kubeconfig="$HOME/{at}" "$@"; }}',
    'k() {{ kubectl --kubeconfig "$1" get pods; }}\nk ~/{at}',  # a call: its `$1`
    "for f in ~/{folder}/*.yaml; do KUBECONFIG=$KUBECONFIG:$f; done; export KUBECONFIG",
)
# Values agents cannot evaluate, made from the files of a folder of the home (read, the tree
# not whole) or of one holding the tree, or of what it cannot tell (the tree whole).
UNEVALUATED = (
    "export KUBECONFIG=$(ls ~/{folder}/* | tr '\\n' :)",
    "export KUBECONFIG=$(find ~/{folder} -type f | paste -sd:)",
    "export KUBECONFIG=`ls -d ~/.kube/*/* | paste -sd:`",
    "alias k='kubectl --kubeconfig=$(ls ~/{folder}/* | head -1)'",
    "export KUBECONFIG=$(ls ~/.kube/none/* | paste -sd:)\nalias k='kubectl --kubeconfig=~/{at}'",
)
NOT_CALLED = 'k() {{ kubectl --kubeconfig "$1" get pods; }}'  # `k ~/.kube/x` typed: `~/.kube/*`
HOLDING = (
    "export KUBECONFIG=$(find ~ -name '*.yaml' | paste -sd:)",
    "export KUBECONFIG=$(ls -d ~/*/* | paste -sd:)",
    "export KUBECONFIG=$(kubectl-contexts)",
    "read -r KUBECONFIG < ~/.kubeconfigs",
)
KUBE_STYLES = ("yaml", "yaml \\x", "json \\u", "json \\/")
QUOTED_AFTER = ("]", "}", ".strip()")  # a list's, a table's, a method's: right after a quote


def _example(root: Path, data: st.DataObject) -> None:
    home = root / "home"
    tree = home / "dotfiles"
    (tree / ".git").mkdir(parents=True)
    names = sorted({name.replace("*", "x") for name, _ in CONFIGS})
    chosen = data.draw(st.lists(st.sampled_from(names), min_size=1, max_size=4, unique=True))
    part = st.text("abcxyz", min_size=1, max_size=3) | st.just("a b")  # (a blank, quoted)
    wanted: list[str] = []
    built = False
    for config in chosen:
        spellings = [*SPELLINGS, *(("%h/dotfiles/{p}",) if config.endswith(UNITS) else ())]
        spellings += [VIM_OWN] if config.endswith(VIM) else []
        lines: list[str] = []
        for _ in range(data.draw(st.integers(1, 3))):
            p = "/".join(data.draw(st.lists(part, min_size=1, max_size=2))) + ".t"
            if data.draw(st.booleans()):  # a file standing, or one the model would make
                (tree / p).parent.mkdir(parents=True, exist_ok=True)
                (tree / p).write_text("true\n")
            relative = os.path.relpath(tree / p, (home / config).parent)
            if not relative.startswith("../") and not (tree / p).exists():
                relative = f"./{relative}"  # (a bare `a/b` counts only standing)
            if data.draw(st.integers(0, 5)) == 0:
                lines.append(data.draw(st.sampled_from(BUILT)).format(p=p))
                built = True
                continue
            if config.endswith(EMACS) and data.draw(st.integers(0, 3)) == 0:
                stem = p.removesuffix(".t")  # (written or not as `.t`: emacs adds its own)
                lines.append(f'(load "~/dotfiles/{stem}")')
                wanted.append(stem + data.draw(st.sampled_from((".el", ".elc", ".el.gz"))))
                continue
            if " " not in p and data.draw(st.integers(0, 4)) == 0:
                lines.append(data.draw(st.sampled_from(JOINED)).format(p=p))
                wanted.append(p)
                continue
            word = data.draw(st.sampled_from(spellings)).format(p=p, tree=tree, relative=relative)
            quote = data.draw(st.sampled_from(("", "'", '"')))
            word = word if quote else word.replace(" ", "\\ ")  # `a\ b`, unquoted
            around = data.draw(st.sampled_from(AROUND))
            after = data.draw(st.sampled_from(AFTER + (QUOTED_AFTER if quote else ())))
            lines.append(f"{around}{quote}{word}{quote}{after}")
            wanted.append(p)
        (home / config).parent.mkdir(parents=True, exist_ok=True)
        (home / config).write_text("\n".join(lines) + "\n")
    if data.draw(st.booleans()):
        kube, listed = _kubeconfig(home, tree, data, chosen)
        wanted, built = [*wanted, kube], built or listed
    os.environ["HOME"] = str(home)
    found = home_files.home_files(tree)
    shown = (chosen, [(home / c).read_text() for c in chosen], sorted(found.paths), found.whole)
    for p in wanted:
        held = any(p == h or p.startswith(f"{h}/") for h in found.paths)
        assert held or found.whole, ("missed", p, shown)
    assert not built or found.whole, ("an expression not whole", shown)
    if not built and not any(s in c for s in SHELL_READ for c in chosen):
        assert not found.whole, ("whole for exact names", shown)
    for path in found.paths:
        assert not path.startswith(("..", "/")) and ".git" not in path.split("/"), shown


def _kubeconfig(home: Path, tree: Path, data: st.DataObject, chosen: list[str]) -> tuple[str, bool]:
    """A kubeconfig of the home whose exec plugin is a drawn tree file, its path escaped in a
    drawn style; the tree path, and whether `KUBECONFIG` is made from what holds the tree or
    what agents cannot tell (the tree, in the home, whole; not so from a folder of the home)."""
    p = data.draw(st.text("abcxyz", min_size=1, max_size=3)) + "/kauth"
    command = str(tree / p)
    style = data.draw(st.sampled_from(KUBE_STYLES))
    at = data.draw(st.sampled_from([a for a in KUBE_AT if a not in chosen]))
    escapes = {"x": ("a", "\\x61"), "u": ("u", "\\u0075"), "/": ("/", "\\/")}
    spelled = command.replace(*escapes[style[-1]]) if " " in style else command
    if style.startswith("json"):
        user = '{"exec": {"command": "' + spelled + '"}}'
        text = '{"users": [{"name": "u", "user": ' + user + "}]}"
    else:
        spelled = f'"{spelled}"' if " " in style else spelled
        text = f"users:\n- name: u\n  user:\n    exec:\n      command: {spelled}\n"
    (home / at).parent.mkdir(parents=True, exist_ok=True)
    (home / at).write_text(text)
    ways = NAMED_BY if at.endswith(".yaml") else NAMED_BY[:-1]  # (the loop's glob: `*.yaml`)
    if at != ".kube/config" and data.draw(st.booleans()):
        depth = at.count("/") if at.startswith(".kube/") else 0  # (`~/.kube/*/*`, `~/.kube/*`)
        ways = [one for one in UNEVALUATED if depth == 2 or "/*/*" not in one]
        ways += [NOT_CALLED] if depth == 1 else []
        ways += HOLDING if data.draw(st.booleans()) else []
    line = data.draw(st.sampled_from(ways)).format(at=at, folder=os.path.dirname(at))
    listed = line in HOLDING  # (made from the home, or what agents cannot tell: whole)
    if at != ".kube/config":
        (home / os.path.dirname(at) / "a.yaml").write_text("users: []\n")  # (a glob's other)
        (home / ".profile").write_text(line + "\n")
    return p, listed


home_property(
    "program configs of the home naming tree paths are made at random",
    "every path named is held, or the tree counts whole, and whole only for an expression",
    "home mentions",
    _example,
    60,
)
