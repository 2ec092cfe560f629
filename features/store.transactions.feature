Feature: The plan store is safe
  As a developer who must never lose a plan's record
  I want the store to migrate itself in order and to write each operation whole
  So that a crash leaves the previous state, never half of a new one

  Scenario: A new store is migrated in order and remembers its migrations
    Given a git repository
    When the plan store is opened
    Then the store is in WAL mode at schema version 4
    And the store recorded the migrations "m001_initial, m002_corrections_and_operations, m003_actor_states_as_parts, m004_store_identity"
    When the plan store is opened again
    Then the store recorded the migrations "m001_initial, m002_corrections_and_operations, m003_actor_states_as_parts, m004_store_identity"

  Scenario: A failed transaction leaves the previous state whole
    Given a git repository
    And a plan stored in the plan store
    When a transaction saves a decision and then fails
    Then the plan store holds no decision
    And the plan is as it was

  # A stopping signal is raised where Python next looks for one, which may be just after
  # SQLite's BEGIN or COMMIT returned. A transaction left open there swallowed every later
  # unit of work of the command, its rollback's own: an interrupted correction put the
  # files back, but its record stayed "running" for the next command to repair.
  Scenario: An interrupt at any point of a transaction leaves it whole and the store usable
    Given a git repository
    And a plan stored in the plan store
    When a transaction saving a decision and the plan is interrupted at each point in turn
    Then every interrupted transaction was whole or not at all
    And the store took the next transaction after each

  # Held back while the transaction ran, a Ctrl-C was left waiting when the transaction's
  # own work failed: the command went on, and the interrupt fired at the end of some later,
  # unrelated transaction (in a rollback's, in place of the error to show).
  Scenario: A Ctrl-C during a transaction whose work fails stops the command as it ends
    Given a git repository
    And a plan stored in the plan store
    When SIGINT comes during a transaction whose own work then fails
    Then the interrupt is what the command sees, the failure its cause, and none is left

  Scenario: A store written by a newer cleveragents is refused
    Given a git repository
    And the plan store is at schema version 99
    When I run "agents plan list"
    Then the exit code is 3
    And stderr is one line containing "newer than this cleveragents knows"

  Scenario: The message tree gives one branch of the conversation
    Given a git repository
    And a plan stored in the plan store
    And the messages "a", "b" below "a", "c" below "b" and "d" below "b"
    Then the conversation up to "d" is "a, b, d"
    And the conversation up to "c" is "a, b, c"
    And the conversation up to nothing is empty

  Scenario: Actor states are addressed by their content
    Given a git repository
    And a plan stored in the plan store
    When the same actor state is saved twice
    Then the store holds it once under one key
    And an unknown actor state or checkpoint is a clear error

  Scenario: A migration that fails is rolled back whole
    Given a git repository
    And the plan store already has a table "checkpoints" of its own
    When I run "agents plan list"
    Then the exit code is 3
    And stderr is one line containing "cannot open the plan store"
    And the plan store is still at schema version 0 with no table "plans"
