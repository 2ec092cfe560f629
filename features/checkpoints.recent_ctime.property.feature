Feature: The quick look at the private index finds every file put back within the second
  As a developer whose plan's commands copy files with `cp -p`, `rsync -a` or `tar x`
  I want the look that spares a checkpoint rewriting the private index never to miss such a file
  So that the next checkpoint reads it again, however its name or its times read as bytes

  # Each example: an index of format 2 as git writes it, with random entries whose words
  # (times, device, inode, user, size) and names are often the very words the look searches
  # for or could mistake; the look must say "maybe" wherever the full parse would make an
  # entry lose its size (see features/support/recent_ctime_property.py).
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (300 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Wherever the parse finds an entry put back, the look found one
    When random indexes are looked at for entries put back
    Then the look found one wherever the parse did
