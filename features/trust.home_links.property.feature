Feature: Every file my home links into my tree, where my programs look, is kept from the model
  As a developer whose dotfiles repository is linked from my home (`~/.ssh/config`,
  `~/.local/bin/tool`, `~/.config/nvim`)
  I want each link of my home into the tree found, wherever it lies where programs look
  So that nothing a command writes there runs at my next shell, ssh or command

  # Each example: a home with links at random (its dot entries and plain ones, in
  # `.config` one and two folders deep and deeper, `.local/bin`, `.ssh`, another dot
  # folder), each to a file or folder of the tree (standing or not, in its `.git` too) or
  # outside it; then `home_files.startup_files` on a real file system, in process.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (60 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Each link the walk looks at is found, and nothing outside the tree
    When homes with links into a tree are made at random
    Then every link where programs look is found, and nothing else outside the startup files
