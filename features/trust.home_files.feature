Feature: The startup files of my home that lie in my tree are kept from the model
  As a developer whose dotfiles repository holds what `~/.bashrc` links to, or whose home
  is itself a git repository
  I want what a sandboxed command does to those files put back, and the model's file
  actions on them refused
  So that my next shell runs nothing the model wrote

  Background:
    Given a git repository with files:
      | path   | content               |
      | bashrc | alias ll='ls -l'\n    |
    And Claude answers through a stand-in server

  Scenario: A command's change to the file my ~/.bashrc links to is put back
    Given the user's home links ".bashrc" to the tree's "bashrc"
    And Claude will propose the plan "dots" checked by ""
    And Claude will run "printf 'touch planted-ran' >> bashrc"
    When I run "agents plan run 'dots' --allow-command 'printf *'" with Claude
    Then the file "bashrc" does not contain "planted-ran"
    When I run "agents plan tree" with Claude
    Then stdout contains "put back bashrc: changed by the command"

  Scenario: The model's write of the file my ~/.zshrc links to, not there yet, is refused
    Given the user's home links ".zshrc" to the tree's "zshrc"
    And Claude will propose the plan "dots" checked by ""
    And Claude will write the file "zshrc"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'dots'" with Claude
    Then the file "zshrc" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'zshrc' is zshrc, a startup file of your home: your shell or git runs it, outside the sandbox"

  Scenario: In a tree that is my home, a .profile a command makes is removed
    Given the user's home is the tree
    And Claude will propose the plan "dots" checked by ""
    And Claude will run "printf 'touch planted-ran' > .profile"
    When I run "agents plan run 'dots' --allow-command 'printf *'" with Claude
    Then the file ".profile" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "removed .profile: new, a startup file of your home: your shell or git would run it"
