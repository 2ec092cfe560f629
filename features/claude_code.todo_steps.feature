Feature: Claude Code's to-do list is the plan's steps
  As a developer whose Claude Code sessions are recorded as plans
  I want the to-do list Claude Code keeps (TodoWrite, or the Task tools) read as the plan's
  strategy, a later list as a replan, and each call after it placed on the item in progress
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

  # Current Claude Code keeps the list with the Task tools: one TaskCreate per item (its id
  # comes back in the response), a TaskUpdate per change, by that id.
  Scenario: The Task tools' items are the strategy, a task in progress the step of later calls
    When Claude Code's session "s4" creates the task "add a", given the id "11"
    And Claude Code's session "s4" lists its tasks
    And Claude Code's session "s4" creates the task "test it", given the id "12"
    And Claude Code's session "s4" sets task "12" to "in_progress"
    And Claude Code's session "s4" writes "t.txt"
    And I run "agents plan tree --json"
    Then decision 2 of the tree is a "strategy" reading "1 step: add a" on step 1
    And decision 3 of the tree is a "action" reading "TaskList" on step 1
    And decision 4 of the tree is a "strategy" reading "2 steps: add a, test it" on step 1
    And decision 5 of the tree is a "action" reading "step 2 in progress: test it" on step 2
    And decision 6 of the tree is a "action" reading "Write t.txt" on step 2
    And decision 2 of the tree took no checkpoint and did nothing irreversible
    And decision 5 of the tree took no checkpoint and did nothing irreversible

  Scenario: A task added, renamed or deleted after other calls is a replan
    When Claude Code's session "s5" creates the task "add a", answered "Task #1 created successfully: add a"
    And Claude Code's session "s5" creates the task "test it", answered "Task #2 created successfully: test it"
    And Claude Code's session "s5" sets task "1" to "completed"
    And Claude Code's session "s5" creates the task "document it", given the id "3"
    And Claude Code's session "s5" sets task "2" subject to "test a"
    And Claude Code's session "s5" sets task "1" to "deleted"
    And Claude Code's session "s5" sets task "9" to "completed"
    And Claude Code's session "s5" writes "a.txt"
    And I run "agents plan tree --json"
    Then decision 4 of the tree is a "action" reading "step 1 completed: add a" on step 2
    And decision 5 of the tree is a "replan" reading "3 steps: add a, test it, document it" on step 2
    And decision 6 of the tree is a "replan" reading "3 steps: add a, test a, document it" on step 2
    And decision 7 of the tree is a "replan" reading "2 steps: test a, document it" on step 1
    And decision 8 of the tree is a "action" reading "TaskUpdate" on step 1
    And decision 9 of the tree is a "action" reading "Write a.txt" on step 1

  Scenario: A corrected session goes on from the step its kept calls say
    When Claude Code's session "s6" writes "first.txt"
    And Claude Code's session "s6" creates the task "add a", given the id "1"
    And Claude Code's session "s6" creates the task "test it", given the id "2"
    And Claude Code's session "s6" sets task "2" to "in_progress"
    And Claude Code's session "s6" writes "t.txt"
    And I run "agents plan correct --mode=revert --decision 5 --guidance 'add a first' --no-execute"
    Then the exit code is 2
    And stderr contains "decision 5 changed no file and has no checkpoint to go back to"
    And stderr contains "pick decision 6 instead"
    When I run "agents plan restore 5"
    Then the exit code is 2
    And stderr contains "decision 5 changed no file and has no checkpoint to go back to"
    When I run "agents plan correct --mode=revert --decision 6 --guidance 'no t' --restore files --no-execute"
    Then the exit code is 0
    When Claude Code's session "s6" writes "b.txt"
    And I run "agents plan correct --mode=revert --decision 2 --guidance 'none' --restore files --no-execute"
    Then the exit code is 0
    When Claude Code's session "s6" writes "c.txt"
    And I run "agents plan tree --json"
    Then decision 8 of the tree is a "action" reading "Write b.txt" on step 2
    And decision 10 of the tree is a "action" reading "Write c.txt" on no step
