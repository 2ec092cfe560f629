Feature: My $XDG_CONFIG_HOME in my tree, and the links of my tree my home reads through, are kept from the model
  As a developer whose XDG_CONFIG_HOME is a folder of my dotfiles repository, or whose
  ~/.vimrc links to a link of that repository
  I want what a sandboxed command writes there, or re-points, put back
  So that my next `git status` or `vim` runs nothing the model wrote

  Background:
    Given a git repository with files:
      | path      | content  |
      | vim/vimrc | set nu\n |
    And Claude answers through a stand-in server

  Scenario: What a command writes in my XDG_CONFIG_HOME in the tree goes
    # git reads `$XDG_CONFIG_HOME/git/config` as its global config: a `core.fsmonitor`
    # there runs at the next `git status` in any repository.
    Given the user's XDG_CONFIG_HOME is the tree's "config"
    And Claude will propose the plan "xdg" checked by ""
    And Claude will run "mkdir -p config/git config/autostart && printf 'fsmonitor = touch planted-ran' > config/git/config && printf 'Exec=x' > config/autostart/x.desktop && printf 'mine' > notes"
    When I run "agents plan run 'xdg' --allow-command 'printf *' --allow-command 'mkdir *'" with Claude
    Then the file "config/git/config" does not exist
    And the file "config/autostart/x.desktop" does not exist
    And the file "notes" exists
    When I run "agents plan tree" with Claude
    Then stdout contains "removed config/git/config: new, a startup file of your home"

  Scenario: In a tree that is my home, the model's write in my XDG_CONFIG_HOME, a folder with no dot, is refused
    Given the user's home is the tree
    And the user's XDG_CONFIG_HOME is the tree's "cfg"
    And Claude will propose the plan "xdg" checked by ""
    And Claude will write the file "cfg/autostart/x.desktop"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'xdg'" with Claude
    Then the file "cfg/autostart/x.desktop" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'cfg/autostart/x.desktop' is in cfg, your $XDG_CONFIG_HOME: git and your programs read their config there, outside the sandbox"

  Scenario: A link of the tree on the way from my ~/.vimrc, re-pointed by a command, is put back
    # `~/.vimrc -> dl/vimrc -> vim/vimrc`: vim reads what the tree's `vimrc` leads to.
    Given a symlink "vimrc" pointing to "vim/vimrc" committed
    And the user's home links ".vimrc" to the tree's "vimrc"
    And Claude will propose the plan "relink" checked by ""
    And Claude will run "printf 'silent !touch planted-ran' > evil.vim && ln -sfn evil.vim vimrc"
    When I run "agents plan run 'relink' --allow-command 'printf *' --allow-command 'ln *'" with Claude
    Then the file "vimrc" does not contain "planted-ran"
    When I run "agents plan tree" with Claude
    Then stdout contains "put back vimrc: changed by the command"
