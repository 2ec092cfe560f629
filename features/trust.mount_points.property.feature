Feature: The box's empty mount-point files go, and only they, whether the command ends or agents is killed
  As a developer whose tree holds names my host runs that are not there yet
  I want the empty files a sandboxed command's box stands on removed after it, even after
  a kill, and what I put at those names meanwhile kept
  So that no junk stays in my tree and nothing of mine is taken for it

  # Each example: a real repository with random names not there yet, a real process making
  # their mount points (journaled) around a command in the real bubblewrap sandbox, the
  # user's own empty file, bytes, folder or link put at some while it runs, then the command
  # ending or the process SIGKILLed by its PID and the journal swept by the next
  # (features/support/mount_points_property.py).
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (10 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Whatever the names, what the user puts and whether agents is killed, only the box's files go
    When the box's empty files are made for random names, and the user's put at some
    Then each name holds what the user put there, or nothing, and no journal is left

  # Fault injection at the one point no random kill is sure to reach: the maker killed by its
  # own SIGKILL right after the mount point's name shows, before its journal says what it
  # made there (`mount_points.made`: a file is journaled while still unnamed).
  Scenario Outline: A mount point named just before agents is killed is still swept (<kind>)
    When agents is killed right after naming a mount point <kind> and the next one sweeps
    Then the sweep removed "a/rc" and left no journal

    Examples:
      | kind   |
      | file   |
      | folder |
