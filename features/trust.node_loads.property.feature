Feature: No tree file that my config's node script loads by a module path is open to the model
  As a developer whose git config runs a node script of my tree, which loads others by
  module paths (`require("../lib/x")`, `require("..")`, `#name`, its package's own name)
  I want every tree file node really loads that way refused to the model, and every file
  when the script computes a module path, and no more otherwise
  So that my next `git diff` runs nothing the model planted, and the model keeps my tree

  # Each example writes a node script loading random tree files by random forms (literal
  # or computed) and a package.json naming them, names the script as `diff.x.textconv` and
  # has git run it; each file that ran leaves a mark, and must be judged host-run;
  # `other/free.js` must be host-run when a path was computed, and must not otherwise.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (6 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Every tree file my config's node script loads is refused to the model
    When my git config's node script loads random tree files by random module paths, and git runs it
    Then every tree script that ran was refused to the model, and no other file
