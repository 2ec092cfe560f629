Feature: What a stop leaves unfinished, what an undo took back, and times in words
  As a developer who stops a plan, resumes it, and undoes what I did
  I want the unfinished decisions named, the undone operations named, and times I can read
  So that the live path, `plan ops` and `plan show` say what happened

  # A decision is written `id kind parent ok status` (`-` for no parent, `?` for no outcome
  # yet); decisions are listed in the order they were taken.

  Scenario Outline: The decisions a stop cut short: <case>
    Given a plan stopped with the decisions "<decisions>"
    Then the decisions cut short are "<cut short>"

    Examples:
      | case                                        | decisions                                                                                       | cut short |
      | nothing unfinished                          | 1 strategy - yes active, 2 step 1 yes active, 3 action 2 yes active                             | none      |
      | a step under way, with its action           | 1 strategy - yes active, 2 step 1 yes active, 3 step 2 ? active, 4 action 3 yes active          | 3, 4      |
      | its checks and reverts too                  | 1 strategy - yes active, 2 step 1 ? active, 3 action 2 no active, 4 revert 2 yes active, 5 verification 2 no active | 2, 3, 4, 5 |
      | a stopped local action's own revert          | 1 strategy - yes active, 2 step 1 ? active, 2.1 local_action 2 yes active, 2.2 revert 2.1 yes active | 2, 2.1, 2.2 |
      | an open sub-task keeps its finished steps   | 1 strategy - yes active, 2 subtask 1 ? active, 3 step 2 yes active, 4 action 3 yes active, 5 step 3 ? active | 2, 5      |
      | a later line below an older stop stays live | 1 strategy - yes active, 2 step 1 ? active, 3 strategy 2 yes active, 4 step 3 yes active        | 2         |
      | superseded and already interrupted are off  | 1 strategy - yes active, 2 step 1 ? superseded, 3 step 1 ? interrupted, 4 action 3 yes active   | none      |

  Scenario Outline: Which operations are undone now: <case>
    Given the operation log "<operations>"
    Then the operations undone are "<undone>"

    # `N kind` is an operation; `N undo M` an undo of M that ran to the end, `N undo M rolled_back` one that was rolled back.
    Examples:
      | case                               | operations                                                    | undone          |
      | none undone                        | 1 run, 2 correct                                              | none            |
      | an undo takes its target back      | 1 run, 2 correct, 3 undo 2                                    | 2 by 3          |
      | undoing the undo redoes it         | 1 run, 2 correct, 3 undo 2, 4 undo 3                          | 3 by 4          |
      | and undoing that undoes it again   | 1 run, 2 correct, 3 undo 2, 4 undo 3, 5 undo 4                | 2 by 3, 4 by 5  |
      | a rolled-back undo took nothing    | 1 run, 2 undo 1 rolled_back                                   | none            |
      | the newest undo in force counts    | 1 run, 2 undo 1, 3 undo 2, 4 undo 1                           | 1 by 4, 2 by 3  |

  Scenario Outline: A moment as a person reads it: <case>
    Then the moment "<moment>" read at "<now>" is "<said>"

    Examples:
      | case                      | moment                      | now                       | said                                       |
      | as the store keeps it     | 2026-11-22T14:03:12.123456Z | 2026-11-22T14:08:40+00:00 | 2026-11-22 14:03:12 UTC (5 minutes ago)    |
      | in another zone           | 2026-11-22T15:03:12+01:00   | 2026-11-22T14:03:13+00:00 | 2026-11-22 14:03:12 UTC (1 second ago)     |
      | a naive time is UTC       | 2026-11-22T14:03:12         | 2026-11-22T14:03:12+00:00 | 2026-11-22 14:03:12 UTC (just now)         |
      | hours                     | 2026-11-22T10:00:00Z        | 2026-11-22T12:59:59+00:00 | 2026-11-22 10:00:00 UTC (2 hours ago)      |
      | days                      | 2026-11-20T10:00:00Z        | 2026-11-22T10:00:00+00:00 | 2026-11-20 10:00:00 UTC (2 days ago)       |
      | a clock that moved back   | 2026-11-22T10:00:05Z        | 2026-11-22T10:00:00+00:00 | 2026-11-22 10:00:05 UTC (just now)         |
