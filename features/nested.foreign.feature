Feature: A folder whose .git leads out of the working tree is never followed
  As a developer whose working tree lies near other repositories (or inside one)
  I want a `sub/.git` that names another repository's git directory to be left alone
  So that no checkpoint records that repository's HEAD and no git runs anything there

  # `host` is a real second repository beside the working tree, with a commit, an fsmonitor
  # command and a hook that would write a canary. `sub/.git` leads to its git directory.
  Background:
    Given a git repository
    And another repository "host" beside it, with a commit and a canary command
    And the plan file "plan.yaml":
      """
      task: Write a file
      steps:
        - name: write
          options:
            - actions:
                - write: a.txt
                  content: "a\n"
      """

  Scenario Outline: A .git that leads out by <how> is left out of every checkpoint
    Given "sub" leads to the git directory of "host" by <how>
    When I run "agents plan run --script {tmp}/plan.yaml --quiet"
    Then the exit code is 0
    And no checkpoint of the plan records "sub" or the HEAD of "host"
    And the repository "host" is as it was, and its canary does not exist
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the file "sub/f.txt" contains "mine"
    And the repository "host" is as it was, and its canary does not exist

    Examples:
      | how                                                    |
      | an absolute gitdir file                                |
      | a relative gitdir file                                 |
      | a gitdir file, beside a name git's warning cuts in two |
      | a link                                                 |
      | a commondir                                            |

  Scenario: Once found, that repository is not read again by later checkpoints
    Given "sub" leads to the git directory of "host" by an absolute gitdir file
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    When I run "agents plan undo --yes" while the HEAD of "host" is a pipe no one writes to
    Then the exit code is 0
    And the file "a.txt" does not exist
    When I run "agents plan diff 3 --worktree" while the HEAD of "host" is a pipe no one writes to
    Then the exit code is 0
    And the repository "host" is as it was, and its canary does not exist
