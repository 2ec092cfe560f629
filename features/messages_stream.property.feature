Feature: A streamed reply of the stand-in is the message it was scripted to be
  As a developer testing Claude Code against the stand-in Messages API
  I want any scripted message, streamed in pieces, read back whole by the real SDK
  So that what Claude Code sees is exactly what a test scripted, whatever the text or input

  # Each example: a random message (text blocks of any Unicode, tool calls with random JSON
  # inputs, split into pieces at any character) streamed to the real anthropic SDK, whose
  # final message must hold the same blocks, stop reason and output tokens.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (30 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Any scripted message streams back whole
    Given a stand-in Messages API
    When random messages are streamed by the stand-in to the real SDK
    Then each came back block for block as scripted
