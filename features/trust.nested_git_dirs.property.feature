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
