Feature: Every script outside the tree my hook runs in turn is read, or the whole tree is kept
  As a developer whose own Claude Code hook runs a script of mine outside the project, which
  runs another, and so on
  I want what the last one runs in the tree kept from the model, and the whole tree when
  agents cannot read it or the chain is deeper than it reads
  So that my hook runs nothing the model planted, and no more of my tree is kept than that

  # Each example: a random chain (1 to 12) of shell and Python scripts in the user's config
  # folder, each running the next by a random form of its language, the last running
  # `make -s fmt` or `sh scripts/t.sh`, or one agents cannot read (perl, a binary, too
  # large) (features/support/outside_scripts_property.py). The chain starts from the user's
  # hook or from a program setting of the repository's git config (`core.editor`,
  # `core.pager`, `sequence.editor`, `diff.external`, a `!` alias), where a binary at its
  # end is a program of the user's that runs nothing of the tree.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (40 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: A user hook's (or git setting's) chain of outside scripts reaches what its end runs, or the whole tree
    When a user hook runs a random chain of scripts outside the tree
    Then the hook reaches the whole tree when the chain's end runs make or cannot be read
