Feature: No plugin mypy loads for my hook is open to the model
  As a developer whose pre-commit hook runs mypy, whose config names a plugin of my tree
  I want every tree file mypy really loads that way refused to the model, and no more
  So that my next `git commit` runs nothing the model planted, and the model keeps my tree

  # Each example writes a random mypy config (`mypy.ini`, `.mypy.ini`, `setup.cfg`,
  # `pyproject.toml`, at the top or in `src`) naming a random plugin (a file, a file with its
  # entry point, a module), and a hook running mypy by a random form; the user's own
  # `git commit` runs it, each file mypy loads leaves a mark, and must be judged host-run; a
  # file it does not load must not. CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (4
  # by default); CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Every plugin mypy loads for my hook is refused to the model
    When my hook runs mypy with a random config naming a plugin, and the user commits
    Then every tree script that ran was refused to the model, and no other file
