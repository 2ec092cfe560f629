Feature: A correction with --merge keeps every line the user wrote, or names the conflict
  As a developer who writes into the same file as the agent, between and after its decisions
  I want random sequences of agent and user changes to one file checked around a correction
  So that a merge that drops a line of mine without naming the file fails the build

  # Each example: a real git repository whose log.txt holds four base lines, a random
  # scripted plan whose steps each run one command on log.txt (append, prepend, replace a
  # base line), run with growing call budgets so it stops between decisions; at each stop
  # and after the run the user appends, prepends, inserts or replaces lines of their own;
  # then `agents plan correct --merge --no-execute` goes back to a random live decision.
  # Every user line log.txt held before the correction is in it after, or log.txt is in
  # the correction's conflicts_left.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (6 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Every user line stays, or the file is named a conflict left
    When agent and user changes to one file are corrected with --merge in random sequences
    Then every example kept the user's lines or named the file a conflict left
