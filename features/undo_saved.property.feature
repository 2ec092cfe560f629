Feature: Undo with --mine never overwrites an ignored file I changed since
  As a developer whose agent's commands delete or rewrite ignored files (`.env`)
  I want random commands and random hand changes afterwards checked around an undo
  So that an undo that overwrites an ignored file of mine fails the build

  # Each example: a real git repository ignoring *.env, some of a.env, b.env, c.env there;
  # a plan whose command deletes, rewrites or leaves each; the user deletes, rewrites or
  # leaves each after the run; then `agents plan undo --yes --mine`. A file the user
  # changed stays as the user left it; every other one that stood before the run is back.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (5 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Every ignored file I changed stays mine; the others come back
    When commands and hand changes to ignored files are undone with --mine in random sequences
    Then every example kept the user's ignored files and brought back the others
