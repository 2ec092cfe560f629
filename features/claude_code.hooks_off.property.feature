Feature: Claude Code's settings that turn its hooks off are found, and calls no hook saw are counted
  As a developer who runs Claude Code under agents
  I want every settings file that turns off Claude Code's hooks found before a run starts,
  and every tool call our hook never saw counted after it
  So that no run says "completed" while its tool calls went unrecorded

  # Each settings example: random contents (the key true or not, broken JSON, no file) in the
  # managed, user, repository and local settings; each stream example: a random stream-json
  # output with calls of the session and of sub-agents, seen or not, rejected before any hook
  # or failed (features/support/hooks_off_property.py).
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (30 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: The first settings file that turns the hooks off is the one named
    When random Claude Code settings files are read for a switch that turns its hooks off
    Then the file named is the first, in Claude Code's order, that sets one to true

  Scenario: The calls counted unrecorded are exactly the session's own that ran unseen
    When random Claude Code output streams are read for the tool calls they made
    Then the calls counted are exactly those of the session that ran and no hook saw

  Scenario: The sandbox runs a project hook's line as long as Claude Code lets it run
    When random project hooks with random timeouts are read for how long each line may run
    Then each line runs as long as its longest hook's timeout, Claude Code's default when none
