Feature: What a killed agents' command left where my host runs it is put back at the next command
  As a developer whose ~/.bashrc sources every script of my dotfiles repository
  I want the bytes a sandboxed command wrote into a file my host runs put back at the next
  agents command when agents was killed while the command ran (SIGKILL, OOM, power loss)
  So that my next shell never runs what the model wrote, nor does an undo write it back;
  its bytes stay in the commit the outcome names

  # The put-back after a command takes back a new `zz.sh` in a folder `~/.bashrc` sources
  # by a glob (it cannot be held in the box: the place is a pattern); a killed agents never
  # ran it (attack 20, finding 8). These run with the overlay off (CLEVERAGENTS_OVERLAY=off),
  # as on a kernel that cannot make one: the command writes straight into the tree. With
  # the overlay, a killed command's writes never reach the tree (the last scenario).
  Background:
    Given a git repository with files:
      | path   | content                                          |
      | bashrc | # rc\nfor f in ~/dot/*.sh; do . "$f"; done\n      |
      | a.sh   | true\n                                           |
      | .gitignore | local.sh\n                                  |
      | sub/x.sh   | true\n                                      |
    And Claude answers through a stand-in server
    And Claude will propose the plan "dots" checked by ""
    And the environment variable "CLEVERAGENTS_OVERLAY" is "off"

  Scenario: The script a killed command wrote where my shell sources it goes at the next command, for good
    Given the user's home links ".bashrc" to the tree's "bashrc"
    And the user's home links "dot" to the tree's "."
    # A FIFO there held the user's next shell for good, in its `. "$f"` (attack 23, F28):
    # no checkpoint holds one; the put-back after the command removes it.
    And Claude will run "sh -c 'rm a.sh; mkfifo fifo.sh; echo touch planted > zz.sh; sleep 30'"
    When I start "agents plan run 'dots' --allow-command 'sh *'" with Claude and SIGKILL it once "zz.sh" stands in the tree
    And I run "agents plan list"
    Then the file "zz.sh" does not exist
    And the file "fifo.sh" does not exist
    And the file "a.sh" contains "true"
    And stderr contains "operation 1 (run) was interrupted;"
    And stderr contains "; put back a.sh, fifo.sh, zz.sh: its killed command changed them where your host runs them"
    And stderr contains "no undo writes back what operation 2 took back"
    And stderr does not contain "brings them back"
    When I run "agents plan undo 2"
    Then the exit code is 0
    And the file "zz.sh" does not exist
    And the file "a.sh" does not exist

  Scenario: What the command wrote while agents was stopped, before the kill, goes at the next command too
    # A stopped agents (`kill -STOP`, a debugger) beats its lock no more, yet the box, in a
    # session of its own, writes on: its late script was taken for mine and stayed (attack
    # 24, F8). The box's own beat (`box_beat.py`) lasts while it lives.
    Given the user's home links ".bashrc" to the tree's "bashrc"
    And the user's home links "dot" to the tree's "."
    And Claude will run "sh -c 'echo x > marker; sleep 14; echo touch planted > zz.sh; echo y > marker2; sleep 30'"
    When I start "agents plan run 'dots' --allow-command 'sh *'" with Claude, SIGSTOP it once "marker" stands and SIGKILL it once "marker2" stands in the tree
    And I run "agents plan list"
    Then the file "zz.sh" does not exist
    And stderr contains "; put back marker, marker2, zz.sh: its killed command changed them where your host runs them"
    When I run "agents plan undo 2"
    Then the exit code is 0
    And the file "zz.sh" does not exist

  Scenario: An ignored script my shell runs, changed by a killed command, goes back at the next command, for good
    # `~/dot` links to the tree: every file of it is the home's, the tree is not held in
    # the box, and `local.sh` is ignored: no checkpoint holds it (attack 21, finding 7: only
    # the checkpointed files were put back).
    Given the user's home links ".bashrc" to the tree's "bashrc"
    And the user's home links "dot" to the tree's "."
    And I write "local.sh" with "true"
    And Claude will run "sh -c 'echo touch planted >> local.sh; echo x > marker; sleep 30'"
    When I start "agents plan run 'dots' --allow-command 'sh *'" with Claude and SIGKILL it once "marker" stands in the tree
    And I run "agents plan list"
    Then the file "local.sh" does not contain "planted"
    And stderr contains "; put back local.sh, marker: its killed command changed them where your host runs them"
    And "local.sh" of the side commit the outcome names holds "touch planted"
    When I run "agents plan undo 2"
    Then the exit code is 0
    And the file "local.sh" does not contain "planted"

  # One record of the settling's restore that fails (a disk error here) stopped the rest:
  # the new script stayed where the user's shell sources it (putback30). The one that
  # failed stayed too, said "put back", exit 0 (review30, 1): named, removed, a failure.
  @agents_exec
  Scenario: One ignored script that cannot go back stops no other from going
    Given the user's home links ".bashrc" to the tree's "bashrc"
    And the user's home links "dot" to the tree's "."
    And I write "local.sh" with "true"
    And Claude will run "sh -c 'echo touch planted >> local.sh; mkdir x; echo touch planted > x/local.sh; echo x > marker; sleep 30'"
    When I start "agents plan run 'dots' --allow-command 'sh *'" with Claude and SIGKILL it once "marker" stands in the tree
    And the put-back of the saved record of "local.sh" fails with an I/O error
    And I run "agents plan list"
    Then the file "x/local.sh" does not exist
    And the file "local.sh" does not exist
    And the exit code is 3
    And stderr contains "could not put back local.sh (OSError: [Errno 5] Input/output error): the killed command's, where your host runs them; what stood before it is kept in commit "
    And "local.sh" of the side commit the outcome names holds "touch planted"
    And stderr contains "removed local.sh: changed by the command where the put-back failed; kept in commit"
    And stderr contains "put back marker, x/local.sh: its killed command changed them"
    And stderr contains "could not all be put back (named above, removed or left with no permission bits)"
    # settle31: the failed paths were stored nowhere: no later command tried them again.
    When I run "agents plan ops"
    Then stdout contains "not put back: local.sh, which each next agents command tries again"
    When I run "agents plan show"
    Then stdout contains "not put back"
    And stdout contains "local.sh (operation 2's settling after a kill could not"
    When the put-back faults no more
    And I run "agents plan list"
    Then the exit code is 0
    And the file "local.sh" contains "true"
    And the file "local.sh" does not contain "planted"
    And stderr contains "put back local.sh, which operation 2's settling after a kill could not: as before the killed command"
    When I run "agents plan list"
    Then the exit code is 0
    And stderr does not contain "local.sh"
    And the file "local.sh" contains "true"

  Scenario: An ignored script a killed command made where my shell runs it goes at the next command, for good
    # No look saw `local.sh` before the command: nothing stood there; what stands is the
    # command's (made since the run began), removed and kept.
    Given the user's home links ".bashrc" to the tree's "bashrc"
    And the user's home links "dot" to the tree's "."
    And Claude will run "sh -c 'echo touch planted > local.sh; echo x > marker; sleep 30'"
    When I start "agents plan run 'dots' --allow-command 'sh *'" with Claude and SIGKILL it once "marker" stands in the tree
    And I run "agents plan list"
    Then the file "local.sh" does not exist
    And stderr contains "; put back local.sh, marker: its killed command changed them where your host runs them"
    And "local.sh" of the side commit the outcome names holds "touch planted"
    When I run "agents plan undo 2"
    Then the exit code is 0
    And the file "local.sh" does not exist

  Scenario: What a killed command left where git or Claude Code runs on my host goes at the next command, for good
    # The put-back after a command removes a nested `.git`'s config naming a command, a
    # `.claude` setting at any depth, a `.mcp.json` (`git_dirs.py`, `claude_dirs.py`) and a
    # FIFO where git opens a file (`git_waits.py`); a killed agents never ran it (attack 22,
    # finding K): the user's next `git status` in `sub` ran the model's fsmonitor, their
    # next `claude` its hooks and MCP servers, and the next `agents` hung on the FIFO.
    # No undo writes them back, as none does what the put-back after a command took: an
    # undo of the repair (plain `agents plan undo` picks it) wrote the model's fsmonitor and
    # its ignored Claude Code hook back (attack 26, F3); nor its redo, nor undo of the run.
    Given I write ".gitignore" with "settings.local.json"
    And Claude will run "sh -c 'git init -q sub && git -C sub config core.fsmonitor "touch ../../canary" && mkdir -p deep/er/.claude pkg/.claude && echo hooks > deep/er/.claude/settings.json && echo hook > pkg/.claude/settings.local.json && echo servers > .mcp.json && mkfifo .gitattributes && echo x > marker; sleep 30'"
    When I start "agents plan run 'dots' --allow-command 'sh *'" with Claude and SIGKILL it once "marker" stands in the tree
    And I run "agents plan list"
    Then the exit code is 0
    And stderr contains "removed .gitattributes: git would wait on it for good"
    And stderr contains "; put back .mcp.json, deep/er/.claude/settings.json, pkg/.claude/settings.local.json, sub/.git/config: its killed command changed them where your host runs them"
    And the user's git runs nothing the command planted
    And the file ".gitattributes" does not exist
    And the file ".mcp.json" does not exist
    And the file "deep/er/.claude/settings.json" does not exist
    And the file "pkg/.claude/settings.local.json" does not exist
    And ".mcp.json" of the side commit the outcome names holds "servers"
    And "deep/er/.claude/settings.json" of the side commit the outcome names holds "hooks"
    And "pkg/.claude/settings.local.json" of the side commit the outcome names holds "hook"
    And "sub/.git/config" of the side commit the outcome names holds "fsmonitor"
    When I run "agents plan undo"
    Then the exit code is 0
    And nothing the killed command planted where git or Claude Code runs is back
    And stdout contains "undid operation 2 (repair"
    And stderr contains "which no undo writes back; what stood there is kept in commit"
    And stdout contains "kept out (the killed command's, where your host runs it): 4"
    When I run "agents plan undo"
    Then the exit code is 0
    And stdout contains "undid operation 3 (undo"
    And nothing the killed command planted where git or Claude Code runs is back
    When I run "agents plan undo 1"
    Then the exit code is 0
    And nothing the killed command planted where git or Claude Code runs is back
    When I run "agents plan undo"
    Then the exit code is 0
    And stdout contains "undid operation 5 (undo"
    And nothing the killed command planted where git or Claude Code runs is back

  Scenario: What I make where my host runs after the kill, before the next command, stays mine
    # The killed agents touched the working tree's lock until it died; its command died
    # with it. What changed later is the user's (attack 23, F12: the user's own settings,
    # hook and worktree were removed, the killed command blamed). A worktree's `.git` file
    # gone would turn git there onto the main checkout. A deletion leaves no time of its
    # own, nor can its folder date it: my `rm sub/tmp.txt` of the file the command made
    # beside the `sub/x.sh` it removed left `sub` as my own `rm sub/x.sh` would, and the
    # command's deletion stayed, taken for mine (settle27). It goes back, undoably; but not
    # one my HEAD moved away from (my commit of a `git rm a.sh`, as a `git switch` to a
    # branch without it): on my new HEAD it is gone anyway (review27 R14: it came back).
    Given the user's home links ".bashrc" to the tree's "bashrc"
    And the user's home links "dot" to the tree's "."
    And Claude will run "sh -c 'echo t > sub/tmp.txt; rm sub/x.sh; echo touch planted > zz.sh; echo x > marker; sleep 30'"
    When I start "agents plan run 'dots' --allow-command 'sh *'" with Claude and SIGKILL it once "marker" stands in the tree
    And once the killed run could write no more, the user runs "echo true > mine.sh; echo '# mine' >> bashrc; mkdir -p .claude; echo '{}' > .claude/settings.local.json; echo '{}' > .mcp.json; git worktree add -q wt; rm sub/tmp.txt; git rm -q a.sh; git -c user.name=me -c user.email=me@example.com commit -qm 'drop a.sh'" in the tree
    And I run "agents plan list"
    Then the exit code is 0
    And the file "zz.sh" does not exist
    And the file "sub/x.sh" contains "true"
    And stderr contains "; put back marker, sub/x.sh, zz.sh: its killed command changed them where your host runs them"
    And the file "mine.sh" contains "true"
    And the file "bashrc" contains "# mine"
    And the file ".claude/settings.local.json" contains "{}"
    And the file ".mcp.json" contains "{}"
    And the file "wt/.git" contains "gitdir:"
    And the file "a.sh" does not exist
    When I run "agents plan undo 2"
    Then the exit code is 0
    And the file "sub/x.sh" does not exist
    And the file "zz.sh" does not exist

  Scenario: My worktree made while the killed command ran stays a worktree
    # The box cannot write the repository's `worktrees/`: a `.git` file naming an entry
    # there that names it back is `git worktree add`'s, the user's (attack 23, F12).
    Given the user runs "git worktree add -q wt" in the tree while the command waits
    And Claude will run "sh -c 'echo > go; cat done; echo x > marker; sleep 30'"
    When I start "agents plan run 'dots' --allow-command 'sh *'" with Claude and SIGKILL it once "marker" stands in the tree
    And I run "agents plan list"
    Then the exit code is 0
    And the file "wt/.git" contains "gitdir:"

  Scenario Outline: A link a killed command left leading what my host runs elsewhere goes at the next command, for good (<case>)
    # The put-back after a command takes back a link on the way to what a hook runs
    # (`link_ways.py`), and one standing where a folder of a place my ssh or a trusted VS
    # Code runs would (`pattern_links.py`); a killed agents never ran it (attack 23, F19:
    # `scripts` stayed re-pointed; F7, F30: the new link led ssh and VS Code to the model's
    # file). Where a committed link on that way leads, the model's file goes too.
    Given an executable file "tools/check.sh" containing "true\n" committed
    And an executable file "other/check.sh" containing "true\n" committed
    And <stood>
    And the repository's hook "pre-commit" holds "#!/bin/sh\nsh scripts/check.sh\n"
    And <given>
    And Claude will run "mkdir -p deep/sub docs/vs pkg; printf '<planted>' > <file>; chmod 755 <file>; <relink>; echo x > marker; sleep 30"
    When I start "agents plan run 'dots' --allow-command 'mkdir *' --allow-command 'printf *' --allow-command 'chmod *' --allow-command 'ln *' --allow-command 'echo *' --allow-command 'sleep *'" with Claude and SIGKILL it once "marker" stands in the tree
    And I run "agents plan list"
    Then the exit code is 0
    And stderr contains "; put back <said>: its killed command changed them where your host runs them"
    And <check>
    And <kept>
    When I run "agents plan undo 2"
    Then the exit code is 0
    And <back>

    Examples:
      | case                    | given                                                                                               | stood                                                       | planted                        | file               | relink                        | said                            | check                                                              | kept                                                                   | back                                                  |
      | re-pointed              | a symlink "scripts" pointing to "tools" committed                                                   | a plain file "docs/readme" containing "r\n" committed       | touch planted-ran\n            | other/check.sh     | ln -sfn other scripts         | other/check.sh, scripts         | "scripts" is a link to "tools"                                     | "scripts" of the side commit the outcome names holds "other"           | "scripts" is a link to "tools"                        |
      | ssh ProxyCommand        | the user's own ".ssh/config" in their home holds "Host work\n  ProxyCommand ./bin/proxy.sh %h %p\n" | a plain file "docs/readme" containing "r\n" committed       | #!/bin/sh\ntouch planted-ran\n | docs/proxy.sh      | ln -s ../../docs deep/sub/bin | deep/sub/bin, docs/proxy.sh     | ssh started in "deep/sub" of the tree runs nothing the model wrote | "deep/sub/bin" of the side commit the outcome names holds "../../docs" | the file "deep/sub/bin" does not exist                |
      | VS Code task            | the user's VS Code settings turn workspace trust off                                                | a plain file "docs/readme" containing "r\n" committed       | planted-task                   | docs/vs/tasks.json | ln -s ../docs/vs pkg/.vscode  | docs/vs/tasks.json, pkg/.vscode | the file "pkg/.vscode/tasks.json" does not exist                   | "pkg/.vscode" of the side commit the outcome names holds "../docs/vs"  | the file "pkg/.vscode" does not exist                 |
      | ssh, the link stood     | the user's own ".ssh/config" in their home holds "Host work\n  ProxyCommand ./bin/proxy.sh %h %p\n" | a symlink "deep/sub/bin" pointing to "../../docs" committed | #!/bin/sh\ntouch planted-ran\n | docs/proxy.sh      | mkdir -p pkg                  | docs/proxy.sh                   | ssh started in "deep/sub" of the tree runs nothing the model wrote | stderr contains "no undo writes back what operation 2 took back"      | the file "docs/proxy.sh" does not exist               |
      | VS Code, the link stood | the user's VS Code settings turn workspace trust off                                                | a symlink "pkg/.vscode" pointing to "../docs/vs" committed  | planted-task                   | docs/vs/tasks.json | mkdir -p pkg                  | docs/vs/tasks.json              | the file "docs/vs/tasks.json" does not exist                       | stderr contains "no undo writes back what operation 2 took back"      | the file "docs/vs/tasks.json" does not exist          |

  Scenario: With the overlay, what a killed command wrote never reaches my tree
    # Its writes stand in its overlay until it ends; a kill ends it unapplied, and the next
    # command removes what was left of it.
    Given the environment variable "CLEVERAGENTS_OVERLAY" is "on"
    And the user's home links ".bashrc" to the tree's "bashrc"
    And the user's home links "dot" to the tree's "."
    And Claude will run "sh -c 'rm a.sh; echo touch planted > zz.sh; sleep 30'"
    When I start "agents plan run 'dots' --allow-command 'sh *'" with Claude and SIGKILL it once "zz.sh" stands in the tree
    Then the file "zz.sh" does not exist
    And the file "a.sh" contains "true"
    When I run "agents plan list"
    Then the file "zz.sh" does not exist
    And stderr does not contain "put back a.sh"

  Scenario: The core.fsmonitor and hook a killed run's plan-file command set in my repository's .git go at the next command
    # A plan file's command runs outside the box: it can write the repository's own
    # `.git`. The put-back after the command takes back what it set there from the look
    # before it, which a SIGKILL of agents lost: the next command's settle, and an undo of
    # the run, left the fsmonitor and hook my next `git status` and commit ran (attack 31,
    # F7). The look's own config is kept in the operation's record before the command.
    Given the plan file "plan.yaml" in the tree:
      """
      task: t
      steps:
        - name: one
          options:
            - name: plant
              actions:
                - run: sh -c 'git config core.fsmonitor "touch ../canary"; printf "#!/bin/sh\ntouch ../canary\n" > .git/hooks/pre-commit; chmod +x .git/hooks/pre-commit; echo x > marker; exec sleep 30'
      """
    When I start "agents plan run plan.yaml" with Claude and SIGKILL it once "marker" stands in the tree
    And I run "agents plan list"
    Then the exit code is 0
    And stderr contains "operation 1 (run) was interrupted;"
    And stderr contains "removed .git/hooks/pre-commit: new, git would run it outside the sandbox"
    And stderr contains "put back git config core.fsmonitor: set by the command"
    And the file ".git/hooks/pre-commit" does not exist
    And the user's git runs nothing the command planted

  Scenario: What a killed correction's plan-file command planted where my host runs it goes at the next command
    # Killed with SIGKILL in its re-run command, the hook a correction's command wrote in a
    # nested repository and a `.claude` setting stayed where my host runs them (attack 31,
    # F6); so did the fsmonitor and hook of the repository's own `.git` (F7). (F1, what it
    # wrote over my own file, is known and open.)
    Given a nested repository "nest" with a commit
    And the plan file "plan.yaml" in the tree:
      """
      task: t
      steps:
        - name: one
          options:
            - name: quiet
              actions:
                - run: "true"
            - name: plant
              actions:
                - run: sh -c 'git config core.fsmonitor "touch ../canary"; printf "#!/bin/sh\ntouch ../canary\n" > .git/hooks/pre-commit; chmod +x .git/hooks/pre-commit; printf "#!/bin/sh\ntouch ../../canary\n" > nest/.git/hooks/pre-commit; chmod +x nest/.git/hooks/pre-commit; mkdir -p x/.claude; echo "{}" > x/.claude/settings.json; echo x > marker; exec sleep 30'
      """
    And I have run "agents plan run plan.yaml"
    When I start "agents plan correct --mode=revert --decision 2 --guidance again --yes" with Claude and SIGKILL it once "marker" stands in the tree
    And I run "agents plan list"
    Then the exit code is 0
    And stderr contains "operation 2 (correct) was interrupted;"
    And stderr contains "put back nest/.git/hooks/pre-commit"
    And stderr contains "removed .git/hooks/pre-commit: new, git would run it outside the sandbox"
    And stderr contains "put back git config core.fsmonitor: set by the command"
    And the file "nest/.git/hooks/pre-commit" does not exist
    And the file "x/.claude/settings.json" does not exist
    And the file ".git/hooks/pre-commit" does not exist
    And the user's git runs nothing the command planted
