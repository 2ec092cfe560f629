"""The property on a home startup file's variable a program loads from (`home_moves.READERS`)
set to the tree's top, however spelled (`home_values.py`): drawn spellings of the tree's
path (`~`, `$HOME`, `${HOME}`, a default, a command substitution agents cannot evaluate, a
variable set so) in drawn forms (`${X:+$X:}` appends, `${X:-...}`, `: ${X:=...}`, `eval`,
an alias, a `cd` then `$PWD`/`$(pwd)`/`.`, fish's `set -l`) are never missed: the tree
whole. The same forms naming the subfolder `lib` by a spelling agents evaluates exactly
find `lib` and leave the tree not whole."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import strategies as st

from cleveragents.adapters import home_files
from features.support.home_examples import home_property

# Variables a program loads from; those holding options take `-I` before the path.
LISTS = ("PYTHONPATH", "PATH", "XDG_CONFIG_HOME", "GIT_EXEC_PATH", "XDG_CACHE_HOME")
LISTS += ("PERL5LIB", "GCONV_PATH", "PYTHONPYCACHEPREFIX", "LD_LIBRARY_PATH", "NODE_PATH")
OPTIONS = ("PERL5OPT", "RUBYOPT")
# How a value spells `{t}` (`~/dotfiles`, or `~/dotfiles/lib`), and whether agents
# evaluates it exactly.
SPELLINGS = (
    ("~/{t}", True),
    ("$HOME/{t}", True),
    ("${{HOME}}/{t}", True),
    ('"$HOME"/{t}', True),
    ("~//{t}/", True),
    ("${{NOT_SET_Q:-$HOME/{t}}}", True),
    ("${{HOME:+$HOME/{t}}}", True),
    ("${{HOME:?}}/{t}", True),
    ("${{HOME}}${{HOME:+/{t}}}", True),
    ("$HOME/\\\n{t}", True),  # a line continued by `\`
    ("$(realpath ~/{t})", False),
    ("`echo ~/{t}`", False),
    ('"$(cd ~/{t} && pwd)"', True),
    ('"$(cd "$HOME" && pwd)/{t}"', True),
    ("$(readlink -f ~)/{t}", False),
    ("$(dirname ~/{t}/x)", True),
    ("${{HOME%/}}/{t}", False),
)
# A form setting `{x}` to `{s}` (a spelling): whether it joins entries with `:` (a list
# variable's), and whether agents reads a subfolder it names exactly (found, not whole).
FORMS = (
    ("export {x}={s}", False, True),
    ('export {x}="${{{x}:+${x}:}}{s}"', True, True),
    ('export {x}="{s}${{{x}:+:${x}}}"', True, True),
    ("{x}={s}:${x}; export {x}", True, True),
    ('export {x}="${{{x}:-{s}}}"', False, True),
    (": ${{{x}:={s}}}", False, True),
    ('eval "export {x}={s}"', False, True),
    ("alias py='{x}={s} python3'", False, True),
    ("declare -gx {x}={s}", False, True),
    ("Dv={s}\nexport {x}=$Dv", False, True),
    ("cd {s}; export {x}=$PWD; cd", False, False),
    ("cd {s} && export {x}=${x}:$(pwd); cd", True, False),
    ("cd {s} || return\nexport {x}=.\ncd", True, False),
)
FISH = (
    ("set -gx {x} {s}", True),
    ("set -l d {s}; set -gx {x} $d", True),
    ("set -gx {x} (realpath {s})", False),
)
FISH_FILE = ".config/fish/config.fish"
# Lines of a usual `.bashrc` that name nothing of the tree (Debian's `PS1`, nvm's, a
# `$(cmd)` agents does not evaluate): they never make it whole.
COMMON = (
    "debian_chroot=$(cat /etc/debian_chroot)",
    "PS1='${debian_chroot:+($debian_chroot)}\\u@\\h:\\w\\$ '",
    "export GPG_TTY=$(tty)",
    'eval "$(dircolors -b)"',
    'export NVM_DIR="$([ -z "${XDG_CONFIG_HOME-}" ] && printf %s "${HOME}/.nvm" ||'
    ' printf %s "${XDG_CONFIG_HOME}/nvm")"',
    'export PATH="$HOME/.local/bin:$PATH"',
    'DOTS="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"',
    # Code agents cannot read (attack 25 G18): only a later path using a variable counts.
    'eval "$(pyenv init -)"',
    'eval "$(ssh-agent -s)"',
    'eval "$(direnv hook bash)"',
    "source <(kubectl completion bash)",
    "__conda_setup=\"$('/opt/conda/bin/conda' 'shell.bash' 'hook' 2> /dev/null)\"",
    'if [ $? -eq 0 ]; then eval "$__conda_setup"; fi',
    # Common idioms once keeping a tree in the home whole (a project's, at `~/src/proj`, too):
    # a URL, a dotenv, a function's argument, a kubeconfig made by a command, oh-my-zsh's.
    "export DOCKER_HOST=unix://$XDG_RUNTIME_DIR/docker.sock",
    "export $(cat ~/.vars | xargs)",
    "work() { source ~/venvs/$1/bin/activate; }",
    "export KUBECONFIG=$(ls ~/.kube/configs/* | tr '\\n' :)",
    "export KUBECONFIG=$(find ~/.kube -name '*.yaml' | paste -sd:)",
    'k() { kubectl --kubeconfig "$1" get pods; }',
    'ZSH_COMPDUMP="${ZDOTDIR:-${HOME}}/.zcompdump-${SHORT_HOST}-${ZSH_VERSION}"',
    "ZSH=~/.oh-my-zsh; plugins=(git); for plugin ($plugins); do"
    " fpath=($ZSH/plugins/$plugin $fpath); source $ZSH/plugins/$plugin/$plugin.plugin.zsh; done",
    "ZSH_CUSTOM=~/.oh-my-zsh/custom; for config_file (~/.oh-my-zsh/lib/*.zsh); do"
    ' c="${ZSH_CUSTOM}/lib/${config_file:t}"; [ -f "$c" ] && config_file=$c; source $config_file;'
    " done",
    # oh-my-zsh's loader and lib (its `_omz_source` read at its calls, ZSH_CUSTOM set after
    # it), nvm's bash_completion (a local set to what agents cannot evaluate, used nowhere).
    '[[ -n "$ZSH_CUSTOM" ]] || ZSH_CUSTOM="$HOME/.oh-my-zsh/custom";'
    ' themes=("$ZSH_CUSTOM"/**/*.zsh-theme(-.N:r))',
    '_omz_source() { local context filepath="$1"; source "$ZSH_CUSTOM/$filepath"; };'
    " ZSH_CUSTOM=~/.oh-my-zsh/custom; _omz_source lib/x.zsh",
    'omz_load() { local plugin base; for plugin in "$@"; do if [[ -d ~/.oh-my-zsh/p/$plugin ]];'
    ' then base=~/.oh-my-zsh/p/$plugin; fi; source "$base/$plugin.plugin.zsh"; done; }',
    "takeurl() { [[ $1 =~ ^(https?|git|ssh).*\\.git/?$ ]] && echo git; }",
    'insecure_dirs=( ${(f@):-"$(compaudit 2>/dev/null)"} )',
    '__nvm_aliases() { declare aliases; aliases="$(command cd "${NVM_DIR}/alias" &&'
    ' command find "${PWD}" -type f)"; }',
)


# A form naming the tree `{h}/dotfiles` (`{h}` a spelling of the home), and what agents
# reads of it: "found" (`aliases.sh` found exactly, the tree not whole) or "whole".
SOURCES = (
    ('D={h}; D+=/dotfiles; . "$D/aliases.sh"', "found"),
    ("X=dotfiles; X+=/aliases.sh; . {h}/$X", "found"),
    ('D=({h}/dotfiles); . "$D/aliases.sh"', "found"),
    ('D=({h}/dotfiles /x); . "${{D[0]}}/aliases.sh"', "whole"),
    ('D+=({h}/dotfiles); . "$D/aliases.sh"', "found"),
    ("D={h}/dotfiles; . ~D/aliases.sh", "found"),
    ('mapfile -t A < <(echo {h}/dotfiles); . "${{A[0]}}/aliases.sh"', "whole"),
    ('readarray -t A < <(echo {h}/dotfiles); . "$A/aliases.sh"', "whole"),
    ('declare -n R=HOME; . "$R/dotfiles/aliases.sh"', "found"),
    ('typeset -n R=HOME; . "$R/dotfiles/aliases.sh"', "found"),
    ('read -r D <<< {h}/dotfiles; . "$D/aliases.sh"', "whole"),
    ('IFS= read -r D <<< {h}/dotfiles; . "$D/aliases.sh"', "whole"),
    ("printf -v D '%s/dotfiles' {h}; . \"$D/aliases.sh\"", "whole"),
    ('. "$(git config --global --path dotfiles.dir)/aliases.sh"', "whole"),
    ('. "$(xdg-user-dir DOCUMENTS)/../dotfiles/aliases.sh"', "whole"),
    ("export PATH=\"$(python3 -c 'print(1)')/dotfiles/bin:$PATH\"", "whole"),
    ("hash -d dots={h}/dotfiles; source ~dots/aliases.sh", "found"),
    (". ~+/dotfiles/aliases.sh", "found"),
    (". ~no_such_user_q/dotfiles/aliases.sh", "whole"),
    ("make -C {h}/dotfiles", "whole"),
    ("make -f {h}/dotfiles/Makefile", "whole"),
    ("cargo run --manifest-path={h}/dotfiles/Cargo.toml", "whole"),
    ("make -s --directory={h}/dotfiles all", "whole"),
    ("alias b='make -s -C {h}/dotfiles'", "whole"),
    ("npm --prefix {h}/dotfiles run build", "whole"),
    ("alias n='npm --prefix {h}/dotfiles run build'", "whole"),
    ("yarn --cwd {h}/dotfiles build", "whole"),
    ("env -C {h}/dotfiles make", "whole"),
    ('sh -c "cd {h}/dotfiles && make"', "whole"),
    ("alias x='bash -c \"make -C {h}/dotfiles\"'", "whole"),
    ('make -C "$(git config --global --path dotfiles.dir)"', "whole"),
    ("python3 {h}/dotfiles", "whole"),
    ("dev() {{ make -C {h}/dotfiles; }}", "whole"),
    # Attack 22: a glob over the home counts where it may match in the tree (`init.sh`,
    # made later), a file fed to a shell on stdin runs, an option's attached value is the
    # spaced form's, the terminal's variables are any value (the folder), lua's `@file`, an
    # option variable's relative file (what Ruby loads: `x.rb`), an array's subscripts.
    ('for d in {h}/*/bin; do PATH="$d:$PATH"; done', "bin"),
    ("PATH=$PATH:$(echo ~/*/bin)", "bin"),  # (`"$HOME"/*/bin` there: may be the top, whole)
    ("PATH=$PATH:$(echo $HOME/*/bin)", "bin"),
    ("source {h}/*/init.sh", "init.sh"),
    ("cd {h}/dotfiles && sh < aliases.sh; cd", "found"),
    ("cd {h}/dotfiles && bash -s < aliases.sh; cd", "found"),
    ("cd {h}/dotfiles; . /dev/stdin < aliases.sh; cd", "found"),
    ("cat ./aliases.sh | bash", "found"),
    ("make -C{h}/dotfiles", "whole"),
    ("alias b='make -s -C{h}/dotfiles'", "whole"),
    (". {h}/dotfiles/term/$TERM.sh", "term"),
    ("[ -f {h}/dotfiles/host/$HOSTNAME ] && . {h}/dotfiles/host/$HOSTNAME", "host"),
    ("export LUA_INIT=@{h}/dotfiles/aliases.sh", "found"),
    ("export ENV={h}/dotfiles/aliases.sh", "found"),
    ("cd {h}/dotfiles; export RUBYOPT=-r./lib/x; cd", "lib/x.rb"),
    ('export NODE_OPTIONS="--require ./lib/x"', "lib/x.js"),
    ("export PERL5OPT=-I.", "whole"),
    ('D=([0]={h}/dotfiles); . "$D/aliases.sh"', "found"),
    ('D=([1]={h}/dotfiles /x); . "$D/aliases.sh"', "found"),
    # Attack 23: every value a word may take (the branch a local terminal takes, an
    # assignment not run), bash's `$'...'`, `$OLDPWD` after a `cd`, an extglob group.
    (". {h}/dotfiles/prompt${{SSH_TTY:+-ssh}}.sh", "prompt.sh"),
    (". {h}/dotfiles/prompt${{SSH_TTY:+-ssh}}.sh", "prompt-ssh.sh"),
    (". {h}/dotfiles/prompt${{DISPLAY+-x}}.sh", "prompt.sh"),
    ('[ -n "$SSH_TTY" ] && S=-ssh; . {h}/dotfiles/prompt$S.sh', "prompt.sh"),
    ('[ -z "$SSH_TTY" ] || S=-ssh; . {h}/dotfiles/prompt${{S-}}.sh', "prompt.sh"),
    ('if [ -n "$DISPLAY" ]; then S=-x; fi; . {h}/dotfiles/prompt$S.sh', "prompt.sh"),
    ('S=; [ -n "$SSH_TTY" ] && S=-ssh; . {h}/dotfiles/prompt$S.sh', "prompt-ssh.sh"),
    ('[ -n "$SSH_TTY" ] &&\n  S=-ssh\n. {h}/dotfiles/prompt${{S:-}}.sh', "prompt.sh"),
    ('[ -n "$SSH_TTY" ] && D={h}; D=$D/dotfiles; . "$D/aliases.sh"', "found"),
    # Attack 24 F3: an `unset` (one not taken), an `eval`'s or a `trap`'s assignment.
    ('S=-ssh; [ -z "$SSH_TTY" ] && unset S; . {h}/dotfiles/prompt$S.sh', "prompt.sh"),
    ('S=-ssh; if [ -z "$SSH_TTY" ]; then unset -v S; fi; . {h}/dotfiles/prompt$S.sh', "prompt.sh"),
    ("S=-ssh; [ -z \"$SSH_TTY\" ] && eval 'S='; . {h}/dotfiles/prompt$S.sh", "prompt.sh"),
    ("S=-x; trap 'S=' RETURN; . {h}/dotfiles/prompt$S.sh", "prompt.sh"),
    ("S=-x; unset S; . {h}/dotfiles/prompt$S.sh", "prompt.sh"),
    ('S=-x; [ -t 1 ] && eval "S=$(uname -n)"; . {h}/dotfiles/prompt$S.sh', "whole"),
    # Attack 25 G6: an eval of a variable's text, an unset of a name agents must look up,
    # an element 0 (the scalar), a nameref's assignment.
    ('S=-ssh; X=\'S=\'; [ -z "$SSH_TTY" ] && eval "$X"; . {h}/dotfiles/prompt$S.sh', "prompt.sh"),
    ('S=-ssh; V=S; [ -z "$SSH_TTY" ] && unset "$V"; . {h}/dotfiles/prompt$S.sh', "prompt.sh"),
    ('S=-ssh; [ -z "$SSH_TTY" ] && unset ${{!S*}}; . {h}/dotfiles/prompt$S.sh', "prompt.sh"),
    ('S=-ssh; [ -z "$SSH_TTY" ] && S[0]=; . {h}/dotfiles/prompt$S.sh', "prompt.sh"),
    ("S=-ssh; [ -z \"$SSH_TTY\" ] && unset 'S[0]'; . {h}/dotfiles/prompt$S.sh", "prompt.sh"),
    ('S=-ssh; [ -z "$SSH_TTY" ] && declare -n R=S && R=; . {h}/dotfiles/prompt$S.sh', "prompt.sh"),
    ('S=-x; eval "$NOT_SET_Q"; . {h}/dotfiles/prompt$S.sh', "whole"),
    ('D={h}/dotfiles; eval "$NOT_SET_Q"; . {h}/dotfiles/x.sh', "x.sh"),
    # lazy29 t5: what a sourced file (`vars.sh`: `S=-ssh`; `vars2.sh`: `S=$(uname -n)`)
    # sets reaches the sourcing file's later lines, with the values before (maybe not run).
    ("S=-x; . {h}/dotfiles/vars.sh; . {h}/dotfiles/prompt$S.sh", "prompt-ssh.sh"),
    (
        "S=-x; [ -f {h}/dotfiles/vars.sh ] && . {h}/dotfiles/vars.sh; . {h}/dotfiles/prompt$S.sh",
        "prompt-ssh.sh",
    ),
    (
        "S=-x; [ -f {h}/dotfiles/vars.sh ] && . {h}/dotfiles/vars.sh; . {h}/dotfiles/prompt$S.sh",
        "prompt-x.sh",
    ),
    (
        'v() {{ . "$1"; }}; S=-x; v {h}/dotfiles/vars.sh; . {h}/dotfiles/prompt$S.sh',
        "prompt-ssh.sh",
    ),
    ("S=-x; . {h}/dotfiles/vars2.sh; . {h}/dotfiles/prompt$S.sh", "whole"),
    # Attack 25 G18: code agents cannot read (a program's output, an alias' body run) may
    # change a variable a later sourced path uses; a path without one stays read exactly.
    ('S=-ssh; [ -z "$SSH_TTY" ] && eval "$(echo S=)"; . {h}/dotfiles/prompt$S.sh', "whole"),
    ("S=-ssh; eval \"$(printf 'S=%s' '')\"; . {h}/dotfiles/prompt$S.sh", "whole"),
    ("S=-ssh; [ -z \"$SSH_TTY\" ] && source <(echo 'S='); . {h}/dotfiles/prompt$S.sh", "whole"),
    ("S=-ssh; [ -z \"$SSH_TTY\" ] && . /dev/stdin <<< 'S='; . {h}/dotfiles/prompt$S.sh", "whole"),
    ("S=-ssh\nalias clr='S='\n[ -z \"$SSH_TTY\" ] && clr\n. {h}/dotfiles/prompt$S.sh", "prompt.sh"),
    ('D={h}/dotfiles; eval "$(thefuck --alias)"; D={h}/dotfiles; . "$D/aliases.sh"', "found"),
    ('D={h}/dotfiles; eval "$(pyenv init -)"; . "$D/aliases.sh"', "found"),
    ('S=-ssh; eval "$(thefuck --alias)"; . {h}/dotfiles/prompt$S.sh', "whole"),
    ('eval "$(ssh-agent -s)"; source <(kubectl completion bash); . {h}/dotfiles/x.sh', "x.sh"),
    (
        'S=-ssh; declare -n R=S; [ -z "$SSH_TTY" ] && unset R; . {h}/dotfiles/prompt$S.sh',
        "prompt.sh",
    ),
    (
        'S=-ssh; X=S; Y=\'=\'; [ -z "$SSH_TTY" ] && eval "$X$Y"; . {h}/dotfiles/prompt$S.sh',
        "prompt.sh",
    ),
    ('S=-ssh; X=S=; [ -z "$SSH_TTY" ] && eval -- "$X"; . {h}/dotfiles/prompt$S.sh', "prompt.sh"),
    ('if [ -d {h}/x ]; then PATH="{h}/x:$PATH"; fi; PATH="{h}/dotfiles/bin:$PATH"', "bin"),
    # The survey of common idioms: a dotenv of the tree's file is read as it; a function's
    # argument is none, unless what is known of its path lies in the tree or holds it.
    ("export $(cat {h}/dotfiles/aliases.sh | xargs)", "found"),
    ("work() {{ . {h}/dotfiles/$1.sh; }}", "whole"),
    ("proj() {{ . {h}/$1/aliases.sh; }}", "whole"),
    ('s() {{ local c f="$1"; . {h}/venvs/$f/x.sh; }}; . {h}/dotfiles/aliases.sh', "found"),
    ('s() {{ local c f="$1"; . {h}/$f/aliases.sh; }}', "whole"),
    (". {h}/$'dot\\x66iles'/aliases.sh", "found"),
    (". {h}/$'\\144otfiles'/aliases.sh", "found"),
    (". {h}/$'dotfiles\\x00x'/aliases.sh", "found"),
    ("cd {h}/dotfiles; cd; . $OLDPWD/aliases.sh", "found"),
    ("cd {h}/dotfiles && pushd /tmp && . ${{OLDPWD}}/aliases.sh", "found"),
    (". $OLDPWD/dotfiles/aliases.sh", "whole"),
    ("shopt -s extglob; . {h}/@(dotfiles|x)/init.sh", "init.sh"),
    ("shopt -s extglob; for f in {h}/+(dot)files/init.sh; do . $f; done", "init.sh"),
    ("shopt -s extglob; . {h}/!(x)/init.sh", "init.sh"),
    ("shopt -s extglob; . {h}/*(d)otfiles/init.sh", "init.sh"),
    ("shopt -s extglob; . {h}/dot?(files)/init.sh", "init.sh"),
    # readers30: `${!S*}` names the variables starting with S, no other (oh-my-zsh's themes
    # glob on Z stays Z's); a `cd` in a sourced file moves the sourcing file's `make`.
    ('Z={h}/.omz; T=("$Z"/**/*.zsh-theme); S=-x; unset ${{!S*}}; . {h}/dotfiles/x.sh', "x.sh"),
    (". {h}/dotfiles/goto.sh; make -s; cd", "bin"),
    # readers31: a `cd` to a folder agents cannot name, in a sourced file or the file
    # itself, leaves a later `make` anywhere (`~/dotfiles/bin` for bash: `.lastdir`).
    (". {h}/dotfiles/lost.sh; make -s; cd", "whole"),
    ('cd "$(cat {h}/.lastdir)"; make -s; cd', "whole"),
)
# zsh's own forms, in `~/.zshrc -> dotfiles/zshrc`: the link's folder is the tree's top.
ZSH_SOURCES = (
    ("source ${{0:A:h}}/aliases.sh", "found"),
    ("source ${{${{(%):-%x}}:A:h}}/aliases.sh", "found"),
    ("source ${{0:h}}/dotfiles/aliases.sh", "found"),
    ("source ${{0:A:r}}/aliases.sh", "whole"),
    ("hash -d dots={h}/dotfiles; source ~dots/aliases.sh", "found"),
    ("source {h}/(dotfiles|x)/init.sh", "init.sh"),
    ("for f ({h}/dotfiles/aliases.sh); do source $f; done", "found"),  # (oh-my-zsh's loops)
    ("for f ({h}/x/aliases.sh); do source {h}/dotfiles/${{f:t}}; done", "found"),
    ("setopt extended_glob; for f in {h}/^x/init.sh; do source $f; done", "init.sh"),
    # readers31: the tree's zshrc read twice (the home's link, the tree's file): `f() {` is
    # no call of `f` with `()` after conda's `eval` (seed 1614699333 at 300 examples).
    ('eval "$X"; f() {{ source "$Z/$1"; }}; Z={h}/z; source {h}/dotfiles/aliases.sh', "found"),
)
HOMES = ("~", "$HOME", "${{HOME}}", '"$HOME"')


def _example(root: Path, data: st.DataObject) -> None:
    home = root / "home"
    tree = home / "dotfiles"
    (tree / ".git").mkdir(parents=True)
    (tree / "lib").mkdir()
    sub = data.draw(st.booleans())
    fish = data.draw(st.booleans())
    variable = data.draw(st.sampled_from(LISTS + OPTIONS))
    spelling, exact = data.draw(st.sampled_from(SPELLINGS))
    if fish:
        form, kind = data.draw(st.sampled_from(FISH))
        fish_ones = [
            one for one in SPELLINGS if one[0] in ("~/{t}", "$HOME/{t}", "$(realpath ~/{t})")
        ]
        spelling, exact = data.draw(st.sampled_from(fish_ones))
        own = FISH_FILE
    else:
        form, _, kind = data.draw(
            st.sampled_from([f for f in FORMS if variable in LISTS or not (f[1] or "cd " in f[0])])
        )
        own = data.draw(st.sampled_from((".bashrc", ".profile", ".zshenv", ".bash_profile")))
    named = spelling.format(t="dotfiles/lib" if sub else "dotfiles")
    if variable in OPTIONS:
        named = "-I" + named
    line = form.format(x=variable, s=named)
    common = [] if fish else data.draw(st.lists(st.sampled_from(COMMON), max_size=4))
    line = "\n".join([*common, line])
    (home / own).parent.mkdir(parents=True, exist_ok=True)
    (home / own).write_text(line + "\n")
    os.environ["HOME"] = str(home)
    found = home_files.home_files(tree)
    # (`home_ways.startup_config_home` reads `"$HOME"/x` as the home: whole, said)
    xdg_quoted = variable == "XDG_CONFIG_HOME" and '"$HOME"' in line
    shown = (own, line, sorted(found.paths), found.whole)
    if not sub or not exact:  # it may name the top: never missed
        assert found.whole, shown
    elif kind and variable not in OPTIONS and "cd " not in form and not xdg_quoted:
        assert not found.whole and "lib" in found.paths, shown


def _form_example(root: Path, data: st.DataObject) -> None:
    home = root / "home"
    tree = home / "dotfiles"
    (tree / ".git").mkdir(parents=True)
    (tree / "bin").mkdir()
    (tree / "aliases.sh").write_text("true\n")
    (tree / "Makefile").write_text("all:\n")
    (tree / "Cargo.toml").write_text("[package]\n")
    (tree / "vars.sh").write_text("S=-ssh\n")
    (tree / "vars2.sh").write_text('S="$(uname -n)"\n')
    (tree / "goto.sh").write_text("cd ~/dotfiles\ncd bin\n")
    (tree / "lost.sh").write_text('cd "$(cat ~/.lastdir)"\n')
    (home / ".lastdir").write_text(f"{tree}/bin\n")
    zsh = data.draw(st.booleans())
    form, kind = data.draw(st.sampled_from(ZSH_SOURCES if zsh else SOURCES))
    spelled = data.draw(st.sampled_from(HOMES)).format()
    line = form.format(h=spelled)
    common = data.draw(st.lists(st.sampled_from(COMMON), max_size=3))
    text = "\n".join([*common, line]) + "\n"
    if zsh:
        own = ".zshrc"
        (tree / "zshrc").write_text(text)
        (home / own).symlink_to("dotfiles/zshrc")
    else:
        own = data.draw(st.sampled_from((".bashrc", ".profile", ".bash_profile")))
        (home / own).write_text(text)
    os.environ["HOME"] = str(home)
    os.environ["TERM"] = "xterm-agents"  # agents' own: never the user's terminal's
    found = home_files.home_files(tree)
    shown = (own, text, sorted(found.paths), found.whole)
    if kind == "whole":
        assert found.whole, shown
    else:  # evaluated exactly: found (`aliases.sh`, or the place named), the tree not whole
        place = "aliases.sh" if kind == "found" else kind
        assert place in found.paths and not found.whole, shown


home_property(
    "home startup files setting a loader variable to the tree are made at random",
    "the tree counts whole whenever the variable may name its top,"
    " and a subfolder named exactly is found",
    "home readers",
    _example,
    60,
)
home_property(
    "home startup files naming the tree by a form agents may not evaluate are made at random",
    "each form is read exactly where agents evaluates it,"
    " and the tree counts whole where it does not",
    "home forms",
    _form_example,
    60,
)
