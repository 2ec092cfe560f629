Feature: A script outside the tree that my git config runs is read for what it runs
  As a developer whose git config runs a script of mine outside the project
  (`core.editor = ~/bin/edit.sh`, `core.pager = mypager` on PATH, `alias.x = !~/bin/x.sh`)
  that runs files of the tree
  I want what that script runs in the tree kept from the model, the whole tree when agents
  cannot tell, and one vouch to say a script of mine runs nothing of the tree
  So that my next `git commit`, `git log` or `git diff` runs no file the model rewrote

  Background:
    Given Claude answers through a stand-in server
    And a git repository with files:
      | path           | content         |
      | a.txt          | a # exit 0\n    |
      | scripts/fmt.sh | true # exit 0\n |
    And a Claude Code config folder
    And my agents config is kept in a folder of this scenario

  Scenario Outline: The model's edit of scripts/fmt.sh, which the script <setting> names runs, is refused
    Given the user's script "bin/check.sh" of the config folder holds "#!/bin/sh\nsh scripts/fmt.sh\nexec vi \"$@\"\n"
    And the user's script "bin/mypager" of the config folder holds "#!/bin/sh\n. {config}/bin/check.sh\n"
    And the user's script "bin/check.pl" of the config folder holds "#!/usr/bin/perl\nsystem("sh", "scripts/fmt.sh");\n"
    And the user's folder "bin" of the config folder is first on PATH
    And the repository's git config sets <setting> to "<value>"
    And Claude will propose the plan "programs" checked by ""
    And Claude will edit the file "scripts/fmt.sh"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'programs'" with Claude
    Then the file "scripts/fmt.sh" contains "exit 0"
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'scripts/fmt.sh' is scripts/fmt.sh, which your git config's <setting> names for git to run"

    Examples:
      | setting         | value                           |
      | core.editor     | {config}/bin/check.sh           |
      | sequence.editor | sh {config}/bin/check.sh        |
      | diff.external   | {config}/bin/check.sh           |
      | alias.fmt       | !{config}/bin/check.sh --quiet  |
      | core.pager      | mypager -R                      |
      | interactive.difffilter | {config}/bin/check.pl    |

  Scenario Outline: A <script> that runs a program of the user's outside the tree leaves the tree to the model
    Given the user's script "<path>" of the config folder holds "<content>"
    And the user's folder "bin" of the config folder is first on PATH
    And the repository's git config sets <setting> to "<value>"
    And Claude will propose the plan "programs" checked by ""
    And Claude will edit the file "scripts/fmt.sh"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'programs'" with Claude
    Then the file "scripts/fmt.sh" does not contain "exit 0"

    Examples:
      | script              | path        | content                                  | setting     | value                |
      | editor script       | bin/edit.sh | #!/bin/sh\nexec vi \"$@\"\n              | core.editor | {config}/bin/edit.sh |
      | perl pager on PATH  | bin/fancy   | #!/usr/bin/perl\nprint while <STDIN>;\n  | core.pager  | fancy \| less -R     |

  Scenario: A wrapper on PATH whose program agents cannot tell keeps the tree until the user vouches for it
    Given the user's script "bin/code" of the config folder holds "#!/bin/sh\nELECTRON=\"$(dirname \"$0\")/../electron\"\n\"$ELECTRON\" --wait \"$@\"\n"
    And the user's folder "bin" of the config folder is first on PATH
    And the repository's git config sets core.editor to "code --wait"
    And Claude will propose the plan "programs" checked by ""
    And Claude will edit the file "a.txt"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'programs'" with Claude
    Then the file "a.txt" contains "exit 0"
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'a.txt' may be run by your git config's core.editor, which runs"
    And stdout contains "which runs `"$ELECTRON"` as a program: agents cannot tell which files of the tree it runs (if code only reads the files it is given, vouch for it: agents hooks vouch code)"
    When I run "agents hooks vouch code"
    Then the exit code is 0
    Given Claude will propose the plan "programs again" checked by ""
    And Claude will edit the file "a.txt"
    When I run "agents plan run 'programs again'" with Claude
    Then the exit code is 0
    And the file "a.txt" does not contain "exit 0"
