Feature: A correction of a Claude Code plan redoes exactly the calls from the target on
  As a developer who sends Claude Code back to one of its tool calls
  I want only that call and the ones after it superseded, and the session forked just before it
  So that the calls before it stay done, and Claude Code starts again where I said

  # Each example: a random line of Claude Code tool calls (some superseded by an earlier
  # correction, with its intervention), a random live target, random session ids, message
  # uuids and guidance (any Unicode, blank too), and each of --restore both/context/files
  # and --mode=append.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (40 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Only the target and what follows are superseded; the fork point is the target's
    When random corrections of Claude Code plans are worked out
    Then each superseded exactly the target and the live calls after it, and forked before it
