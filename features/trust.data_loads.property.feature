Feature: No data file my config's Python script evaluates as code is open to the model
  As a developer whose git config runs a Python script of my tree that evaluates a data
  file (`logging.config.fileConfig`, a pickle, `marshal`, `yaml.unsafe_load`, `code`'s
  `runsource`)
  I want that file refused to the model, however the script names it, and no other file
  So that my next `git diff` evaluates nothing the model planted

  # Each example writes a data file at a random path holding code that leaves a mark, and a
  # script loading it by a random loader and a random way of naming it; git runs the script
  # through `diff.x.textconv`. CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (6 by
  # default); CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Every data file a script evaluates as code is refused to the model
    When my git config's script evaluates a random data file, and git runs it
    Then every data file that ran was refused to the model, and no other file
