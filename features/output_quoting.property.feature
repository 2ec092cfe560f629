Feature: An output in a shell line is one word, whatever it holds
  As someone whose plan file passes a command's output on to a later `run:` line
  I want every output, shell syntax included, to reach the command as one word of data
  So that what a file of the tree holds never runs on this machine

  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (60 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.
  # plan.output_quoting.feature shows the same with the real `agents` command.
  Scenario: A random output reaches the command as one word and runs nothing
    Given a git repository
    When random outputs are put into shell lines and the lines run in bash
    Then every output was printed as it was, and nothing else ran
