Feature: Claude Code's shell under agents runs none of the user's start-up files
  As a developer whose shell start-up files source what a tree holds (a dotfiles repository)
  I want the shell agents gives Claude Code to run none of them, whatever Claude Code asks of it
  So that nothing the model wrote runs as me on the host when agents starts a session

  # Each example: the shell's arguments as Claude Code may give them (switches, its snapshot
  # script naming a random file, a command line) with a home whose .bashrc, .bash_profile,
  # .bash_login, .profile and the BASH_ENV and ENV files each leave a mark outside it
  # (features/support/startup_free_property.py).
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (30 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: No start-up file runs, and a snapshot empties only the file it names
    When Claude Code's shell under agents is run with random arguments
    Then no start-up file ran, and only the snapshot file named was written, empty
