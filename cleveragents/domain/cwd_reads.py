"""The files a program reads from whatever folder it starts in because the home's own setup
tells it to (attack 22, findings 14-17): in ANY folder of the tree, a file of such a name
the model wrote runs at the user's next such program there, outside the sandbox.

  * vim's `set exrc` (`set ex`) in `~/.vimrc`, `~/.vim/vimrc`, nvim's `init.vim`, or
    `vim.o.exrc = true` in `init.lua`: vim reads `.vimrc`, `_vimrc`, `.exrc`, `_exrc`
    (gvim `.gvimrc` too), nvim `.nvim.lua`, `.nvimrc`, `.exrc` of the folder it starts in
    (or set by a `packadd`'s plugin, an autoload function, a shell's VIMINIT or `vim --cmd`,
    gdb's safe-path by its `eval`, an alias, `gdb -iex`: attack 25 G7, G8, G13);
  * gdb's `set auto-load safe-path` (`add-auto-load-safe-path`) naming a folder that holds
    the tree or lies in it: gdb loads the `.gdbinit` there and `*-gdb.py`, `*-gdb.gdb`,
    `*-gdb.scm` beside an object; lldb's `target.load-cwd-lldbinit true`: `.lldbinit`;
  * a relative path an ssh `ProxyCommand`, `LocalCommand`, `KnownHostsCommand` or `Match
    exec` runs (`./proxy.sh %h`), a tmux `source-file`, `run-shell` or `if-shell` names, a
    vim or gdb `source` (`silent! source .vimrc.local`): each runs it from the folder it
    starts in (the files of the home a config sources: `sourced`, read as their own kind;
    vim's `runtime x.vim` from `~/.vim` and `~/.config/nvim`; a gdb-sourced `*.py` as
    Python, `*.scm` as Guile: `script_kind`, attack 24 F6, F7);
  * a relative path a shell startup file sources (`. .env` in a `cd` or `chpwd` function,
    `PROMPT_COMMAND='. ./.prompt.sh'`) or its `PROMPT_COMMAND` runs (`./.prompt.sh`), or a
    relative `PYTHONSTARTUP`, a prompt's `$(./x)`, a `trap ./x DEBUG`: the shell sources it
    in the folder it stands in at each prompt, python runs it in each folder it starts in;
  * oh-my-zsh's dotenv plugin (`plugins=(git dotenv)`, a plugin manager's `OMZP::dotenv`):
    zsh sources `.env` (or each name `ZSH_DOTENV_FILE` lists) of each folder it `cd`s to
    (attack 23 F16; it asks first unless `ZSH_DOTENV_PROMPT=false`: held either way);
  * psql's `\\i x.sql` (`\\include`) in `~/.psqlrc`, the commands its `\\!`, `\\o |`, `\\g |`
    and a prompt's `%`cmd`` run: from the folder psql starts in (attack 23 F16);
  * IPython's `exec_files`, `file_to_run`, `exec_lines`' `%run x.py` and `import x`,
    `extensions` in a profile's config: a relative one from the folder ipython starts in
    (`domain/ipython_configs.py`; one agents cannot read: each `*.py` there);
  * emacs' `enable-local-variables` set to `:all` or `enable-local-eval` to `t` in its init
    file (its `custom.el`, Spacemacs', Doom's): the `eval:` of a `.dir-locals.el` in the
    folder of a file it opens, or above it, runs unasked (a file's own local variables: the
    file opened on purpose).
Each is a `Reach` with `**` (`**/.exrc`, `**/proxy.sh`): every folder of the tree. Not
here: what a program reads from its folder by default, with no setting of the user's (irb's
`.irbrc`, pry's `.pryrc`, `make`'s `Makefile`): starting it in a project runs the project's
code by design, as `make`, `npm test` and `pytest` do (README, "What agents holds").
"""

from __future__ import annotations

import posixpath
import re

from cleveragents.domain.cwd_places import anywhere, as_here, in_every, relative, run_anywhere
from cleveragents.domain.gdb_python import gdb_lines, script_lines
from cleveragents.domain.gdb_safe_path import GDB_NAMES, safe_path_places
from cleveragents.domain.git_calls import git_runs
from cleveragents.domain.ipython_configs import ipython_runs
from cleveragents.domain.reach import ANY_FOLDERS, WHOLE, Reach, escaped
from cleveragents.domain.startup_options import startup_lines
from cleveragents.domain.vim_expressions import command_lines, loaded, sourced_names

VIM, NVIM, GDB, LLDB, SSH, TMUX, SHELL = "vim", "nvim", "gdb", "lldb", "ssh", "tmux", "shell"
EMACS, PSQL, IPYTHON = "emacs", "psql", "ipython"
# A plugin manager's autoload file (vim-plug's `plug.vim`, pathogen's, dein's) or a package's
# (minpac's): read as vim's, but its `:execute`s (plugin paths) not counted; the user's own
# `autoload/` files are read as any vim file (attack 27 R13).
VIM_AUTOLOAD = "vim autoload"
MANAGER = re.compile(r"/autoload/(?:plug|pathogen|dein|vundle)(?:\.vim$|/)|/pack/.*/autoload/")
# A file gdb sources that it runs as Python (`*.py`) or Guile (`*.scm`), by its name.
GDB_SCRIPTS = {"gdb python": ("python", ".py"), "gdb guile": ("guile", ".scm")}
VIM_NAMES = (".vimrc", "_vimrc", ".exrc", "_exrc", ".gvimrc", "_gvimrc")
NVIM_NAMES = (".nvim.lua", ".nvimrc", ".exrc")
# `set exrc`, `se ex`, `setglobal exrc`, `set invexrc` (the off default toggled on), in a vim
# file or a `vim.cmd` string; not `noexrc`. Or the option set as a value: `let &exrc = 1`,
# `let &g:ex=1`, vim9's `&exrc = true`, anything but a plain off (attack 23 F1); `setl`,
# `call setbufvar('', '&exrc', 1)` (`setwinvar`, nvim's `nvim_set_option_value('exrc', ...)`).
VIM_EXRC = re.compile(
    r"\bse(?:t|tg|tglobal|tl|tlocal)?\s+(?:[^\"\n|]*\s)?(?:inv)?(?:exrc|ex)\b(?![=:^+-])"
    r"|&(?:[gl]:)?(?:exrc|ex)\s*=(?!=)(?!\s*(?:0|false|v:false)\b)"
    r"|\bset(?:buf|win|tabwin)var\s*\([^)]*[\"']&(?:[gl]:)?(?:exrc|ex)[\"']\s*,(?!\s*(?:0|v:false)\s*\))"
    r"|\bnvim_set_option(?:_value)?\s*\(\s*[\"'](?:exrc|ex)[\"']\s*,\s*(?!v:false|false|0\b)"
)
LUA_EXRC = re.compile(
    r"\bvim\s*\.\s*(?:o|opt|go|opt_global)\s*(?:\.\s*exrc|\[\s*[\"']exrc[\"']\s*\])\s*=\s*true"
)
# oh-my-zsh's dotenv in a `plugins=(...)` list (over lines too), or a plugin manager's
# (`zinit snippet OMZP::dotenv`, `zplug "plugins/dotenv", from:oh-my-zsh`).
OMZ_DOTENV = re.compile(
    r"\bplugins\+?=\([^)]*(?<![\w.-])dotenv(?![\w.-])|\b(?:OMZP::|plugins/)dotenv\b"
)
DOTENV_FILE = re.compile(r"\bZSH_DOTENV_FILE=(?:'([^']*)'|\"([^\"]*)\"|([^\s;&|]+))")
EMACS_LOCAL = re.compile(r"\benable-local-variables\s+:all\b|\benable-local-eval\s+t\b")
EMACS_NAMES = (".dir-locals.el", ".dir-locals-2.el")
# psql's `\i x`, `\include 'x'` (not `\ir`: the file's own folder); what `\!`, `\o |`, `\g |`
# run, and a prompt's `%`cmd``.
PSQL_READ = re.compile(r"\\(?:i|include)\s+('[^']*'|[^\s\\]+)")
PSQL_RUN = re.compile(r"\\!\s*(.+)$|\\[og]\s*\|\s*(.+)$|%`([^`]*)`", re.M)
LLDB_CWD = re.compile(r"^\s*settings\s+set\s+target\.load-cwd-lldbinit\s+true\b")
SSH_RUNS = re.compile(r"^\s*(proxycommand|localcommand|knownhostscommand|match)\b[\s=]+(.*)$", re.I)
SSH_EXEC = re.compile(r"\bexec\s+(\"[^\"]*\"|\S+)", re.I)
TMUX_SOURCE = re.compile(r"\bsource(?:-file)?\s+(?:-[A-Za-z]+\s+)*([^\s;'\"]+|'[^']*'|\"[^\"]*\")")
# `run-shell x`, and `if-shell './x' ...` (attack 23 F9), not tmux's own `%if`.
TMUX_RUN = re.compile(
    r"(?<![%\w-])(?:run-shell|run|if-shell|if)\s+(?:-[A-Za-z]+\s+)*('[^']*'|\"[^\"]*\"|[^\s;]+)"
)
# A path a shell sources: `.`/`source` at a command's start (a quote's too: a
# `PROMPT_COMMAND` value), or a `PYTHONSTARTUP` assignment.
SOURCED = re.compile(
    r"(?:^|[;&|({'\"`]|\bthen|\bdo|\belse)\s*(?:\.|source)\s+(?:--\s+)?([\"']?)([^\s;&|'\"`)}]+)\1",
    re.M,
)
STARTUP = re.compile(r"\bPYTHONSTARTUP=([\"']?)([^\s;&|'\"`]+)\1")
PROMPT = re.compile(r"\bPROMPT_COMMAND\+?=(?:'([^']*)'|\"([^\"]*)\"|([^\s;&|]+))")
# The append idiom's own part: `${PROMPT_COMMAND:+$PROMPT_COMMAND; }./x` (attack 23 F6).
EARLIER = re.compile(r"\$\{PROMPT_COMMAND:?\+[^}]*\}")
# A prompt's command substitution (`PS1='$(./.prompt.sh)$ '`), a trap's command (`trap
# ./x DEBUG`): the shell runs them in the folder it stands in (attack 23 F6).
PS = re.compile(r"\b(?:PS[0-4]|PROMPT|RPROMPT|RPS1)\+?=(?:'([^']*)'|\"([^\"]*)\"|([^\s;&|]+))")
SUBSTITUTED = re.compile(r"\$\(([^()]*)\)|`([^`]*)`")
TRAP = re.compile(
    r"(?:^|[;&|({]|\bthen|\bdo)\s*trap\s+(?:--\s+)?('[^']*'|\"[^\"]*\"|[^\s;&|'\"-]\S*)\s+\w", re.M
)

# What a config has its program read in turn (attack 23 F2, F3, F5): vim's `source` (after
# `silent!`, a `|`, in a `vim.cmd` string), gdb's `source`, ssh's `Include`.
# (or an autocmd's: `au VimEnter * source .vimlocal`, `exe`'s string put in).
VIM_START = r"(?:^|[|\"']|\bau(?:tocmd)?!?(?:[ \t]+\S+)+?(?=[ \t]))"
VIM_SOURCE = re.compile(VIM_START + r"\s*(?:sil(?:ent)?!?\s+)?so(?:urce)?!?\s+([^\s|\"']+)", re.M)
# vim's `runtime[!] [where] name...`: each name in each folder of the runtimepath.
VIM_RUNTIME = re.compile(
    VIM_START + r"\s*(?:sil(?:ent)?!?\s+)?ru(?:n(?:t(?:i(?:m(?:e)?)?)?)?)?!?\s+"
    r"(?:(?:START|OPT|PACK|ALL)\s+)?([^|\"'\n]+)",
    re.M,
)
RUNTIME_FOLDERS = (".vim", ".vim/after", ".config/nvim", ".config/nvim/after")
GDB_SOURCE = re.compile(r"^\s*source\s+(?:-[sv]\s+)*(\S+)", re.M)
SSH_INCLUDE = re.compile(r"^\s*include\b[\s=]+(.*)$", re.I | re.M)
# A shell loop's files sourced by its variable (Fedora's stock `for rc in ~/.bashrc.d/*; do
# . "$rc"; done`, `~/.profile.d/*.sh`: attack 23 F21, F27): each of the loop's words.
LOOP = re.compile(r"\bfor\s+([A-Za-z_]\w*)\s+in\s+([^;\n]*)")
LOOP_SOURCED = re.compile(
    r"(?:^|[;&|({]|\bthen|\bdo|\belse)\s*(?:\.|source)\s+(?:--\s+)?[\"']?\$\{?(\w+)\}?[\"']?(?![^\s;&|)])",
    re.M,
)


def reads(
    kind: str,
    text: str,
    setting: str,
    top: str = "",
    home: str = "",
    config_home: str = "",
    resolved: frozenset[str] = frozenset(),
) -> list[Reach]:
    """The places (patterns from the tree's top) `text`, the home's config `setting` of a
    program of `kind`, has a program read from whatever folder it starts in; `top`, `home`
    (absolute, resolved) for gdb's safe-path; `config_home`: the `XDG_CONFIG_HOME` the
    user's shell gives when the file sets none (`startup_options.startup_lines`);
    `resolved`: the Lua modules it requires that nvim finds on its runtime path."""
    autoload, kind = kind == VIM_AUTOLOAD, VIM if kind == VIM_AUTOLOAD else kind
    lines, unread = _lines(kind, text, home, resolved=resolved)
    unread = unread and not autoload
    kind = GDB if kind in GDB_SCRIPTS else kind
    body = "\n".join(lines)
    if kind in (VIM, NVIM, GDB):  # `source .vimrc.local`: from the folder it starts in
        program = {VIM: "vim or nvim", NVIM: "nvim", GDB: "gdb"}[kind]
        words = (GDB_SOURCE if kind == GDB else VIM_SOURCE).findall(body)
        local = [
            Reach(anywhere(w), program, hint=f"{setting}'s `source`")
            for w in words
            if relative(w) and not w.startswith("<")
        ]
        names, sourcing = sourced_names(lines) if kind != GDB and not autoload else ([], False)
        said = f"{setting}'s `:execute` of `source`"  # `exe 'so' findfile('.vimlocal', '.;')`
        local += [Reach(anywhere(n), program, hint=said) for n in names]
        local += (
            in_every(("*.vim", ".vim*", "_vim*"), program, said) if sourcing and not names else []
        )
    if kind == VIM and VIM_EXRC.search(body):
        return in_every(VIM_NAMES + NVIM_NAMES, "vim or nvim", f"{setting}'s `set exrc`") + local
    if kind == NVIM and (LUA_EXRC.search(body) or VIM_EXRC.search(body)):
        return in_every(VIM_NAMES + NVIM_NAMES, "nvim", f"{setting}'s exrc") + local
    if kind in (VIM, NVIM) and unread:  # `exe g:cmd`: it may set exrc
        said = f"{setting}'s `:execute`, which may set exrc"
        return in_every(VIM_NAMES + NVIM_NAMES, program, said) + local
    if kind in (VIM, NVIM):
        return local
    if kind == GDB and unread:  # Python agents does not read: it may set the safe-path
        said = f"{setting}'s python or eval, which may set the safe-path"
        return in_every(GDB_NAMES, "gdb", said) + local
    if kind == GDB:
        return safe_path_places(lines, setting, top, home) + local
    if kind == LLDB and any(LLDB_CWD.match(line) for line in lines):
        return in_every((".lldbinit",), "lldb", f"{setting}'s target.load-cwd-lldbinit")
    if kind == SSH:
        return _ssh(lines, setting)
    if kind == PSQL:
        read = [w.strip("'") for w in PSQL_READ.findall(body)]
        places = [Reach(anywhere(w), "psql", hint=f"{setting}'s \\i") for w in read]
        given = PSQL_RUN.findall(body)
        ran = run_anywhere([a or b for a, b, _ in given if a or b], "psql", f"{setting}'s \\!")
        ran += run_anywhere([c for _, _, c in given if c], "psql", f"{setting}'s prompt")
        return [r for r in places if relative(r.path)] + ran
    if kind == TMUX:
        found = [w.strip("'\"") for line in lines for w in TMUX_SOURCE.findall(line)]
        places = [Reach(anywhere(w), "tmux", hint=f"{setting}'s source-file") for w in found]
        runs = [w.strip("'\"") for line in lines for w in TMUX_RUN.findall(line)]
        return [r for r in places if relative(r.path)] + run_anywhere(
            runs, "tmux", f"{setting}'s run-shell"
        )
    if kind == SHELL:
        body = as_here(body)  # `source "$(pwd)/x"`: `./x`
        words = [m[2] for m in SOURCED.finditer(body)]
        places = [Reach(anywhere(w), "your shell", hint=f"{setting}'s `source`") for w in words]
        started = [m[2] for m in STARTUP.finditer(body)]
        places += [Reach(anywhere(w), "python", hint=f"{setting}'s PYTHONSTARTUP") for w in started]
        prompts = [EARLIER.sub("", m[1] or m[2] or m[3]) for m in PROMPT.finditer(body)]
        ran = run_anywhere(prompts, "your shell", f"{setting}'s PROMPT_COMMAND")
        shown = [m[1] or m[2] or m[3] for m in PS.finditer(body)]
        inner = [a or b for value in shown for a, b in SUBSTITUTED.findall(value)]
        ran += run_anywhere(inner, "your shell", f"{setting}'s prompt")
        traps = [m.strip("'\"") for m in TRAP.findall(body)]
        ran += run_anywhere(traps, "your shell", f"{setting}'s trap")
        ran += _dotenv(body, setting) if OMZ_DOTENV.search(body) else []
        ran += _started(body, setting, top, home, config_home)
        return [r for r in places if relative(r.path)] + ran + _git(body, setting, top, home)
    if kind == IPYTHON:
        return _ipython(body, setting)
    if kind == EMACS and EMACS_LOCAL.search(body):
        return in_every(EMACS_NAMES, "emacs", f"{setting}'s local eval")
    return []


def sourced(kind: str, text: str, here: str, home: str) -> list[str]:
    """The files of the home (absolute paths, or globs of them) `text`, the config of a
    program of `kind` in the folder `here`, has it read in turn, as it resolves them: vim's
    and gdb's `source ~/x` (`$HOME/x`, vim's `<sfile>:h/x`), ssh's `Include` (relative to
    `~/.ssh`), tmux's `source-file`, a shell's `. ~/x` (or a loop's `. "$rc"`: each of its
    words, `~/.bashrc.d/*`). A relative one (not ssh's) is read
    from the folder the program starts in: `reads`."""
    kind = VIM if kind == VIM_AUTOLOAD else kind
    lines = _lines(kind, text, home, here)[0]
    kind = GDB if kind in GDB_SCRIPTS else kind
    body = "\n".join(lines)
    if kind in (VIM, NVIM):
        words = VIM_SOURCE.findall(body)
        names = [w for m in VIM_RUNTIME.findall(body) for w in m.split()] + loaded(body)
        words += [f"~/{f}/{n}" for n in names if "$" not in n for f in RUNTIME_FOLDERS]
    elif kind == GDB:
        words = GDB_SOURCE.findall(body)
    elif kind == SSH:
        words = [w for m in SSH_INCLUDE.findall(body) for w in re.findall(r'"[^"]*"|\S+', m)]
    elif kind == TMUX:
        words = [w for line in lines for w in TMUX_SOURCE.findall(line)]
    elif kind == SHELL:
        words = [m[2] for m in SOURCED.finditer(body)]
        loops = {m[1]: re.sub("[\"']", "", m[2]).split() for m in LOOP.finditer(body)}
        words += [w for m in LOOP_SOURCED.finditer(body) for w in loops.get(m[1], [])]
    else:
        return []
    found: list[str] = []
    for word in words:
        path = word.strip("'\"")
        for mine in ("<sfile>:p:h/", "<sfile>:h/"):
            path = here + path[len(mine) - 1 :] if path.startswith(mine) else path
        for own in ("~/", "$HOME/", "${HOME}/"):
            path = home + path[len(own) - 1 :] if path.startswith(own) else path
        if kind == SSH and not path.startswith("/"):
            path = posixpath.join(home, ".ssh", path)
        if path.startswith("/") and "$" not in path:
            found.append(posixpath.normpath(path))
    return list(dict.fromkeys(found))


def started(kind: str, text: str, home: str, config_home: str = "") -> list[tuple[str, str]]:
    """The vim and gdb files (absolute, or globs) and their kinds the startup options of a
    shell file `text` have vim or gdb read (`vim -u FILE`, VIMINIT's `source`, `gdb -ix`)."""
    if kind != SHELL:
        return []
    vim, gdb = startup_lines("\n".join(_lines(SHELL, text, home)[0]), config_home)[:2]
    found = [(p, VIM) for p in sourced(VIM, vim, home, home)]
    return found + [(p, script_kind(GDB, p)) for p in sourced(GDB, gdb, home, home)]


def script_kind(kind: str, path: str) -> str:
    """The kind of the file `path` a config of `kind` sources: gdb runs a `*.py` as Python,
    a `*.scm` as Guile, whatever sources it; a plugin manager's vim autoload file."""
    if kind in (VIM, NVIM, VIM_AUTOLOAD) and MANAGER.search(path):
        return VIM_AUTOLOAD
    if kind != GDB and kind not in GDB_SCRIPTS:
        return kind
    return next((k for k, (_, end) in GDB_SCRIPTS.items() if path.endswith(end)), GDB)


def _lines(
    kind: str, text: str, home: str, here: str = "", resolved: frozenset[str] = frozenset()
) -> tuple[list[str], bool]:
    """The lines of a config `text` of `kind` (its comments left out) as the commands they
    run: gdb's Python as its `gdb.execute` calls, vim's `:execute` as its strings; and
    whether some of it is not read so (it may run anything)."""
    comment = {VIM: ('"',), NVIM: ('"', "--"), EMACS: (";",), PSQL: ("--",)}.get(kind, ("#",))
    lines = [line for line in text.splitlines() if not line.lstrip().startswith(comment)]
    if kind in GDB_SCRIPTS:  # a sourced `*.py`: Python throughout (`*.scm`: Guile)
        return script_lines(lines, GDB_SCRIPTS[kind][0])
    if kind == GDB:  # `python gdb.execute(...)`
        return gdb_lines(lines)
    if kind in (VIM, NVIM):
        return command_lines(lines, posixpath.join(here, "<sfile>"), home, resolved)
    return lines, False


def _started(body: str, setting: str, top: str, home: str, config_home: str) -> list[Reach]:
    """What vim's and gdb's startup options in a shell file (`VIMINIT`, `vim --cmd`, `gdb
    -iex`: `domain/startup_options.py`) have them read from the folder they start in."""
    vim, gdb, vim_unknown, gdb_unknown = startup_lines(body, config_home)
    said, told = f"{setting}'s VIMINIT or vim option", f"{setting}'s gdb option"
    found = reads(VIM, vim, said, top, home) if vim else []
    found += in_every(VIM_NAMES + NVIM_NAMES, "vim or nvim", f"{said}: exrc unknown") * vim_unknown
    found += reads(GDB, gdb, told, top, home) if gdb else []
    return found + in_every(GDB_NAMES, "gdb", f"{told}: safe-path unknown") * gdb_unknown


def _dotenv(body: str, setting: str) -> list[Reach]:
    """The files oh-my-zsh's dotenv plugin sources in each folder zsh `cd`s to: `.env`, and
    each name a `ZSH_DOTENV_FILE` lists (a name with a `$`: not counted)."""
    listed = [m[1] or m[2] or m[3] for m in DOTENV_FILE.finditer(body)]
    words = [w.strip("'\"") for value in listed for w in re.findall(r"'[^']*'|\S+", value)]
    names = [".env", *(w for w in words if w and "$" not in w and not w.startswith("/"))]
    return in_every(tuple(escaped(n) for n in names), "zsh", f"{setting}'s oh-my-zsh dotenv")


def _ipython(body: str, setting: str) -> list[Reach]:
    """The files IPython runs from the folder it starts in by a profile's config
    (`domain/ipython_configs.py`): unknown, any file there (a module's: each `*.py`)."""
    runs = ipython_runs(body)
    said = f"{setting}'s IPython startup"
    names = [*runs.files, *(m for n in runs.modules if n for m in (f"{n}.py", n))]
    found = [Reach(anywhere(f), IPYTHON, hint=said) for f in names if relative(f)]
    found += run_anywhere(runs.commands, IPYTHON, said)
    each = "*.py" if runs.modules_only else WHOLE
    unknown = f"{said}: {runs.unknown}, {'each Python' if runs.modules_only else 'any'} file"
    return found + [Reach(anywhere(each), IPYTHON, hint=unknown)] * bool(runs.unknown)


def _ssh(lines: list[str], setting: str) -> list[Reach]:
    commands: list[str] = []
    for line in lines:
        match = SSH_RUNS.match(line)
        if match is None:
            continue
        if match[1].lower() != "match":
            commands.append(match[2])
        else:
            commands += [w.strip('"') for w in SSH_EXEC.findall(match[2])]
    return run_anywhere(commands, "ssh", f"{setting}'s command")


def _git(body: str, setting: str, top: str, home: str) -> list[Reach]:
    """What the git command lines of a shell file run by git's options (`git -C ~/dotfiles
    -c core.fsmonitor=./fs.sh`: `domain/git_calls.py`): from the repository git finds where
    it starts, when that folder lies in the tree `top` or above it; else (not told, or a
    folder agents cannot tell is not a link into the tree) from any folder of it."""
    found: list[Reach] = []
    for run in git_runs(body, home):
        hint = f"{setting}'s {run.said}"
        if run.path == WHOLE:  # a value agents cannot evaluate: any file of the tree
            found.append(Reach(f"{ANY_FOLDERS}/{WHOLE}", run.program, hint=hint))
            continue
        start = run.start
        inner, outer = start.startswith(f"{top}/"), top.startswith(f"{start.rstrip('/')}/")
        related = start and (start == top or inner or outer)
        if not related:
            found.append(Reach(anywhere(run.path), run.program, hint=hint))
            continue
        folders = [start]
        while run.from_top and folders[-1] != "/":
            folders.append(posixpath.dirname(folders[-1]))
        for folder in folders:
            path = posixpath.normpath(posixpath.join(folder, run.path))
            if path == top or path.startswith(f"{top}/"):
                inside = path.removeprefix(top).lstrip("/") or "."
                shown = inside if re.search(r"[*?\[]", run.path) else escaped(inside)
                found.append(Reach(shown, run.program, hint=hint))
    return found
