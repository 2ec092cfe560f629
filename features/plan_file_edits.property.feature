Feature: An edited plan file's new commands never run unasked
  As a developer whose plan file a sandboxed command could have rewritten
  I want every edit that adds or changes a command refused without a terminal
  So that no edit, wherever it puts its command, runs outside the sandbox unasked

  # Each example: a plan file with commands in its goal, an action and its revert, and a
  # step check, drawn from a few texts; a random edit (a command changed, a step running a
  # command added, or only names changed). Without a terminal or --trust-plan, exactly the
  # edits that bring a command the plan did not run with are refused, naming the file.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (50 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Random edits of a plan file's commands
    When random edits of plan files are checked before a correction
    Then exactly the edits with a new command were refused
