Feature: On a terminal, a correction or a restore names the files and asks about conflicts
  As a developer who edits files while an agent works
  I want to be shown which files go back, which stay mine and which we both changed
  So that I choose, before anything is overwritten

  # Step 2 (decision 4) turns line1 of shared.txt into AGENT1 and writes b.txt; the user then
  # changes line7 of shared.txt (a conflict) and unrelated.txt (kept).
  Background:
    Given these steps, built once per process and copied for each scenario:
      '''
      Given a git repository with files:
        | path          | content                                           |
        | shared.txt    | line1\nline2\nline3\nline4\nline5\nline6\nline7\n |
        | unrelated.txt | u\n                                               |
      And the plan file "plan.yaml":
        """
        task: Write a.txt, then change shared.txt and write b.txt
        steps:
          - name: write a
            options:
              - actions:
                  - write: a.txt
                    content: "a\n"
          - name: change shared and write b
            options:
              - actions:
                  - edit: shared.txt
                    find: "line1"
                    replace: "AGENT1"
                  - write: b.txt
                    content: "b\n"
        """
      And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
      '''
    And I change "shared.txt" to "AGENT1\nline2\nline3\nline4\nline5\nline6\nUSER7\n"
    And I change "unrelated.txt" to "mine\n"

  Scenario: The question names the three groups; abort changes nothing
    Given I record the working tree, the store and the refs
    When on a terminal I run "agents plan correct --mode=revert --decision 4 -g g" answering "abort" in turn
    Then the exit code is 3
    And the terminal shows the group "would be restored (the agent's changes undone)" with "b.txt"
    And no line of stdout starts with "restored ("
    And the terminal shows the group "kept (your edits, not touched)" with "unrelated.txt"
    And the terminal shows the group "conflicts (changed by you and by the agent)" with "shared.txt"
    And the terminal shows "take the checkpoint's (theirs), keep yours (mine), merge, or abort?"
    And the terminal shows "nothing changed: the restore was declined"
    And the working tree, the store and the refs are as recorded

  Scenario: Declined, the files are named as what would have been restored
    Given I record the working tree, the store and the refs
    When on a terminal I run "agents plan correct --mode=revert --decision 4 -g g" answering "theirs, n" in turn
    Then the terminal shows "nothing changed: the restore was declined"
    And the terminal shows the group "would be restored (the agent's changes undone)" with "b.txt"
    And no line of stdout starts with "restored ("
    And the working tree, the store and the refs are as recorded

  Scenario: A conflict refused without a terminal names what would have been restored
    Given I record the working tree, the store and the refs
    When I run "agents plan correct --mode=revert --decision 4 -g g"
    Then the exit code is 3
    And stderr contains "shared.txt"
    And stdout contains "would be restored (the agent's changes undone): 1"
    And no line of stdout starts with "restored ("
    And the working tree, the store and the refs are as recorded

  Scenario: Answering merge merges the conflicting file and keeps the unrelated edit
    When on a terminal I run "agents plan correct --mode=revert --decision 4 -g g --no-execute" answering "merge, y" in turn
    Then the exit code is 0
    And the terminal shows "Restore the files and context of plan"
    And the file "shared.txt" holds exactly "line1\nline2\nline3\nline4\nline5\nline6\nUSER7\n"
    And the file "unrelated.txt" holds exactly "mine\n"
    And the file "b.txt" does not exist

  Scenario: plan restore asks too; answering theirs takes the checkpoint's version
    When on a terminal I run "agents plan restore 4 shared.txt" answering "theirs, y" in turn
    Then the exit code is 0
    And the terminal shows the group "conflicts (changed by you and by the agent)" with "shared.txt"
    And the terminal shows "Restore these files of plan"
    And the file "shared.txt" holds exactly "line1\nline2\nline3\nline4\nline5\nline6\nline7\n"
    And the file "unrelated.txt" holds exactly "mine\n"
    And the file "b.txt" holds exactly "b\n"

  Scenario: The re-execution is told which of the user's edits were kept
    When I run "agents plan correct --mode=revert --decision 4 -g g --merge --quiet"
    Then the exit code is 0
    And the first strategy after the correction was told "the user's own edits, kept as they are (build on them): unrelated.txt"

  Scenario: plan restore with --merge puts the checkpoint's line back and keeps the user's
    When I run "agents plan restore 4 shared.txt --merge --yes"
    Then the exit code is 0
    And the file "shared.txt" holds exactly "line1\nline2\nline3\nline4\nline5\nline6\nUSER7\n"
    And the file "b.txt" holds exactly "b\n"
