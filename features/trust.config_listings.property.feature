Feature: What agents keeps of my git config is what git reads now
  As a developer who changes my git config (or a file it includes, or my branch) while the
  model works
  I want every file action of the model's judged by my git config as git reads it at that
  moment, though agents does not ask git again at every action
  So that a program or a hooks folder I name a second ago is already kept from the model

  # Each example: a random sequence of changes to the tree's config, the global one, a file
  # it includes (made, grown, removed), a file it includes on one branch and the branch, a
  # nested repository's config (a hooks folder, a program) and a tree file it includes;
  # after each, what a long-lived look keeps must equal a fresh look, which names the nested
  # repository's program and included file. The 2 s grace for a file just changed is off,
  # so the stamps alone must catch each change. CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (10 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Every change of what git reads is seen at the next look
    When the user's git config changes at random between the looks of one agents
    Then every look saw the config as git reads it then
