Feature: Claude Code's to-do list read call by call is the list its recorded calls give back
  As a developer who corrects or resumes a Claude Code session recorded as a plan
  I want the to-do list rebuilt from the kept calls to be the one read while they ran
  So that a corrected or resumed session goes on from the step it really was on

  # Each example: a random run of TodoWrite, TaskCreate (its id in a response of either
  # form, or none), TaskUpdate (any status, a new subject, an id of no task), TaskList and
  # Write calls, read as a run reads them, then rebuilt from the recorded calls.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (200 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: The rebuilt list, its step and its lines are those of the run
    When random runs of to-do calls are read and rebuilt
    Then every rebuilt list is the one read, its step an item not done, its lines one line each
