Feature: Code given in any spelling its interpreter takes on a user hook's line is found
  As a developer whose own Claude Code settings run a hook given as code (`perl -we '...'`)
  I want agents to find that code however the options are spelled
  So that the tree file it runs on the host (a Makefile through `system`) is never the model's

  # Each example: an interpreter (perl, python3, node, sh, dash, bash, ruby, lua, php, awk)
  # and a random spelling of its options that gives code, from its real grammar (combined
  # short options, a value attached or in the next word, `--opt=value`, `sh -c -e CODE`,
  # `-co NAME CODE`, `ruby -W0e CODE`) (features/support/code_spellings_property.py). Where
  # the interpreter is installed, it runs the spelling and must print the code's marker (the
  # spelling does give code); where it is not, that half is skipped, said on stderr with the
  # grammars no example checks (julia, Rscript: not installed where the suite runs; gawk,
  # which would become the machine's awk).
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (40 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Each spelling's code reaches the whole tree, and the interpreter runs it
    When random spellings of code are given on a user hook's line
    Then each is read as code, as the interpreter runs it
