Feature: No line the command policy allows runs a program outside the patterns
  As a developer who allows Claude a few commands with --allow-command patterns
  I want every line the policy allows to be run by real bash where every program is a canary
  So that no substitution, builtin or path the policy misreads can run anything else

  # Each example: a random bash line built from the places bash substitutes (every `${...}`
  # operand, `<(...)`, backquotes, heredoc bodies, array indexes that builtins evaluate, globs
  # of hostile file names), names a pattern must not take (`pytest/../../../usr/bin/touch`,
  # `python3 -m unittest_pwn`), quoting, redirections, pipelines, lists and compound commands.
  # Each line the policy allows runs under bash in a bubblewrap sandbox whose every program is
  # a canary that logs its argv; every log must be an allowed program with an argv a pattern
  # matches. CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (300 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Lines the policy allows run only the programs and arguments the patterns allow
    When random bash lines are judged, and those allowed run where every program is a canary
    Then no canary outside the patterns ran, and every argv that ran matches a pattern
