Feature: Dropping a deleted plan's rows keeps every other plan whole
  As a developer who runs `agents gc` after deleting plans
  I want all of the deleted plan's rows gone, and nothing another plan reads with them
  So that gc frees the store without damaging the plans I keep

  Scenario: A kept plan's actor state built on the dropped plan's still reads back whole
    Given a git repository
    And two plans whose actor states share one connection, the second built on the first's
    And a third plan whose actor state is built on nothing
    When the first and the third plans' rows are dropped
    Then the dropped plans are unknown and their messages, states and operations are gone
    And the second plan's actor state reads back as it was saved
    And no list item of the store is left that no actor state reaches
