Feature: No file of a venv of my tree is open to the model, active or not
  As a developer whose tree holds a venv I activate after the run, at its top or one level
  down, by any name
  I want every file my activation runs (its `bin`, `lib`, `pyvenv.cfg`) refused to the model,
  and no file beside it
  So that my next `source .venv/bin/activate` runs nothing the model planted

  # Each example makes a venv at a random place and name; a real bash sources its activate.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (8 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Every file of a venv of the tree is refused to the model, and none beside it
    When my tree holds a venv at a random place, not on PATH
    Then every file of the venv is refused to the model, and no file beside it
