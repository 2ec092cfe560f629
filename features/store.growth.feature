Feature: The plan store grows with what is new, not with how long the plan is
  As a developer who lets an agent work through plans of thousands of decisions
  I want each decision to cost the same bytes and time at its 10,000th as at its 10th
  So that state.db stays small and long plans do not slow down, while every correction
  still restores exactly what the agent knew

  Scenario: Each actor state stores what changed, never the whole context again
    Given a git repository
    And a plan stored in the plan store
    When an actor works through a plan of 600 steps, its context stored before every decision
    Then over the last 100 steps the store's file grew no more than over the first 100, and by under 1 KB a step
    And every one of those states reads back exactly through a new connection
    And reading any actor state reads at most 32 of its records

  Scenario: Actor states read back exactly, whatever changed between them
    Given a git repository
    When random sequences of actor states are stored, some in transactions that fail
    Then every state that was committed reads back exactly, through the same and a new connection

  # A correction asks for the plan's operations a dozen times: they are decoded once while
  # the store stays as it was, and read again after any write, failed transaction or commit
  # by another connection; each reader gets a copy of its own.
  Scenario: The operation log is decoded once while nothing changes, and never read stale
    Given a git repository
    When random sequences of operations are saved, some in failed transactions or by another connection, and changed by their readers
    Then every read of the operation log is what a new connection reads

  Scenario: A plan's records travel byte for byte, whatever its history
    Given a git repository
    When random plan histories are exported and imported into a store holding another plan
    Then every import exports the same bytes again, with every actor state and conversation whole

  Scenario: A state stored after a failed transaction reads back whole
    Given a git repository
    And a plan stored in the plan store
    And an actor state with 20 completed steps is stored
    When a transaction stores one with a 21st completed step and then fails
    And the actor state with 21 completed steps is stored again
    Then a new connection reads it back with all 21 completed steps

  Scenario: A damaged actor state is a clear error, not a wrong context
    Given a git repository
    And a plan stored in the plan store
    And an actor state with 20 completed steps is stored
    When its record is changed to name itself as its base
    Then reading it back is a clear error naming the actor state

  Scenario: A long plan stores its plan file once and asks without repeating its context
    Given a git repository
    And a plan file "long.yaml" of 30 steps that each write one file
    When I run "agents plan run --script {tmp}/long.yaml --quiet"
    Then the exit code is 0
    And the store holds the text of "long.yaml" once, and no plan body holds it
    And every request names the actor state it was asked with, in under 100 bytes
    And every actor state record and every item of its lists is under 300 bytes

  Scenario: A store from before actor states were kept as parts is migrated; corrections still restore what the agent knew
    Given a git repository with files:
      | path      | content  |
      | README.md | # demo\n |
    And the five-step plan file "plan.yaml"
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    And the plan store is turned back into what cleveragents wrote at schema version 2
    When I run "agents plan correct --mode=revert --decision 6 --guidance 'use the blue option' --quiet"
    Then the exit code is 0
    And the store is in WAL mode at schema version 4
    And every actor state reads back as it was before the migration
    And every request of the old store names an actor state holding the context it held
    And the first new strategy was asked with steps 1 and 2 completed only
    And the working tree holds exactly what the blue options produce

  Scenario: A large store of whole actor states shrinks when it is migrated
    Given a git repository
    And a plan store at schema version 2 holding 300 whole actor states of a 600-step plan
    When the plan store is opened
    Then the store is in WAL mode at schema version 4
    And the store's file is under a tenth of its size before
    And every actor state reads back as it was before the migration
    And every request of the old store names an actor state holding the context it held
    And a message that only looked like a request is kept as it was
