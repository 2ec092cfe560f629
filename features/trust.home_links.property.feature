Feature: Every file my home links into my tree, and every dot entry of a home my tree holds, is kept from the model
  As a developer whose dotfiles repository is linked from my home file by file
  (`~/.vim/vimrc`, `~/.config/nvim/lua/user/init.lua`), or whose home is a git repository
  I want each link of my home's dot entries into the tree found at any depth the walk
  reaches (the tree whole past its limits), and each dot entry of a home in the tree kept
  So that nothing a command writes there runs at my next shell, ssh, vim or login

  # Each example: a home apart from the tree, the tree itself, or a folder of it, with
  # links at random (its dot entries and plain ones, `~/bin`, a skipped cache, in dot
  # folders and `~/.local/share` at every depth down to one past `MOST_DEPTH`), each to
  # a file or folder of the tree (standing or not, in its `.git` too, its top: the tree
  # whole, through a link of the tree: each link on the way found too) or outside it, or
  # a HARD link of a tree file (its other name found, or past a small search budget the
  # tree whole); in `~/go/bin`, `~/node_modules/.bin`, `~/tools/bin` (walked when on PATH)
  # or the home's top (walked when the home is on PATH); `$XDG_DATA_HOME`, an
  # `$XDG_CONFIG_DIRS` or `$XDG_DATA_DIRS` folder unset, of the tree (the home's whole),
  # its top (the tree whole) or outside; `$XDG_CONFIG_HOME` unset, a folder of the tree (the
  # home's whole), its top (the tree whole) or outside; the walk's entry limit the real one or a small one;
  # then `home_files.home_files` on a real file system, in process, and `host_run` on
  # the home's paths in the tree (its `bin` too). Past a limit, the tree whole only when a
  # link into it stands in a root (`home_walk.py`) the walk did not finish.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (60 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Each link of a dot entry is found, the tree whole past a limit, and nothing outside the tree
    When homes with links into a tree are made at random
    Then every link of a dot entry is found or the tree counts whole, and each dot entry of a home in the tree is the host's
