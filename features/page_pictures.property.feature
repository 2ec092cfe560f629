Feature: The tree's pictures say a browser decision's URL right and show a page's text as text
  As a developer whose agent works on pages whose names and titles I do not control
  I want every picture of the tree to show each decision's URL and the page's words as data
  So that no page can put markup into my HTML picture, and no line names the wrong URL

  # Each example: a random run of page looks (URLs, titles, dialogs and elements whose names
  # hold `<`, `>`, `&`, quotes and control characters), recorded as a decision records them
  # (what changed since the look before), then read back by the pictures.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (60 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: Each decision's URL is its page's, and the HTML holds the page's words only as text
    When random runs of page looks are recorded and drawn
    Then every decision showed its page's URL, and no word of a page became markup
