Feature: The recording hook's "said once" folder is its own, or it says its line every time
  As a developer who runs Claude Code with our hooks on a shared machine
  I want the hook's "goes on unrecorded" line never silenced by someone else's folder
  So that I always learn when a session of mine is not recorded

  # The hook keeps a marker per session in <temporary folder>/cleveragents-hooks-<uid> so it
  # says the line once. Anyone can make that name first in a shared /tmp: a link, a folder of
  # another user, one others may write. The hook then must not trust it.

  Scenario: A folder the hook makes itself is 0700 and the line is said once
    When the recording hook gets an event it cannot read, twice
    Then the hook said its session goes on unrecorded 1 time
    And the hook's marker folder is a folder of mode 0700

  Scenario Outline: A marker folder made by someone else is not trusted: the line every time
    Given the hook's marker folder is already there as <made>
    When the recording hook gets an event it cannot read, twice
    Then the hook said its session goes on unrecorded 2 times
    And nothing was written where the link points

    Examples:
      | made                           |
      | a link to another folder       |
      | a folder of another user       |
      | a folder others may write into |
