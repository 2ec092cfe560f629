"""What a graphical login runs from the home besides the shell's startup files (attack 20
finding 9): read as those are (`home_shells.home_shell_places`), so a file of the tree one of
them sources or runs is host-run too.

  * `~/.xprofile`, `~/.xsessionrc` (sourced by GDM, LightDM, SDDM and Debian's Xsession),
    `~/.xsession`, `~/.xinitrc` (run by the display manager or `startx`): shell files;
  * KDE Plasma's `~/.config/plasma-workspace/env/*.sh` (sourced at login) and `shutdown/*.sh`;
  * an XDG autostart entry `~/.config/autostart/*.desktop` and a systemd user unit
    `~/.config/systemd/user/*.service`: not shell, but each `Exec=` / `ExecStart=` line is
    a command line run at login; it is read as one (`command_lines`).
"""

from __future__ import annotations

import glob
import os
import re

SESSION_FILES = (".xprofile", ".xsessionrc", ".xsession", ".xinitrc")
COMMAND_FILES = (".desktop", ".service")
# The keys whose value is a command line: XDG desktop entries' and systemd units'.
_EXEC = re.compile(
    r"^[ \t]*(?:Exec|ExecStart|ExecStartPre|ExecStartPost|ExecStop|ExecStopPost|ExecReload"
    r"|ExecCondition)[ \t]*=[ \t]*(.*)$",
    re.M,
)
_PREFIXES = "-@:+!|"  # systemd's: ignore failure, argv[0], no specifiers, privileges
_SPECIFIER = re.compile(r"%[A-Za-z%]")  # systemd's `%h`, a desktop entry's `%f`, `%U`


def session_files(home: str, config: str) -> list[str]:
    """The files of the home a graphical login sources or runs, as absolute paths (some
    may not exist): `config` is `$XDG_CONFIG_HOME` when it is absolute, else ""."""
    found = [os.path.join(home, name) for name in SESSION_FILES]
    for folder in dict.fromkeys((os.path.join(home, ".config"), config or home + "/.config")):
        shown = glob.escape(folder)
        for pattern in (
            "plasma-workspace/env/*.sh",
            "plasma-workspace/shutdown/*.sh",
            "autostart/*.desktop",
            "systemd/user/*.service",
        ):
            found += sorted(glob.glob(os.path.join(shown, pattern)))
    return found


def command_lines(text: str) -> str:
    """The command lines of a desktop entry or a unit `text`, one a line, as a shell reads
    them: systemd's prefixes dropped, `%h` the home, other specifiers and field codes gone."""
    lines = []
    for value in _EXEC.findall(text):
        value = value.strip().lstrip(_PREFIXES)
        value = value.replace("%h", "$HOME")
        lines.append(_SPECIFIER.sub(" ", value))
    return "\n".join(lines)
