Feature: Whichever paths are immutable, a correction ends in exit 0 or 3, never a crash
  As a developer whose files a backup tool made immutable (`chattr +i`)
  I want a correction that cannot change one to stop in one line naming it (exit 3)
  So that my views still read, and the next command settles it once the path is writable

  # Each example: a real repository, a real plan run, random paths made immutable with the
  # real chattr, a revert-mode correction of a random step, the views, then the attribute
  # cleared and the settling (see features/support/file_refusal_property.py).
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (4 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Whatever is immutable, no crash, the views read, and the settling puts it back
    When a correction runs with random paths of the tree immutable
    Then it is done or refused in one line, the views read, and once writable it settles
