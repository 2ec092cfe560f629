Feature: Whichever put-backs fail after a command, every other place is still put back
  As a developer whose plan runs commands where my host runs things
  I want each place put back on its own after a command, one failing stopping no other
  So that a failure in one place never leaves what the command planted elsewhere live

  # Each example: a real repository, the real look and put-back around a "command" that
  # plants a random set of hooks, settings (in the own git config too), FIFOs, PATH programs,
  # while a random set of the put-backs (the git config's, the FIFOs' too) raises an I/O error
  # (see features/support/put_back_failures_property.py).
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (8 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Whatever fails, nothing planted stays live and every failure is named
    When random put-backs fail after a command that planted random host-run files
    Then no planted file stands live, each failed place is named, and what went is kept

  # settle31: a path the settling after a kill could not put back (its saved record's
  # put-back failed: named, made inert, exit 3) was stored nowhere, and no later command
  # tried it again. Each example: a real nested repository's hooks overwritten by a run
  # killed in a forked process, the settling's put-back failing, then rounds of the real
  # settling, each after random writes of mine, failing again or not
  # (features/support/settle_retry_property.py).
  Scenario: Whatever fails again and whatever I write, each later command tries until it is back
    When random put-backs of a failed settle record fail again while I write some paths
    Then no planted hook stands live, what I wrote stays, and the rest comes back once
