Feature: Undo puts back the ignored files an operation saved only where nobody changed them since
  As a developer whose agent's command deleted or rewrote ignored files (`.env`, logs)
  I want `agents plan undo` to treat a change I made to them afterwards as it treats my
  other edits: kept when the operation did not change the file, a conflict when both did
  So that undo never overwrites an ignored file I recreated or edited, not even with --mine

  # The run's command deletes .env and cache/ and rewrites app.log (all ignored, so no
  # checkpoint holds them: the command's save does); keep.log is saved, but left alone. It
  # deletes the committed secret.txt too, whose mode 0600 only its save holds.
  Background:
    Given a git repository with files:
      | path       | content                    |
      | .gitignore | .env\napp.log\nkeep.log\ncache/\n  |
      | a.txt      | base\n                     |
      | secret.txt | key\n                      |
    And I make "secret.txt" mode 600
    And I change ".env" to "TOKEN=old\n"
    And I change "app.log" to "old log\n"
    And I change "keep.log" to "kept\n"
    And an empty folder "cache" in the repository
    And I change "cache/data" to "cached\n"
    And the plan file "plan.yaml":
      """
      task: Clean up
      steps:
        - name: clean
          options:
            - actions:
                - run: rm -r .env cache secret.txt && printf 'new log\n' > app.log
      """
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"

  Scenario: An ignored file the command deleted and I made again is a conflict, refused
    Given I change ".env" to "TOKEN=mine\n"
    When I run "agents plan undo --yes"
    Then the exit code is 3
    And stderr is one line containing ".env"
    And the file ".env" holds exactly "TOKEN=mine\n"
    And the file "app.log" holds exactly "new log\n"

  Scenario: Settled with --mine, my .env stays and the rest is undone
    Given I change ".env" to "TOKEN=mine\n"
    When I run "agents plan undo --yes --mine --json"
    Then the exit code is 0
    And the JSON value "files.conflicts" contains ".env"
    And the JSON value "files.restored" contains "app.log"
    And the file ".env" holds exactly "TOKEN=mine\n"
    And the file "app.log" holds exactly "old log\n"

  Scenario: Settled with --theirs, the saved .env comes back, and undoing the undo gives mine
    Given I change ".env" to "TOKEN=mine\n"
    When I run "agents plan undo --yes --theirs --json"
    Then the exit code is 0
    And the JSON value "files.conflicts" contains ".env"
    And the file ".env" holds exactly "TOKEN=old\n"
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the file ".env" holds exactly "TOKEN=mine\n"
    And the file "app.log" holds exactly "new log\n"

  Scenario: An ignored file the operation did not change, that I edited since, is kept
    Given I change "keep.log" to "mine\n"
    When I run "agents plan undo --yes --json"
    Then the exit code is 0
    And the JSON value "files.kept" contains "keep.log"
    And the file "keep.log" holds exactly "mine\n"
    And the file ".env" holds exactly "TOKEN=old\n"

  Scenario: An ignored file the command rewrote and I deleted since is a conflict; --mine keeps it gone
    Given I delete "app.log"
    When I run "agents plan undo --yes"
    Then the exit code is 3
    And stderr is one line containing "app.log"
    When I run "agents plan undo --yes --mine"
    Then the exit code is 0
    And the file "app.log" does not exist
    And the file ".env" holds exactly "TOKEN=old\n"

  Scenario: On a terminal, the conflict is asked about with the others, and mine is kept
    Given I change ".env" to "TOKEN=mine\n"
    When on a terminal I run "agents plan undo" answering "mine, y" in turn
    Then the exit code is 0
    And the terminal shows "conflicts (changed by the operation and since): 1"
    And the file ".env" holds exactly "TOKEN=mine\n"
    And the file "app.log" holds exactly "old log\n"

  Scenario Outline: What I put where the command deleted .env (<what>) is a conflict too
    Given <what> at ".env" in the repository
    When I run "agents plan undo --yes"
    Then the exit code is 3
    And stderr is one line containing ".env"
    And the file "app.log" holds exactly "new log\n"

    Examples:
      | what        |
      | a FIFO      |
      | a directory |

  Scenario: A link I put where the command deleted .env is a conflict; --mine keeps it
    Given a symlink ".env" pointing to "a.txt"
    When I run "agents plan undo --yes"
    Then the exit code is 3
    And stderr is one line containing ".env"
    When I run "agents plan undo --yes --mine"
    Then the exit code is 0
    And the file "app.log" holds exactly "old log\n"
    And ".env" is a link to "a.txt"

  Scenario: A link I put where the command deleted the folder cache/ is in the way: a conflict
    Given a symlink "cache" pointing to "a.txt"
    When I run "agents plan undo --yes"
    Then the exit code is 3
    And stderr is one line containing "cache/data"
    When I run "agents plan undo --yes --mine"
    Then the exit code is 0
    And "cache" is a link to "a.txt"
    And the file ".env" holds exactly "TOKEN=old\n"

  Scenario: Settled with --merge, an ignored file is not merged: it is kept and named
    Given I change ".env" to "TOKEN=mine\n"
    And I change "a.txt" to "mine\n"
    When I run "agents plan undo --yes --merge"
    Then the exit code is 3
    And stderr is one line containing "1 file still has conflicts: .env"
    And the file ".env" holds exactly "TOKEN=mine\n"
    And the file "app.log" holds exactly "old log\n"
    And the file "a.txt" holds exactly "mine\n"

  Scenario: A 0600 file the command deleted and I made again keeps my mode with --mine
    Given I change "secret.txt" to "mine\n"
    When I run "agents plan undo --yes"
    Then the exit code is 3
    And stderr is one line containing "secret.txt"
    When I run "agents plan undo --yes --mine"
    Then the exit code is 0
    And the file "secret.txt" holds exactly "mine\n"
    And the file "secret.txt" has mode 644
