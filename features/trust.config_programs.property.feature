Feature: No tree file my git config runs as a program is open to the model
  As a developer whose git config names programs of my tree (a textconv, a `!` alias)
  I want every tree file git really runs for such a setting refused to the model, whatever
  the command line's form (assignments, `./`, `..`, an interpreter, arguments)
  So that my next `git diff` runs nothing the model planted

  # Each example sets `diff.x.textconv` or a `!` alias to a random command line and has git
  # run it; each tree script that ran leaves a mark, and must be judged host-run.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (20 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Every tree file git runs for a setting is refused to the model
    When the user's git config names random command lines, and git runs them
    Then every tree file git ran as a program was refused to the model

  # features/support/new_setting_property.py: a command sets a git setting that names
  # committed files of the tree, and writes, rewrites or chmods some of them (10 examples
  # by default; the same variables).
  Scenario: Whatever a command names by a new setting, only what it wrote there is removed
    When random commands set git settings naming my committed files and change some
    Then only what the command made or changed there is removed, and it is kept
