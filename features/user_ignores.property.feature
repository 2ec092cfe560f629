Feature: No file the user ignored enters a checkpoint, whatever is done to .gitignore
  As a developer who keeps secrets in files my ignore rules exclude
  I want them kept out of every checkpoint when a plan rewrites, deletes or negates the rules
  So that `agents plan push` never sends them

  # Each example: a real repository whose committed rules ignore `.env`, `build/` and
  # `logs/*.log`, and whose `.git/info/exclude` ignores `secrets.env`, with an untracked
  # `secrets/.gitignore` of `*` that ignores itself and an unstaged edit of `.gitignore`
  # ignoring `creds.json`; random rewrites of `.gitignore` files (negations among them, and
  # back to the committed text), deletions, new files and rewritten ignored files, each
  # followed by a checkpoint of the real `GitCheckpoints`
  # (see features/support/user_ignores_property.py).
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (15 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Whatever the ignore rules become, a file ignored at the start stays out
    When random edits of the ignore rules are each followed by a checkpoint
    Then no checkpoint held a file ignored at the start, and every tracked one stayed in
