Feature: Undo of a correction gives back the folders the correction made, removed or filled
  As a developer who undoes a correction
  I want my tree's folders back as they were before it: none it made left behind, none it
  removed or filled lost, each with its mode
  So that "undo brings back the working tree as it was" holds for folders too (attack 14,
  findings 10 and 15; attack 13, finding 6)

  # No tree holds an empty folder, and none records a folder's mode: the correction's safety
  # record names the folders its restore makes, removes or fills, which its undo puts back.

  Scenario: A folder the correction made to hold an empty one goes with its undo, and comes back with the redo
    # s1 makes the empty d/e3, s2 removes d; the correction to before s2 makes d (with d/c)
    # and d/e3 again. Before: the undo left d behind, empty; the redo lost d/e3.
    Given a git repository with files:
      | path | content |
      | d/c  | c\n     |
      | b    | b\n     |
    And the plan file "plan.yaml":
      """
      task: Make a folder, then remove its parent
      steps:
        - name: make
          options:
            - actions:
                - run: mkdir -p d/e3
        - name: remove
          options:
            - actions:
                - run: rm -rf d
      """
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    And I have run "agents plan correct --mode=revert --decision 5 --guidance again --no-execute --yes --quiet"
    And the folder "d/e3" has mode 755
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the folder "d" does not exist
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the folder "d/e3" has mode 755
    And the file "d/c" holds exactly "c\n"

  Scenario: A folder the correction replaced by a file comes back with its mode
    # The command replaced the file b by a folder b of mode 700; the correction makes b a
    # file again. Before: its undo gave the folder back 755.
    Given a git repository with files:
      | path | content |
      | b    | b\n     |
      | c    | c\n     |
    And the plan file "plan.yaml":
      """
      task: Make b a private folder
      steps:
        - name: swap
          options:
            - actions:
                - run: rm b && mkdir b && printf 'x\n' > b/inner && chmod 700 b
      """
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    When I run "agents plan correct --mode=revert --decision 3 --guidance again --no-execute --yes --quiet"
    Then the file "b" holds exactly "b\n"
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the folder "b" has mode 700
    And the file "b/inner" holds exactly "x\n"

  Scenario: An empty folder the correction filled stays, with its mode, through its undo
    # The run emptied d (750); the correction to before s2 puts d/e back in it. Before: its
    # undo removed d/e and d with it, though the tree before the correction held d.
    Given a git repository with files:
      | path | content |
      | d/c  | c\n     |
      | d/e  | e\n     |
      | b    | b\n     |
    And I make "d" mode 750
    And the plan file "plan.yaml":
      """
      task: Empty a folder
      steps:
        - name: one
          options:
            - actions:
                - run: rm -f d/c
        - name: two
          options:
            - actions:
                - run: rm -f d/e
      """
    And I have run "agents plan run --script {tmp}/plan.yaml --quiet"
    When I run "agents plan correct --mode=revert --decision 5 --guidance again --no-execute --yes --quiet"
    Then the file "d/e" holds exactly "e\n"
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the folder "d" has mode 750
    And the file "d/e" does not exist
    When I run "agents plan undo --yes"
    Then the exit code is 0
    And the file "d/e" holds exactly "e\n"
