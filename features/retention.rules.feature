Feature: Which plans the retention policy lets `agents gc` drop
  As a developer whose repository keeps every plan's checkpoints
  I want `keep_plans` and `keep_days` to bound what stays, taking only plans that are over
  So that the disk stays bounded without ever losing a plan I could still resume

  # Each plan: "<name> <status> <age in days, since created and last changed>", oldest first
  # when created. A plan is dropped only when no configured rule keeps it.

  Scenario Outline: <case>
    Given the plans "<plans>"
    When retention keeps <keep_plans> plans and <keep_days> days
    Then it drops "<dropped>"

    Examples:
      | case                                        | plans                                                   | keep_plans | keep_days | dropped |
      | no rule: nothing goes                       | a completed 90, b failed 60                             | none       | none      |         |
      | the newest N are kept                       | a completed 30, b failed 20, c completed 10             | 1          | none      | a, b    |
      | keep_plans 0 keeps no plan by count         | a completed 30, b completed 10                          | 0          | none      | a, b    |
      | only finished plans go                      | a stopped 30, b interrupted 20, c cancelled 15, d executing 12, e completed 10 | 1 | none | c |
      | plans changed within D days stay            | a completed 30, b completed 5, c failed 1               | none       | 7         | a       |
      | kept when either rule keeps it              | a completed 30, b completed 20, c completed 1           | 1          | 25        | a       |
      | a deleted plan is gc's anyway, not retention's | a deleted 30, b completed 20                         | 0          | none      | b       |
