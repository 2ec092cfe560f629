Feature: A correction's journal names what a plan file's edit leaves before it runs
  As a developer whose correction is killed just after a plan file's `edit:` wrote its file
  I want the journal to have named the bytes the edit leaves there before it ran
  So that the settling puts that file back instead of keeping it as my edit

  # Each example writes a file of random bytes (`\n` and `\r\n`, UTF-8 and not, NUL), makes
  # the journal entry of a random edit of it, then runs the edit through the real
  # environment: when it wrote, the entry names the file's git blob (`git hash-object`);
  # when it did not, the entry is bare. CLEVERAGENTS_PROPERTY_EXAMPLES sets how many
  # examples (60 by default); CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed
  # printed on stderr.

  Scenario: The journal names the bytes every edit leaves
    When random edits of random files are journalled, then run
    Then each edit that wrote left what its journal entry named
