Feature: Undo gives back a nested repository a command replaced by a file
  As a developer with a vendored clone in my tree (its own `.git`, an uncommitted edit)
  I want undo of a command that replaced it by a plain file to bring the clone back
  So that the refusal never names a nested repository that is not there (attack 11, finding 1)

  # Before: undo refused, "a restore would replace the nested repository lib", though lib
  # was the operation's own file; removed, a second refusal named the clone's saved files
  # (lib/.git/HEAD, ...) as changed by the user.
  Background:
    Given a git repository
    And a nested repository "lib" with a commit
    And I change "lib/l.txt" to "library, edited\n"
    And the plan file "plan.yaml":
      """
      task: Flatten it
      steps:
        - name: flatten
          options:
            - actions:
                - run: rm -rf lib; echo new > lib
      """
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"

  Scenario: Undo brings the clone back, its edit and its .git too
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the file "lib/l.txt" holds exactly "library, edited\n"
    And the file "lib/.git/HEAD" exists

  Scenario: With the command's file removed first, undo still brings the clone back
    Given I delete "lib"
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the file "lib/l.txt" holds exactly "library, edited\n"
    And the file "lib/.git/HEAD" exists
