Feature: The model cannot vouch for a program itself
  As a developer who vouched for `mylint` (`agents hooks vouch`)
  I want the file that keeps my vouches kept from the model, wherever it lies
  So that a model cannot vouch for a program it planted and have my hook run it on my host

  Background:
    Given my home's .config is the git repository
    And a git repository with files:
      | path  | content |
      | a.txt | a\n     |
    And Claude answers through a stand-in server

  Scenario: In a tree that is my ~/.config, the model's write of my vouches is refused
    Given Claude will propose the plan "vouch" checked by ""
    And Claude will write "cleveragents/vouched.json" with "{\"vouched\": [\"sh\"]}\n"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'vouch'" with Claude
    Then the file "cleveragents/vouched.json" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'cleveragents/vouched.json' is cleveragents/vouched.json, where agents keeps the programs you vouched for, outside the sandbox"
