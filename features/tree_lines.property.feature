Feature: The tree a pipe gets is the one rich would draw there, for any plan
  As a developer whose scripts grep `agents plan tree`
  I want the lines written without rich to be exactly rich's, whatever the decisions say
  So that the fast path and the coloured one can never drift apart

  # `CLEVERAGENTS_PROPERTY_EXAMPLES` sets how many random plans (100); the seed is printed
  # and `CLEVERAGENTS_PROPERTY_SEED` replays it.

  Scenario: Any tree a pipe gets is the one rich draws there, byte for byte
    Then any tree a pipe gets is the one rich draws there
