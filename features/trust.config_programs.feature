Feature: A program my git config names in my tree is kept from the model
  As a developer whose project's setup script set `diff.json.textconv = ./scripts/conv.sh`
  (or a filter, a merge driver, `credential.helper = !./tools/cred`, `core.fsmonitor`)
  I want the model's file actions refused on that file, and what a sandboxed command writes
  there put back
  So that my next `git diff`, `git status` or `git fetch` runs nothing the model planted

  Background:
    Given a git repository with files:
      | path  | content |
      | a.txt | a\n     |
    And Claude answers through a stand-in server

  Scenario Outline: The model's <kind> of <file>, which <key> names, is refused (<scope>)
    Given an executable file "<file>" containing "#!/bin/sh\nexit 0\n" committed
    And the <scope> git config sets "<key>" to "<value>"
    And Claude will propose the plan "programs" checked by ""
    And Claude will <kind> the file "<file>"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'programs'" with Claude
    Then the file "<file>" contains "exit 0"
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path '<file>' is <file>, which your git config's <shown> names for git to run, outside the sandbox: a model may not change it (change it yourself)"

    Examples:
      | kind   | file              | scope         | key                  | value                      | shown                |
      | edit   | scripts/conv.sh   | repository's  | diff.json.textconv   | ./scripts/conv.sh          | diff.json.textconv   |
      | delete | scripts/conv.sh   | repository's  | diff.json.textconv   | ./scripts/conv.sh          | diff.json.textconv   |
      | edit   | tools/clean.py    | repository's  | filter.x.clean       | python3 -u tools/clean.py  | filter.x.clean       |
      | edit   | tools/cred        | user's global | credential.helper    | !./tools/cred --store      | credential.helper    |
      | write  | tools/monitor     | repository's  | core.fsmonitor       | tools/monitor              | core.fsmonitor       |
      | edit   | bin/merge         | user's global | merge.ours.driver    | FOO=1 ./bin/merge %O %A %B | merge.ours.driver    |

  Scenario: My global credential helper that reads a token through a substitution leaves my tree open
    Given the user's global git config sets "credential.helper" to "!f() { echo "password=$(cat ~/.tok)"; }; f"
    And Claude will propose the plan "programs" checked by ""
    And Claude will write "docs/x.md" with "x\n"
    When I run "agents plan run 'programs'" with Claude
    Then the exit code is 0
    And the file "docs/x.md" contains "x"

  Scenario Outline: The model's edit of a program my environment's git config names is refused (<how>)
    Given an executable file "tools/conv" containing "#!/bin/sh\nexit 0\n" committed
    And the user's environment gives git "diff.x.textconv" as "./tools/conv" through <how>
    And Claude will propose the plan "programs" checked by ""
    And Claude will edit the file "tools/conv"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'programs'" with Claude
    Then the file "tools/conv" contains "exit 0"
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'tools/conv' is tools/conv, which your git config's diff.x.textconv names for git to run"

    Examples:
      | how                   |
      | GIT_CONFIG_COUNT      |
      | GIT_CONFIG_PARAMETERS |
      | GIT_CONFIG_GLOBAL     |

  Scenario: A sandboxed command cannot write a program my git config names
    Given an executable file "scripts/conv.sh" containing "cat" committed
    And the repository's git config sets "diff.json.textconv" to "./scripts/conv.sh"
    And Claude will propose the plan "programs" checked by ""
    And Claude will run "printf 'touch x' > scripts/conv.sh"
    When I run "agents plan run 'programs' --allow-command 'printf *'" with Claude
    Then the file "scripts/conv.sh" contains "cat"
    When I run "agents plan tree" with Claude
    Then stdout contains "read-only in the sandbox, as your host runs them: scripts/conv.sh"

  Scenario Outline: My committed file that a command's new setting names stays (<value>)
    Given an executable file "<file>" containing "#!/bin/sh\ncat\n" committed
    And Claude will propose the plan "programs" checked by ""
    And Claude will run "git config <key> '<value>'"
    When I run "agents plan run 'programs' --allow-command 'git config *' --no-sandbox" with Claude
    Then the exit code is 0
    And the file "<file>" holds exactly "#!/bin/sh\ncat\n"
    And the file "<file>" has mode 755
    When I run "agents plan tree" with Claude
    Then stdout contains "put back git config <shown>: set by the command"
    And stdout does not contain "removed <file>"

    Examples:
      | key             | value               | file                | shown           |
      | diff.x.textconv | ./tools/conv        | tools/conv          | diff.x.textconv |
      | diff.x.textconv | cd tools && sh conv | tools/conv          | diff.x.textconv |
      | core.hooksPath  | .githooks           | .githooks/pre-commit | core.hookspath  |

  Scenario: My ignored file that a command's new setting names stays
    Given the clone's own exclude file ignores "tools/"
    And an ignored file "tools/conv" containing "cat"
    And Claude will propose the plan "programs" checked by ""
    And Claude will run "git config diff.x.textconv ./tools/conv"
    When I run "agents plan run 'programs' --allow-command 'git config *' --no-sandbox" with Claude
    Then the exit code is 0
    And the file "tools/conv" holds exactly "cat"
    When I run "agents plan tree" with Claude
    Then stdout contains "put back git config diff.x.textconv: set by the command"
    And stdout does not contain "removed tools"

  Scenario Outline: A file the command <did> and named by a new setting is still removed
    Given an executable file "tools/conv" containing "#!/bin/sh\ncat\n" committed
    And Claude will propose the plan "programs" checked by ""
    And Claude will run "<command> && git config diff.x.textconv ./<file>"
    When I run "agents plan run 'programs' --allow-command 'printf *' --allow-command 'git config *' --no-sandbox" with Claude
    Then the exit code is 0
    And the file "<file>" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "removed <file>: new, git would run it outside the sandbox"
    And stdout contains "put back git config diff.x.textconv: set by the command"

    Examples:
      | did     | command                            | file       |
      | made    | printf 'touch canary' > tools/made | tools/made |
      | changed | printf 'touch canary' > tools/conv | tools/conv |

  Scenario Outline: The model's write of <file>, where <key>'s launcher finds what it runs, is refused
    Given the repository's git config sets "<key>" to "<value>"
    And Claude will propose the plan "programs" checked by ""
    And Claude will write the file "<file>"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'programs'" with Claude
    Then the file "<file>" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path '<file>' <why>, outside the sandbox: a model may not change it (change it yourself)"

    Examples:
      | file                       | key                     | value                                     | why                                                                                                                              |
      | nbstripout.py              | filter.nbstripout.clean | python3 -m nbstripout                     | matches *.py, where python3 finds what your git config's filter.nbstripout.clean runs (python3 -I would not look there)         |
      | json.py                    | diff.ipynb.textconv     | /usr/bin/python3 -m nbstripout -t         | matches *.py, where python3 finds what your git config's diff.ipynb.textconv runs (python3 -I would not look there)             |
      | node_modules/.bin/prettier | filter.fmt.clean        | npx --no-install prettier --stdin-filepath %f | is in node_modules, where npx finds what your git config's filter.fmt.clean runs                                          |
      | tools/conv.sh              | diff.bin.textconv       | f() { cd tools && ./conv.sh "$1"; }; f    | is in tools, where cd finds what your git config's diff.bin.textconv runs                                                      |
      | tools/cred.sh              | credential.helper       | !cd tools; ./cred.sh                      | is in tools, where cd finds what your git config's credential.helper runs                                                      |
      | tools/x.sh                 | diff.bin.textconv       | eval ./tools/conv.sh                      | may be run by your git config's diff.bin.textconv, which runs `eval` from the tree: agents cannot tell which files it runs (name the program by a path in that setting) |

  Scenario Outline: What a sandboxed command plants where <launcher> finds my filter's program is put back
    Given the repository's git config sets "filter.fmt.clean" to "<value>"
    And Claude will propose the plan "programs" checked by ""
    And Claude will run "mkdir -p <folder> && printf 'touch x' > <file>"
    When I run "agents plan run 'programs' --allow-command 'mkdir *' --allow-command 'printf *'" with Claude
    Then the file "<file>" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "removed <file>: new, git would run it outside the sandbox"

    Examples:
      | launcher | value                                          | folder            | file                       |
      | npx      | npx --no-install prettierx --stdin-filepath %f | node_modules/.bin | node_modules/.bin/prettierx |
      | python3  | python3 -m nbstripout                          | .                 | nbstripout.py              |
      | cd       | cd tools && ./conv.sh                          | tools             | tools/conv.sh              |
      | make     | make -s fmt                                    | .                 | Makefile                   |
      | python3  | python3 -m nsp.fmt                             | nsp               | nsp/fmt.py                 |
      | glob     | sh ./tools/*.sh                                | tools             | tools/fmt.sh               |

  Scenario Outline: A config I change while the model works is seen at its next file action (<case>)
    Given an executable file "tools/conv" containing "#!/bin/sh\nexit 0\n" committed
    And <setup>
    And no git config of the tree has changed for 2 seconds
    And Claude will propose the plan "write" then "edit"
    And Claude will write "b.txt", then, while I run "<command>", edit the file "<file>"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'programs'" with Claude
    Then the file "<file>" contains "exit 0"
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path '<file>' <said>"

    Examples:
      | case               | setup                                                                  | command                                                      | file                        | said                                                          |
      | repository config  | the repository's git config sets "diff.y.textconv" to "cat"            | git config diff.x.textconv ./tools/conv                      | tools/conv                  | is tools/conv, which your git config's diff.x.textconv names  |
      | an include made    | the repository's git config includes "../../extra.cfg", not there yet  | git config --file ../extra.cfg diff.x.textconv ./tools/conv  | tools/conv                  | is tools/conv, which your git config's diff.x.textconv names  |
      | a nested repository | a nested repository "vendor" holding "pre-commit" in ".githooks", no core.hooksPath set | git -C vendor config core.hooksPath .githooks | vendor/.githooks/pre-commit | is in vendor/.githooks, the hooks folder git runs             |

  Scenario: A program I name in my git config between two runs is kept from the model in the second
    Given an executable file "tools/conv" containing "#!/bin/sh\nexit 0\n" committed
    And no git config of the tree has changed for 2 seconds
    And Claude will propose the plan "first" checked by ""
    And Claude will write "b.txt" with "b\n"
    When I run "agents plan run 'first'" with Claude
    Then the exit code is 0
    Given the repository's git config sets "diff.x.textconv" to "./tools/conv"
    And Claude will propose the plan "programs" checked by ""
    And Claude will edit the file "tools/conv"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'programs'" with Claude
    Then the file "tools/conv" contains "exit 0"
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'tools/conv' is tools/conv, which your git config's diff.x.textconv names"
