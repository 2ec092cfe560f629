Feature: The empty files the sandbox stands on never stay in my tree, nor take my own
  As a developer whose dotfiles repository holds what ~/.bashrc sources
  I want the empty read-only file a sandboxed command's box makes for a name my host runs
  (not there yet) made only for names my files run, removed after the command, even when
  agents was killed, and never a file I put there myself
  So that no junk stays in my tree and nothing of mine is removed

  # `local.sh`, which ~/.bashrc sources, is not there: while a sandboxed command runs, an
  # empty read-only file stands at that name, the box's mount point (`mount_points.py`).
  Background:
    Given a git repository with files:
      | path   | content                                                    |
      | bashrc | # rc\n[ -f ~/dot/local.sh ] && . ~/dot/local.sh\n[ -z "$PS1" ] && return 7\nx=1\nHISTCONTROL=ignoreboth\nexport EDITOR=vim LC_ALL=C\nshopt -s histappend\nexport BASH_ENV=env.sh\n |
    And the user's home links ".bashrc" to the tree's "bashrc"
    And the user's home links "dot" to the tree's "."
    And Claude answers through a stand-in server
    And Claude will propose the plan "dots" checked by ""

  # A variable's value is a file only where a program may open it by that variable: a
  # number (`x=1`), a setting's data (`HISTCONTROL`, `LC_ALL`), the program `EDITOR` finds
  # on PATH, shopt's option name are none; `BASH_ENV=env.sh` is one (bash sources it).
  Scenario: A comment's words, exit's status and a setting's value name no file: no empty file stands for them
    Given the repository's hook "pre-commit" holds "#!/bin/sh\n# lint\nexit 3\n"
    And the names "local.sh rc 7 lint 3 1 ignoreboth vim C histappend env.sh" are watched in the tree while the command runs
    And Claude will run "sleep 1"
    When I run "agents plan run 'dots' --allow-command 'sleep *'" with Claude
    Then the exit code is 0
    And of the watched names only "local.sh env.sh" stood in the tree
    And the file "local.sh" does not exist
    And the file "env.sh" does not exist

  # My Claude Code hooks' words that are a program's data, not a file it opens (a message,
  # a subcommand, a revision, a number, a format, a jq path), get no empty file at the tree's
  # top while each command runs (attack 21 #9); a word that looks like a file still does.
  Scenario: The words of my Claude Code hooks that name no file get no empty file
    Given a plain file ".claude/settings.json" containing "{"hooks": {"PostToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "notify-send \"Claude Code\" \"Task done\"; git add -A && git commit -m \"wip: claude\" --no-verify; git diff --stat HEAD~1; git log -n 5 --oneline; date +%s; jq -r .tool_input.file_path; echo 3.14; cat notes.txt"}]}]}}" committed
    And the names "local.sh|Claude Code|Task done|add|commit|wip: claude|diff|HEAD~1|log|5|+%s|.tool_input.file_path|3.14|notes.txt" are watched in the tree while the command runs
    And Claude will run "sleep 1"
    When I run "agents plan run 'dots' --allow-command 'sleep *'" with Claude
    Then the exit code is 0
    And of the watched names only "local.sh notes.txt" stood in the tree
    And the file "notes.txt" does not exist

  # A kubeconfig my ~/.profile names is read as YAML by kubectl, not by a shell: its keys and
  # values get no empty file (12 stood at the tree's top while each command ran); the `exec`
  # plugin it names does, in JSON too (attack 22 #11: read as a shell's words, it was not).
  Scenario Outline: The kubeconfig my startup file exports in <style> gets no empty file for its words
    Given a plain file "kubeconfig" containing "<kubeconfig>" committed
    And the user's own ".profile" in their home holds "export KUBECONFIG=~/dot/kubeconfig\n"
    And the names "local.sh|v1|Config|name:|u|user:|exec:|command:|auth.sh" are watched in the tree while the command runs
    And Claude will run "sleep 1"
    When I run "agents plan run 'dots' --allow-command 'sleep *'" with Claude
    Then the exit code is 0
    And of the watched names only "local.sh auth.sh" stood in the tree

    Examples:
      | style | kubeconfig                                                                              |
      | YAML  | apiVersion: v1\nkind: Config\nusers:\n- name: u\n  user:\n    exec:\n      command: ./auth.sh\n |
      | JSON  | {"apiVersion": "v1", "kind": "Config", "users": [{"name": "u", "user": {"exec": {"command": "./auth.sh"}}}]} |

  # Once the command ends, what I put at a host-run name while it ran is put back as any
  # new host-run file is (kept in a commit), said as it happened: my `rm` of the made file
  # ended the box's hold; never removed unsaid as the box's own.
  Scenario: My own empty file put at the name while the command runs is never taken for the box's
    Given the user puts their own empty file at "local.sh" once the command has made "started"
    And Claude will run "touch started; sleep 2"
    When I run "agents plan run 'dots' --allow-command 'touch *' --allow-command 'sleep *'" with Claude
    Then the exit code is 0
    And the user's "local.sh" was put there, and stdout contains "local.sh was replaced on the host during the command (the box's hold on it ended then): removed, as the checkpoint has none"

  Scenario: The empty file a killed agents left goes at the next agents command
    Given Claude will run "sleep 30"
    When I start "agents plan run 'dots' --allow-command 'sleep *'" with Claude and SIGKILL it once "local.sh" stands in the tree
    Then "local.sh" of the tree is the empty read-only file the box stood on
    When I run "agents plan list"
    Then the file "local.sh" does not exist
    And stderr contains "removed local.sh: a file a killed command's sandbox stood on"
    # No `.claude` in the tree: one stood, empty and read-only, for the command (attack 20 #17).
    And the folder ".claude" does not exist
    And stderr contains "removed .claude: a folder a killed command's sandbox stood on"

  Scenario: A file I put at that name after the kill stays at the next agents command
    Given Claude will run "sleep 30"
    When I start "agents plan run 'dots' --allow-command 'sleep *'" with Claude and SIGKILL it once "local.sh" stands in the tree
    And the user puts their own empty file at "local.sh"
    And I run "agents plan list"
    Then "local.sh" of the tree is the empty read-only file the box stood on
    And stderr does not contain "removed local.sh"

  Scenario: The empty file a killed agents left goes at the next agents command in the tree moved since
    Given Claude will run "sleep 30"
    When I start "agents plan run 'dots' --allow-command 'sleep *'" with Claude and SIGKILL it once "local.sh" stands in the tree
    And the user moves the tree to "moved"
    And I run "agents plan list"
    Then the file "local.sh" does not exist
    And stderr contains "removed local.sh: a file a killed command's sandbox stood on"

  Scenario: The empty file a killed agents left in a tree copied elsewhere since is said, not taken
    Given Claude will run "sleep 30"
    When I start "agents plan run 'dots' --allow-command 'sleep *'" with Claude and SIGKILL it once "local.sh" stands in the tree
    And the user copies the tree to "copied" and removes the old one
    And I run "agents plan list"
    Then "local.sh" of the tree is the empty read-only file the box stood on
    And stderr contains "kept local.sh: like a file a killed command's sandbox stood on before the tree moved; remove it if it is not yours"

  Scenario: The empty file a killed agents left in the tree a copy of it came from goes, said by its path
    Given Claude will run "sleep 30"
    When I start "agents plan run 'dots' --allow-command 'sleep *'" with Claude and SIGKILL it once "local.sh" stands in the tree
    And the user copies the tree to "copied", keeping the old one
    And I run "agents plan list"
    Then the old tree's "local.sh" is gone, and stderr says so by its path
    And "local.sh" of the tree is the empty read-only file the box stood on
    And stderr contains "kept local.sh: like a file a killed command's sandbox stood on before the tree moved"
