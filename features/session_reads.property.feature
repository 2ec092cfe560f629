Feature: A Claude Code session that read an ignored file is found before it travels
  As a developer who keeps a key in an ignored `.env`
  I want a plan whose Claude Code session read it kept from `agents plan push` and `export`
  So that the key does not reach the remote inside the session file the plan carries

  # Each example: a real repository ignoring `.env` and `build/`, the plan's start rules
  # taken by a real checkpoint, a random secret line in one of them, and a session file of
  # random calls around one that reads it (a Read, numbered with a tab or an arrow; a Bash
  # `cat` or `grep -n`), the rules on disk rewritten to stop ignoring `.env` or not
  # (see features/support/session_reads_property.py).
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (25 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Whatever call read the ignored file, the session is found holding it
    When random sessions read an ignored file among other calls
    Then each was found holding it, and none was without the reading call
