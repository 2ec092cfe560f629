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
