Feature: A sandboxed command's writes, applied from its overlay, are what it wrote
  As a developer whose model runs commands in the sandbox
  I want what a command does to the tree, made in an overlay and applied after it, to be
  exactly what the same script does to a plain copy of the tree
  So that keeping its writes out of my tree while it runs changes nothing of its effects

  # Each example: a real repository with a random tree, a random script of writes,
  # appends, removals, folders made anew (opaque in the overlay), modes, links, renames,
  # a file replaced by a folder and back; run by agents in the real bubblewrap over an
  # overlay, and by bash in a copy (see features/support/overlay_apply_property.py).
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (10 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Whatever a sandboxed command does, the tree after it is what the script makes of a copy
    When random sandboxed scripts write, remove, move and remake files, folders and links
    Then each tree after its command is what the same script made of a plain copy
