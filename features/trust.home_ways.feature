Feature: My $XDG_CONFIG_HOME in my tree, and the links of my tree my home reads through, are kept from the model
  As a developer whose XDG_CONFIG_HOME is a folder of my dotfiles repository, or whose
  ~/.vimrc links to a link of that repository
  I want what a sandboxed command writes there, or re-points, put back
  So that my next `git status` or `vim` runs nothing the model wrote

  Background:
    Given a git repository with files:
      | path      | content       |
      | vim/vimrc | set nu\n      |
      | bin/tool  | #!/bin/sh\n   |
      | own/tool  | #!/bin/sh\n   |
    And Claude answers through a stand-in server

  Scenario: What a command writes in my XDG_CONFIG_HOME in the tree goes
    # git reads `$XDG_CONFIG_HOME/git/config` as its global config: a `core.fsmonitor`
    # there runs at the next `git status` in any repository.
    Given the user's XDG_CONFIG_HOME is the tree's "config"
    And Claude will propose the plan "xdg" checked by ""
    And Claude will run "mkdir -p config/git config/autostart && printf 'fsmonitor = touch planted-ran' > config/git/config && printf 'Exec=x' > config/autostart/x.desktop && printf 'mine' > notes"
    When I run "agents plan run 'xdg' --allow-command 'printf *' --allow-command 'mkdir *' --no-sandbox" with Claude
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

  Scenario: What a command writes in my XDG_DATA_HOME or an XDG_CONFIG_DIRS folder in the tree goes
    # `$XDG_DATA_HOME/applications/*.desktop` runs when a file is opened, its
    # `systemd/user` units at login; `$XDG_CONFIG_DIRS/autostart` entries at login.
    Given the user's XDG_DATA_HOME is the tree's "share"
    And the user's XDG_CONFIG_DIRS holds the tree's "xdg"
    And Claude will propose the plan "xdg" checked by ""
    And Claude will run "mkdir -p share/applications xdg/autostart && printf 'Exec=x' > share/applications/x.desktop && printf 'Exec=x' > xdg/autostart/x.desktop && printf 'mine' > notes"
    When I run "agents plan run 'xdg' --allow-command 'printf *' --allow-command 'mkdir *' --no-sandbox" with Claude
    Then the file "share/applications/x.desktop" does not exist
    And the file "xdg/autostart/x.desktop" does not exist
    And the file "notes" exists

  Scenario: What my ~/go/bin and my home's PATH folders link into the tree is put back
    # `~/go/bin` (Go's default GOPATH), a home folder on PATH (`~/tools/bin`): the user's
    # next shell runs `tool` from there by name.
    Given the user's home links "go/bin/tool" to the tree's "bin/tool"
    And the user's home folder "tools/bin" is first on the user's PATH
    And the user's home links "tools/bin/own" to the tree's "own/tool"
    And Claude will propose the plan "bins" checked by ""
    And Claude will run "printf 'touch planted-ran' >> bin/tool && printf 'touch planted-ran' >> own/tool"
    When I run "agents plan run 'bins' --allow-command 'printf *' --no-sandbox" with Claude
    Then the file "bin/tool" does not contain "planted-ran"
    And the file "own/tool" does not contain "planted-ran"
    When I run "agents plan tree" with Claude
    Then stdout contains "put back bin/tool: changed by the command"
    And stdout contains "put back own/tool: changed by the command"

  Scenario: In a tree that is my home, the model's write into my ~/go/bin is refused
    Given the user's home is the tree
    And Claude will propose the plan "bins" checked by ""
    And Claude will write the file "go/bin/git"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'bins'" with Claude
    Then the file "go/bin/git" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'go/bin/git' is in go/bin, your home's go/bin: your shell or programs run what is there"
