Feature: gc keeps what deleted plans held for the grace period, whoever borrows it
  As a developer whose repository other clones borrow objects from (`git clone --shared`)
  I want `agents gc` to leave deleted plans' objects for git's gc.pruneExpire grace
  So that no borrower is left with "fatal: bad object", and my own objects never go

  # Each example: a real repository and a `git clone --shared` of it, random operations with
  # the real `agents` and git (plans run, fetched by the borrower, deleted; the user commits;
  # loose objects made 0 or 15 days old; `agents gc` with or without --prune-now), checked
  # against a model after each (see features/support/gc_grace_property.py).
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (4 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Deleted plans' objects stay for the grace and go after it; the user's never go
    When random plans, deletes, borrows, ages and gcs are checked against the model
    Then the borrower stays whole until the grace is over or --prune-now, and fsck is clean
