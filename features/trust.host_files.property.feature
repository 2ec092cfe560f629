Feature: No write of the model's lands where git runs hooks or in agents' own venv
  As a developer whose tree holds the hooks git runs (core.hooksPath, husky) and agents' venv
  I want every write of the model's that would land there refused, whatever the config's
  scope and form and whatever links and `..` the path takes
  So that my next `git commit` or `agents` runs nothing the model planted

  # Each example: `core.hooksPath` set at random (repository or global config; relative,
  # `./`, `//`, `..`, through a link, husky's `.husky/_`), then the model's write_file of a
  # random path and Claude Code's Write of it judged by our hook's rule. Where git runs hooks
  # from is asked of git (`rev-parse --git-path hooks`); where the file lands is found by
  # writing it for real. CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (60 by
  # default); CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Every write landing in a hooks folder or agents' own Python is refused
    When the model writes at random places of a tree whose hooks folder is set at random
    Then every write that lands where git runs hooks or in agents' own Python was refused
