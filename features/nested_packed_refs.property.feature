Feature: A nested repository whose packed refs a command broke never stops a checkpoint or an undo
  As a developer with a repository of its own inside my tree
  I want any breakage of its packed refs to be checkpointed and undone
  So that no line a command writes there stops a run or blocks its undo

  # Each example: a real nested repository with a commit and packed refs, its packed-refs
  # broken at random (bytes appended, cut, replaced, a folder or a link to one, small or
  # over git's 32 KiB) by a "command" the real GitCheckpoints looks at before and after
  # (see features/support/packed_refs_property.py). git itself (`rev-parse HEAD` in it) is
  # the judge of whether its refs can be read.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (8 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Every breakage is checkpointed and the restore brings the repository back
    When random breakages of a nested repository's packed refs are checkpointed and undone
    Then each was checkpointed, left out exactly when git cannot read it, and came back whole
