Feature: No tree script that my config's script runs is open to the model
  As a developer whose git config runs a shell script of my tree, which sources or runs
  others
  I want every tree script git really runs that way refused to the model, and no more
  So that my next `git diff` runs nothing the model planted, and the model keeps my tree

  # Each example writes random shell scripts calling each other (`. ./x`, `sh x`, `./x`,
  # `"$(dirname "$0")/x"`, cycles too), names one as `diff.x.textconv` and has git run it;
  # each script that ran leaves a mark, and must be judged host-run; a file none names must
  # not. CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (15 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Every tree script git runs through my config's script is refused to the model
    When my git config's script runs random tree scripts, and git runs it
    Then every tree script that ran was refused to the model, and no other file
