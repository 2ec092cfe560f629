Feature: A plan's trust settings are this clone's
  As a developer who pulls a plan someone else ran, to resume or correct it here
  I want the sandbox, network and allow patterns it ran with there to stay there
  So that a plan run with `--no-sandbox --allow-command '*'` elsewhere cannot run anything here
  that I did not allow here

  Scenario: An imported plan's allow patterns are not used on resume
    Given a git repository
    And Claude answers through a stand-in server
    And Claude will propose the plan "make a file"
    When I run "agents plan run 'make a file' --allow-command '*' --budget-calls 1" with Claude
    Then the exit code is 4
    Given a clone of the repository that imported the newest plan
    And Claude will propose the plan "make a file"
    And Claude will run "touch X"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan resume --budget-calls 30" with Claude
    Then the exit code is 1
    And the file "X" does not exist
    When I run "agents plan tree"
    Then stdout contains "refused: `touch X` matches no --allow-command pattern"

  Scenario: An imported plan's --no-sandbox is not used on resume; patterns given here are
    Given a git repository
    And Claude answers through a stand-in server
    And Claude will propose the plan "make a file"
    When I run "agents plan run 'make a file' --no-sandbox --allow-network --allow-command '*' --budget-calls 1" with Claude
    Then the exit code is 4
    Given a clone of the repository that imported the newest plan
    When I run "agents plan show"
    Then stdout has a line "sandbox" "off (--no-sandbox)"
    And stdout has a line "network" "allowed"
    And stdout has a line "allowed commands" "*"
    And stdout contains "imported: not used here"
    Given Claude will propose the plan "make a file"
    And Claude will run "touch ../outside.txt 2>/dev/null; touch inside.txt"
    And Claude will estimate the distance at 0
    When I run "agents plan resume --budget-calls 30 --allow-command 'touch *'" with Claude
    Then the file "inside.txt" exists
    And nothing was written beside the clone named "outside.txt"
    When I run "agents plan show --json"
    Then the JSON value "trust.origin" is "this clone"
    And the JSON value "trust.allow_commands" contains "touch *"
    And the JSON value "trust.sandbox" is true

  Scenario: An imported plan file's commands are refused without a terminal, until --trust-plan
    Given a git repository
    And the plan file "plan.yaml":
      """
      task: mark
      steps:
        - name: mark
          options:
            - actions:
                - run: echo ran >> marker.txt
      """
    And I have run "agents plan run --script {tmp}/plan.yaml"
    And a clone of the repository that imported the newest plan
    When I run "agents plan show --json"
    Then the JSON value "trust.origin" is "imported"
    When I run "agents plan correct --mode=revert --decision 2 --guidance again --yes"
    Then the exit code is 3
    And stderr contains "came from another clone: its plan file's commands run here only if you vouch for them"
    And stderr contains "--trust-plan"
    And the file "marker.txt" does not exist
    When I run "agents plan correct --mode=revert --decision 2 --guidance again --yes --trust-plan"
    Then the exit code is 0
    And the file "marker.txt" contains "ran"
    When I run "agents plan show"
    Then stdout has a line "settings from" "this clone"

  Scenario: On a terminal, an imported plan file's commands are shown and asked about
    Given a git repository
    And the plan file "plan.yaml":
      """
      task: mark
      steps:
        - name: mark
          options:
            - actions:
                - run: echo ran >> marker.txt
      """
    And I have run "agents plan run --script {tmp}/plan.yaml"
    And a clone of the repository that imported the newest plan
    When on a terminal I run "agents plan correct --mode=revert --decision 2 --guidance again --yes" answering "n"
    Then the terminal shows "came from another clone. Run the commands of"
    And the terminal shows "as written, outside the sandbox? `echo ran >> marker.txt`"
    And the terminal shows "nothing changed: the plan file was not trusted"
    And the file "marker.txt" does not exist
    When on a terminal I run "agents plan correct --mode=revert --decision 2 --guidance again --yes" answering "y"
    Then the exit code is 0
    And the file "marker.txt" contains "ran"

  Scenario: An imported plan file that runs no command needs nobody to vouch for it
    Given a git repository
    And the plan file "plan.yaml":
      """
      task: write
      steps:
        - name: write
          options:
            - actions:
                - write: written.txt
                  content: "yes\n"
      """
    And I have run "agents plan run --script {tmp}/plan.yaml"
    And a clone of the repository that imported the newest plan
    When I run "agents plan correct --mode=revert --decision 2 --guidance again --yes"
    Then the exit code is 0
    And the file "written.txt" contains "yes"
    When I run "agents plan show"
    Then stdout has a line "settings from" "this clone"

  Scenario: A plan started here takes more patterns on resume, and keeps its own
    Given a git repository
    And Claude answers through a stand-in server
    And Claude will propose the plan "make files"
    When I run "agents plan run 'make files' --allow-command 'ls *' --budget-calls 1" with Claude
    Then the exit code is 4
    Given Claude will propose the plan "make files"
    And Claude will run "ls README.md && touch X"
    And Claude will estimate the distance at 0
    When I run "agents plan resume --budget-calls 30 --allow-command 'touch *'" with Claude
    Then the file "X" exists
    When I run "agents plan show --json"
    Then the JSON value "trust.allow_commands" contains "ls *"
    And the JSON value "trust.allow_commands" contains "touch *"
    And the JSON value "trust.origin" is "this clone"

  Scenario: A plan file written here needs no --trust-plan, and takes it without effect
    Given a git repository
    And the plan file "plan.yaml":
      """
      task: mark
      steps:
        - name: mark
          options:
            - actions:
                - run: echo ran >> marker.txt
      """
    And I have run "agents plan run --script {tmp}/plan.yaml"
    When I run "agents plan correct --mode=revert --decision 2 --guidance again --yes --trust-plan"
    Then the exit code is 0
    And the file "marker.txt" contains "ran"

  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (25 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.
  Scenario: Imported records never put their settings in force, whatever they claim
    Given a git repository
    And the plan file "plan.yaml":
      """
      task: mark
      steps:
        - name: mark
          options:
            - actions:
                - run: echo ran >> marker.txt
      """
    And I have run "agents plan run --script {tmp}/plan.yaml"
    When records of the newest plan claiming random origins and settings are imported
    Then no imported settings were in force, and the records travelled on as they came

  Scenario: With --allow-command, an imported plan file's commands are checked and sandboxed
    Given a git repository
    And the plan file "plan.yaml":
      """
      task: mark
      steps:
        - name: mark
          options:
            - actions:
                - run: echo ran >> marker.txt
                - run: touch ../outside.txt 2>/dev/null; echo tried >> marker.txt
      """
    And I have run "agents plan run --script {tmp}/plan.yaml"
    And a clone of the repository that imported the newest plan
    When I run "agents plan correct --mode=revert --decision 2 --guidance again --yes --allow-command 'ls *'"
    Then the exit code is 1
    And the file "marker.txt" does not exist
    When I run "agents plan resume --allow-command 'echo *' --allow-command 'touch *'"
    Then the exit code is 0
    And the file "marker.txt" contains "ran"
    And nothing was written beside the clone named "outside.txt"

  Scenario: An imported plan's --pass-env is not used on resume; one given here is
    Given the environment variable "PULLED_SECRET" is "pulled-secret-canary"
    And the environment variable "GIVEN_HERE" is "given-here-value"
    And a git repository
    And Claude answers through a stand-in server
    And Claude will propose the plan "look around"
    When I run "agents plan run 'look around' --allow-command 'env *' --pass-env PULLED_SECRET --budget-calls 1" with Claude
    Then the exit code is 4
    Given a clone of the repository that imported the newest plan
    And Claude will propose the plan "look around"
    And Claude will run "env > env.txt"
    And Claude will estimate the distance at 0
    When I run "agents plan resume --budget-calls 30 --allow-command 'env *'" with Claude
    Then the file "env.txt" exists
    And the file "env.txt" does not contain "pulled-secret-canary"
    Given Claude will propose the plan "look around"
    And Claude will run "env > env2.txt"
    And Claude will estimate the distance at 0
    When I run "agents plan correct --mode=append -g again --allow-command 'env *' --pass-env GIVEN_HERE" with Claude
    Then the file "env2.txt" contains "GIVEN_HERE=given-here-value"
    And the file "env2.txt" does not contain "pulled-secret-canary"

  Scenario: An imported plan's --record folder is not written on resume
    Given a git repository
    And Claude answers through a stand-in server
    And Claude will propose the plan "make a file"
    When I run "agents plan run 'make a file' --record {tmp}/recorded --budget-calls 1" with Claude
    Then the exit code is 4
    Given a clone of the repository that imported the newest plan
    And the folder "{tmp}/recorded" is removed
    And Claude will propose the plan "make a file"
    And Claude will estimate the distance at 0
    When I run "agents plan resume --budget-calls 30" with Claude
    Then nothing was recorded in "{tmp}/recorded"
