Feature: A pulled plan never writes a git directory into my tree
  As a developer who restores a plan a colleague (or a CI job) pushed
  I want its checkpoints never to make a folder of my tree a git directory
  So that my next `git status` there (my shell prompt runs one on every `cd`) never runs
  the config the sender wrote

  # git takes a folder holding a `HEAD`, `objects/` and `refs/` for a git directory before
  # it looks up for `.git`, and runs what its config names (`core.fsmonitor`). The sender's
  # tree held one, untracked: the plan's checkpoints hold it, the clone does not.
  Background:
    Given these steps, built once per process and copied for each scenario:
      '''
      Given a git repository with files:
        | path  | content |
        | a.txt | a\n     |
      And an untracked file "docs/HEAD" containing "ref: refs/heads/main\n"
      And an untracked file "docs/config" containing "[core]\n\tbare = false\n\tworktree = ..\n\tfsmonitor = touch planted; echo\n"
      And an untracked file "docs/objects/keep" containing "k\n"
      And an untracked file "docs/refs/keep" containing "k\n"
      And an untracked file "docs/readme" containing "d\n"
      And the plan file "plan.yaml":
        """
        task: docs
        steps:
          - name: s
            options:
              - name: a
                actions:
                  - write: b.txt
                    content: "b\n"
          - name: t
            options:
              - name: b
                actions:
                  - write: c.txt
                    content: "c\n"
        """
      And I have run "agents plan run --script {tmp}/plan.yaml"
      And the repository pushed its newest plan to a bare remote, and a clone pulls from it
      '''

  Scenario: A correction of the pulled plan keeps the folder that would be a git directory
    When I run "agents plan pull origin"
    Then the exit code is 0
    When I run "agents plan correct --mode=revert --decision 4 --guidance x --no-execute"
    Then the exit code is 0
    And the file "docs/HEAD" does not exist
    And the file "docs/config" does not exist
    And the file "docs/readme" does not exist
    And stdout contains "kept: docs/HEAD (a pulled plan never writes a git directory, whose config git would run)"
    And stdout contains "kept: docs/config (a pulled plan never writes a git directory"

  Scenario: Nothing goes into a folder of mine that holds a HEAD already
    Given an untracked file "docs/HEAD" containing "ref: refs/heads/main\n"
    When I run "agents plan pull origin"
    Then the exit code is 0
    When I run "agents plan restore 4 --theirs --yes"
    Then the exit code is 0
    And the file "docs/config" does not exist
    And the file "docs/objects/keep" does not exist
    And stdout contains "kept: docs/config (a pulled plan never writes a git directory"
