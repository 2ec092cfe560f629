Feature: The later prompts of a recorded Claude Code session are where you redirected it
  As a developer whose Claude Code sessions are recorded as plans
  I want each prompt I type after the first recorded as a decision in the plan
  So that `plan tree` shows where I redirected Claude Code, and I can correct that prompt

  # The events are what Claude Code sends the hook `agents hooks install claude-code`
  # installs (`python -m cleveragents.cli.hook_record`), sent to that hook as Claude Code
  # would, with a session file of the entries it writes (a prompt's own entry may or may
  # not be there when the hook runs).

  Background:
    Given a git repository
    And the hooks of "agents hooks install claude-code" are installed
    And Claude Code writes its session file

  Scenario: A later prompt is a replan in the tree, the calls after it below it
    When Claude Code's session "p1" is asked "make a"
    And Claude Code's session "p1" writes "a.txt"
    And Claude Code's session "p1" is asked a prompt with terminal controls in it
    And Claude Code's session "p1" writes "b.txt"
    And I run "agents plan tree --json"
    Then decision 2 of the tree is a "action" reading "Write a.txt" on no step
    And decision 3 of the tree is a "replan" reading "you asked: now \x1b[2J make b quickly \u202e" on no step
    And decision 4 of the tree is a "action" reading "Write b.txt" on no step
    When I run "agents plan tree"
    Then the exit code is 0
    And stdout contains "you asked: now \x1b[2J make b quickly \u202e"

  Scenario: A correction of a later prompt forks the session just before it, with the guidance
    When Claude Code's session "p2" is asked "make a"
    And Claude Code's session "p2" writes "a.txt"
    And Claude Code's session "p2" is asked "make b", its entry written first
    And Claude Code's session "p2" writes "b.txt"
    And I run "agents plan correct --mode=revert --decision 3 --guidance 'make c instead' --no-execute"
    Then the exit code is 0
    And the correction forks the session at entry "m2" with the guidance "make c instead"
    And the file "a.txt" exists
    And the file "b.txt" does not exist

  Scenario: A prompt whose entry is not written yet forks after the last entry before it
    When Claude Code's session "p3" is asked "make a"
    And Claude Code's session "p3" writes "a.txt"
    And Claude Code's session "p3" is asked "make b"
    And I run "agents plan correct --mode=revert --decision 3 --guidance 'make c' --restore context --no-execute"
    Then the exit code is 0
    And the correction forks the session at entry "m2" with the guidance "make c"
