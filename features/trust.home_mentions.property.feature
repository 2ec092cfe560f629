Feature: A path of my tree that any program config of my home names is kept from the model
  As a developer whose home's program configs (direnvrc, .npmrc, ~/.kube/config, tmux, vim,
  usercustomize.py, systemd units, window managers, terminals...) name files of my dotfiles
  tree, spelled any way
  I want every such path held, or the tree whole when one cannot be named exactly
  So that nothing a command writes there runs at my next program start

  # Each example: a home with `~/dotfiles` (a git tree) and configs drawn from the table
  # (`domain/program_configs.CONFIGS`), each holding lines naming a drawn tree path in a
  # drawn spelling (absolute, `~/`, `$HOME/`, `${HOME}/`, `${env:HOME}/`, a unit's `%h/`,
  # `../` from the config's folder; quoted or not, in a drawn line around it), some built on
  # by an expression; and at times a kubeconfig (`~/.kube/config` or a file `.profile`'s
  # `KUBECONFIG` names) whose exec plugin is a tree file, escaped as YAML or JSON may write it
  # (`\x61`, `\u0075`, `\/`); then `home_files.home_files` on a real file system, in process.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (60 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: No tree path a config of the table names is missed
    When program configs of the home naming tree paths are made at random
    Then every path named is held, or the tree counts whole, and whole only for an expression
