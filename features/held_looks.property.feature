Feature: A recorded session's held look is read back only as it was recorded, and its loss is put back
  As a developer who records my own Claude Code sessions
  I want the look held across a Bash call's hook processes used only with the bytes its
  decision recorded, and the plants of a call whose look is lost still removed
  So that a command that deletes or rewrites what the recorder holds blinds nothing

  # features/support/held_looks_property.py says what each example is.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (10 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: A held look the command deleted or rewrote is read from its copy, or named lost
    When held looks are deleted or rewritten at random, with or without their copy
    Then each is read back exactly as held while a copy is intact, and named lost otherwise

  Scenario: After a command whose look is lost, nothing it made or changed that Claude Code runs stays
    When random commands change the .claude folders and the put-back has no look
    Then no file Claude Code runs stands as the command left it, and what it wrote is kept
