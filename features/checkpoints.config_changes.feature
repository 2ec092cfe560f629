Feature: A command cannot change where my everyday git commands send or throw away my work
  As a developer whose plan runs commands on my host (a plan file's `run:`, Claude Code's Bash)
  I want settings that make my next `git push`, `git fetch` or a usual alias destroy work,
  or make git work on another folder, put back right after the command, and named
  So that a command that ran cannot delete my team's branches, take my uncommitted edits, or
  send my pushes (and agents' own refs) somewhere it chose

  # The real `agents plan run` of a plan file whose one command changes a setting; the same
  # put-back runs after each of Claude Code's Bash calls. A remote "origin" and an upstream
  # of "main" stand in the repository's config before each command.

  Background:
    Given a git repository
    And the git setting "remote.origin.url" is "../up.git"
    And the git setting "remote.origin.fetch" is "+refs/heads/*:refs/remotes/origin/*"
    And the git setting "branch.main.remote" is "origin"
    And the git setting "branch.main.merge" is "refs/heads/main"

  Scenario Outline: A command that <what> is put back
    Given the plan file "plan.yaml":
      """
      task: settings
      steps:
        - name: settings
          options:
            - actions:
                - run: <command>
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 0
    When I run "agents plan decision 3"
    Then stdout contains "put back git config <key>: <why> by the command"
    And the git setting "<key>" is "<before>"

    Examples:
      | what                                        | command                                                  | key                 | why     | before                              |
      | makes git work on another folder            | git config core.worktree /tmp                            | core.worktree       | set     | (unset)                             |
      | makes `git st` throw away uncommitted edits | git config alias.st 'reset --hard -q'                    | alias.st            | set     | (unset)                             |
      | makes `git co` overwrite the working tree   | git config alias.co 'checkout -f .'                      | alias.co            | set     | (unset)                             |
      | makes `git stash` an alias that drops       | git config alias.sd 'stash drop'                         | alias.sd            | set     | (unset)                             |
      | makes `git push` a mirror                   | git config remote.origin.mirror true                     | remote.origin.mirror | set    | (unset)                             |
      | makes `git push` delete the remote's main   | git config remote.origin.push :refs/heads/main           | remote.origin.push  | set     | (unset)                             |
      | makes `git fetch` overwrite my branches     | git config --add remote.origin.fetch '+refs/heads/*:refs/heads/*' | remote.origin.fetch | changed | +refs/heads/*:refs/remotes/origin/* |
      | sends `git push` elsewhere                  | git remote set-url origin ../evil.git                    | remote.origin.url   | changed | ../up.git                           |
      | sends pushes of main to another remote      | git config branch.main.pushRemote evil                   | branch.main.pushremote | set  | (unset)                             |
      | moves main's upstream                       | git config branch.main.merge refs/heads/release          | branch.main.merge   | changed | refs/heads/main                     |
      | removes my remote                           | git remote remove origin                                 | remote.origin.url   | removed | ../up.git                           |

  Scenario: What `remote add`, `push -u` and everyday aliases write stays as the command left it
    Given the plan file "plan.yaml":
      """
      task: settings
      steps:
        - name: settings
          options:
            - actions:
                - run: git remote add up ../other.git && git remote add -t dev one ../one.git && git config branch.dev.remote up && git config branch.dev.merge refs/heads/dev && git config alias.lg 'log --oneline' && git config alias.st status
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 0
    When I run "agents plan decision 3"
    Then stdout does not contain "put back git config"
    And the git setting "remote.up.url" is "../other.git"
    And the git setting "remote.up.fetch" is "+refs/heads/*:refs/remotes/up/*"
    And the git setting "remote.one.fetch" is "+refs/heads/dev:refs/remotes/one/dev"
    And the git setting "branch.dev.merge" is "refs/heads/dev"
    And the git setting "alias.st" is "status"

  Scenario: A submodule's new folder setting stays where it names its folder in the tree
    Given the plan file "plan.yaml":
      """
      task: settings
      steps:
        - name: settings
          options:
            - actions:
                - run: git init -q --bare .git/modules/sub && git --git-dir=.git/modules/sub config core.worktree ../../../sub && git init -q --bare .git/modules/far && git --git-dir=.git/modules/far config core.worktree /tmp
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 0
    When I run "agents plan decision 3"
    Then stdout contains "put back git config core.worktree in .git/modules/far/config: set by the command"
    And stdout does not contain "in .git/modules/sub/config"

  Scenario: A command that empties the user's own exclude list gets it back, and no checkpoint takes the files
    Given an untracked file ".git/info/exclude" containing "notes.txt"
    And an untracked file "notes.txt" containing "PERSONAL TOKEN"
    And the plan file "plan.yaml":
      """
      task: settings
      steps:
        - name: settings
          options:
            - actions:
                - run: ': > .git/info/exclude'
                - write: b.txt
                  content: "b\n"
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 0
    And the file ".git/info/exclude" contains "notes.txt"
    When I run "agents plan decision 3"
    Then stdout contains "put back .git/info/exclude: changed by the command"
    And no checkpoint of the plan holds "notes.txt"
