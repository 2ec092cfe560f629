Feature: No host-run place the sandbox binds takes the command's bytes while it runs
  As a developer whose tree holds files my host runs (my dotfiles, hooks, a venv on PATH)
  I want every such place held read-only in the sandbox, and no folder above it moved
  So that nothing my host runs while a model's command runs holds the model's bytes

  # Each example: a real repository with random places of the host (standing, or names not
  # there yet), a random bound on the mounts, and a command in the real bubblewrap sandbox
  # that writes, removes, renames over every one and moves every folder on their way,
  # then waits while the tree is read from outside (features/support/host_binds_property.py).
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (10 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Whatever the places and the bound, what the sandbox binds holds no byte of the command's
    When a command in the sandbox writes every host-run place of random trees
    Then every place bound held what it held before, during the command and after it

  Scenario: Names past the bound in one folder hold the folder read-only, not some of them
    # 80 names a command made in a PATH folder of the tree, then the host's own program there
    When a command in the sandbox writes a host-run program of a folder holding 80 more
    Then the program holds the user's bytes and the folder took no new name

  Scenario Outline: A home's .ssh is held before the many names that came first (<what>)
    # Attack 20, finding 5: a folder held whole freed mounts that places pushed past the bound
    # before it never got back, and a home's dot entries came after a PATH folder's names.
    When a command in the sandbox adds a key to the .ssh of a home at the tree's top holding <what>
    Then the home's .ssh holds no key of the command's

    Examples:
      | what                                   |
      | 70 programs in its scripts folder on PATH |
      | 70 files its .bashrc sources from lib  |
      | 70 other dot entries                   |
