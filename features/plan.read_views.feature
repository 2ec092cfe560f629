Feature: The read views answered from the rows are the full path's byte for byte
  As a developer who greps `agents plan tree`, `log` and `decision` in scripts and CI steps
  I want them answered from the store's rows, without pydantic or typer
  So that a 1,000-decision plan shows in a blink, and never differently from the full path

  # `agents plan tree` to a pipe, `plan log` and `plan decision` are read from the rows
  # (`SqliteRows`), the tree written without rich. `--depth` with a depth no plan reaches takes the typer command
  # with the models and rich instead, and a killed command's operation makes the rows give
  # way to the models: both must print the same bytes.

  # The Background's plan runs and is corrected once per process; each scenario works on a
  # fresh copy of what that left (features/support/kept_setup.py).
  Background:
    Given a git repository where the plan file "plan.yaml" has run with "agents plan run --script {tmp}/plan.yaml --quiet", then "agents plan correct --mode=revert --decision 4 --guidance 'use the blue option' --quiet" ran:
      """
      task: "Paint \e[31mred\e[0m, then tabs\tand more"
      steps:
        - name: "colour \e[32mgreen\t tab"
          options:
            - actions:
                - run: "printf 'out \\033[31mred\\r\\n\\377 not utf-8\\n'"
        - name: pick a colour
          options:
            - name: red
              actions:
                - write: colour.txt
                  content: "red\n"
            - name: blue
              actions:
                - write: colour.txt
                  content: "blue\n"
        - name: write more
          options:
            - actions:
                - write: more.txt
                  content: "more\n"
      """

  Scenario: A pipe gets the tree of a corrected plan as the full path draws it
    When I run "agents plan tree" and note the modules it imports
    Then the exit code is 0
    And stdout contains "⑂ corrected path (correction c1) — live"
    And stdout contains "\x1b[32mgreen"
    And it imported none of "pydantic, rich, typer, git, cleveragents.bootstrap"
    And I keep what stdout holds
    When I run "agents plan tree --depth 1000" and note the modules it imports
    Then the exit code is 0
    And it imported "pydantic, rich, typer"
    And stdout is what was kept
    When I run "agents plan tree --color never"
    Then stdout is what was kept

  Scenario: The tree's JSON from the rows is the models' document
    When I run "agents plan tree --json" and note the modules it imports
    Then the exit code is 0
    And it imported none of "pydantic, typer, git, cleveragents.bootstrap"
    And I keep what stdout holds
    When I run "agents plan tree --json --since 1" and note the modules it imports
    Then it imported "pydantic, typer"
    And stdout is what was kept
    When I run "agents plan tree --format json"
    Then stdout is what was kept

  Scenario: plan show's JSON from the rows is the models' summary
    When I run "agents plan show --json" and note the modules it imports
    Then the exit code is 0
    And it imported none of "pydantic, typer, git, cleveragents.bootstrap"
    And I keep what stdout holds
    Given the newest operation is still marked running, as a killed command leaves it
    When I run "agents plan show --json" and note the modules it imports
    Then it imported "pydantic"
    And the JSON value "corrections.0.guidance" is "use the blue option"
    And I keep what stdout holds
    When I run "agents plan show --json"
    Then stdout is what was kept

  Scenario: A plan an older version stored, without a newer field, is read through the model
    Given the stored plans lack the field "usage.cost_usd", as an older version wrote them
    When I run "agents plan show --json" and note the modules it imports
    Then it imported "pydantic"
    And the JSON value "usage.cost_usd" is 0
    When I run "agents plan tree --json" and note the modules it imports
    Then it imported "pydantic"
    And the JSON value "plan.usage.cost_usd" is 0

  Scenario: A correction an older version stored, without a newer field, is read through the model
    Given the stored corrections lack the field "scope", as an older version wrote them
    When I run "agents plan tree --json" and note the modules it imports
    Then it imported "pydantic"
    And the JSON value "corrections.0.guidance" is "use the blue option"

  Scenario: A decision named with its plan is read through the services
    When I run "agents plan decision {plan_prefix}:3 --json" and note the modules it imports
    Then the exit code is 0
    And it imported "pydantic"
    And the JSON value "id" is "3"

  Scenario: The rows are read as the models that wrote them, field for field
    Then the read model names every field of the plan, decision and correction models in order

  Scenario: The tree read through the models, after a killed command, is the same
    Given the newest operation is still marked running, as a killed command leaves it
    When I run "agents plan tree" and note the modules it imports
    Then the exit code is 0
    And stderr contains "was interrupted"
    And it imported "pydantic"
    And I keep what stdout holds
    When I run "agents plan tree" and note the modules it imports
    Then it imported none of "pydantic, rich, typer"
    And stdout is what was kept

  Scenario: plan log prints the same bytes from the rows as through the models
    Given the newest operation is still marked running, as a killed command leaves it
    When I run "agents plan log 3" and note the modules it imports
    Then the exit code is 0
    And it imported "pydantic"
    And I keep what stdout holds
    When I run "agents plan log 3" and note the modules it imports
    Then it imported none of "pydantic, rich, typer, git, cleveragents.bootstrap"
    And stdout is what was kept
    And stdout contains "out"

  Scenario: plan decision prints the same from the row as through the model
    When I run "agents plan decision 3 --json" and note the modules it imports
    Then the exit code is 0
    And it imported none of "pydantic, typer, git, cleveragents.bootstrap"
    And I keep what stdout holds
    When I run "agents plan decision 3" and note the modules it imports
    Then it imported none of "pydantic, typer, git, cleveragents.bootstrap"
    And stdout has a line "files changed" "none"
    And I keep it as the text
    Given the newest operation is still marked running, as a killed command leaves it
    When I run "agents plan decision 3 --json" and note the modules it imports
    Then it imported "pydantic"
    And stdout is what was kept
    When I run "agents plan decision 3"
    Then stdout is the text kept, but for its "created at" line

  Scenario: A decision the model alone reads is read through it
    When I run "agents plan decision 11 --json"
    Then I keep what stdout holds
    And stdout contains "colour.txt"
    Given the stored decision 11 holds a field this version does not know
    When I run "agents plan decision 11 --json" and note the modules it imports
    Then it imported "pydantic"
    And stdout is what was kept

  Scenario Outline: plan log leaves what the rows cannot answer to the services
    When I run "<command>"
    Then the exit code is <code>
    And stderr contains "<said>"

    Examples:
      | command                          | code | said                                 |
      | agents plan log 99               | 2    | has no decision '99'                 |
      | agents plan log {plan_prefix}:2  | 0    | decision 2 ran no command            |
      | agents plan log 2                | 0    | decision 2 ran no command            |
