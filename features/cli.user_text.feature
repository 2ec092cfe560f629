Feature: What a user or an agent wrote is printed as written
  As a developer whose tasks, paths and command output hold brackets
  I want every command to print them as they are
  So that `app/[slug]/page.tsx` reads right and no stored text breaks a later command

  Background:
    Given a git repository
    And the plan file "plan.yaml":
      """
      task: "close [/b] tag [red]x[/red] :smile:"
      steps:
        - name: step [/b] [bold]
          options:
            - name: opt [red]x[/red]
              actions:
                - write: app/[slug]/page.tsx
                  content: "hi\n"
                - run: echo '[/b] [red]out[/red]'
      """

  Scenario: Run, list, show, tree and decision print the text literally
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 0
    And stdout contains ": close [/b] tag [red]x[/red] :smile:"
    And stdout contains "#2  step 1 · step [/b] [bold]"
    And stdout contains "wrote app/[slug]/page.tsx"
    And stdout contains "run echo '[/b] [red]out[/red]'"
    When I run "agents plan list"
    Then the exit code is 0
    And stdout contains "close [/b] tag [red]x[/red] :smile:"
    When I run "agents plan show"
    Then the exit code is 0
    And stdout contains "close [/b] tag [red]x[/red] :smile:"
    When I run "agents plan tree"
    Then the exit code is 0
    And stdout contains "done (opt [red]x[/red])"
    And stdout contains "write app/[slug]/page.tsx"
    When I run "agents plan decision 3"
    Then the exit code is 0
    And stdout contains "option opt [red]x[/red]"
    And stdout contains "app/[slug]/page.tsx"

  Scenario: A correction's guidance and its preview print literally
    Given I have run "agents plan run --script {tmp}/plan.yaml"
    When I run "agents plan correct --mode=revert --decision 2 --dry-run"
    Then the exit code is 0
    And stdout contains "#2  step 1 · step [/b] [bold]"
    And stdout contains "  app/[slug]/page.tsx"
    When I run "agents plan correct --mode=revert --decision 2 --guidance '[/b] use [bold]' --yes"
    Then the exit code is 0
    When I run "agents plan show"
    Then the exit code is 0
    And stdout contains "revert to decision 2: [/b] use [bold]"

  # A name that is not UTF-8 (bytes 0xff, 0xfe) is shown with its byte escaped (\xff) and
  # kept exactly where undo and corrections act on it: a nested repository that would run
  # core.fsmonitor and a Claude Code skill, both put back, and the user's ignored file the
  # command deleted.
  Scenario: Names that are not UTF-8 are shown escaped, and undo brings back their bytes
    Given the user's file "cache/u\xff", which git ignores, holds the bytes "user\xfe bytes"
    And the plan file "names.yaml":
      """
      task: names
      steps:
        - name: make
          options:
            - actions:
                - run: "rm -f cache/* && d=$(printf 'x\\377y') && mkdir \"$d\" && git -C \"$d\" init -q && git -C \"$d\" config core.fsmonitor true && mkdir -p \"pkg/.claude/skills/$(printf 'k\\376')\" && echo hi > \"pkg/.claude/skills/$(printf 'k\\376')/SKILL.md\""
      """
    When I run "agents plan run --script {tmp}/names.yaml"
    Then the exit code is 0
    And stdout contains "removed x\xffy/.git: new, its config names core.fsmonitor"
    And stdout contains "removed pkg/.claude/skills/k\xfe/SKILL.md: new, Claude Code would read it"
    And no file "cache/u\xff" is there
    When I run "agents plan tree"
    Then the exit code is 0
    And stdout contains "removed x\xffy/.git"
    When I run "agents plan show"
    Then the exit code is 0
    When I run "agents plan ops"
    Then the exit code is 0
    When I run "agents plan correct --mode=revert --decision 3 --guidance again --yes"
    Then the exit code is 0
    And stdout contains "cache/u\udcff"
    When I run "agents plan undo"
    Then the exit code is 0
    When I run "agents plan undo 1"
    Then the exit code is 0
    And the file "cache/u\xff" holds the bytes "user\xfe bytes"

  Scenario: A failing command's output is named literally in the error line
    Given the plan file "failing.yaml":
      """
      task: fail [/b]
      steps:
        - name: s [/b]
          options:
            - actions:
                - run: echo '[/b] oops'; exit 1
      """
    When I run "agents plan run --script {tmp}/failing.yaml"
    Then the exit code is 1
    And stderr is one line containing "step 1 (s [/b]) failed"
    And stderr contains "run echo '[/b] oops'; exit 1"

  Scenario: The operations list prints a running command literally
    Given the plan file "[bold]slow.yaml":
      """
      task: slow
      steps:
        - name: wait
          options:
            - actions:
                - write: started.txt
                  content: "yes\n"
                - run: sleep 10
      """
    When I start "agents plan run --script '{tmp}/[bold]slow.yaml'" and wait for "started.txt"
    And I run "agents plan ops"
    Then the exit code is 0
    And stdout contains "[bold]slow.yaml"

  Scenario: The help's example plan file prints literally
    When I run "agents plan run --help"
    Then the exit code is 0
    And stdout contains "when: [title, capital]"
