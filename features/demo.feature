Feature: The demo runs with nothing but the package
  As someone trying cleveragents for the first time
  I want `agents demo` to show a real plan run with no network and no key
  So that I see what it does before I use it on my code

  Scenario: The demo prints a decision tree with a restored checkpoint
    When I run "agents demo"
    Then the exit code is 0
    And stdout contains "completed — Make the greeting say Hello with a capital H"
    And stdout contains "revert restore the checkpoint of 2 after option lowercase failed"
    And stdout contains "agents demo --keep"

  Scenario: The demo keeps its repository when asked, for exploring
    When I run "agents demo --keep --json"
    Then the exit code is 0
    And the JSON value "plan.status" is "completed"
    And the demo repository is kept with the plan in it
