Feature: Whatever my home's ssh, vim, tmux and readline configs include from my dotfiles tree is kept from the model
  As a developer whose `~/.ssh/config`, `~/.vimrc`, nvim's `init.lua`, `~/.tmux.conf` or
  `~/.inputrc` includes files of my dotfiles repository, some of them including more
  I want each file so included, or run by a command there, found, and the tree kept whole
  when one cannot be named
  So that nothing a command writes there runs at my next ssh, vim, tmux or shell

  # Each example: a home with `~/dotfiles` (a git tree) and some of its own configs holding
  # random lines of each form, some including a tree file that holds the next lines of the
  # same program, and maybe a line naming `$A_VARIABLE_SET_NOWHERE`; then
  # `home_files.home_files` on a real file system, in process.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (60 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Each included path is found, and the tree whole only when one cannot be named
    When home configs including the tree are made at random
    Then every path they include in the tree is found, or the tree counts whole when one cannot be named

  # Each example: a home with `~/src/proj` (the tree) and one config of the home (vim's,
  # nvim's, gdb's, ssh's, tmux's, bash's, zsh's, emacs', psql's) holding a drawn spelling of an opt-in that
  # has its program read a file from the folder it starts in, or of one that does not (`set
  # noexrc`, a comment, an absolute path), and that file in a drawn folder of the tree.
  Scenario: A file my home has a program read from any folder it starts in is held there, however spelled
    When home configs making a program read from its folder are made at random
    Then a file of that name in any folder is refused and walked, and none without the opt-in
