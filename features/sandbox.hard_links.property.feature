Feature: No sandboxed command changes a file outside the tree through a hard link
  As a developer whose tree holds files hard-linked to files outside it (pnpm's store,
  uv's cache, `git clone /local/path` objects, my own `ln`)
  I want every file with a name outside the tree read-only to a sandboxed command
  So that a command's effects stay in the tree, where checkpoints and undo reach them

  # Each example: a real repository and a store folder beside it; random groups of names
  # for one file each, in random folders of the tree (an ignored one and a nested
  # repository's `.git` too), some with a name in the store; a random bound; one command in
  # the real bubblewrap doing a random operation on each name (see
  # features/support/hard_links_property.py).
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (8 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Whatever a command does to hard-linked files, nothing outside the tree changes
    When random sandboxed commands write, chmod, move and remove hard-linked files
    Then no store file changed, a refused command never ran, and in-tree names stayed writable
