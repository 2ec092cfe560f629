Feature: A folder however deep never stops a run
  As a developer whose plan runs commands that may make folders of any depth
  I want the save of ignored files before each command to walk a folder 1,100 levels deep
  So that agents goes on, instead of stopping with Python's recursion limit (exit 70)

  # Python 3.11's os.walk recursed once per level: at about 1,000 levels it raised
  # RecursionError before the next command (attack 26, F1).

  Scenario: A command that makes an ignored folder 1,100 levels deep is followed by the next
    Given a git repository
    And a plain file ".gitignore" containing "build/\n" committed
    And the plan file "plan.yaml":
      """
      task: deep
      steps:
        - name: deep
          options:
            - actions:
                - run: "python3 -c \"import os\nos.mkdir('build'); os.chdir('build')\nfor i in range(1100): os.mkdir('a'); os.chdir('a')\""
        - name: second
          options:
            - actions:
                - run: echo second
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 0
    And stdout contains "run echo second — exit 0"

  # os.makedirs recursed once per level too: the undo that brought back a file about 1,000
  # folders deep raised RecursionError (exit 70, rolled back), so the user's deep folder a
  # full-scope correction had removed never came back (attack 31, F10).
  Scenario: The user's file 1,100 folders deep that a full-scope correction removed comes back with undo
    Given a git repository
    And the plan file "plan.yaml":
      """
      task: deep
      steps:
        - name: one
          options:
            - actions:
                - write: a.txt
                  content: "agent a\n"
        - name: two
          options:
            - actions:
                - write: b.txt
                  content: "agent b\n"
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    And the user makes the file "mine" holding "my notes" in "u", 1100 folders deep
    And I run "agents plan correct --mode=revert --decision 2 -g again --no-execute --restore-scope full --yes --quiet"
    Then the exit code is 0
    And nothing stands at "u"
    When I run "agents plan undo --yes --quiet"
    Then the exit code is 0
    And the file "mine" in "u", 1100 folders deep, holds "my notes"
