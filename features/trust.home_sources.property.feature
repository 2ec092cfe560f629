Feature: Whatever my home's startup files source from my dotfiles tree is kept from the model
  As a developer whose `~/.bashrc` (a plain file of my home, or a link into the tree)
  sources my dotfiles repository by `~`, `$HOME`, `${HOME}`, a variable, a loop over a glob,
  or sets `ZDOTDIR` there
  I want each path so sourced or run found (a relative one from where a `cd` led, or the
  tree's top), and the tree kept whole when one cannot be named (it may be one of the tree
  in my home) or when a variable a program loads from (`PYTHONPATH`, `PATH`,
  `XDG_CONFIG_HOME`...) names its top, however the line is written
  So that nothing a command writes there runs at my next shell

  # Each example: a home with `~/dotfiles` (a git tree) and one of its own startup files
  # holding random lines of each form, some sourcing a tree file that holds the next lines,
  # and maybe a line sourcing `$A_VARIABLE_SET_NOWHERE/x.sh`; then `home_files.home_files`
  # on a real file system, in process.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (60 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Each sourced path is found, and the tree whole only when one cannot be named
    When home startup files sourcing the tree are made at random
    Then every path they source in the tree is found, or the tree counts whole when one cannot be named
