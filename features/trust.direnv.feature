Feature: What my allowed .envrc loads from my tree is kept from the model
  As a developer whose tracked `.envrc` (allowed once with `direnv allow`) loads a file of my
  tree (`source_env_if_exists .envrc.local`, `source .venv/bin/activate`, `dotenv`, `use nix`)
  I want the model's file actions refused on what direnv loads, and what a sandboxed command
  writes there put back
  So that my next shell prompt in the tree runs nothing the model planted, with no new allow

  Background:
    Given a git repository with files:
      | path       | content                                                            |
      | a.txt      | a\n                                                                |
      | sub/b.txt  | b\n                                                                |
      | .gitignore | .envrc.local\n.venv/\n                                             |
      | .envrc     | source_env_if_exists .envrc.local\ndotenv_if_exists\nexport PROJ=1\n |
      | bin/mytool | . lib/common.sh\n                                                   |
    And Claude answers through a stand-in server

  Scenario: What a sandboxed command writes into the file my .envrc sources does not run at my next prompt
    Given the user has allowed the tree's .envrc with direnv
    And Claude will propose the plan "env" checked by ""
    And Claude will run "printf 'touch direnv-ran' > .envrc.local"
    When I run "agents plan run 'env' --allow-command 'printf *'" with Claude
    And the user's shell prompt loads the tree's environment with direnv
    Then direnv loaded the tree's .envrc, exporting "PROJ"
    And the file "direnv-ran" does not exist
    And the file ".envrc.local" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "read-only in the sandbox, as your host runs them:"
    And stdout contains ".envrc.local"

  Scenario Outline: The model's write of <file>, which my .envrc loads, is refused
    Given a plain file "<envrc>" containing "<content>" committed
    And Claude will propose the plan "env" checked by ""
    And Claude will write the file "<file>"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'env'" with Claude
    Then the file "<file>" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path '<file>' <why>, outside the sandbox: a model may not change it (change it yourself)"

    Examples:
      | envrc        | content                            | file                 | why                                                                                              |
      | .envrc       | source .venv/bin/activate\n        | .venv/bin/activate   | is .venv/bin/activate, which direnv's .envrc (in your shell, with no new `direnv allow`) loads |
      | .envrc       | dotenv\n                           | .env                 | is .env, which direnv's .envrc (in your shell, with no new `direnv allow`) loads               |
      | sub/.envrc   | source_up\nuse nix\n               | sub/shell.nix        | may be run by direnv's sub/.envrc (in your shell, with no new `direnv allow`), which runs `use nix`, which direnv's stdlib runs: agents cannot tell which files it runs (name them by their paths in the .envrc) |
      | .envrc       | PATH_add bin\nmytool\n            | lib/common.sh        | is lib/common.sh, which direnv's .envrc (in your shell, with no new `direnv allow`) loads       |
      | .envrc       | layout python3\n                   | .direnv/python-3/bin/python | is in .direnv, where layout python3 makes what direnv's .envrc (in your shell, with no new `direnv allow`) runs |

  Scenario: The model's edit of my allowed .envrc is refused too
    Given a plain file "sub/.envrc" containing "exit 0\n" committed
    And Claude will propose the plan "env" checked by ""
    And Claude will edit the file "sub/.envrc"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'env'" with Claude
    Then the file "sub/.envrc" contains "exit 0"
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'sub/.envrc' is sub/.envrc, which direnv runs in your shell once you allow it"

  Scenario Outline: What a sandboxed command writes to <file> never stays, so no allow asks for the model's
    Given Claude will propose the plan "env" checked by ""
    And Claude will run "printf 'touch direnv-ran' > <file>"
    When I run "agents plan run 'env' --allow-command 'printf *'" with Claude
    Then the file ".envrc" contains "source_env_if_exists"
    When I run "agents plan tree" with Claude
    Then stdout contains "<said> <file>"

    Examples:
      | file       | said     |
      | .envrc     | read-only in the sandbox, as your host runs them: |
      | sub/.envrc | removed  |

  Scenario Outline: A folder my .envrc puts on PATH through <spelling> holds its programs read-only
    Given a plain file ".envrc" containing "export PATH=<spelling>:$PATH\n" committed
    And a plain file "bin/tool" containing "echo tool\n" committed
    And Claude will propose the plan "env" checked by ""
    And Claude will run "printf 'touch direnv-ran' > bin/tool"
    When I run "agents plan run 'env' --allow-command 'printf *'" with Claude
    Then the file "bin/tool" contains "echo tool"
    And the file "$PATH" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "read-only in the sandbox, as your host runs them:"
    And stdout contains "bin/tool"

    Examples:
      | spelling    |
      | $PWD/bin    |
      | ${PWD}/bin  |
      | $(pwd)/bin  |
