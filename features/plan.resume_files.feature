Feature: Resuming a plan keeps the edits the user made since it stopped
  As a developer who fixes by hand what made a plan fail, then resumes it
  I want the unfinished step to take back only its own changes
  So that my fix is never overwritten, and a file we both changed is asked about

  Scenario: A failed plan resumed keeps the fix the user made by hand
    Given a git repository with files:
      | path     | content |
      | conf.txt | no\n    |
    And the plan file "plan.yaml":
      """
      task: Needs a fix by hand
      steps:
        - name: one
          options:
            - actions:
                - write: a.txt
                  content: "a\n"
        - name: two
          check:
            - run: grep -q ok conf.txt
          options:
            - actions:
                - write: b.txt
                  content: "b\n"
      """
    When I run "agents plan run --script {tmp}/plan.yaml --quiet"
    Then the exit code is 1
    Given I change "conf.txt" to "ok\n"
    And I change "notes.txt" to "mine\n"
    When I run "agents plan resume"
    Then the exit code is 0
    And stdout contains "restored (the agent's changes undone): 0"
    And stdout contains "kept (your edits, not touched): 2"
    And the file "conf.txt" holds exactly "ok\n"
    And the file "notes.txt" holds exactly "mine\n"
    And the file "b.txt" holds exactly "b\n"

  Scenario Outline: An interrupted step resumed: a file both changed is a conflict (<how>)
    Given a git repository
    And the plan file "plan.yaml":
      """
      task: Slow
      steps:
        - name: wait
          options:
            - actions:
                - write: started.txt
                  content: "yes\n"
                - write: half.txt
                  content: "half\n"
                - run: test -f go.txt || sleep 30
      """
    When I start "agents plan run --script {tmp}/plan.yaml" and interrupt it once "half.txt" exists
    Then the exit code is 130
    Given I change "started.txt" to "mine\n"
    And I change "go.txt" to "go\n"
    When I run "agents plan resume <flags>"
    Then the exit code is <code>
    And <stream> contains "<says>"
    And the file "go.txt" holds exactly "go\n"

    Examples:
      | how                          | flags    | code | stream | says                                              |
      | refused without a terminal   |          | 3    | stderr | would be overwritten: started.txt                 |
      | the checkpoint's with theirs | --theirs | 0    | stdout | conflicts (changed by you and by the agent): 1    |
      | the agent's own file undone  | --mine   | 0    | stdout | restored (the agent's changes undone): 1          |
      | a merge that cannot be made  | --merge  | 3    | stderr | merging left conflicts in started.txt             |

  Scenario: On a terminal, resuming an interrupted step asks about the file both changed
    Given a git repository
    And the plan file "plan.yaml":
      """
      task: Slow
      steps:
        - name: wait
          options:
            - actions:
                - write: started.txt
                  content: "yes\n"
                - run: test -f go.txt || sleep 30
      """
    When I start "agents plan run --script {tmp}/plan.yaml" and interrupt it once "started.txt" exists
    Then the exit code is 130
    Given I change "started.txt" to "mine\n"
    And I change "go.txt" to "go\n"
    When on a terminal I run "agents plan resume" answering "mine"
    Then the exit code is 0
    And the terminal shows the group "conflicts (changed by you and by the agent)" with "started.txt"
    And the terminal shows "take the checkpoint's (theirs), keep yours (mine), merge, or abort?"
