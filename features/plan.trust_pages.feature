Feature: A pulled plan's pages are opened only once vouched for, as its commands are run
  As a developer who pulls a browser plan someone else ran
  I want every page it may open (its `browser:` URL, every `goto`) in the question I am asked
  So that my machine fetches no URL from another clone that I was not shown

  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (50 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.
  # robot/pulled_pages.robot shows the same with the real command, Chromium and a site.
  Scenario: Every page a pulled plan may open is listed, and refused until vouched for
    When random pulled plans that open pages are checked before they go on
    Then every page was listed, and none went on without --trust-plan
