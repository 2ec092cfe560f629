Feature: What the sandbox held read-only while a command ran is mine, and said so
  As a developer who saves my dotfiles while a model's command runs
  I want what the box held read-only the whole command left as I saved it, and a file my
  editor replaced meanwhile (which ends the box's hold on it) told apart from it
  So that the put-back after the command never takes my edit for the model's, nor the
  model's bytes for mine

  # Each example: a real repository with random host-run files and folders, bound as agents
  # binds them; a random save of the user's on the host for each file (none, in place, a
  # copy renamed over it, a removal) while the command in the real bubblewrap sandbox waits
  # on a FIFO, after which it writes, renames over and removes every place
  # (features/support/box_holds_property.py).
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (10 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Whatever the places and the user's saves, what is judged held holds no byte of the command's
    When the user saves host-run files of random trees while a command in the sandbox waits
    Then what is judged held holds only the user's bytes, and a file renamed over is replaced
