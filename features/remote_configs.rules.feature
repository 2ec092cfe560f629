Feature: What an ssh line, an IPython profile and git's protocol policy run, read as the programs read them
  As a developer whose home config names ssh wrappers and IPython start-up lines
  I want agents to read each the way ssh, rsync, sshfs, mosh and IPython read it
  So that a tree file those run is held, and nothing else is

  # The domain rules alone (`domain/ssh_lines.py`, `domain/ipython_configs.py`), each row a
  # spelling the real programs were checked with (the home-config features run them).

  Scenario Outline: What <program> <words> runs of the tree: <runs>
    When agents reads what "<program>" "<words>" runs in the folder "/t"
    Then the command lines and files it names are "<runs>"

    Examples:
      | program | words                                   | runs                 |
      | ssh     | -o ProxyCommand=./p.sh h                | line ./p.sh          |
      | autossh | -M 0 -f -F ./cfg h                      | file /t/cfg          |
      | scp     | -S ./s.sh a h:b                         | line ./s.sh          |
      | sftp    | -b ./batch h                            | file /t/batch        |
      | rsync   | --rsh=./r.sh a h:b                      | line ./r.sh          |
      | rsync   | -avze ./e.sh a h:b                      | line ./e.sh          |
      | sshfs   | -o ssh_command=./f.sh h:/ m             | line ./f.sh          |
      | sshfs   | -F ./sc h:/ m                           | file /t/sc           |
      | mosh    | --ssh ./m.sh h                          | line ./m.sh          |
      | mosh    | h                                       |                      |

  Scenario Outline: After ssh's words "<before>", the next word is the <slot>
    Then after "<before>" ssh takes the next word as the "<slot>"
    And a word it cannot evaluate there, then "<after>", names nothing it runs: <data>

    Examples:
      | before    | slot   | after | data |
      | -p        | value  |       | yes  |
      | -p 22     | host   | $@    | yes  |
      | -p 22     | host   | ls    | no   |
      | h         | option |       | no   |
      | h ls      | remote |       | yes  |
      | -i        | value  |       | yes  |
      | -- h      | option |       | no   |

  Scenario Outline: <text> is an ssh wrapper: <wrappers>
    When agents reads the shell functions of "<text>"
    Then the wrappers it finds are "<wrappers>"

    Examples:
      | text                                                     | wrappers   |
      | s() { ssh "$@"; }                                        | s() ssh    |
      | function w { command rsync -e ssh "$@"; }                | w() rsync  |
      | function v() ( exec scp "$@" )                           | v() scp    |
      | g() { GIT_SSH_COMMAND="ssh -i k" command git "$@"; }     |            |
      | t() {\n  echo ${TERM:-x}\n  autossh -M 0 "$@"\n}         | t() autossh |
      | u() { ssh "$@; }\nx() { sshfs "$@" m; }                  | x() sshfs  |

  Scenario Outline: An IPython profile's <what>
    When agents reads the IPython profile "<config>"
    Then it runs files "<files>", modules "<modules>" and commands "<commands>"
    And what it cannot read is "<unknown>"

    Examples:
      | what                       | config                                                                                                     | files | modules                   | commands | unknown |
      | exec files                 | c.InteractiveShellApp.exec_files = ['p.py']                                                                | p.py  |                           |          |         |
      | lines of every kind        | c.InteractiveShellApp.exec_lines = ['!make', '%load_ext ext.a', '%run -i -m pkg.mod', 'import np.la', 'from tools.x import y'] |       | ext, pkg, np, tools       | make     |         |
      | run options                | c.InteractiveShellApp.exec_lines = ["%run -d -b 3 'x.py' arg"]                                             | x.py  |                           |          |         |
      | a subscript and a bad quote | c.InteractiveShellApp['exec_lines'] = ['%run "x']                                                         |       |                           |          | some    |
      | a line running code        | c.InteractiveShellApp.exec_lines += ['exec(open("x").read())']                                             |       |                           |          | some    |
      | a line it cannot parse     | c.InteractiveShellApp.exec_lines.append('x = (')                                                           |       |                           |          | some    |
      | a list built first         | lines = ['%run x.py']\nc.InteractiveShellApp.exec_lines = lines                                            |       |                           |          | some    |
      | extensions from a variable | c.InteractiveShellApp.extensions = mine                                                                    |       |                           |          | modules |
      | extend                     | c.InteractiveShellApp.extensions.extend(['a.b'])                                                           |       | a                         |          |         |
      | a setattr                  | setattr(c.InteractiveShellApp, 'exec_lines', [])                                                           |       |                           |          | some    |
      | no Python                  | this is not python(                                                                                        |       |                           |          | some    |

  Scenario Outline: GIT_ALLOW_PROTOCOL "<allowed>" here and "<exported>" in the startup files: <policy>
    # The user's git runs an `ext::` remote where its GIT_ALLOW_PROTOCOL lists `ext`, or
    # where it is unset and the config allows ext. A value of agents' own that no startup
    # file exports may be missing in the user's shells (review 30 #6): the config decides.
    Then with "<allowed>" in agents' environment and "<exported>" exported, ext:: goes by "<policy>"

    Examples:
      | allowed  | exported      | policy |
      | file     | -             | -      |
      | file:ext | -             | ext    |
      | -        | file:ext      | ext    |
      | file     | file          | file   |
      | file     | file,file:ext | ext    |
      | -        | -             | -      |
