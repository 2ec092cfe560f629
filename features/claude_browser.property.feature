Feature: Claude reads a page as data, and its goto never leaves the plan's site
  As a developer who lets Claude act on pages whose words I do not control
  I want what a page says to reach the model only as a tool's result, exactly and escaped,
  and every address Claude may open to be on the plan's own site as a browser reads it
  So that no page can speak as the system, nor send Claude, and what it typed, elsewhere

  # The first property: random pages (titles, dialogs, names and values holding markup,
  # quotes, control and bidi characters, "ignore the task" words) are shown to the real
  # actor through the real anthropic SDK and the stand-in Messages API; the request must
  # carry the system text unchanged, the same first message whatever the page, and the page
  # as read_page's result: ASCII JSON that reads back as the page; and random page tool
  # calls must become the very actions a plan file writes the same way.
  # The second: random addresses (relative, other hosts, user info, backslashes, tabs,
  # schemes) that `off_site` lets through are resolved by Node's WHATWG URL parser (the
  # browser's reading) against the plan's URL: each one is on the plan's origin.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (15 pages, 150 addresses by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: A page reaches Claude only as read_page's result, and its calls are the plan file's actions
    When random pages are shown to Claude on the stand-in Messages API
    Then every request kept the system text and the prompt and held the page as data, and every call became the plan file's action

  Scenario: Every address Claude may open is on the plan's origin as a browser reads it
    When random addresses are judged and then resolved as a browser resolves them
    Then every address let through is on the plan's origin
