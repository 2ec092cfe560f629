Feature: A login bash reads the same files while the sandbox's stand-in for .bash_profile stands
  As a developer whose dotfiles repository is my home
  I want the .bash_profile or .bash_login agents makes for a sandboxed command's time to
  make a login bash read exactly what it reads without them
  So that my login shells behave the same during a command as before and after it

  # Each example: a real repository that is the home, each of .bash_profile, .bash_login
  # and .profile a file, a link out of the home, a dangling link, a folder or nothing; the
  # adapter's binds and files made as for a command (host_mounts.host_binds,
  # mount_points.made); a real `bash -l` run before, while they stand, and after
  # (features/support/login_stand_in_property.py).
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (60 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Whatever stands of the login files, a login bash prints the same
    When a login bash runs on the host with random login files in a home the tree is
    Then it prints the same while the sandbox's files stand as without them
