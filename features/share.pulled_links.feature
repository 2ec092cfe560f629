Feature: A pulled plan never re-points a link on the way to what my hooks run
  As a developer whose hook runs `scripts/check.sh` where `scripts` is a committed link
  I want a pulled plan's restore to keep that link as it is
  So that the sender's files behind a new target never run at my next `git commit`

  Scenario: A pulled plan's restore keeps a committed link my hook's script lies behind
    Given a git repository with files:
      | path           | content  |
      | a.txt          | a\n      |
      | tools/check.sh | exit 0\n |
    And a symlink "scripts" pointing to "tools" committed
    And the plan file "plan.yaml":
      """
      task: links
      steps:
        - name: s
          options:
            - name: a
              actions:
                - run: "mkdir -p alt && printf 'touch hook-ran' > alt/check.sh && ln -sfn alt scripts"
        - name: t
          options:
            - name: b
              actions:
                - write: b.txt
                  content: "b\n"
      """
    And I have run "agents plan run --script {tmp}/plan.yaml"
    And the repository pushed its newest plan to a bare remote, and a clone pulls from it
    And the repository's hook "pre-commit" holds "#!/bin/sh\nexec sh scripts/check.sh\n"
    When I run "agents plan pull origin"
    Then the exit code is 0
    When I run "agents plan correct --mode=revert --decision 4 --guidance x --no-execute"
    Then the exit code is 0
    And stdout contains "kept: scripts (a pulled plan never writes files that run on the host: it is on the way to scripts/check.sh, which the pre-commit hook runs)"
    And the file "scripts/check.sh" contains "exit 0"
    When the user commits everything with git
    Then the file "hook-ran" does not exist
