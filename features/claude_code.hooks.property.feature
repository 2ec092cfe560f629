Feature: Installing our Claude Code hooks keeps the user's settings, and uninstalling gives them back
  As a developer whose Claude Code settings hold keys and hooks of my own
  I want `agents hooks install claude-code` to add ours beside mine, never dropping one
  So that `agents hooks uninstall claude-code` leaves the file byte for byte as it was

  # Each example: a random settings document (keys of the user's, hooks of theirs under our
  # events and others, an empty or absent `hooks`) in random formatting, or no file; the real
  # `agents` installs (once or twice, with or without --enforce-policy) and uninstalls
  # (features/support/hook_settings_property.py).
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (8 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Install keeps every key and hook of the user's; uninstall gives back the bytes
    When random settings files get our hooks installed and uninstalled
    Then every file kept the user's settings and came back byte for byte
