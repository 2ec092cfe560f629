Feature: agents never runs a program planted in the working tree
  As a developer whose PATH names a folder of my project (an activated .venv/bin)
  I want agents to find git, bubblewrap and the pager only outside my working tree
  So that a model's command, which may write anywhere in the tree, cannot plant a `git` or a
  `bwrap` that agents then runs on my machine, outside the sandbox, with my API key

  Scenario: A run, its rollback and an undo use no git of the tree's folders
    Given a git repository
    And the working tree's folder ".venv/bin" comes first on PATH, holding a planted "git"
    And the plan file "plan.yaml":
      """
      task: write twice
      steps:
        - name: write
          options:
            - name: first
              actions:
                - write: a.txt
                  content: "one\n"
            - name: second
              actions:
                - write: b.txt
                  content: "two\n"
          check:
            - run: test -f b.txt
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 0
    When I run "agents plan undo"
    Then the exit code is 0
    And no planted program ran

  Scenario: A model's command runs in the real sandbox, not a planted bwrap
    Given a git repository
    And Claude answers through a stand-in server
    And the working tree's folder ".venv/bin" comes first on PATH, holding a planted "git" and "bwrap"
    And Claude will propose the plan "look"
    And Claude will run "ls /root > seen.txt; echo done >> seen.txt"
    And Claude will estimate the distance at 0
    When I run "agents plan run 'look' --allow-command '*'" with Claude
    Then the exit code is 0
    And the file "seen.txt" contains "done"
    And no planted program ran

  Scenario Outline: A model's command runs under the host's bash, not one planted in the tree (<how>)
    Given a git repository
    And Claude answers through a stand-in server
    And a "bash" planted in the tree's folder ".venv/bin", first on PATH, writes "bash-ran.txt"
    And Claude will propose the plan "look"
    And Claude will run "echo done > seen.txt"
    And Claude will estimate the distance at 0
    When I run "agents plan run 'look' --allow-command 'echo *' <flags>" with Claude
    Then the exit code is 0
    And the file "seen.txt" contains "done"
    And the file "bash-ran.txt" does not exist

    Examples:
      | how              | flags        |
      | in the sandbox   |              |
      | with no sandbox  | --no-sandbox |

  Scenario: A write or an edit through a hard link leaves the file outside the tree as it was
    Given a git repository
    And a file outside the repository "outside.txt" hard-linked into it as "linked.txt" holding "outside\n"
    And the plan file "plan.yaml":
      """
      task: write through links
      steps:
        - name: write
          options:
            - actions:
                - edit: linked.txt
                  find: outside
                  replace: edited
                - write: linked.txt
                  content: "model wrote\n"
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 0
    And the file "linked.txt" contains "model wrote"
    And the file outside the repository "outside.txt" holds "outside\n"

  Scenario: A model's command cannot point a submodule at a git directory of its own
    Given a git repository
    And a submodule "lib" registered in the repository
    And Claude answers through a stand-in server
    And Claude will propose the plan "look"
    And Claude will run "echo 'gitdir: ../evil' > lib/.git; echo tried > tried.txt"
    And Claude will estimate the distance at 0
    When I run "agents plan run 'look' --allow-command '*'" with Claude
    Then the file "tried.txt" contains "tried"
    And the submodule "lib" still names its own git directory
