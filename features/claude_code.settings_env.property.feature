Feature: Every tree place a Claude Code settings `env` names is kept from the model
  As a developer whose project's `.claude/settings.json` gives Claude Code an `env`
  I want every place of my tree its values name (a path, a PATH entry, an option's file, or
  the whole folder for `.`, an empty entry or a file it cannot tell) counted as run on the host
  So that no variable of it (`HOME`, `GIT_CONFIG_GLOBAL`, `PYTHONUSERBASE`, ...) loads a file
  the model wrote, while Claude Code's own harmless knobs keep nothing

  # Each example: a random variable name (harmless or not) and a value of random entries
  # joined by `:` (relative paths, `./x`, `.`, empty, `$PATH`, absolute, `~`, options such as
  # `-r./x` or `-javaagent:lib/a.jar`), read by the real reader of the settings files
  # (features/support/settings_env_property.py).
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (40 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: A settings env keeps exactly what its value names, unless its name is harmless
    When random Claude Code settings env values are read for the places they name
    Then each named place is kept, all the folder for a place it cannot tell, none for a harmless name
