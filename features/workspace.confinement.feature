Feature: Actions are confined to the working tree
  As a developer letting an agent act on my repository
  I want every file action kept inside the working tree and away from .git
  So that no plan, however wrong, writes anywhere else

  Scenario Outline: A plan file naming a path outside the tree is refused before anything runs
    Given a git repository
    And the plan file "plan.yaml":
      """
      task: Escape
      steps:
        - name: escape
          options:
            - actions:
                - <action>: <path>
                  content: "x"
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 2
    And stderr is one line containing "<message>"
    And the repository has no plan

    Examples:
      | action | path              | message                  |
      | write  | ../outside.txt    | leaves the working tree  |
      | write  | /tmp/abs.txt      | is absolute              |
      | write  | .git/config       | is inside .git           |
      | write  | sub/.GIT/hooks/x  | is inside .git           |
      | write  | "a\\b.txt"        | has a backslash or NUL   |
      | write  | ./.               | names the working tree   |
      | write  | "  "              | empty path               |

  Scenario: A symlink that leaves the tree is refused when the action runs, and nothing is written
    Given a git repository
    And a symlink "out" pointing outside the repository
    And the plan file "plan.yaml":
      """
      task: Escape through a symlink
      steps:
        - name: escape
          options:
            - name: through the link
              actions:
                - write: out/escaped.txt
                  content: "x"
            - name: through the link again
              actions:
                - edit: out/escaped.txt
                  find: "x"
                  replace: "y"
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 1
    And stdout contains "refused: path 'out/escaped.txt' goes through a symlink that leaves the working tree"
    And nothing was written outside the repository

  Scenario: A symlink into .git is refused
    Given a git repository
    And a symlink "gitlink" pointing to ".git"
    When the workspace applies "write" to "gitlink/config"
    Then the action is refused with "leads into the git directory"

  Scenario Outline: A symlink into a nested repository's .git is refused: <how>
    Given a git repository
    And an untracked file "lib/.git" containing "gitdir: ../../elsewhere"
    And an untracked file "sub/.git/config" containing "[core]"
    And a symlink "<link>" pointing to "<target>"
    When the workspace applies "<action>" to "<path>"
    Then the action is refused with "leads into a nested repository's .git"

    Examples:
      | how                          | link | target    | action | path    |
      | a write onto the gitdir file | x    | lib/.git  | write  | x       |
      | a write into a linked .git   | z    | sub/.git  | write  | z/config |
      | an edit of the gitdir file   | x    | lib/.git  | edit   | x       |

  Scenario: Deleting a symlink removes the link, not what it points to
    Given a git repository
    And a symlink "out" pointing outside the repository
    When the workspace applies "delete" to "out"
    Then the action succeeds
    And the outside target still exists

  Scenario Outline: Actions that cannot be done fail as outcomes
    Given a git repository
    And an untracked file "dir/inner.txt" containing "inner"
    When the workspace applies "<action>" to "<path>"
    Then the action fails with "<message>"

    Examples:
      | action | path        | message          |
      | edit   | missing.txt | no such file     |
      | delete | missing.txt | no such file     |
      | delete | dir         | is a directory   |

  Scenario: Command output is capped
    Given a git repository
    When the workspace runs "python3 -c \"print('x' * 100000)\""
    Then the captured output is cut with a note of how much more there was
