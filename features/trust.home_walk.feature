Feature: Every link of my home into my tree is found, wherever my home keeps it
  As a developer who `npm link`s under nvm, keeps years of vim undo files, links my
  ~/.vim to another disk or to my dotfiles' folder, or keeps my scripts in ~/bin
  I want each such link (and what my login shell puts on PATH) counted
  So that nothing a command writes in my tree runs at my next shell, vim or tool

  Background:
    Given a git repository with files:
      | path              | content       |
      | vim/plugin/a.vim  | set nu\n      |
      | common/shared.vim | set list\n    |
      | bin/tool          | #!/bin/sh\n   |
    And Claude answers through a stand-in server

  Scenario: My npm link under nvm keeps the linked tree from the model
    # `npm link` with nvm's node: `~/.nvm/versions/node/<v>/lib/node_modules/<name>` links
    # to the tree, its `bin/<name>` (on PATH when nvm is loaded) to the tree's program.
    Given the user's home links ".nvm/versions/node/v20.11.0/lib/node_modules/mytool" to the tree's "."
    And the user's home links ".nvm/versions/node/v20.11.0/bin/mytool" to the tree's "bin/tool"
    And Claude will propose the plan "walk" checked by ""
    And Claude will run "printf 'touch planted-ran' >> bin/tool"
    When I run "agents plan run 'walk' --allow-command 'printf *'" with Claude
    Then the file "bin/tool" does not contain "planted-ran"
    And stderr contains "your home's .nvm/versions/node/v20.11.0/lib/node_modules/mytool links to it"

  Scenario: My ~/.vim/undo of many files does not hide my ~/.vim/pack link to the tree
    Given the user's home holds 10001 files in ".vim/undo"
    And the user's home links ".vim/pack/dev/start/myplugin" to the tree's "."
    And Claude will propose the plan "walk" checked by ""
    And Claude will run "printf 'call system(1)' >> vim/plugin/a.vim"
    When I run "agents plan run 'walk' --allow-command 'printf *'" with Claude
    Then the file "vim/plugin/a.vim" does not contain "system"
    And stderr contains "your home's .vim/pack/dev/start/myplugin links to it"

  Scenario: My neovim plugin clones do not hide my site/pack link to the tree
    # `lazy/` is listed breadth first before `site/pack/*/start`: the places users link
    # plugins in are looked at first.
    Given the user's home holds 100 folders of 120 files in ".local/share/nvim/lazy"
    And the user's home links ".local/share/nvim/site/pack/dev/start/mine" to the tree's "."
    And Claude will propose the plan "walk" checked by ""
    And Claude will run "printf 'call system(1)' >> vim/plugin/a.vim"
    When I run "agents plan run 'walk' --allow-command 'printf *'" with Claude
    Then the file "vim/plugin/a.vim" does not contain "system"
    And stderr contains "your home's .local/share/nvim/site/pack/dev/start/mine links to it"

  Scenario: A tree outside my home in the folder my ~/.vim/pack links to is kept from the model whole
    Given the tree lies outside the user's home at "plugins/myplugin"
    And the user's home links ".vim/pack/dev/start" to the tree's ".."
    And Claude will propose the plan "walk" checked by ""
    And Claude will run "printf 'call system(1)' >> vim/plugin/a.vim"
    When I run "agents plan run 'walk' --allow-command 'printf *'" with Claude
    Then the file "vim/plugin/a.vim" does not contain "system"
    And stderr contains "your home's .vim/pack/dev/start links to a folder that holds it"

  Scenario: What a link of my tree in the folder my ~/.vim links to leads to is kept from the model
    # Dotfiles share one file between tools by a link of the tree (`nvim/init.vim ->
    # ../vim/vimrc`): vim reads `common/shared.vim` through `vim/plugin/shared.vim`.
    Given a symlink "vim/plugin/shared.vim" pointing to "../../common/shared.vim" committed
    And the user's home links ".vim" to the tree's "vim"
    And Claude will propose the plan "walk" checked by ""
    And Claude will run "printf 'call system(1)' >> common/shared.vim; printf 'x' > notes"
    When I run "agents plan run 'walk' --allow-command 'printf *'" with Claude
    Then the file "common/shared.vim" does not contain "system"
    And the file "notes" exists

  Scenario: My ~/.vim, a link to a folder on another disk, is walked for its links to the tree
    Given the user's home links ".vim" to the folder "vimfiles" outside it, whose "pack/dev/start/mine" links to the tree's "vim"
    And Claude will propose the plan "walk" checked by ""
    And Claude will run "printf 'call system(1)' > vim/plugin/zz.vim; printf 'x' > notes"
    When I run "agents plan run 'walk' --allow-command 'printf *'" with Claude
    Then the file "vim/plugin/zz.vim" does not exist
    And the file "notes" exists

  Scenario: A tree that is my ~/bin, put on PATH by my .profile, is kept from the model whole
    # Debian's default `.profile`; agents itself started with another PATH (an IDE, cron).
    Given the tree lies in the user's home at "bin"
    And the user's own ".profile" in their home holds "if [ -d \"$HOME/bin\" ] ; then\n    PATH=\"$HOME/bin:$PATH\"\nfi\n"
    And Claude will propose the plan "walk" checked by ""
    And Claude will run "printf '#!/bin/sh\ntouch planted-ran' > ls"
    When I run "agents plan run 'walk' --allow-command 'printf *'" with Claude
    Then the file "ls" does not exist
    And stderr contains "every file of the tree counts as your home's, kept from the model: its PATH names the tree's top (in ~/.profile)"

  Scenario: A folder of my home too big to look at whole is said, one too deep is not
    # (a folder deeper than the walk goes is common: perf's `~/.debug`, pyenv's own clone)
    Given the user's home holds 10001 files in ".julia/compiled"
    And the user's home holds the folder ".debug/a/b/c/d/e/f/g"
    And the user's home links ".local/bin/tool" to the tree's "bin/tool"
    And Claude will propose the plan "walk" checked by ""
    And Claude will run "printf 'touch planted-ran' >> bin/tool"
    When I run "agents plan run 'walk' --allow-command 'printf *'" with Claude
    Then the file "bin/tool" does not contain "planted-ran"
    And stderr contains "note: your home's folders .julia hold more entries than agents looks at for links into the tree (10000 each, 40000 in all)"
    And stderr does not contain ".debug"

  Scenario: What a folder my .bashrc puts on PATH links into the tree is kept from the model
    # `export PATH="$HOME/tools/bin:$PATH"`: the login shell's PATH, not agents' own.
    Given the user's home links "tools/bin/tool" to the tree's "bin/tool"
    And the user's own ".bashrc" in their home holds "export PATH=\"$HOME/tools/bin:$PATH\"\n"
    And Claude will propose the plan "walk" checked by ""
    And Claude will run "printf 'touch planted-ran' >> bin/tool; printf 'x' > notes"
    When I run "agents plan run 'walk' --allow-command 'printf *'" with Claude
    Then the file "bin/tool" does not contain "planted-ran"
    And the file "notes" exists
