Feature: A per-file tool's configs are found anywhere below it, whatever changed since the last look
  As a developer whose hook runs eslint, prettier or stylelint, which load a config from
  any folder of my tree
  I want every look of a run to find each such config in the tree as it is now, while
  folders no command changed are not listed again
  So that a config the model made deep in my tree is never missed, and a big tree stays fast

  # Each example makes a small tree of folders, files and links, walks it as the look for
  # per-file configs does, then changes it in random rounds (files and folders made,
  # removed, renamed, links to folders) and walks it again: each walk must give what a
  # fresh `os.walk` gives. CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (20 by
  # default); CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Every walk lists the tree as it is now
    When a tree is walked for per-file configs, changed at random, and walked again
    Then every walk listed each folder as it is now
