Feature: I vouch for a program my git hooks run that agents does not know
  As a developer whose pre-commit hook runs a linter agents has no table for (`mylint`)
  I want to say once, outside my tree, that it reads the files it is given as data
  So that the model may write my tree again, and a refusal tells me the one command to run

  Background:
    Given a git repository with files:
      | path  | content |
      | a.txt | a\n     |
    And my agents config is kept in a folder of this scenario
    And the repository's hook "pre-commit" holds "#!/bin/sh\nexec mylint --check src\n"
    And Claude answers through a stand-in server

  Scenario: Before a vouch the model's write is refused naming the vouch; after it, kept; unvouched, refused again
    Given Claude will propose the plan "lint" checked by ""
    And Claude will write "a.txt" with "model\n"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'lint'" with Claude
    Then the file "a.txt" contains "a"
    And the file "a.txt" does not contain "model"
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'a.txt' may be run by the pre-commit hook, which runs `mylint`, a program agents has no table for: agents cannot tell which files of the tree it runs (if mylint only reads the files it is given, vouch for it: agents hooks vouch mylint)"
    When I run "agents hooks vouch mylint"
    Then the exit code is 0
    And my vouch file lists only "mylint"
    Given Claude will propose the plan "lint again" checked by ""
    And Claude will write "a.txt" with "model\n"
    When I run "agents plan run 'lint again'" with Claude
    Then the exit code is 0
    And the file "a.txt" contains "model"
    When I run "agents hooks unvouch mylint"
    Then the exit code is 0
    And my vouch file lists nothing
    Given Claude will propose the plan "lint once more" checked by ""
    And Claude will write "a.txt" with "again\n"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'lint once more'" with Claude
    Then the file "a.txt" contains "model"
    And the file "a.txt" does not contain "again"

  Scenario: What a command changes is put back before a vouch, kept after it
    Given Claude will propose the plan "notes" checked by ""
    And Claude will run "printf 'x' >> a.txt"
    When I run "agents plan run 'notes' --allow-command 'printf *'" with Claude
    Then the file "a.txt" does not contain "x"
    When I run "agents plan tree" with Claude
    Then stdout contains "put back a.txt: changed by the command"
    And stdout contains "(if mylint only reads the files it is given, vouch for it: agents hooks vouch mylint)"
    When I run "agents hooks vouch mylint --json"
    Then stdout contains ""changed": true"
    And stdout is a document "hooks-vouch" of `agents schema`
    Given Claude will propose the plan "notes again" checked by ""
    And Claude will run "printf 'y' >> a.txt"
    When I run "agents plan run 'notes again' --allow-command 'printf *'" with Claude
    Then the exit code is 0
    And the file "a.txt" contains "y"

  Scenario Outline: A program that runs code, or a path of my tree, cannot be vouched for (<case>)
    When I run "agents hooks vouch <program>"
    Then the exit code is 2
    And stderr contains "<why>"
    And stderr contains "nothing was changed"

    Examples:
      | case               | program      | why                                              |
      | an interpreter     | python3      | python3 runs the code, script or project it is given |
      | a project runner   | make         | make runs the code, script or project it is given    |
      | a launcher         | npx          | npx runs the code, script or project it is given     |
      | a wrapper          | setpriv      | setpriv runs the code, script or project it is given |
      | a command's runner | chronic      | chronic runs the code, script or project it is given |
      | a versioned perl   | perl5.36.0   | perl5.36.0 runs the code, script or project it is given |
      | a tool runner      | uvx          | uvx runs the code, script or project it is given     |
      | an arch wrapper    | setarch      | setarch runs the code, script or project it is given |
      | perl by its machine | perl5.36-x86_64-linux-gnu | perl5.36-x86_64-linux-gnu runs the code, script or project it is given |
      | a versioned irb    | irb3.1       | irb3.1 runs the code, script or project it is given  |
      | python's debugger  | pdb3         | pdb3 runs the code, script or project it is given    |
      | vim by its build   | vim.basic    | vim.basic runs the code, script or project it is given |
      | a test runner      | robot        | robot runs the code, script or project it is given     |
      | a task runner      | poe          | poe runs the code, script or project it is given       |
      | an app server      | uvicorn      | uvicorn runs the code, script or project it is given   |
      | a deploy tool      | terraform    | terraform runs the code, script or project it is given |
      | a relative path    | tools/fmt    | tools/fmt is a relative path                          |
      | two words          | 'mylint -x'  | is not one program's name or absolute path           |

  Scenario: A runner's Python console script cannot be vouched for under another name
    Given my PATH holds "rbt", a copy of the console script of "robot"
    When I run "agents hooks vouch rbt"
    Then the exit code is 2
    And stderr contains "cannot vouch for it: rbt is a Python program of robot, which runs the code, script or project it is given"
    And stderr contains "nothing was changed"

  Scenario: A path of my tree cannot be vouched for, nor counts when vouched from elsewhere
    When I run "agents hooks vouch {repo}/tools/fmt"
    Then the exit code is 2
    And stderr contains "it lies in this working tree, which the model writes"

  Scenario: Status lists what I vouched for, for people and for scripts
    When I run "agents hooks vouch mylint"
    And I run "agents hooks vouch /opt/acme/bin/acme-fmt"
    And I run "agents hooks vouch ruff"
    Then stdout contains "ruff reads its files as data already: agents knows it, nothing changed"
    When I run "agents hooks status"
    Then stdout contains "vouched: mylint"
    And stdout contains "vouched: /opt/acme/bin/acme-fmt"
    When I run "agents hooks status --json"
    Then stdout contains ""vouched": ["
    And stdout is a document "hooks-status" of `agents schema`
    When I run "agents hooks unvouch mylint --json"
    Then stdout contains ""changed": true"
    And stdout is a document "hooks-unvouch" of `agents schema`
    When I run "agents hooks unvouch mylint"
    Then stdout contains "mylint was not vouched for: nothing changed"
    And my vouch file lists only "/opt/acme/bin/acme-fmt"

  Scenario: A vouch file I broke by hand vouches for nothing, and status says so
    Given my vouch file holds "{"vouched": 3}"
    When I run "agents hooks status"
    Then the exit code is 0
    And stderr contains "is not a list of vouched programs (vouched is not a list of names): nothing in it is vouched for"
    When I run "agents hooks vouch mylint"
    Then the exit code is 2

  Scenario: A config folder I cannot write is said, with what to do, and nothing changes
    When I run "agents hooks vouch mylint" with the environment XDG_CONFIG_HOME=/proc/self
    Then the exit code is 3
    And stderr contains "cannot write in /proc/self/cleveragents"
    And stderr contains "point XDG_CONFIG_HOME at one you can write"

  Scenario: A wrapper written into my vouch file by hand vouches for nothing, nor is it offered
    Given my vouch file holds "{"vouched": ["setpriv"]}"
    And the repository's hook "pre-commit" holds "#!/bin/sh\nexec setpriv --no-new-privs make -s fmt\n"
    And Claude will propose the plan "fmt" checked by ""
    And Claude will write "Makefile" with "fmt:\n\t@touch planted\n"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'fmt'" with Claude
    Then the file "Makefile" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "which runs `setpriv`, a program agents has no table for"
    And stdout does not contain "agents hooks vouch setpriv"

  Scenario: A command my vouched program is given is read as the command it is
    Given my vouch file holds "{"vouched": ["mylint"]}"
    And the repository's hook "pre-commit" holds "#!/bin/sh\nexec mylint --with make -s fmt\n"
    And Claude will propose the plan "fmt" checked by ""
    And Claude will write "Makefile" with "fmt:\n\t@touch planted\n"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'fmt'" with Claude
    Then the file "Makefile" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'Makefile'"

  Scenario: A tree script my vouched program is given by its path is read as a script it runs
    Given my vouch file holds "{"vouched": ["mylint"]}"
    And the repository's hook "pre-commit" holds "#!/bin/sh\nexec mylint --arch x86-64 ./scripts/fmt.sh src\n"
    And Claude will propose the plan "fmt" checked by ""
    And Claude will write "scripts/fmt.sh" with "touch planted\n"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'fmt'" with Claude
    Then the file "scripts/fmt.sh" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'scripts/fmt.sh'"

  Scenario Outline: A tree script my vouched program is given through $HOME or an attached option is read as one (<case>)
    Given the tree lies in the user's home at "proj"
    And my vouch file holds "{"vouched": ["mylint"]}"
    And the repository's hook "pre-commit" holds "#!/bin/sh\nexec mylint <words> src\n"
    And Claude will propose the plan "fmt" checked by ""
    And Claude will write "scripts/fmt.sh" with "touch planted\n"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'fmt'" with Claude
    Then the file "scripts/fmt.sh" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'scripts/fmt.sh'"

    Examples:
      | case          | words                          |
      | $HOME, quoted | --rc "$HOME/proj/scripts/fmt.sh" |
      | attached      | -xscripts/fmt.sh               |

  Scenario: A program my PATH links into my tree cannot be vouched for
    Given my PATH holds "acme-fmt", a link to the tree's committed script "tools/acme-fmt"
    When I run "agents hooks vouch acme-fmt"
    Then the exit code is 2
    And stderr contains "cannot vouch for acme-fmt: on your PATH it is tools/acme-fmt of this working tree"
    And stderr contains "nothing was changed"

  Scenario: A vouch for a program my PATH links into my tree does not count in that tree
    Given my PATH holds "acme-fmt", a link to the tree's committed script "tools/acme-fmt"
    And my vouch file holds "{"vouched": ["acme-fmt"]}"
    And the repository's hook "pre-commit" holds "#!/bin/sh\nexec acme-fmt README\n"
    And Claude will propose the plan "fmt" checked by ""
    And Claude will write "tools/acme-fmt" with "touch planted\n"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'fmt'" with Claude
    Then the file "tools/acme-fmt" does not contain "planted"

  Scenario: A vouch for a program my PATH wraps a tree script with keeps that script from the model
    Given my PATH holds "mylint", a wrapper script running the tree's committed script "tools/mylint"
    And my vouch file holds "{"vouched": ["mylint"]}"
    And Claude will propose the plan "lint" checked by ""
    And Claude will write "tools/mylint" with "touch planted\n"
    And Claude will write "a.txt" with "model\n"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'lint'" with Claude
    And the user commits everything with git
    Then the file "planted" does not exist
    And the file "tools/mylint" does not contain "planted"
    And the file "a.txt" contains "model"
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'tools/mylint'"

  Scenario: A git setting's program my PATH links into my tree is read as the tree script it is
    Given my PATH holds "acme-pager", a link to the tree's committed script "tools/acme-pager"
    And the repository's git config sets "core.pager" to "acme-pager"
    And my vouch file holds "{"vouched": ["mylint"]}"
    And Claude will propose the plan "pager" checked by ""
    And Claude will write "tools/acme-pager" with "touch planted\n"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'pager'" with Claude
    Then the file "tools/acme-pager" does not contain "planted"
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'tools/acme-pager'"

  Scenario: A vouch file that is a link into my dotfiles is written through the link
    Given my vouch file is a link to "vouched.json" of my dotfiles holding "{"vouched": ["mylint"]}"
    When I run "agents hooks vouch mdlint19"
    Then the exit code is 0
    And my vouch file is still a link to "vouched.json" of my dotfiles, listing only "mylint, mdlint19"
