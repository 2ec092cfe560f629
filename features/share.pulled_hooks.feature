Feature: A pulled plan never plants a git hook in my tree's hooks folder
  As a developer whose repository runs hooks from a folder of the tree (core.hooksPath)
  I want a pulled plan's restore to keep that folder as it is, and its plan file's writes
  there to need my yes as writes of Claude Code's files do
  So that the sender's hook never runs at my next `git commit`

  Background:
    Given these steps, built once per process and copied for each scenario:
      '''
      Given a git repository with files:
        | path  | content |
        | a.txt | a\n     |
      And an executable file ".githooks/pre-commit" containing "#!/bin/sh\nexit 0\n" committed
      And the plan file "plan.yaml":
        """
        task: hooks
        steps:
          - name: s
            options:
              - name: a
                actions:
                  - edit: .githooks/pre-commit
                    find: "exit 0"
                    replace: "touch planted"
          - name: t
            options:
              - name: b
                actions:
                  - write: b.txt
                    content: "b\n"
        """
      And I have run "agents plan run --script {tmp}/plan.yaml"
      And the repository pushed its newest plan to a bare remote, and a clone pulls from it
      And the repository's git config sets "core.hooksPath" to ".githooks"
      When I run "agents plan pull origin"
      Then the exit code is 0
      '''

  Scenario: A pulled plan's restore keeps the hooks folder, and says why
    When I run "agents plan correct --mode=revert --decision 4 --guidance x --no-execute"
    Then the exit code is 0
    And the file ".githooks/pre-commit" contains "exit 0"
    And stdout contains "kept: .githooks/pre-commit (a pulled plan never writes files that run on the host: it is in .githooks, the hooks folder git runs (core.hooksPath))"

  Scenario: A pulled plan file's edit of a hook goes on only once vouched for
    When I run "agents plan correct --mode=revert --decision 2 --guidance x"
    Then the exit code is 3
    And stderr contains "its plan file writes files that run on the host, outside the sandbox (edit `.githooks/pre-commit`)"
    And the file ".githooks/pre-commit" contains "exit 0"
    When I run "agents plan correct --mode=revert --decision 2 --guidance x --trust-plan"
    Then the exit code is 0
    And the file ".githooks/pre-commit" contains "touch planted"
