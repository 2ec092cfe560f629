Feature: No command of the model runs while a hook of the user's own runs on the host
  As a developer whose own Claude Code settings run hooks on the host (async ones too)
  I want the model's boxed commands to wait while any process of such a hook runs
  So that no hook of mine runs a file the model's next command rewrote

  # Each example: one to three hooks of the user's own run by the real prefix launcher on
  # the host (a child left in the background, or one Python's `subprocess` starts in a session
  # of its own, killed, a short timeout), and one to three
  # boxed commands asked by the real launcher meanwhile, answered over a real socket
  # (features/support/host_leases_property.py).
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (6 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: A boxed command runs only once every process of every hook has ended
    When boxed commands are asked while random hooks of the user's own run on the host
    Then none ran beside a hook, and one was refused only past a hook's timeout
