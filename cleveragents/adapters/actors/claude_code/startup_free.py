"""The shell Claude Code is given (`CLAUDE_CODE_SHELL`) under `agents plan run`'s sandbox:
bash reading none of the user's start-up files, and no shell snapshot.

Before its first Bash call Claude Code 2.1 takes a "snapshot" of the user's shell: it runs
`$SHELL -c -l SCRIPT`, a login shell (`~/.bash_profile` or `~/.profile`) whose script
`source`s `~/.bashrc` by its path, on the host, in the tree, outside the shell prefix
(measured with the pinned CLI). What those files read (a dotfiles tree's `bash_aliases`, a
`.env` of the working folder) would run as the user on the host at each session agents
starts. Under the prefix a Bash call runs our boxed launcher alone, never the wrapper that
sources the snapshot, so the snapshot serves nothing there: this shell ends it at once with
an empty file. Every other line Claude Code gives its shell (`PREFIX 'COMMAND'`, its `env`
probe) runs in bash without profile, rc, or the environment's `BASH_ENV`/`ENV`: the same
start-up our own commands drop (`command_process.SHELL_STARTUP`).
"""

from __future__ import annotations

import os
import shlex
from pathlib import Path

from cleveragents.adapters import host_programs
from cleveragents.adapters.workspace.command_process import SHELL_STARTUP

VARIABLE = "CLAUDE_CODE_SHELL"  # Claude Code takes it when its path names bash or zsh
SNAPSHOT = "SNAPSHOT_FILE="  # how Claude Code's snapshot script starts: the file it fills


def script(folder: Path, tree: Path) -> Path:
    """Write the shell in `folder`, named `bash`, as Claude Code wants of a shell it is given
    (it names it to the model: a name of its own would change the session's system prompt
    between a session and its fork). The same path each session, written whole each time
    (sessions may start side by side), and left there: it holds nothing of a session's.
    bash and env are the host's, never a tree's."""
    bash = host_programs.find("bash", tree) or "/bin/bash"
    env = host_programs.find("env", tree) or "/usr/bin/env"
    unset = " ".join(f"-u {name}" for name in SHELL_STARTUP)
    text = (
        "#!/bin/sh\n"
        "# Claude Code's shell under agents: no start-up file, no snapshot of the user's.\n"
        "newline='\n'\n"
        'for word in "$@"; do\n'
        "  case $word in\n"
        "    -*) ;;\n"
        f"    {SNAPSHOT}*)  # its first line: SNAPSHOT_FILE='PATH'\n"
        f'      file=${{word%%"$newline"*}} file=${{file#{SNAPSHOT}}}\n'
        "      case $file in \\'/*\\') file=${file#?} file=${file%?} ;; esac\n"
        "      case $file in /*.sh) ;; *) exit 1 ;; esac\n"
        "      case $file in *[\\'\\\"\\$\\\\]*) exit 1 ;; esac\n"
        '      : >| "$file"\n'
        "      exit ;;\n"
        "    *) break ;;\n"
        "  esac\n"
        "done\n"
        f'exec {shlex.quote(env)} {unset} {shlex.quote(bash)} --noprofile --norc "$@"\n'
    )
    written = folder / f".bash-{os.urandom(8).hex()}"
    descriptor = os.open(written, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o700)
    with os.fdopen(descriptor, "w") as file:
        file.write(text)
    path = folder / "bash"
    os.replace(written, path)
    return path
