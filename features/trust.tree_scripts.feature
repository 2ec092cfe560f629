Feature: What a script my git config names runs is kept from the model too
  As a developer whose git config runs a script of my tree (`diff.x.textconv =
  node tools/conv.js`, `credential.helper = !./tools/cred.sh`), or names a tree path
  through git's `%(prefix)/`
  I want what that script runs (a module it requires, a script it sources) kept from the
  model as the script itself is, and `%(prefix)/` read as my git reads it
  So that my next `git diff` or `git commit` runs nothing the model planted

  Background:
    Given a git repository with files:
      | path  | content |
      | a.txt | a\n     |
    And Claude answers through a stand-in server

  Scenario: A config my git includes through %(prefix)/ from the tree is refused
    Given the repository's git config sets "include.path" to the tree's "extra.cfg" through %(prefix)
    When I run "agents plan list"
    Then the exit code is 3
    And stderr contains "includes %(prefix)/"

  Scenario: The model's write into a hooks folder named through %(prefix)/ is refused
    Given the repository's git config sets "core.hooksPath" to the tree's "hk" through %(prefix)
    And Claude will propose the plan "hooks" checked by ""
    And Claude will write the file "hk/pre-commit"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'hooks'" with Claude
    Then the file "hk/pre-commit" does not exist
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'hk/pre-commit' is in hk, the hooks folder git runs (core.hooksPath)"
