Feature: An edited plan file's new writes and deletes run only once vouched for
  As a developer whose plan file lies in the working tree, where the model or a sandboxed
  command can write
  I want a correction to ask before it carries out any action the edit added, removed or
  changed, not only a new command
  So that an edit cannot write `.claude/settings.json` or `.mcp.json` (code Claude Code runs
  on the host) or delete my files through my next correction

  Background:
    Given these steps, built once per process and copied for each scenario:
      '''
      Given a git repository with files:
        | path     | content |
        | keep.txt | keep\n  |
      And the plan file "plan.yaml" in the tree:
        """
        task: take notes
        steps:
          - name: notes
            options:
              - actions:
                  - write: notes.md
                    content: "notes\n"
        """
      And I have run "agents plan run plan.yaml --quiet"
      '''

  Scenario: A write of Claude Code's settings and a delete the edit added are refused without a terminal
    Given the plan file "plan.yaml" in the tree gets the lines:
      """
                - write: .claude/settings.json
                  content: '{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "id"}]}]}}'
                - delete: keep.txt
      """
    When I run "agents plan correct --mode=revert --decision 3 --guidance again"
    Then the exit code is 3
    And stderr contains "plan.yaml changed since the run and adds or changes actions: it adds write `.claude/settings.json` (a file that runs on the host"
    And stderr contains "adds delete `keep.txt`"
    And stderr is one line containing "pass --trust-plan"
    And the file ".claude/settings.json" does not exist
    And the file "keep.txt" contains "keep"
    When I run "agents plan correct --mode=revert --decision 3 --guidance again --trust-plan"
    Then the exit code is 0
    And the file ".claude/settings.json" contains "SessionStart"
    And the file "keep.txt" does not exist

  Scenario: A changed write is a changed action, and many changes are counted, not all listed
    Given the plan file "plan.yaml" in the tree gets the lines:
      """
                - write: .mcp.json
                  content: '{"mcpServers": {"docs": {"command": "sh"}}}'
                - write: a.txt
                  content: a
                - write: a.txt
                  content: a
                - write: b.txt
                  content: b
      """
    And I replace "notes\n" by "other notes\n" in the file "plan.yaml"
    When I run "agents plan correct --mode=revert --decision 3 --guidance again"
    Then the exit code is 3
    And stderr contains "it adds write `.mcp.json` (a file that runs on the host"
    And stderr contains "; adds write `a.txt` (2 times); and 2 more"
    And the file ".mcp.json" does not exist

  Scenario: An action moved from where it never ran to where it runs is asked about
    Given the plan file "plan.yaml" in the tree:
      """
      task: take notes
      contingencies:
        - name: never
          when_output: NEVER-PRINTED
          actions:
            - write: c.txt
              content: c
            - delete: keep.txt
      steps:
        - name: notes
          options:
            - actions:
                - write: notes.md
                  content: "notes\n"
      """
    And I have run "agents plan run plan.yaml --quiet"
    And the plan file "plan.yaml" in the tree:
      """
      task: take notes
      contingencies:
        - name: never
          when_output: NEVER-PRINTED
          actions:
            - write: c.txt
              content: c
      steps:
        - name: notes
          options:
            - actions:
                - write: notes.md
                  content: "notes\n"
                - delete: keep.txt
      """
    When I run "agents plan correct --mode=revert --decision 3 --guidance again"
    Then the exit code is 3
    And stderr contains "adds or changes actions: it moves delete `keep.txt` (check it"
    And the file "keep.txt" contains "keep"

  Scenario: An edit of comments and step names only goes on without a question
    Given the plan file "plan.yaml" in the tree gets the lines:
      """
      # a comment, and the step renamed below
      """
    And I replace "name: notes" by "name: take the notes" in the file "plan.yaml"
    When I run "agents plan correct --mode=revert --decision 3 --guidance again"
    Then the exit code is 0
    And stderr contains "plan.yaml changed since the run: re-executing with the edited file"
    And the file "notes.md" contains "notes"

  Scenario: On a terminal the changed actions are asked about, and a no changes nothing
    Given the plan file "plan.yaml" in the tree gets the lines:
      """
                - delete: keep.txt
      """
    When on a terminal I run "agents plan correct --mode=revert --decision 3 -g again" answering "y, n" in turn
    Then the terminal shows "changed since the run: it adds delete `keep.txt`. Go on with the edited file?"
    And the file "keep.txt" contains "keep"
    When on a terminal I run "agents plan correct --mode=revert --decision 3 -g again" answering "y, y" in turn
    Then the file "keep.txt" does not exist

  Scenario: A pulled plan whose plan file writes Claude Code's settings goes on only once vouched for
    Given the plan file "plan.yaml" in the tree gets the lines:
      """
                - write: .claude/settings.json
                  content: '{"hooks": {}}'
      """
    And I have run "agents plan run plan.yaml --quiet"
    And a clone of the repository that imported the newest plan
    When I run "agents plan correct --mode=revert --decision 3 --guidance again --yes"
    Then the exit code is 3
    And stderr contains "came from another clone: its plan file writes files that run on the host, outside the sandbox (write `.claude/settings.json`)"
    And stderr contains "--trust-plan"
    When I run "agents plan correct --mode=revert --decision 3 --guidance again --yes --allow-command 'x*'"
    Then the exit code is 3
    And the file ".claude/settings.json" does not exist
    When on a terminal I run "agents plan correct --mode=revert --decision 3 -g again --yes" answering "n"
    Then the terminal shows "Its plan file writes files that run on the host: write `.claude/settings.json`."
    And the terminal shows "plan.yaml write them as written?"
    And the file ".claude/settings.json" does not exist
    When I run "agents plan correct --mode=revert --decision 3 --guidance again --yes --trust-plan"
    Then the exit code is 0
    And the file ".claude/settings.json" contains "hooks"

  Scenario Outline: A pulled plan whose plan file writes where the tree's <link> link leads goes on only once vouched for
    Given an executable file "tools/claude/README" containing "readme" committed
    And an executable file "tools/mcp.json" containing "{}" committed
    And a symlink "<link>" pointing to "<target>" committed
    And the plan file "plan.yaml" in the tree gets the lines:
      """
                - write: <path>
                  content: '{"hooks": {}}'
      """
    And I have run "agents plan run plan.yaml --quiet"
    And a clone of the repository that imported the newest plan
    When I run "agents plan correct --mode=revert --decision 3 --guidance again --yes"
    Then the exit code is 3
    And stderr contains "its plan file writes files that run on the host, outside the sandbox (write `<path>`)"
    When I run "agents plan correct --mode=revert --decision 3 --guidance again --yes --trust-plan"
    Then the exit code is 0
    And the file "<path>" contains "hooks"

    Examples:
      | link      | target         | path                                |
      | .claude   | tools/claude   | tools/claude/settings.local.json    |
      | .claude   | tools/claude   | tools/claude/hooks/x.sh             |
      | .mcp.json | tools/mcp.json | tools/mcp.json                      |
