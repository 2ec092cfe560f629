Feature: Local planning inside a step: retain, explore, revert or cancel
  As a developer whose agent hits a dead end inside one step
  I want it to explore the alternatives, back out of what made no progress, and stop
  when it goes round in circles or gets worse
  So that it neither gives up at the first failure nor loops for ever

  Background:
    Given a git repository with files:
      | path      | content  |
      | README.md | # demo\n |

  Scenario: A dead end explores every alternative before it is reverted; then the right way
    Given the plan file "plan.yaml":
      """
      task: Dead end, then the right way
      steps:
        - name: configure
          options:
            - name: guess
              actions:
                - write: conf.txt
                  content: "wrong\n"
          check:
            - run: grep -q right conf.txt
            - run: test -f enabled
          local:
            - name: set mode
              actions:
                - write: conf.txt
                  content: "mode=a\n"
              explore:
                - name: set mode b
                  actions:
                    - write: conf.txt
                      content: "mode=b\n"
                - name: set mode c
                  actions:
                    - write: conf.txt
                      content: "mode=c\n"
            - name: right config
              actions:
                - write: conf.txt
                  content: "right\n"
                - write: enabled
                  content: ""
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 0
    And the newest plan has these local decisions under step 2:
      | id  | kind         | outcome                                                 |
      | 2.1 | local_action | explore: no progress, an option is left to explore      |
      | 2.2 | local_action | explore: no progress, an option is left to explore      |
      | 2.3 | local_action | revert: no progress and nothing left to explore: dead end |
      | 2.4 | revert       | undone by restoring checkpoint                          |
      | 2.5 | local_action | success: goal reached                                   |
    And the file "conf.txt" contains "right"
    When I run "agents plan tree"
    Then stdout contains "#2.5  local action · right config [distance 0 → 10]"
    And stdout contains "done by local planning (4 local actions)"

  Scenario: A toggle is undone by its own reverter, not by a restore
    Given the plan file "plan.yaml":
      """
      task: Enable the feature
      steps:
        - name: enable
          options:
            - name: flag file
              actions:
                - write: flag
                  content: "on"
          check:
            - run: test -f feature.on
          local:
            - name: toggle
              actions:
                - run: if [ -f toggled ]; then rm toggled; else touch toggled; fi
                  revert: if [ -f toggled ]; then rm toggled; else touch toggled; fi
            - name: enable it
              actions:
                - write: feature.on
                  content: "1"
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 0
    And the newest plan has these local decisions under step 2:
      | id  | kind         | outcome                                                  |
      | 2.1 | local_action | revert: no progress and nothing left to explore: dead end |
      | 2.2 | revert       | undone by its own revert command                         |
      | 2.3 | local_action | success: goal reached                                    |
    And the file "toggled" does not exist

  Scenario: An irreversible action that made no progress cancels local planning
    Given the plan file "plan.yaml":
      """
      task: Notify
      steps:
        - name: notify
          options:
            - actions:
                - write: a.txt
                  content: "a"
          check:
            - run: test -f sent
          local:
            - name: send mail
              actions:
                - run: "true"
                  irreversible: true
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 1
    And stderr contains "local planning cancelled: send mail is irreversible and cannot be undone"

  Scenario: The same state three times is a stuck loop, and is cancelled
    Given the plan file "plan.yaml":
      """
      task: Going round
      steps:
        - name: wait for it
          options:
            - actions:
                - run: "true"
          check:
            - run: test -f never
          local:
            - name: look again
              actions:
                - run: "true"
            - name: look once more
              actions:
                - run: "true"
            - name: and again
              actions:
                - run: "true"
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 1
    And stderr contains "local planning cancelled: stuck: the same state 3 times"

  Scenario: Three falls in a row are a regression, and are cancelled
    Given the plan file "plan.yaml":
      """
      task: Getting worse
      steps:
        - name: lay out
          options:
            - actions:
                - write: a
                  content: "a"
                - write: b
                  content: "b"
        - name: finish
          options:
            - actions:
                - run: "true"
          check:
            - run: test -f c
          progress:
            - run: test -f a
            - run: test -f b
            - run: test -f c
          local:
            - name: drop a
              actions:
                - delete: a
            - name: drop b
              actions:
                - delete: b
            - name: drop both
              actions:
                - delete: a
                - delete: b
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 1
    And stderr contains "local planning cancelled: regression 3 times in a row"
    And the file "a" contains "a"

  Scenario: A correction can go back to a local action, and to a replan
    Given the plan file "plan.yaml":
      """
      task: Dead end, then the right way, then more
      steps:
        - name: configure
          options:
            - name: guess
              actions:
                - write: conf.txt
                  content: "wrong\n"
          check:
            - run: grep -q right conf.txt
          local:
            - name: set mode
              actions:
                - write: conf.txt
                  content: "mode=a\n"
              explore:
                - name: right
                  actions:
                    - write: conf.txt
                      content: "right\n"
        - replan
        - name: finish
          options:
            - actions:
                - write: done.txt
                  content: "done\n"
      """
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    When I run "agents plan correct --mode=revert --decision 2.2 --guidance 'try again' --json"
    Then the exit code is 0
    And the JSON value "correction.target" is "2.2"
    And the JSON value "plan.status" is "completed"
    And the file "conf.txt" contains "right"
    When I run "agents plan tree --json"
    Then the JSON tree has a replan decision
    When I correct the newest plan back to its live replan decision
    Then the exit code is 0
    And the file "done.txt" contains "done"
