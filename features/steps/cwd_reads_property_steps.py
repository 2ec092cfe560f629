"""The property on what the home's setup has a program read from whatever folder it starts
in (`domain/cwd_reads.py`, `adapters/home_cwd.py`): however the opt-in is spelled, a file of
that name in any folder of the tree is refused to the model (`host_files.host_run`) and
found by the walk whose put-back removes what a command made there (`git_dirs.GitDirs`);
with the opt-in off (`set noexrc`, a comment, an absolute path), none is."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import strategies as st

from cleveragents.adapters.git.git_dirs import GitDirs
from cleveragents.adapters.git.repository import GitRepository
from cleveragents.adapters.home_cwd import cwd_reads
from cleveragents.domain.host_files import HostFolders, host_run
from features.support.home_examples import home_property

# By config of the home: spellings of the opt-in (`{n}`: the file's name, for the relative
# ones; `{t}`: the tree's top, `{h}`: the home; `@@path=text`: a file of the home it sources,
# attack 23 F2, F5, F6), the names it makes read (fixed ones: vim's, gdb's, for the forms
# without `{n}`), and spellings that make none read.
FORMS: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    ".vimrc": (
        (
            "set exrc",
            "se ex",
            ":set nocompatible exrc secure",
            "setglobal exrc",
            "set exrc|set secure",
            "set invexrc",
            "let &exrc = 1",
            "let &g:ex=1",
            "vim9script\n&exrc = true",
            "source ~/.vim/opts.vim@@.vim/opts.vim=set exrc",
            "runtime x.vim\nsource $HOME/.vim/a.vim@@.vim/a.vim=so ~/.vim/b.vim@@.vim/b.vim=se ex",
            "silent! source {n}",
            "if filereadable('{n}') | source {n} | endif",
            "runtime opts.vim@@.vim/opts.vim=set exrc",
            "runtime! conf/*.vim@@.vim/conf/o.vim=let &exrc = 1",
            "exe 'set' 'exrc'",
            'execute "set " . "exrc"',
            "exe g:cmd",
            "au VimEnter * exe 'so ' . '{n}'",
            # attack 25 G7, G16: a package, an autoload function, `setbufvar`, a computed path
            "packadd opts@@.vim/pack/my/opt/opts/plugin/o.vim=set exrc",
            "call opts#init()@@.vim/autoload/opts.vim=function opts#init()\n  set exrc\n"
            "endfunction",
            "call setbufvar('', '&exrc', 1)",
            "setlocal exrc",
            "au VimEnter * let f = findfile('{n}', '.;') | if !empty(f) | exe 'source' f | endif",
            "au VimEnter * exe 'source ' . getcwd() . '/{n}'",
            "au VimEnter * exe 'source' fnameescape('{n}')",
            # attack 27 R13: the user's own autoload file's `:execute` is read
            "call opts#init()@@.vim/autoload/opts.vim=function! opts#init()\n  let l:o = 'exrc'\n"
            "  exe 'set' l:o\nendfunction",
            # attack 27 R7: an autoload file of a start package, or of one `packadd`ed
            "call opts#init()@@.vim/pack/x/start/o/autoload/opts.vim=function! opts#init()\n"
            "  set exrc\nendfunction",
            "packadd o\ncall o#init()@@.vim/pack/x/opt/o/autoload/o.vim=fu o#init()\n se ex\nendf",
        ),
        (".exrc", ".vimrc", "_vimrc", ".nvim.lua"),
        (
            "set noexrc",
            '" set exrc',
            "set exrc=x",
            "let &exrc = 0",
            "if &exrc == 1 | endif",
            "source ~/.vim/opts.vim@@.vim/opts.vim=set noexrc",
            "source ~/{n}",
            "runtime opts.vim@@.vim/opts.vim=set noexrc",
            "exe 'set' 'noexrc'",
            "packadd opts@@.vim/pack/my/opt/opts/plugin/o.vim=set noexrc",
            "call setbufvar('', '&exrc', 0)",
            # vim's own defaults.vim jump to the last place: an `:execute` of `normal`
            'au BufReadPost * if line("\'\\"") > 1 | exe "normal! g`\\"" | endif',
            # vim-plug's autoload file builds its paths by `:execute`: not counted
            "call plug#begin()\ncall plug#end()@@.vim/autoload/plug.vim=function! plug#end()\n"
            "  execute 'source' s:esc(vim)\n  exe 'set rtp+=' . s:x\nendfunction",
        ),
    ),
    ".config/nvim/init.lua": (
        (
            "vim.o.exrc = true",
            "vim.opt.exrc = true",
            'vim.cmd("set exrc")',
            "vim.go.exrc=true",
            # a package or a Lua file `init.lua` runs (`packadd`, `luafile`, `dofile`)
            "vim.cmd('packadd opts')@@.config/nvim/pack/my/opt/opts/plugin/o.vim=set exrc",
            "vim.cmd.packadd('opts')@@.config/nvim/pack/my/opt/opts/plugin/o.vim=set exrc",
            "vim.cmd('luafile ~/.config/nvim/o.lua')@@.config/nvim/o.lua=vim.o.exrc = true",
            "vim.cmd('luafile {n}')",
            "dofile('{n}')",
            "pcall(dofile, '{n}')",  # review29 F7
            "vim.cmd.luafile('{n}')",
        ),
        (".nvim.lua", ".nvimrc", ".exrc"),
        (
            "vim.o.exrc = false",
            "-- vim.o.exrc = true",
            "vim.cmd('packadd opts')@@.config/nvim/pack/my/opt/opts/plugin/o.vim=set nu",
            "vim.cmd('luafile ~/{n}')",
        ),
    ),
    ".config/nvim/lua/config/options.lua": (
        ("vim.opt.exrc = true", "local o = vim.o\nvim.o.exrc = true"),
        (".nvim.lua", ".exrc"),
        ("vim.opt.exrc = false",),
    ),
    ".vim/plugin/settings.vim": (("set exrc",), (".vimrc", ".exrc"), ("set noexrc",)),
    ".gdbinit": (
        (
            "set auto-load safe-path /",
            "add-auto-load-safe-path {t}",
            "set auto-load safe-path {h}",
            "set auto-load safe-path .",
            "set auto-load safe /",
            "set auto-lo sa {t}",
            "source {n}",
            "source ~/.gdb/safe@@.gdb/safe=set auto-load safe-path /",
            "python gdb.execute('set auto-load safe-path /')",
            'python\nimport gdb\ngdb.execute("set auto-load safe-path /", to_string=True)\nend',
            "py gdb.execute('source {n}')",
            "python\nimport os\nend",
            'guile (execute "set auto-load safe-path /")',
            "source ~/.gdb/i.py@@.gdb/i.py=import gdb\ngdb.execute('set auto-load safe-path /')",
            "source ~/.gdb/init.py@@.gdb/init.py=gdb.execute('set auto-load safe ' + '/')",
            "source -v ~/.gdb-gef.py@@.gdb-gef.py=gdb.execute('source {n}')",
            "source ~/.gdb/init.scm@@.gdb/init.scm=(display 1)",
            'eval "set auto-load safe-path /"',  # attack 25 G8: gdb's eval and alias
            'ev "set auto-load safe-path %c", 47',
            "alias src = source\nsrc ~/.gdb/init.py@@.gdb/init.py=import gdb\n"
            "gdb.execute('set auto-load safe-path /')",
            "alias -a s = source\ns {n}",
            # attack 27 R3: an `eval`, an alias, in Python's `gdb.execute`
            "python gdb.execute('eval \"set auto-load safe-path /\"')",
            "alias src = source\npython gdb.execute('src {n}')",
            'eval "source %s", "{n}"',  # attack 27 R4: a formatted `source`'s file
        ),
        (".gdbinit", "x-gdb.py", "libfoo.so-gdb.gdb"),
        (
            "set auto-load safe-path $debugdir:$datadir/auto-load",
            "# set auto-load safe-path /",
            "source ~/{n}",
            "python gdb.execute('set pagination off')",
            'python\ngdb.execute("set print pretty on")\nend',
            "source ~/.gdb/init.py@@.gdb/init.py=import gdb\ngdb.execute('set pagination off')",
            'eval "set pagination off"',
            "alias ll = list\nll main",
        ),
    ),
    ".ssh/config": (
        (
            "Host w\n  ProxyCommand ./{n} %h %p",
            "Host w\n  ProxyCommand sh {n} %h",
            "Host w\n  LocalCommand ./{n}",
            'Match exec "./{n} %h"',
            "KnownHostsCommand=./{n} %H",
            "Include conf.d/*@@.ssh/conf.d/work=Host w\n  ProxyCommand ./{n} %h",
            "Include ~/.ssh/work.conf@@.ssh/work.conf=Host w\n  ProxyCommand ./{n} %h",
        ),
        (),
        (
            "Host w\n  ProxyCommand nc %h %p",
            "Host w\n  ProxyCommand ~/bin/{n} %h",
            "Include conf.d/*@@.ssh/conf.d/work=Host w\n  ProxyCommand nc %h %p",
        ),
    ),
    ".tmux.conf": (
        (
            "source-file -q {n}",
            "source {n}",
            "source-file ./{n}",
            "run-shell ./{n}",
            "if-shell './{n}' 'set -g status off'",
            "source-file ~/.tmux/extra.conf@@.tmux/extra.conf=run-shell ./{n}",
        ),
        (),
        ("source-file ~/{n}", "# source-file {n}"),
    ),
    ".bashrc": (
        (
            "PROMPT_COMMAND='. ./{n}'",
            'PROMPT_COMMAND="source $PWD/{n}"',
            'cd() { builtin cd "$@" && [ -f {n} ] && source {n}; }',
            "export PYTHONSTARTUP={n}",
            "PROMPT_COMMAND='history -a; ./{n}'",
            'PROMPT_COMMAND="${PROMPT_COMMAND:+$PROMPT_COMMAND; }./{n}"',
            "PROMPT_COMMAND='source -- {n}'",
            "PROMPT_COMMAND='source \"$(pwd)/{n}\"'",
            ". ~/.bash_functions@@.bash_functions=PROMPT_COMMAND='. ./{n}'",
            '[ -f ~/.bash_functions ] && . "$HOME/.bash_functions"@@.bash_functions=. ./{n}',
            "PS1='$(./{n})\\$ '",
            "trap ./{n} DEBUG",
            ". ~/.bash_functions@@.bash_functions=trap '. ./{n}' EXIT",
            "alias gs='git -c core.fsmonitor=./{n} status'",
            'alias gs="git -C \\"$DOTS\\" -c diff.external=./{n} diff"',
            "gl() { git --no-pager -c 'core.pager=sh ./{n}' log; }",
            "alias gp='GIT_SSH_COMMAND=./{n} git push'",
            "export GIT_SSH_COMMAND=./{n}",
            "alias gx='git -c alias.x=!./{n} x'",
            "cat <<EOF\nit's\nEOF\nalias gs='git -c core.hooksPath=. -c core.pager=./{n} log'",
            "alias gs='git -c core.fsmonitor=\"$(git rev-parse --show-toplevel)/{n}\" status'",
            "export GIT_CONFIG_KEY_0=core.fsmonitor\nexport GIT_CONFIG_VALUE_0=./{n}",
            "export GIT_CONFIG_VALUE_0=./{n}@@.profile=export GIT_CONFIG_KEY_0=core.fsmonitor",
            "alias gs='F=./{n} git --config-env=core.fsmonitor=F status'",
            "g() { git \"$@\"; }\nalias gs='g -c core.fsmonitor=./{n} status'",
            "alias gl='GIT_SSH_COMMAND=\"ssh -o ProxyCommand=./{n}\" git fetch'",
            "alias gl='git -c core.sshCommand=\"ssh -F ./{n}\" fetch'",
            "export GIT_SSH_COMMAND='ssh -o \"LocalCommand ./{n} %h\"'",
            "alias s='ssh -oKnownHostsCommand=./{n} -F ./{n}'",
            "alias c='scp -S ./{n} h:f .'",
            "alias c='sftp -o ProxyCommand=./{n} h'",
            "alias r='rsync -az --rsh=./{n} h:f .'",
            "alias m='sshfs -o reconnect,ssh_command=./{n} h: m'",
            "alias a='autossh -M 0 -F ./{n} h'",
            "alias m='mosh --ssh=./{n} h'",
            "SSHOPTS='-o ProxyCommand=./{n}'\nalias s='ssh $SSHOPTS h'",
            "O='-o ProxyCommand=./{n}'\n[ -n \"$X\" ] && O=-4\nalias s='ssh $O h'",
            "export LESSOPEN='||./{n} %s'",
            "export LESSCLOSE='./{n} %s %s'",
            "export RSYNC_RSH=./{n}",
            "alias gl='git ls-remote ext::./{n}'",
            # ssh's options through a function passing its words on (`"$@"`), autossh's ssh
            "s() { ssh \"$@\"; }\nalias w='s -o ProxyCommand=./{n} h'",
            "alias w='s -oProxyCommand=./{n} h'@@.bash_functions=s() { ssh \"$@\"; }",
            "function s {\n  command ssh -q \"$@\"\n}\nalias w='s -F ./{n} h'",
            # a body's `}` before ssh, a subshell body; a git function naming ssh in a value
            "s() { TERM=${TERM:-xterm} ssh \"$@\"; }\nalias w='s -F ./{n} h'",
            "s() ( ssh \"$@\" )\nalias w='s -F ./{n} h'",
            'git() { GIT_SSH_COMMAND="ssh -i ~/.ssh/work" command git "$@"; }\n'
            "alias gs='git -c core.fsmonitor=./{n} status'",
            'g() { git -c core.sshCommand="ssh -i k" "$@"; }\n'
            "alias gs='g -c core.fsmonitor=./{n} status'",
            "alias a='AUTOSSH_PATH=./{n} autossh -M 0 h'",
            "export AUTOSSH_PATH=./{n}",
            "git config --global core.fsmonitor ./{n}",
            "git config set --global --add alias.x '!./{n}'",
        ),
        (),
        (
            ". ~/{n}",
            "# source {n}",
            'source "$HOME/{n}"',
            "PROMPT_COMMAND='history -a'",
            ". ~/.bash_functions@@.bash_functions=PROMPT_COMMAND='history -a'",
            "PS1='$(git branch 2>/dev/null) \\w\\$ '",
            "trap 'rm -f /tmp/{n}' EXIT",
            "alias gs='git -c core.pager=less -c user.name=./{n} status'",
            "alias gs='git -c core.fsmonitor=~/{n} status'",
            "export GIT_SSH_COMMAND='ssh -o ProxyCommand=none -F none'",
            "alias s='ssh -o ServerAliveInterval=30 h ls -F ./{n}'",
            'export GIT_EDITOR="$EDITOR"',
            'export GIT_EDITOR="$(command -v nvim)"',
            'export GIT_EDITOR="$(command -v nvim || command -v vim)"',
            "export GIT_PAGER=`which less`",
            "alias gl='git -c core.pager=\"$(which delta)\" log'",
            'export GIT_SSH_COMMAND="ssh -i $KEYS/id"',
            "DOTS=~/.cfg\nalias config='git --git-dir=$DOTS/ --work-tree=$HOME'",
            'export GIT_CONFIG_GLOBAL="$XDG_CONFIG_HOME/git/config"',
            "echo git -c core.pager=./{n} log",
            "printf '%s\\n' git -c core.fsmonitor=./{n}",
            "alias c='scp -P 22 h:f ./{n}'",
            "SSHOPTS='-o ServerAliveInterval=30'\nalias s='ssh $SSHOPTS h'",
            "alias s='ssh -i $(ls ~/.ssh/id_* | head -1) h ls ./{n}'",
            # a host, or a remote command's word, another file sets: nothing ssh runs here
            "alias w='ssh $WORKHOST'",
            'w() { ssh -p 2222 $WORKHOST "$@"; }',
            "alias w='ssh h ls $DIR ./{n}'",
            "alias w='autossh -M 0 $WORKHOST'",
            "export LESSOPEN='| /usr/bin/lesspipe %s'",
            "git config --global --get core.fsmonitor",
            "git config --global core.editor vim",
            "git config --global user.name ./{n}",
        ),
    ),
    # vim's and gdb's startup options in the shell (attack 25 G13)
    ".bash_aliases": (
        (
            "export VIMINIT='set exrc'",
            "export VIMINIT='let $MYVIMRC=\"~/.config/vim/vimrc\" | source $MYVIMRC'"
            "@@.config/vim/vimrc=set exrc",
            "export VIMINIT='source ~/vimfiles/vimrc'@@vimfiles/vimrc=set exrc",
            'export VIMINIT="source $XDG_CONFIG_HOME/vim/vimrc"',
            "EXINIT='se ex'\nexport EXINIT",
            "alias vim='vim --cmd \"set exrc\"'",
            'vim() { command vim -u ~/.myvimrc "$@"; }@@.myvimrc=set exrc',
            "alias vi='vim --cmd \"source {n}\"'",
            "alias v='vim -S {n}'",  # attack 27 R5: `-S`, `-c`'s `source`
            "alias v='vim -c \"so {n}\"'",
            # attack 27 R17: the XDG setup as the Arch wiki gives it
            "export XDG_CONFIG_HOME=~/.config\nexport VIMINIT='let $MYVIMRC="
            '"$XDG_CONFIG_HOME/vim/vimrc" | source $MYVIMRC\'@@.config/vim/vimrc=set exrc',
            # XDG_CONFIG_HOME set in a file agents does not read, which the shell that
            # started agents ran too (`.xdg_env`: the example gives it to agents)
            "export VIMINIT='let $MYVIMRC=\"$XDG_CONFIG_HOME/vim/vimrc\" | source $MYVIMRC'"
            "@@.xdg_env=export XDG_CONFIG_HOME=~/.config@@.config/vim/vimrc=set exrc",
            # the Arch wiki's VIMINIT: vim's ternary on `has("nvim")`, each file read
            'export XDG_CONFIG_HOME=~/.config\nexport VIMINIT=\'let $MYVIMRC = has("nvim") ? '
            '"$XDG_CONFIG_HOME/nvim/init.vim" : "$XDG_CONFIG_HOME/vim/vimrc" | so $MYVIMRC\''
            "@@.config/vim/vimrc=set exrc",
        ),
        (".exrc", ".vimrc", ".nvimrc"),
        (
            "export VIMINIT='let $MYVIMRC=\"~/.config/vim/vimrc\" | source $MYVIMRC'"
            "@@.config/vim/vimrc=set nocompatible",
            "alias vim='vim --cmd \"set noexrc\"'",
            "alias vs='sudo -u root vim'",
            # attack 27 R16: another command's `-u` on a line naming vim
            "export EDITOR=vim; alias psu='ps -u {n}'",
            "alias view='less -u {n}'",
            "export XDG_CONFIG_HOME=~/.config\nexport VIMINIT='let $MYVIMRC="
            '"$XDG_CONFIG_HOME/vim/vimrc" | source $MYVIMRC\'@@.config/vim/vimrc=set nocp',
            'export XDG_CONFIG_HOME=~/.config\nexport VIMINIT=\'let $MYVIMRC = has("nvim") ? '
            '"$XDG_CONFIG_HOME/nvim/init.vim" : "$XDG_CONFIG_HOME/vim/vimrc" | so $MYVIMRC\''
            "@@.config/vim/vimrc=set nocp",
            "export VIMINIT='let $MYVIMRC=\"$XDG_CONFIG_HOME/vim/vimrc\" | source $MYVIMRC'"
            "@@.xdg_env=export XDG_CONFIG_HOME=~/.config@@.config/vim/vimrc=set nocp",
            "# export VIMINIT='set exrc'",
        ),
    ),
    ".config/fish/config.fish": (  # attack 27 R6: fish's spelling of VIMINIT
        ("set -gx VIMINIT 'set exrc'", "set -x EXINIT 'se ex'"),
        (".exrc", ".vimrc"),
        ("set -gx VIMINIT 'set noexrc'", "set -e VIMINIT"),
    ),
    ".profile": (
        (
            "alias gdb='gdb -iex \"set auto-load safe-path /\"'",
            "alias gdb='gdb -q -ix ~/.gdb/early'@@.gdb/early=set auto-load safe-path /",
            "alias gdb='gdb -x ~/.gdb/i.py'@@.gdb/i.py=import gdb\n"
            "gdb.execute('set auto-load safe /')",
            "g() { gdb --init-eval-command='source {n}' \"$@\"; }",
            # attack 27 R2: gdb's one- or two-dash options and their unique prefixes
            "alias gdb='gdb --iex \"set auto-load safe-path /\"'",
            "alias gdb='gdb -init-eval-command=\"set auto-load safe-path /\"'",
            "alias gdb='gdb -q --init-eval \"set auto-load safe-path /\"'",
            "alias gdb='gdb --x {n}'",
            "alias gdb='gdb -comm={n}'",
        ),
        (".gdbinit", "x-gdb.py"),
        (
            "alias gdb='gdb -q -iex \"set pagination off\"'",
            "alias gdb='gdb -q'",
            "alias b='bash -x ./{n}'",
            "alias dbg='gdb -q'; alias py='python3 -x {n}'",
        ),
    ),
    ".zshrc": (
        (
            "chpwd() { source {n} }",
            "precmd() { . ./{n}; }",
            "chpwd_local() { [[ -f {n} ]] && . ./{n} }",
            "plugins=(git dotenv)",  # oh-my-zsh's dotenv (attack 23 F16): `.env` at each `cd`
            "plugins=(\n  git\n  dotenv\n)\nsource $ZSH/oh-my-zsh.sh",
            "plugins+=(dotenv)",
            "zinit snippet OMZP::dotenv",
            'zplug "plugins/dotenv", from:oh-my-zsh',
            "ZSH_DOTENV_FILE='.env.base {n}'\nplugins=(git dotenv)",
            "source ~/.zsh/omz.zsh@@.zsh/omz.zsh=plugins=(dotenv)",
        ),
        (".env",),
        (
            "source ~/.zsh/{n}",
            "plugins=(git docker)",
            "# plugins=(git dotenv)",
            "plugins=(git dotenv-x)",
        ),
    ),
    ".psqlrc": (  # psql's `\i`, `\!` from the folder it starts in (attack 23 F16)
        (
            "\\i {n}",
            "\\set QUIET 1\n\\include '{n}'",
            "\\! ./{n}",
            "\\o | ./{n}",
            "\\set PROMPT1 '%`./{n}` %/%R%# '",
        ),
        (),
        ("\\ir {n}", "-- \\i {n}", "\\i ~/{n}", "\\! clear", "\\set PROMPT1 '%/%R%# '"),
    ),
    ".ipython/profile_default/ipython_config.py": (  # what IPython runs at its start
        (
            "c.InteractiveShellApp.exec_files = ['{n}']",
            "c.InteractiveShellApp.exec_lines = ['%load_ext autoreload', '%run {n}']",
            "c.InteractiveShellApp.exec_files.append('./{n}')",
            # review29 F6: read as Python, each as real IPython 8.12 ran it
            "c.InteractiveShellApp.exec_lines = ['a = [1]', '%run {n}']",
            "c.InteractiveShellApp.exec_lines = [\"%run -i '{n}'\"]",
            "lines = ['%run {n}']\nc.InteractiveShellApp.exec_lines = lines",
            "c.InteractiveShellApp.exec_lines = [\"exec(open('{n}').read())\"]",
            "c.InteractiveShellApp.exec_lines = ['import mytools']",
            "c.InteractiveShellApp.exec_lines = ['from mytools import x']",
            "c.InteractiveShellApp.extensions = ['mytools']",
        ),
        ("mytools.py",),
        (
            "c.InteractiveShellApp.exec_files = ['~/{n}']",
            "c.InteractiveShellApp.exec_lines = ['%load_ext autoreload']",
            "c.InteractiveShellApp.exec_lines = ['import numpy as np', '%run ~/{n}']",
            "# c.InteractiveShellApp.exec_files = ['{n}']",
        ),
    ),
    ".emacs.d/init.el": (  # a `.dir-locals.el`'s `eval:` unasked (attack 23 F16)
        (
            "(setq enable-local-variables :all)",
            "(setq-default enable-local-variables :all)",
            "(customize-set-variable 'enable-local-variables :all)",
            "(custom-set-variables\n '(enable-local-eval t))",
            "(setq enable-local-eval t)",
        ),
        (".dir-locals.el", ".dir-locals-2.el"),
        (
            "(setq enable-local-variables :safe)",
            ";; (setq enable-local-variables :all)",
            "(setq enable-local-eval nil)",
            "(setq enable-local-eval 'maybe)",
        ),
    ),
    ".emacs.d/custom.el": (  # where `M-x customize` writes it, the usual `custom-file`
        ("(custom-set-variables\n '(enable-local-variables :all))",),
        (".dir-locals.el",),
        ("(custom-set-variables\n '(enable-local-variables :safe))",),
    ),
    ".config/emacs/init.el": (
        ("(setopt enable-local-variables :all)",),
        (".dir-locals.el",),
        ("(setq enable-local-variables t)",),
    ),
}


def _example(root: Path, data: st.DataObject) -> None:
    home = root / "home"
    tree = home / "src" / "proj"
    tree.mkdir(parents=True)
    config = data.draw(st.sampled_from(sorted(FORMS)))
    on, names, off = FORMS[config]
    opted = data.draw(st.booleans())
    form = data.draw(st.sampled_from(on if opted else off))
    name = data.draw(st.sampled_from([".local.sh", "proxy.sh", ".prompt.sh", ".envrc.x", "p"]))
    folder = "/".join(
        data.draw(st.lists(st.sampled_from(["a", "b", ".hidden", "c d"]), max_size=3))
    )
    line, *more = (
        form.replace("{n}", name).replace("{t}", str(tree)).replace("{h}", str(home)).split("@@")
    )
    for sourced, text in [(config, f"# my config\n{line}")] + [m.split("=", 1) for m in more]:
        (home / sourced).parent.mkdir(parents=True, exist_ok=True)
        (home / sourced).write_text(f"{text}\n")
    os.environ["HOME"] = str(home)
    if any(m.startswith(".xdg_env=") for m in more):  # the user's shell exported it
        os.environ["XDG_CONFIG_HOME"] = str(home / ".config")
    wanted = data.draw(st.sampled_from(names)) if names and "{n}" not in form else name
    # In any case, or with a trailing dot: what a case-insensitive disk opens by the name
    # (`rules.name_as_opened`, attack 23 F31).
    wanted = data.draw(st.sampled_from([wanted, wanted.upper(), wanted.title(), f"{wanted}."]))
    path = f"{folder}/{wanted}" if folder else wanted
    (tree / path).parent.mkdir(parents=True, exist_ok=True)
    (tree / path).write_text("touch planted-ran\n")
    why = host_run(path, HostFolders(cwd_reads=tuple(cwd_reads(tree))))
    walk = GitDirs(GitRepository(root=tree, git_dir=tree / ".git"), lambda _: {})
    walk.walk()
    shown = (config, form, path, why, walk.claude_folders)
    assert (why is not None) == opted, shown
    assert (path in walk.claude_folders) == opted, shown


home_property(
    "home configs making a program read from its folder are made at random",
    "a file of that name in any folder is refused and walked, and none without the opt-in",
    "cwd reads",
    _example,
    60,
)
