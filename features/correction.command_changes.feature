Feature: A command's own changes are what it changed while it ran
  As a developer who edits files while Claude thinks about its next command
  I want what I changed before a command started never to count as the command's change
  So that a correction of that command leaves my file alone

  # Claude answers through the real anthropic SDK from a local stand-in server; the reply
  # with the step's command is held back 3 seconds, and the user writes u.txt meanwhile.

  Background:
    Given a git repository
    And Claude answers through a stand-in server

  Scenario: A file the user wrote while Claude was thinking survives a correction of the step
    Given Claude will propose the plan "make r"
    And Claude will take 3 seconds, then run "printf r > r.txt"
    When I start "agents plan run 'make r' --allow-command 'printf *' --quiet" with Claude and write "u.txt" while Claude refines the step
    Then the exit code is 0
    And the file "r.txt" holds exactly "r"
    When I run "agents plan correct --mode=revert --decision 2 -g g --yes --no-execute" with Claude
    Then the exit code is 0
    And stdout contains "kept (your edits, not touched): 1"
    And the file "u.txt" holds exactly "mine\n"
    And the file "r.txt" does not exist

  Scenario: A failed option's rollback takes its own changes, not what the user wrote meanwhile
    Given the file "u.txt" is committed with "old"
    And the file "w.txt" is committed with "old"
    And Claude will propose the plan "make r" checked by "test -f ok.txt"
    And Claude will take 3 seconds, then edit "w.txt" to "agent" and run "printf r > r.txt"
    And Claude will run "printf k > ok.txt"
    When I start "agents plan run 'make r' --allow-command 'printf *' --allow-command 'test *' --quiet" with Claude and, while Claude refines the step, write "u.txt v.txt w.txt"
    Then the exit code is 0
    And the file "u.txt" holds exactly "mine\n"
    And the file "v.txt" holds exactly "mine\n"
    And the file "w.txt" holds exactly "mine\n"
    And the file "r.txt" does not exist
    And the file "ok.txt" holds exactly "k"
    When I run "agents plan decision 6" with Claude
    Then stdout contains "restore the checkpoint of 2 after option run it failed"
    And stdout contains "kept as you left them (your edits): u.txt, v.txt"

  Scenario: Local planning's revert names the file the user wrote over, and keeps their version
    Given Claude will propose the plan "make r" checked by "test -f ok.txt"
    And Claude will run "printf r > r.txt"
    And Claude will give up
    And Claude will estimate the distance at 5
    And Claude will take the local action "x" writing "r.txt" with "agent"
    And Claude will take 2 seconds to estimate the distance at 5
    And Claude will give up
    When I start "agents plan run 'make r' --allow-command 'printf *' --allow-command 'test *' --quiet" with Claude and write "r.txt" once Claude was asked 6 times
    Then the exit code is 1
    When I run "agents plan decision 2.2" with Claude
    Then stdout contains "r.txt: changed by you as well, put back as it was before the agent changed it"
    And the commit stdout names for "r.txt" holds it as "mine\n"
  Scenario: An undo of the run leaves the file the user wrote between two of its decisions
    Given Claude will propose the plan "first" then "second"
    And Claude will run "printf one > one.txt"
    And Claude will answer the drift with "continue"
    And Claude will take 3 seconds, then run "printf two > two.txt"
    And Claude will estimate the distance at 0
    When I start "agents plan run 'two steps' --allow-command 'printf *' --quiet" with Claude and write "u.txt" while Claude answers request 4
    Then the exit code is 0
    And the file "two.txt" holds exactly "two"
    When I run "agents plan undo 1 --yes" with Claude
    Then the exit code is 0
    And stdout contains "kept (changed since, not by the operation): 1"
    And the file "u.txt" holds exactly "mine\n"
    And the file "one.txt" does not exist
    And the file "two.txt" does not exist

  Scenario: Local planning's rollback takes back what its checks wrote, not what the user wrote
    Given Claude will propose the plan "make r" checked by "printf c >> c.txt; test -f ok.txt"
    And Claude will run "printf r > r.txt"
    And Claude will give up
    And Claude will estimate the distance at 5
    And Claude will take the local action "x" writing "r.txt" with "agent"
    And Claude will take 2 seconds to estimate the distance at 5
    And Claude will give up
    When I start "agents plan run 'make r' --allow-command 'printf *' --allow-command 'test *' --quiet" with Claude and write "u.txt" once Claude was asked 6 times
    Then the exit code is 1
    And the file "u.txt" holds exactly "mine\n"
    And the file "r.txt" does not exist
    And the file "c.txt" does not exist

  Scenario: An undo of a run that gave up leaves the file the user wrote while it ran
    Given Claude will propose the plan "make r" checked by "test -f ok.txt"
    And Claude will take 3 seconds, then give up
    And Claude will estimate the distance at 5
    And Claude will give up
    When I start "agents plan run 'make r' --allow-command 'test *' --quiet" with Claude and write "u.txt" while Claude refines the step
    Then the exit code is 1
    When I run "agents plan undo 1 --yes" with Claude
    Then the exit code is 0
    And stdout contains "kept (changed since, not by the operation): 1"
    And the file "u.txt" holds exactly "mine\n"
