Feature: A plan's records that show an ignored file's secret, in any form, are found
  As a developer who keeps keys in ignored files (`.env`, `secrets.json`, `config/app.yml`)
  I want every everyday form a command prints a key in to count before a plan travels
  So that `agents plan push` and `export` refuse it, even after the key was rotated

  # Each example: a real repository, a plan of its own with a real start checkpoint, a
  # random secret in one of four syntaxes (`export KEY=`, `KEY="..."`, JSON, YAML), a record
  # of a command printing it in one of ten forms (bare, `KEY=`, a dict's repr, JSON, `cat
  # -A`, grep's context lines with and without the path, `cat -n`, a copy the checkpoints
  # carry, `cat *` or `cat config/*` in records that never name the file), then the file kept, rotated or removed after the real FileSaver saved it
  # (see features/support/session_values_property.py). The same records showing only the
  # files' plain values (`production`, `localhost`, `lib/index.js`) are not found.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (20 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Whatever form showed the secret, the records are found holding its file
    When random records show a random secret of an ignored file in a random form
    Then each was found holding the file, and none was without that output
