@agents_exec
Feature: The API key agents was started with is not in what other processes read of it
  As a developer who runs a plan with --no-sandbox, or whose Claude Code runs tools on the host
  I want the key agents holds kept out of /proc/PID/environ
  So that a command that is given no key cannot read it from its parent either

  Scenario: A command reads its parent's environment and finds no key
    Given a git repository with files:
      | path      | content |
      | README.md | hi\n    |
    And the plan file "peek.yaml":
      """
      task: Look at the parent
      steps:
        - name: peek
          options:
            - actions:
                - run: "grep -a -c sk-held-key-4711 /proc/$PPID/environ > seen.txt; cat /proc/$PPID/comm >> seen.txt"
      """
    When I run "agents plan run --script {tmp}/peek.yaml" with the environment ANTHROPIC_API_KEY=sk-held-key-4711
    Then the exit code is 0
    And the file "seen.txt" holds exactly "0\nagents\n"

  Scenario Outline: The git a checkpoint runs is not given the <secret>
    # Any process of the user reads a process's /proc/PID/environ: each git of each
    # checkpoint would show what agents gives it (attack 15 finding 8).
    Given a git repository with files:
      | path      | content |
      | README.md | hi\n    |
    And the plan file "write.yaml":
      """
      task: Write twice
      steps:
        - name: one
          options:
            - actions:
                - write: a.txt
                  content: "a\n"
        - name: two
          options:
            - actions:
                - write: b.txt
                  content: "b\n"
      """
    When I run "agents plan run --script {tmp}/write.yaml" with the secret <secret>=sk-held-4711 and a git on PATH noting its environment
    Then the exit code is 0
    And the git agents ran was never given it

    Examples:
      | secret                  |
      | ANTHROPIC_API_KEY       |
      | ANTHROPIC_AUTH_TOKEN    |
      | CLAUDE_CODE_OAUTH_TOKEN |
