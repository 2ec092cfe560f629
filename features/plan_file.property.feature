Feature: A plan file with any text in it is read or refused, never an internal error
  As someone whose plan files come from anywhere (an editor, a script, a model)
  I want every text in them either kept as it is or refused with one line
  So that no plan file makes agents fail with exit 70

  # Each example: a plan file whose task, step name, write path and content, command and
  # check are random texts (NUL, lone surrogates, control characters, `/`, any character).
  # Read, it is a plan the store can keep, with commands that can run and paths that name
  # files, or it is refused (InvalidPlanFile: exit 2) in one line.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (200 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Random texts in every field of a plan file
    When plan files with random texts in every field are read
    Then each was read into a plan the store can keep, or refused in one line
