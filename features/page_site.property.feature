Feature: A model's page stops exactly the navigations that leave the plan's site
  As a developer who lets Claude click on pages whose links I do not control
  I want every address of another origin routed to the guard that stops navigations,
  and no address of the plan's own site held up by it
  So that no link sends the page elsewhere, and the site itself works as it did

  # Random addresses (schemes and hosts in any case, default and other ports, user info,
  # IPv6, hosts that merely start like the site's) against random plan sites: Node's WHATWG
  # URL parser writes each one as a browser does and tells its origin, and the guard's
  # pattern is run there as the JavaScript RegExp Playwright's driver runs. Every address of
  # another origin must match it; every one of the site's own (without user info) must not.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (300 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: The guard's pattern matches every address of another origin and none of the site's
    When random addresses are matched against the guard of random plan sites as a browser writes them
    Then every address of another origin is routed to the guard, and none of the site's own
