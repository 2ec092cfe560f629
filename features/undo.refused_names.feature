Feature: Files under names git refuses come back when a command deleted them
  As a developer with files under names git leaves out of every checkpoint (`.GIT/notes`,
  `git~1/x`, `sub/.Git/y`, or a plain folder `docs/.git` that is no repository)
  I want them saved before each command as ignored files are, and put back by undo
  So that `rm -rf .GIT git~1 sub docs` of an agent's is as undoable as any other delete

  Background:
    Given a git repository with files:
      | path        | content  |
      | docs/readme | docs\n   |
      | sub/kept    | kept\n   |
    And I make the file ".GIT/notes" holding "upper\n"
    And I make the file "git~1/x" holding "short\n"
    And I make the file "sub/.Git/y" holding "mixed\n"
    And I make the file "docs/.git/notes" holding "plain\n"
    And I make the file "docs/.git." holding "dotted\n"
    And I make the file ".GIT/git~1/deep" holding "deeper\n"
    And I make the file "notes/.git" holding "a file named .git, no repository's\n"
    And I make the file "lnk/kept" holding "kept\n"
    And I make "lnk/.git" a link to "../nowhere"
    And I remember the working tree as "before the run"
    And the plan file "plan.yaml":
      """
      task: Remove them
      steps:
        - name: remove
          options:
            - actions:
                - run: rm -rf .GIT git~1 sub docs notes
      """

  Scenario: Undo of the command brings every one of them back, and names them
    Given I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the working tree is exactly as "before the run"
    And stdout contains "  .GIT/"
    And stdout contains "  git~1/x"
    And stdout contains "  docs/.git/"
    And stdout contains "  notes/.git"
    And the folder "docs/.git/objects" does not exist

  Scenario: A correction back to before the command brings them back too
    Given I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    When I run "agents plan correct --mode=revert --decision 1 --no-execute --yes --guidance keep"
    Then the exit code is 0
    And the working tree is exactly as "before the run"

  Scenario: A plan whose command saved them still travels to another clone
    Given I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    And the repository pushed its newest plan to a bare remote, and a clone pulls from it
    When I run "agents plan pull origin"
    Then the exit code is 0
