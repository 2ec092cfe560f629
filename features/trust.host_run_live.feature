Feature: What my host runs never holds the model's bytes, not even while its command runs
  As a developer whose dotfiles repository holds what ~/.bashrc links to
  I want a sandboxed command's writes to the files my host runs kept out of my tree while
  it runs, not only put back when it ends
  So that a shell I open meanwhile sources nothing the model wrote

  Background:
    Given a git repository with files:
      | path   | content                                     |
      | bashrc | [ -f ~/dot/local.sh ] && . ~/dot/local.sh\n |
    And the user's home links ".bashrc" to the tree's "bashrc"
    And the user's home links "dot" to the tree's "."
    And Claude answers through a stand-in server

  Scenario: A shell started while the command sleeps runs neither its bashrc nor its new local.sh
    # The command writes the startup file and the file it sources, not there yet, then
    # sleeps: the shells started meanwhile, outside the sandbox, source both.
    Given a shell outside the sandbox starts every 50 ms, reading "note.txt" of the tree
    And Claude will propose the plan "dots" checked by ""
    And Claude will run "printf 'touch bashrc-ran' >> bashrc; printf 'touch local-ran' > local.sh; echo sleeping > note.txt; sleep 2"
    When I run "agents plan run 'dots' --allow-command 'printf *' --allow-command 'echo *' --allow-command 'sleep *'" with Claude
    Then the exit code is 0
    And the shell outside the sandbox read "sleeping" while the command ran, and ran nothing
    And the file "bashrc" does not contain "ran"
    And the file "local.sh" does not exist
