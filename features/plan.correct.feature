Feature: Correct a plan by sending it back to a decision
  As a developer whose agent went wrong at one decision
  I want to send it back to that decision with a word of guidance
  So that it redoes only what depended on that decision, and nothing else is lost

  # The Background's plan runs once per process; each scenario works on a fresh copy of
  # what it left (features/support/kept_setup.py).
  Background:
    Given the five-step plan file "plan.yaml" has run in a git repository with files:
      | path      | content  |
      | README.md | # demo\n |

  Scenario: Revert to step 3 re-executes steps 3 to 5 only, through the actor
    Given I remember the records of decisions 1 to 5
    When I run "agents plan correct --mode=revert --decision 6 --guidance 'use the blue option' --quiet"
    Then the exit code is 0
    And stdout contains "correction c1 of plan"
    And stdout contains "4 actor calls to re-execute"
    And the records of decisions 1 to 5 are unchanged
    And decisions 6 and everything after it up to the intervention are superseded by "c1"
    And the intervention is a sibling of decision 6 carrying the guidance
    And the new branch hangs below the intervention and redid steps 3, 4 and 5
    And the working tree holds exactly what the blue options produce

  Scenario: After a revert the actor's context holds nothing from the superseded branch
    Given I remember the newest message
    When I run "agents plan correct --mode=revert --decision 6 --guidance 'use the blue option' --quiet"
    Then the context of every new decision holds no message of the superseded branch
    And the context of every new decision carries the guidance
    And the first new strategy was asked with steps 1 and 2 completed only

  Scenario: Only the corrected step avoids what the superseded branch took, and says so
    When I run "agents plan correct --mode=revert --decision 8 --guidance 'try again'"
    Then the exit code is 0
    And stdout contains "step 4 is redone with another option than 'red' (the superseded branch's), unless the guidance names it or none is left; later steps choose as in a new run"
    And the file "step4.txt" contains "blue"
    And the file "step5.txt" contains "red"
    And the first strategy after the correction was told "at step 4 the superseded branch took 'red': take another option, unless the guidance asks for it or none is left"
    When I run "agents plan undo --yes"
    And I run "agents plan correct --mode=revert --decision 8 --guidance 'try again' --no-execute --json"
    Then the JSON value "options_avoided.4.0" is "red"

  Scenario: Restoring only the context keeps the files as they are
    Given I write "kept.txt" with "mine"
    When I run "agents plan correct --mode=revert --decision 6 --restore context --no-execute --json"
    Then the exit code is 0
    And the JSON value "correction.outcome" contains "recorded; `agents plan resume "
    And the JSON value "correction.outcome" contains "` re-executes"
    And the file "kept.txt" contains "mine"
    And the file "step5.txt" contains "red"
    And the plan is "strategizing" with the intervention at its head

  Scenario: Restoring only the context tells the actor which files differ from what it saw
    Given I write "kept.txt" with "mine"
    When I run "agents plan correct --mode=revert --decision 6 --restore context -g 'use the blue option' --quiet"
    Then the exit code is 0
    And the first strategy after the correction was told "files that differ from what you last saw: kept.txt, step3.txt, step4.txt, step5.txt"

  Scenario: Restoring only the files keeps the conversation
    Given I remember the newest message
    When I run "agents plan correct --mode=revert --decision 6 --restore files --no-execute --quiet"
    Then the exit code is 0
    And the file "step3.txt" does not exist
    And the intervention's context continues the whole conversation

  Scenario: No execution now, resume later
    When I run "agents plan correct --mode=revert --decision 6 -g 'use the blue option' --no-execute"
    Then the exit code is 0
    And stdout contains "re-execute it with `agents plan resume "
    And the file "step3.txt" does not exist
    When I run "agents plan resume --quiet"
    Then the exit code is 0
    And the working tree holds exactly what the blue options produce

  Scenario: A dry run changes nothing
    Given I write "mine.txt" with "my own edit"
    And I record the working tree, the store and the refs
    When I run "agents plan correct --mode=revert --decision 6 --dry-run"
    Then the exit code is 0
    And stdout contains "would supersede 6 decisions"
    And stdout contains "mine.txt"
    And stdout contains "step3.txt"
    And the working tree, the store and the refs are as recorded
    When I run "agents plan correct --mode=revert --decision 6 --dry-run --json"
    Then the JSON value "affected.0.id" is "6"
    And the JSON value "dry_run" is true

  Scenario: Append keeps files and context and adds guidance at the head
    When I run "agents plan correct --mode=append --guidance 'also keep the README' --json"
    Then the exit code is 0
    And the JSON value "correction.mode" is "append"
    And the file "step5.txt" contains "red"
    And the intervention hangs below the last step with the guidance in its context

  Scenario: Append runs the steps the user added to the plan file
    Given I add to the plan file "plan.yaml" a step "six" writing "step6.txt"
    When I run "agents plan correct --mode=append --guidance 'do step six too' --trust-plan"
    Then the exit code is 0
    And stderr contains "plan.yaml changed since the run: re-executing with the edited file"
    And stdout contains "1 step after 5 done: six"
    And the file "step6.txt" contains "six"
    And the file "step5.txt" contains "red"
    When I run "agents plan show --json"
    Then the JSON value "status" is "completed"

  Scenario: A user's edit a full-scope restore removed comes back with undo, and undo redoes
    Given I write "mine.txt" with "my own edit"
    And I write "README.md" with "# edited by hand"
    When I run "agents plan correct --mode=revert --decision 6 -g 'use the blue option' --restore-scope full --quiet"
    Then the file "mine.txt" does not exist
    When I run "agents plan undo"
    Then the exit code is 0
    And stdout contains "undid operation 2 (correct"
    And the file "mine.txt" contains "my own edit"
    And the file "README.md" contains "# edited by hand"
    And the file "step3.txt" contains "red"
    And decision 6 is active again and the new branch is reverted
    When I run "agents plan undo"
    Then the exit code is 0
    And the working tree holds exactly what the blue options produce
    And decisions 6 and everything after it up to the intervention are superseded by "c1"
    When I run "agents plan ops --json"
    Then the JSON value "operations.3.kind" is "undo"
    And the JSON value "operations.3.undoes" is "3"
    And the JSON value "operations.2.undone_by" is "4"
    And the JSON value "operations.2.status" is "done"
    And the JSON value "operations.1.undone_by" is null
    When I run "agents plan ops"
    Then stdout contains "undid operation 2 (correct)"
    And stdout contains "undone by 4"
    And stdout does not contain "undone by 3"
    When I run "agents plan undo 1 --theirs --json"
    Then the JSON value "undone.kind" is "run"
    And the file "step1.txt" does not exist
    When I run "agents plan ops --json"
    Then the JSON value "operations.0.undone_by" is "5"
    When I run "agents plan undo --yes"
    Then the working tree holds exactly what the blue options produce

  Scenario Outline: Bad corrections are one clear line, their exit code, and change nothing
    Given I record the working tree, the store and the refs
    When I run "<command>"
    Then the exit code is <code>
    And stderr is one line containing "<message>"
    And the working tree, the store and the refs are as recorded

    Examples:
      | command                                                              | code | message                                |
      | agents plan correct --mode=revert --decision 99                      | 2    | has no decision '99'                    |
      | agents plan correct --mode=revert --decision 6 --plan 0000           | 2    | no plan matches '0000'                 |
      | agents plan correct --mode=revert --decision ffff:3                  | 2    | no plan matches 'ffff'                 |
      | agents plan correct --mode=revert                                    | 2    | --mode=revert needs --decision         |
      | agents plan correct --mode=append --decision 3 --guidance x          | 2    | takes --guidance and no --decision     |
      | agents plan correct --mode=sideways --decision 3                     | 2    | sideways                               |
      | agents plan undo 99                                                  | 2    | no operation 99                        |

  Scenario: A decision of another plan is refused
    Given I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    And I record the working tree, the store and the refs
    When I run "agents plan correct --mode=revert --decision {first_plan}:6 --plan {plan_prefix}"
    Then the exit code is 2
    And stderr is one line containing "belongs to plan"
    And the working tree, the store and the refs are as recorded

  Scenario: A superseded decision cannot be corrected again
    Given I have run "agents plan correct --mode=revert --decision 6 --guidance 'use the blue option' --quiet"
    When I run "agents plan correct --mode=revert --decision 7"
    Then the exit code is 2
    And stderr is one line containing "is superseded"

  Scenario: A second writer gets exit 3 naming the holder, and nothing is half written
    Given another process holds the plan's lock while running "agents plan correct"
    And I record the working tree, the store and the refs
    When I run "agents plan correct --mode=revert --decision 6 -g 'x'"
    Then the exit code is 3
    And stderr is one line containing "is locked by `agents plan correct` (pid"
    And the working tree, the store and the refs are as recorded

  Scenario: A correction killed in the middle is rolled back by the next command
    Given I write "mine.txt" with "my own edit"
    And I record the working tree
    When I start "agents plan correct --mode=revert --decision 6 -g 'use the slow option' --quiet" and wait for "slow-started.txt"
    And I run "agents plan tree"
    Then the exit code is 0
    And stderr does not contain "was interrupted"
    When I kill the started command
    And I run "agents plan tree"
    Then stderr contains "was interrupted; files and plan state put back as they were before it"
    And the working tree is as recorded
    And decision 6 is active again and the new branch is reverted
    When I run "agents plan ops --json"
    Then the JSON value "operations.1.status" is "rolled_back"
    When I run "agents plan undo 2"
    Then the exit code is 2
    And stderr is one line containing "operation 2 was rolled back; there is nothing of it to undo"

  Scenario: The tree shows both paths; --active only the live one
    Given I have run "agents plan correct --mode=revert --decision 6 --guidance 'use the blue option' --quiet"
    When I run "agents plan tree"
    Then stdout contains "⑂ original path — superseded by correction c1"
    And stdout contains "⑂ corrected path (correction c1) — live"
    When I run "agents plan tree --active --json"
    Then the JSON tree has no superseded decision
    When I run "agents plan show"
    Then stdout contains "correction c1"
    And stdout contains "revert to decision 6: use the blue option"

  Scenario: One decision and the files it changed; diffs between decisions
    When I run "agents plan decision 7"
    Then the exit code is 0
    And stdout contains "write step3.txt"
    And stdout has a line "files changed" "step3.txt"
    When I run "agents plan decision 7 --json"
    Then the JSON value "files_changed.0" is "step3.txt"
    When I run "agents plan diff 6 8"
    Then stdout contains "+red"
    And stdout contains "step3.txt"
    Given I write "step5.txt" with "changed by hand"
    When I run "agents plan diff 10 --worktree"
    Then stdout contains "+changed by hand"

  Scenario: On a terminal a restore asks first; no changes nothing
    Given I record the working tree, the store and the refs
    When on a terminal I run "agents plan correct --mode=revert --decision 6 -g 'use the blue option'" answering "n"
    Then the exit code is 3
    And the terminal shows "Restore the files and context of plan"
    And the terminal shows "nothing changed: the restore was declined"
    And the working tree, the store and the refs are as recorded
    When on a terminal I run "agents plan undo" answering "y"
    Then the exit code is 0
    And the terminal shows "Undo operation 1 (run: `agents plan run"
    And the terminal shows "UTC ("
    And the terminal shows ")? Files of the working tree will be restored."
    And the file "step1.txt" does not exist

  Scenario: Closing the terminal at the question interrupts and changes nothing
    Given I record the working tree, the store and the refs
    When on a terminal I run "agents plan undo" answering "EOF"
    Then the exit code is 130
    And the working tree, the store and the refs are as recorded

  Scenario: A correction whose re-execution breaks puts everything back
    Given I write "mine.txt" with "my own edit"
    And I record the working tree
    When a correction to decision 6 re-executes with an actor that breaks
    Then the correction failed with "the actor broke"
    And the working tree is as recorded
    And decision 6 is active again and the new branch is reverted
    When I run "agents plan ops --json"
    Then the JSON value "operations.1.status" is "rolled_back"

  Scenario: A diff for scripts
    When I run "agents plan diff 6 8 --json"
    Then the JSON value "patch" contains "+red"
