Feature: No file the model may write runs through a launcher my git config names
  As a developer whose git config runs `python3 -m nbstripout`, `npx prettier`, or a shell
  function that does `cd tools && ./conv.sh`
  I want every tree file the model may write to be one my git never runs, whatever the
  launcher finds in my tree (a module, `node_modules/.bin`, a folder it changes into)
  So that my next `git diff` or `git add` runs nothing the model planted

  # Each example sets a filter and a textconv to a command line drawn from the launcher
  # forms and draws a file from a pool; when agents lets the model write that file, a
  # canary is written there and git runs the setting: no canary may run.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (20 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: No file the model may write runs when git runs the settings
    When the user's git config runs launchers, and git runs them over a file the model may write
    Then no file the model may write ran
