Feature: A link on the way to what runs on the host never leads elsewhere after a command
  As a developer whose hook runs a file behind a committed link (`scripts -> tools`)
  I want any change a command makes to the links and folders on that way undone
  So that what git runs is what it ran before the command, or nothing

  # Each example: a file watched behind a link (at the top or in a folder), then the link
  # re-pointed (relative or absolute), removed, replaced by a file, or the folder holding it
  # replaced by a link to a folder the model filled, then put back. In process, on a real
  # file system. CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (80 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Every watched file leads where it did, or nowhere
    When links on the way to a watched file are changed at random, then put back
    Then every watched file leads where it led at the look, or nowhere

  # Attack 23, F7 and F30: a place of a held pattern (ssh's `**/bin/proxy.sh` from any
  # folder, a trusted VS Code's `**/.vscode/tasks.json`, a path named from the top) with a
  # folder of its way made a link to another folder holding the file: the walk matches
  # names and follows no link. 150 examples by default. A link that stood already (the
  # user's, committed) stays: the file where it leads is held where it lies.
  Scenario: A file reached through a link where a held place's folder would stand is watched
    When a link is put on the way to a place of a held pattern at random
    Then the file the place leads to is watched where it lies, or the link is
    And the file the place leads to is held where it lies when the link stood
