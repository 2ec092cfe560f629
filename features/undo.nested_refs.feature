Feature: A command that breaks the refs of a nested repository with no commit is undone
  As a developer with a repository I just made inside my tree (`git init lib`, no commit)
  I want a command that writes a bad line into its packed refs to be recorded
  So that the run goes on and its undo works, as for any other command

  # Before: git died reading lib's refs ("unexpected line in lib/.git/packed-refs"), and
  # the checkpoint after the command failed: "cannot checkpoint the working tree"
  # (command_saves.property, seed 3268115325).
  Background:
    Given a git repository
    And a nested repository "lib" made by git init
    And the plan file "plan.yaml":
      """
      task: Break the new repository's refs
      steps:
        - name: break
          options:
            - actions:
                - run: echo more >> lib/.git/packed-refs; echo done > out.txt
      """

  Scenario: The run records the command that broke the refs
    When I run "agents plan run --script {tmp}/plan.yaml --quiet"
    Then the exit code is 0
    And the file "out.txt" holds exactly "done\n"

  Scenario: Undo takes the command's file back and leaves the repository standing
    Given I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the file "out.txt" does not exist
    And the file "lib/.git/HEAD" exists
