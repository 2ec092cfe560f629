Feature: A file of my tree a nested repository's own config includes or runs is kept from the model
  As a developer with a vendored clone or a submodule whose own config includes a
  `.gitconfig` of its tree, or names a filter script of it
  I want the model's file actions refused on those files, and what a sandboxed command writes
  there put back
  So that my next `git status` or `git diff` in or around it runs nothing the model planted

  Background:
    Given a git repository with files:
      | path  | content |
      | a.txt | a\n     |
    And Claude answers through a stand-in server

  Scenario Outline: The model's write of a tree file a <kind>'s own config includes is refused
    Given <setup>
    And the nested repository "<name>"'s git config sets "<key>" to "<value>"
    And Claude will propose the plan "nested" checked by ""
    And Claude will write the file "<file>"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'nested'" with Claude
    Then the file "<file>" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path '<file>' is <file>, which <key> of the nested repository <name>'s git config includes: git reads it as config, commands too"

    Examples:
      | kind          | setup                                        | name        | key                        | value                  | file                   |
      | nested clone  | a nested repository "vendor/lib2" with a commit | vendor/lib2 | include.path               | ../.gitconfig          | vendor/lib2/.gitconfig |
      | submodule     | a submodule "lib" registered in the repository  | lib         | include.path               | ../../../lib/.gitconfig | lib/.gitconfig        |
      | conditional   | a nested repository "vendor/lib2" with a commit | vendor/lib2 | includeif.onbranch:x.path  | ../../shared.inc       | vendor/shared.inc      |

  Scenario: The model's write of a filter script a submodule's own config names is refused
    Given a submodule "lib" registered in the repository
    And the nested repository "lib"'s git config sets "filter.x.clean" to "./clean.sh"
    And Claude will propose the plan "nested" checked by ""
    And Claude will write the file "lib/clean.sh"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'nested'" with Claude
    Then the file "lib/clean.sh" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'lib/clean.sh' is lib/clean.sh, which filter.x.clean of the nested repository lib's git config names for git to run"

  Scenario: A sandboxed command cannot make a file a submodule's own config includes
    Given a submodule "lib" registered in the repository
    And the nested repository "lib"'s git config sets "include.path" to "../../../lib/.gitconfig"
    And Claude will propose the plan "nested" checked by ""
    And Claude will run "echo fsmonitor > lib/.gitconfig"
    When I run "agents plan run 'nested' --allow-command 'echo *'" with Claude
    Then the file "lib/.gitconfig" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "read-only in the sandbox, as your host runs them: lib/.gitconfig"

  Scenario: A sandboxed command cannot make a filter script a submodule's config names
    Given a submodule "lib" registered in the repository
    And the nested repository "lib"'s git config sets "filter.x.clean" to "./clean.sh"
    And Claude will propose the plan "nested" checked by ""
    And Claude will run "echo touch > lib/clean.sh"
    When I run "agents plan run 'nested' --allow-command 'echo *'" with Claude
    Then the file "lib/clean.sh" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "read-only in the sandbox, as your host runs them: lib/clean.sh"

  Scenario: A program of my global git config a nested repository runs from its top is mine
    Given a nested repository "vendor" with a commit
    And the user's global git config sets "credential.helper" to "!./tools/cred"
    And Claude will propose the plan "nested" checked by ""
    And Claude will write the file "vendor/tools/cred"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'nested'" with Claude
    Then the file "vendor/tools/cred" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'vendor/tools/cred' is vendor/tools/cred, which your git config's credential.helper names for git to run"
