Feature: What a script my git config names runs is kept from the model too
  As a developer whose git config runs a script of my tree (`diff.x.textconv =
  node tools/conv.js`, `credential.helper = !./tools/cred.sh`), or names a tree path
  through git's `%(prefix)/`
  I want what that script runs (a module it requires, a script it sources) kept from the
  model as the script itself is, and `%(prefix)/` read as my git reads it
  So that my next `git diff` or `git commit` runs nothing the model planted

  Background:
    Given a git repository with files:
      | path  | content |
      | a.txt | a\n     |
    And Claude answers through a stand-in server

  Scenario: A config my git includes through %(prefix)/ from the tree is refused
    Given the repository's git config sets "include.path" to the tree's "extra.cfg" through %(prefix)
    When I run "agents plan list"
    Then the exit code is 3
    And stderr contains "includes %(prefix)/"

  Scenario: The model's write into a hooks folder named through %(prefix)/ is refused
    Given the repository's git config sets "core.hooksPath" to the tree's "hk" through %(prefix)
    And Claude will propose the plan "hooks" checked by ""
    And Claude will write the file "hk/pre-commit"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'hooks'" with Claude
    Then the file "hk/pre-commit" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'hk/pre-commit' is in hk, the hooks folder git runs (core.hooksPath)"

  Scenario Outline: The model's write of <file>, which my config's script <script> runs, is refused
    Given an executable file "<script>" containing "<content>" committed
    And the repository's git config sets "<key>" to "<value>"
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
      | script          | content                                                       | key               | value                | file            | why                                                                                          |
      | tools/conv.js   | const u = require('./util');\nu.conv(process.stdin);\n        | diff.x.textconv   | node tools/conv.js   | tools/util.js   | is in tools, where the script tools/conv.js finds what your git config's diff.x.textconv runs |
      | tools/conv.js   | require('../lib/util');\n                                     | diff.x.textconv   | node tools/conv.js   | lib/util.js     | is in lib, where the script tools/conv.js finds what your git config's diff.x.textconv runs   |
      | tools/conv.sh   | #!/bin/sh\n. ./tools/lib.sh\ncat "$1"\n                       | diff.x.textconv   | ./tools/conv.sh      | tools/lib.sh    | is tools/lib.sh, which your git config's diff.x.textconv names for git to run                |
      | tools/cred.sh   | #!/bin/sh\n. "$(dirname "$0")/lib.sh"\n                       | credential.helper | !./tools/cred.sh     | tools/lib.sh    | is tools/lib.sh, which your git config's credential.helper names for git to run              |
      | tools/clean.sh  | #!/usr/bin/env bash\nsh tools/step.sh\n                       | filter.x.clean    | tools/clean.sh       | tools/step.sh   | is tools/step.sh, which your git config's filter.x.clean names for git to run                |
      | tools/clean.sh  | #!/bin/bash\nexec python3 tools/helper.py\n                   | filter.x.clean    | ./tools/clean.sh     | tools/helper.py | is tools/helper.py, which your git config's filter.x.clean names for git to run              |
      | conv.pl         | #!/usr/bin/perl\nrequire './lib.pl';\n                        | diff.x.textconv   | ./conv.pl            | lib.pl          | may be run by your git config's diff.x.textconv, which runs `conv.pl`, a perl script from the tree: agents cannot tell which files it runs (name the program by a path in that setting) |
      | tools/conv.jl   | include("lib.jl")\n                                           | diff.x.textconv   | julia tools/conv.jl  | tools/lib.jl    | is in tools, where the script tools/conv.jl finds what your git config's diff.x.textconv runs |

  Scenario: The model's write of what a shebang-less script run by `sh` sources is refused
    Given a plain file "tools/conv" containing ". tools/lib\ncat \"$1\"\n" committed
    And the repository's git config sets "diff.x.textconv" to "sh tools/conv"
    And Claude will propose the plan "programs" checked by ""
    And Claude will write the file "tools/lib"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'programs'" with Claude
    Then the file "tools/lib" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'tools/lib' is tools/lib, which your git config's diff.x.textconv names for git to run"

  Scenario: The model's write of what my Claude Code hook's node script requires is refused
    Given an executable file "tools/fmt.js" containing "require('./util');\n" committed
    And an executable file ".claude/settings.json" containing "{"hooks": {"PostToolUse": [{"matcher": "Write", "hooks": [{"type": "command", "command": "node tools/fmt.js"}]}]}}" committed
    And Claude will propose the plan "programs" checked by ""
    And Claude will write the file "tools/util.js"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'programs'" with Claude
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'tools/util.js' is in tools, where the script tools/fmt.js finds what Claude Code's PostToolUse hook in .claude/settings.json runs"

  Scenario: What a sandboxed command plants where my textconv's node script requires it is put back
    Given an executable file "tools/conv.js" containing "require('./util');\n" committed
    And the repository's git config sets "diff.x.textconv" to "node tools/conv.js"
    And Claude will propose the plan "programs" checked by ""
    And Claude will run "printf 'touch x' > tools/util.js"
    When I run "agents plan run 'programs' --allow-command 'printf *'" with Claude
    Then the file "tools/util.js" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "removed tools/util.js: new, git would run it outside the sandbox"

  Scenario: A script I edit while the model works is read again at its next file action
    Given an executable file "tools/conv.sh" containing "#!/bin/sh\ncat \"$1\"\n" committed
    And the repository's git config sets "diff.x.textconv" to "./tools/conv.sh"
    And no git config of the tree has changed for 2 seconds
    And Claude will propose the plan "write" then "edit"
    And Claude will write "b.txt", then, while I run "printf '. ./tools/lib.sh\n' >> tools/conv.sh", edit the file "tools/lib.sh"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'programs'" with Claude
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'tools/lib.sh' is tools/lib.sh, which your git config's diff.x.textconv names"
