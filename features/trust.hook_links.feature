Feature: A hook installed as a link into my tree is kept from the model
  As a developer whose setup links `.git/hooks/pre-commit` (or all of `.git/hooks`) to a
  file or folder of my tree, as many projects' setup docs say
  I want the model's file actions refused on what those links lead to, and what a sandboxed
  command writes there put back
  So that my next `git commit` runs nothing the model planted through the link

  Background:
    Given a git repository with files:
      | path  | content |
      | a.txt | a\n     |
    And Claude answers through a stand-in server

  Scenario Outline: The model's <kind> of <hook>, where a hook link leads, is refused
    Given an executable file "<hook>" containing "#!/bin/sh\nexit 0\n" committed
    And <setup>
    And Claude will propose the plan "hooks" checked by ""
    And Claude will <kind> the file "<hook>"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'hooks'" with Claude
    Then the file "<hook>" contains "exit 0"
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path '<hook>' is in <folder>, which git runs as a hook through a link to it, outside the sandbox: a model may not change it (change it yourself)"

    Examples:
      | kind   | hook                | setup                                                                           | folder             |
      | edit   | scripts/pre-commit  | a symlink ".git/hooks/pre-commit" pointing to "../../scripts/pre-commit"        | scripts/pre-commit |
      | delete | scripts/pre-commit  | a symlink ".git/hooks/pre-commit" pointing to "../../scripts/pre-commit"        | scripts/pre-commit |
      | edit   | githooks/pre-commit | the repository's hooks folder ".git/hooks" is a link to "../githooks"           | githooks           |
      | write  | githooks/post-merge | the repository's hooks folder ".git/hooks" is a link to "../githooks"           | githooks           |
      | edit   | scripts/pre-commit  | the submodule "lib"'s hook "pre-commit" is a link to the tree's "scripts/pre-commit" | scripts/pre-commit |
      | edit   | scripts/pre-commit  | the repository's hook "pre-commit" is an absolute link to the tree's "scripts/pre-commit" | scripts/pre-commit |
      | write  | post-merge          | the repository's hooks folder ".git/hooks" is a link to ".."                    | the tree's top     |

  Scenario: The model's edit of a file a nested repository's hook links to is refused
    Given a nested repository "vendor" whose hook "pre-commit" is a link to its "scripts/pre-commit"
    And Claude will propose the plan "hooks" checked by ""
    And Claude will edit the file "vendor/scripts/pre-commit"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'hooks'" with Claude
    Then the file "vendor/scripts/pre-commit" contains "exit 0"
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'vendor/scripts/pre-commit' is in vendor/scripts/pre-commit, which git runs as a hook through a link to it"

  Scenario Outline: A hook a sandboxed command plants or changes through a link is refused (<case>)
    Given an executable file "githooks/pre-commit" containing "exit 0" committed
    And <setup>
    And Claude will propose the plan "hooks" checked by ""
    And Claude will run "printf 'touch x' > <hook> && chmod +x <hook>"
    When I run "agents plan run 'hooks' --allow-command 'printf *' --allow-command 'chmod *'" with Claude
    Then the file "githooks/pre-commit" contains "exit 0"
    And the file "githooks/post-commit" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "<said>"

    Examples:
      | case                   | setup                                                                     | hook                | said                                                                    |
      | hooks folder a link    | the repository's hooks folder ".git/hooks" is a link to "../githooks"     | githooks/post-commit | read-only in the sandbox, as your host runs them: githooks              |
      | one hook a link        | a symlink ".git/hooks/pre-commit" pointing to "../../githooks/pre-commit" | githooks/pre-commit  | read-only in the sandbox, as your host runs them: githooks/pre-commit   |
      | a submodule's hook a link | the submodule "lib"'s hook "pre-commit" is a link to the tree's "githooks/pre-commit" | githooks/pre-commit | read-only in the sandbox, as your host runs them: githooks/pre-commit |

  Scenario: A command that swaps the tree link a hook link leads through is put back
    Given an executable file "scripts/real.sh" containing "exit 0" committed
    And a symlink "scripts/pre-commit" pointing to "real.sh" committed
    And a symlink ".git/hooks/pre-commit" pointing to "../../scripts/pre-commit"
    And Claude will propose the plan "hooks" checked by ""
    And Claude will run "rm scripts/pre-commit && printf 'touch x' > scripts/pre-commit"
    When I run "agents plan run 'hooks' --allow-command 'rm *' --allow-command 'printf *'" with Claude
    Then "scripts/pre-commit" is a link to "real.sh"
    When I run "agents plan tree" with Claude
    Then stdout contains "put back scripts/pre-commit: changed by the command"
