Feature: No sandboxed command changes a git directory nested in my tree
  As a developer with nested clones, checkouts, linked worktrees and bare repositories in
  my tree
  I want every git directory of them, and each `.git` file naming one, read-only to a
  sandboxed command, whatever it does, while their own files stay writable
  So that my git there, run while the command runs, finds nothing of the model's

  # Each example: a real repository holding a random set of nested kinds (a clone, a
  # checkout whose git directory is elsewhere in the tree, a linked worktree, a bare
  # repository, a `.git` link to a bare one); one command in the real bubblewrap doing random
  # operations (write, append, remove, move, link, chmod, move the folder holding it) on
  # random names of their git directories and `.git` entries, then writing a file in each
  # worktree (see features/support/nested_gits_property.py).
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (8 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Whatever a command does to nested git directories, none of them changes
    When random sandboxed commands write, move and remove names of nested git directories
    Then no nested git directory changed, and each nested worktree stayed writable

  # Attack 21 #3: 2000 empty `zNNNN/.git` folders a model's command made pushed the user's
  # `vendor/lib/.git` past the 128 binds (first come first bound, in the walk's order). Each
  # example: a real tree of random nested repositories (a `.git` folder, a `.git` file naming
  # a git directory elsewhere in the tree) and random junk `.git` names (empty, or holding a
  # config only) under a random bound (2 to 24 mounts); the binds computed with the junk and
  # without it (features/support/nested_bound_property.py). 60 examples by default, in-process.
  Scenario: No number of empty .git names changes which real repositories are bound
    When random trees of nested repositories and empty .git names are bound under a random bound
    Then the real repositories bound, and those left, are the same without the empty names
