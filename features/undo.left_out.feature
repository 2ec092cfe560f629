Feature: Undo removes what a command made that no checkpoint holds, links included
  As a developer whose agent's command made a `.gitmodules` symbolic link (a path git
  refuses in a tree, so no checkpoint holds it) or other links
  I want `agents plan undo` to remove them as it removes any file the operation made, and
  undoing the undo to bring them back
  So that nothing an agent made survives its undo because of its type

  Background:
    Given a git repository with files:
      | path  | content |
      | a.txt | base\n  |
    And the plan file "plan.yaml":
      """
      task: Make links
      steps:
        - name: links
          options:
            - actions:
                - run: ln -s a.txt .gitmodules && ln -s a.txt other.lnk && mkdir d && ln -s ../a.txt d/.GITMODULES && ln -s a.txt gitmod~1
      """
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"

  Scenario: Undo removes the links the command made, and undoing the undo makes them again
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the file ".gitmodules" does not exist
    And the file "d/.GITMODULES" does not exist
    And the file "other.lnk" does not exist
    And the file "gitmod~1" does not exist
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And ".gitmodules" is a link to "a.txt"
    And "d/.GITMODULES" is a link to "../a.txt"
    And "other.lnk" is a link to "a.txt"
    And "gitmod~1" is a link to "a.txt"

  Scenario: A .gitmodules link I pointed elsewhere since is a conflict; --mine keeps it
    Given I delete ".gitmodules"
    And a symlink ".gitmodules" pointing to "mine.txt"
    When I run "agents plan undo --yes"
    Then the exit code is 3
    And stderr is one line containing ".gitmodules"
    When I run "agents plan undo --yes --mine"
    Then the exit code is 0
    And ".gitmodules" is a link to "mine.txt"
    And the file "d/.GITMODULES" does not exist
