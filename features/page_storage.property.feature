Feature: A page checkpoint's cookies and storage are compared as a restore must compare them
  As a developer whose agent's pages keep cookies and local and session storage
  I want a restore to refuse exactly when the storage it reached is not the checkpoint's
  So that a page put back with different storage is never taken for the one I had

  # Each example: two random storages (cookies with names, values and attributes, local
  # and session storage, history), one often a copy of the other with a change or none,
  # and a kept file of the first read back as a restore reads it.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (50 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Storages differ exactly when a cookie's value or a stored item differs
    When random pairs of page storages are compared
    Then a difference is found exactly where a value differs, and a kept storage reads back the same

  Scenario: A storage too big to keep is not kept, and one that fits is kept once
    When a page storage of 300 KiB and one of 3 KiB are kept
    Then only the small one is kept, as one file named by its id
