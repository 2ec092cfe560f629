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

  # Under a hook running mypy or pylint, each example writes a random `pyproject.toml` and a
  # command edits, adds or removes one value of a random table between the real look and
  # put-back: an edit of the tool's own table (its plugins, any setting), or one leaving the
  # file unparsable, goes back; any other stays (4 examples by default).
  Scenario: A command's edit of pyproject.toml goes back only where my hook's tool reads
    When my hook runs mypy or pylint, and a command edits a random table of pyproject.toml
    Then the edits of the tool's table went back, and every other edit stayed

  # Under a hook running `npx eslint src`, each example writes a random `eslint.config.js`
  # (CommonJS or ESM: random data, literal requires or imports of files of `rules/`, maybe a
  # `require` of a computed name): the config and the files it names are host-run, no other
  # file of the tree; a computed name makes every file host-run, said so (6 examples by
  # default).
  Scenario: A JavaScript config of my hook's eslint reaches only what it names
    When my hook runs eslint with a random JavaScript config
    Then the config and what it names were host-run, and no other file unless it computes one
