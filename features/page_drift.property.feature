Feature: A page's drift, change of screen and identity follow the rules on any page
  As a developer whose agent replans when the page it planned on is gone
  I want drift, a change of screen and "the same state" checked on random pages
  So that a ticked box never looks like drift, and a page revisited is recognised as such

  # Each example: two random pages (URL, dialogs, elements with random roles, names, state
  # words and values) and the second page with its elements' state and value changed.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (50 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Drift, change of screen and page identity hold on random pages
    When drift, change of screen and page identity are checked on random pages
    Then similarity is symmetric, is 1 exactly for the same elements, and ignores state and value
    And a change of screen is exactly a new URL or other dialogs
    And two pages have one identity exactly when the reverter counts them the same page
