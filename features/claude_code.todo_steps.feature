Feature: Claude Code's to-do list is the plan's steps
  As a developer whose Claude Code sessions are recorded as plans
  I want the to-do list Claude Code keeps (TodoWrite) read as the plan's strategy, a later
  list as a replan, and each call after it placed on the item in progress
  So that `plan tree` shows what Claude Code set out to do and which step each call served

  # The events are what Claude Code sends the hook `agents hooks install claude-code`
  # installs (`python -m cleveragents.cli.hook_record`), sent to that hook as Claude Code
  # would: the pinned headless CLI offers no TodoWrite (it is disabled in `-p` sessions), an
  # interactive session does.

  Background:
    Given a git repository
    And the hooks of "agents hooks install claude-code" are installed

  Scenario: The first list is the strategy, a later one a replan, each call on its step
    When Claude Code's session "s1" calls TodoWrite with "add a" in progress and "test it" pending
    And Claude Code's session "s1" writes "a.txt"
    And Claude Code's session "s1" calls TodoWrite with "add a" completed and "test it" in progress
    And Claude Code's session "s1" writes "t.txt"
    And I run "agents plan tree --json"
    Then decision 2 of the tree is a "strategy" reading "2 steps: add a, test it" on step 1
    And decision 3 of the tree is a "action" reading "Write a.txt" on step 1
    And decision 4 of the tree is a "replan" reading "2 steps: add a, test it" on step 2
    And decision 5 of the tree is a "action" reading "Write t.txt" on step 2

  Scenario: Every item done, or no list, puts the calls on no step
    When Claude Code's session "s2" writes "before.txt"
    And Claude Code's session "s2" calls TodoWrite with "add a" completed and "test it" completed
    And Claude Code's session "s2" writes "after.txt"
    And I run "agents plan tree --json"
    Then decision 2 of the tree is a "action" reading "Write before.txt" on no step
    And decision 3 of the tree is a "strategy" reading "2 steps: add a, test it" on no step
    And decision 4 of the tree is a "action" reading "Write after.txt" on no step

  Scenario: A list whose items are not all in reach reads as the steps it names
    When Claude Code's session "s3" lists 30 to-dos, the 12th in progress
    And Claude Code's session "s3" writes "a.txt"
    And I run "agents plan tree --json"
    Then decision 2 of the tree reads at most 120 characters ending in "…"
    And decision 3 of the tree is a "action" reading "Write a.txt" on step 12
