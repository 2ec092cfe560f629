Feature: An edited plan file's new commands and actions never run unasked
  As a developer whose plan file a sandboxed command could have rewritten
  I want every edit that adds or changes a command or an action refused without a terminal
  So that no edit, wherever it puts its command or its write, runs outside the sandbox unasked

  # Each example: a plan file with commands in its goal, an action and its revert, and a
  # step check, drawn from a few texts; a random edit (a command changed, a step running a
  # command added, a step writing or deleting a file added, `.claude/settings.json` among
  # them, a comment added, or only names changed). Without a terminal or --trust-plan,
  # exactly the edits that bring a command the plan did not run with, or add, remove or
  # change an action, are refused, naming the file.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (50 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Random edits of a plan file's commands
    When random edits of plan files are checked before a correction
    Then exactly the edits with a new command or a changed action were refused
