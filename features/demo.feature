Feature: The demo runs with nothing but the package
  As someone trying cleveragents for the first time
  I want `agents demo` to show a real plan run with no network and no key
  So that I see what it does before I use it on my code

  Scenario: The demo runs a plan, corrects it, and prints both paths
    When I run "agents demo"
    Then the exit code is 0
    And stdout contains "completed — A greeting module with a command line"
    And stdout contains "#5  revert · restore the checkpoint of 2 after option lowercase failed"
    And stdout contains "⑂ original path — superseded by correction c1"
    And stdout contains "✓ #8  step 2 · add a command line — done (fixed) [superseded by correction c1]"
    And stdout contains "⑂ corrected path (correction c1) — live"
    And stdout contains "#17  correction c1 · use argparse with a --name flag"
    And stdout contains "step 2 · add a command line — done (argparse)"
    And stdout contains "(4 actor calls)"
    And stdout contains "agents demo --keep"

  Scenario: The demo keeps its repository when asked, for exploring
    When I run "agents demo --keep --json"
    Then the exit code is 0
    And the JSON value "plan.status" is "completed"
    And the JSON value "correction_actor_calls" is 4
    And the demo repository is kept with the plan in it

  Scenario: The demo replays Claude's recorded answers, with no network and no key
    When I run "agents demo --actor replay" with no key and the network closed
    Then the exit code is 0
    And stdout contains "completed — Write a greeting module, greet.hello(name), with a test"
    And stdout contains "done (titlecase module)"
    And stdout contains "--actor replay"
