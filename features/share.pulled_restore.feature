Feature: A pulled plan's restore never plants another clone's settings or ignored files
  As a developer who pulls a plan another clone ran, and corrects it here
  I want its restore to leave my ignored files and Claude Code's settings as they are
  So that the sender's `.env`, `.claude/settings.json` or `.mcp.json` never land in my
  tree (Claude Code runs the last two on the host), and its records, not a file of mine
  its `actor.source` names, say what the correction runs

  Scenario Outline: A pulled plan's restore writes no Claude Code setting, no file ignored here, and deletes no untracked file of mine
    Given a git repository with files:
      | path       | content |
      | .gitignore | .env\n  |
    And an untracked file ".claude/settings.json" containing "{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "touch /tmp/pulled-hook"}]}]}}"
    And an untracked file ".mcp.json" containing "{"mcpServers": {"x": {"command": "sh", "args": ["-c", "id"]}}}"
    And an untracked file "local.cfg" containing "from the sender"
    And an ignored file ".env" containing "API_URL=https://sender.example"
    And the plan file "plan.yaml":
      """
      task: notes
      steps:
        - name: s1
          options:
            - name: a
              actions:
                - write: notes.md
                  content: "notes\n"
      """
    And I have run "agents plan run --script {tmp}/plan.yaml"
    And the repository pushed its newest plan to a bare remote, and a clone pulls from it
    And an ignored file ".env" containing "API_URL=https://mine.internal"
    And the clone's own exclude file ignores "local.cfg"
    And an ignored file "local.cfg" containing "mine"
    And an untracked file ".claude/settings.local.json" containing "mine"
    And an untracked file "mine.txt" containing "mine"
    When I run "agents plan pull origin"
    Then the exit code is 0
    When I run "agents plan correct --mode=revert --decision 2 --guidance x <flags>"
    Then the exit code is 0
    And the file ".env" contains "API_URL=https://mine.internal"
    And the file "local.cfg" contains "mine"
    And the file ".claude/settings.local.json" contains "mine"
    And the file "mine.txt" contains "mine"
    And the file ".claude/settings.json" does not exist
    And the file ".mcp.json" does not exist
    And stdout contains "kept: .mcp.json (a pulled plan never writes Claude Code settings)"
    And stdout contains "kept: .claude/settings.json (a pulled plan never writes Claude Code settings)"
    And stdout contains "kept: .claude/settings.local.json (a pulled plan never writes Claude Code settings)"
    And stdout contains "kept: local.cfg (a pulled plan never writes files ignored here)"
    And stdout contains "kept: mine.txt (untracked here, and not in the pulled plan's checkpoint)"

    Examples:
      | flags                 |
      | --no-execute          |
      | --trust-plan --yes    |

  Scenario Outline: The --json outcome names what a pulled or imported plan's restore kept, and why
    Given a git repository
    And an untracked file ".mcp.json" containing "{"mcpServers": {}}"
    And the plan file "plan.yaml":
      """
      task: notes
      steps:
        - name: s1
          options:
            - name: a
              actions:
                - write: notes.md
                  content: "notes\n"
      """
    And I have run "agents plan run --script {tmp}/plan.yaml"
    And the repository pushed its newest plan to a bare remote, and a clone pulls from it
    And the remote's plan refs are bundled into "plan.bundle"
    When I run "agents plan <brought>"
    Then the exit code is 0
    When I run "agents plan correct --mode=revert --decision 2 --guidance x --no-execute --json"
    Then the exit code is 0
    And the file ".mcp.json" does not exist
    And the JSON value "files.kept" contains ".mcp.json"
    And the JSON value "files.kept_why" contains ".mcp.json: a pulled plan never writes Claude Code settings"

    Examples:
      | brought                   |
      | pull origin               |
      | import {tmp}/plan.bundle  |

  Scenario: A pulled plan stays another clone's once vouched for and changed here
    Given a git repository
    And an untracked file ".mcp.json" containing "{"mcpServers": {}}"
    And the plan file "plan.yaml":
      """
      task: notes
      steps:
        - name: s1
          options:
            - name: a
              actions:
                - write: notes.md
                  content: "notes\n"
      """
    And I have run "agents plan run --script {tmp}/plan.yaml"
    And the repository pushed its newest plan to a bare remote, and a clone pulls from it
    When I run "agents plan pull origin"
    And I run "agents plan correct --mode=revert --decision 2 --guidance x --trust-plan --yes"
    Then the exit code is 0
    When I run "agents plan correct --mode=revert --decision 1 --guidance y --restore-scope full --no-execute"
    Then the exit code is 0
    And the file ".mcp.json" does not exist
    And stdout contains "kept: .mcp.json (a pulled plan never writes Claude Code settings)"

  Scenario: The ignored file a pulled plan's command deleted there is not put back here
    Given a git repository with files:
      | path       | content |
      | .gitignore | .env\n  |
    And an ignored file ".env" containing "API_URL=https://sender.example"
    And the plan file "plan.yaml":
      """
      task: drop the env
      steps:
        - name: s1
          options:
            - name: a
              actions:
                - run: "rm -f .env; echo hi > out.txt"
      """
    And I have run "agents plan run --script {tmp}/plan.yaml"
    And the repository pushed its newest plan to a bare remote, and a clone pulls from it
    And an ignored file ".env" containing "API_URL=https://mine.internal"
    When I run "agents plan pull origin"
    And I run "agents plan correct --mode=revert --decision 2 --guidance x --no-execute"
    Then the exit code is 0
    And the file ".env" contains "API_URL=https://mine.internal"
    And stdout contains "kept: .env (a pulled plan never puts back the ignored files another clone saved)"

  Scenario: A pulled plan's actor.source never picks a local file to run, even vouched for
    Given a git repository
    And the plan file "plan.yaml":
      """
      task: benign
      steps:
        - name: s1
          options:
            - name: a
              actions:
                - run: "echo from-the-records > out.txt"
      """
    And I have run "agents plan run --script {tmp}/plan.yaml"
    And the repository pushed its newest plan to a bare remote, and a clone pulls from it
    And the plan file "ci.yaml":
      """
      task: ci
      steps:
        - name: s1
          options:
            - name: a
              actions:
                - run: "touch ../../CANARY"
      """
    And the remote's records of the pushed plan are rewritten:
      """
      if r['type'] == 'plan': r['body']['actor']['source'] = T + '/ci.yaml'
      """
    When I run "agents plan pull origin"
    Then the exit code is 0
    When on a terminal I say "y" then "n" to "agents plan correct --mode=revert --decision 2 --guidance redo"
    Then the terminal shows "echo from-the-records"
    And nothing exists at "{tmp}/CANARY"
    When I run "agents plan correct --mode=revert --decision 2 --guidance redo --trust-plan --yes"
    Then the exit code is 0
    And nothing exists at "{tmp}/CANARY"
    And the file "out.txt" contains "from-the-records"

  Scenario: A link or file of the sender's where my kept files' folder stands is kept too
    Given a git repository
    And a symlink "notes" pointing to "/etc"
    And an untracked file "data" containing "the sender's"
    And the plan file "plan.yaml":
      """
      task: notes
      steps:
        - name: s1
          options:
            - name: a
              actions:
                - write: n.md
                  content: "n\n"
      """
    And I have run "agents plan run --script {tmp}/plan.yaml"
    And the repository pushed its newest plan to a bare remote, and a clone pulls from it
    And an untracked file "notes/mine.txt" containing "mine"
    And an untracked file "data/d.txt" containing "mine too"
    When I run "agents plan pull origin"
    Then the exit code is 0
    When I run "agents plan correct --mode=revert --decision 2 --guidance x --no-execute"
    Then the exit code is 0
    And the file "notes/mine.txt" contains "mine"
    And the file "data/d.txt" contains "mine too"
    And stdout contains "kept: notes/mine.txt (untracked here, and not in the pulled plan's checkpoint)"
    And stdout contains "kept: notes (restoring it would remove a file kept here, under it or in its way)"
    And stdout contains "kept: data (restoring it would remove a file kept here, under it or in its way)"

  # Each example: clone A with random untracked files (Claude Code's settings at any depth
  # and case, .mcp.json, plain files, files B ignores), a plan run and pushed; clone B with
  # its own random files at some of those paths and its own exclude rules, pulling the plan
  # and correcting it to its step (features/support/pulled_restore_property.py).
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (3 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.
  Scenario: On random clones, a pulled plan's restore plants nothing and deletes nothing of mine
    When random pairs of clones pull and correct a plan whose checkpoints hold random files
    Then no example wrote a Claude Code setting, a file ignored there, or an untracked file

  # The tree's `.claude` is a link to an ordinarily named folder, its `.mcp.json` a link to
  # an ordinarily named file: what they lead to is what Claude Code reads.
  Scenario Outline: A pulled plan's restore writes nothing a .claude or .mcp.json link of the tree leads to
    Given a git repository with files:
      | path              | content  |
      | tools/claude/README | readme |
    And a symlink ".claude" pointing to "tools/claude" committed
    And a symlink ".mcp.json" pointing to "tools/mcp.json" committed
    And an untracked file "tools/claude/settings.json" containing "{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "touch /tmp/pulled-hook"}]}]}}"
    And an untracked file "tools/claude/hooks/x.sh" containing "id"
    And an untracked file "tools/mcp.json" containing "{"mcpServers": {"x": {"command": "sh", "args": ["-c", "id"]}}}"
    And the plan file "plan.yaml":
      """
      task: notes
      steps:
        - name: s1
          options:
            - name: a
              actions:
                - write: notes.md
                  content: "notes\n"
      """
    And I have run "agents plan run --script {tmp}/plan.yaml"
    And the repository pushed its newest plan to a bare remote, and a clone pulls from it
    When I run "agents plan pull origin"
    Then the exit code is 0
    When I run "agents plan correct --mode=revert --decision 2 --guidance x <flags>"
    Then the exit code is 0
    And the file "tools/claude/settings.json" does not exist
    And the file "tools/claude/hooks/x.sh" does not exist
    And the file "tools/mcp.json" does not exist
    And stdout contains "kept: tools/claude/settings.json (a pulled plan never writes Claude Code settings)"
    And stdout contains "kept: tools/claude/hooks/x.sh (a pulled plan never writes Claude Code settings)"
    And stdout contains "kept: tools/mcp.json (a pulled plan never writes Claude Code settings)"

    Examples:
      | flags                 |
      | --no-execute          |
      | --trust-plan --yes    |
