Feature: Code on a user hook's command line makes the whole tree host-run
  As a developer whose own Claude Code settings run a hook given as code (`python3 -c`)
  I want agents to keep the whole tree from the model, not the words of that code
  So that no file the code runs in the tree (a Makefile through `shell=True`) is the model's

  # Each example: a random interpreter (python3, perl, node, ruby) and option (`-c`, `-e`,
  # `--eval`), random code (a subprocess of `make fmt`, words, escapes), in the user's own
  # settings (CLAUDE_CONFIG_DIR) as a hook line; a project's settings give the same line
  # (features/support/unread_code_property.py).
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (40 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: A user hook's code reaches the whole tree; a project's is read as before
    When random code is given on the command line of a hook of the user's own settings
    Then the whole tree is host-run for the user's, named, and not for the project's
