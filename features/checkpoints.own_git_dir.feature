Feature: A command cannot move where git finds this repository's config and hooks
  As a developer whose plan runs commands on my host (a plan file's `run:`, Claude Code's Bash)
  I want a `commondir`, a linked `.git/hooks` or `.git/config`, or a setting not known to be
  harmless in any config git reads here, put back right after the command, and named
  So that my next `git status` or `git commit` runs nothing a command chose

  # The real `agents plan run` of a plan file whose one command plants something; the same
  # put-back runs after each of Claude Code's Bash calls (robot/claude_code_git_dir.robot).
  # Each planted setting would touch `canary` beside the repository.

  Scenario: What stood where the git dir is put back is kept in a commit the outcome names
    # A command on the host runs beside the user, who may have edited the file meanwhile:
    # what the put-back overwrites is kept, never lost (attack 21, finding 15's class).
    Given a git repository
    And the plan file "plan.yaml":
      """
      task: plant
      steps:
        - name: plant
          options:
            - actions:
                - run: echo mine.log >> .git/info/exclude
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 0
    And the file ".git/info/exclude" does not contain "mine.log"
    When I run "agents plan decision 3"
    Then stdout contains "put back .git/info/exclude: changed by the command; what stood there is kept in commit"
    And ".git~cleveragents/info/exclude" of the side commit the outcome names holds "mine.log"

  Scenario Outline: A command that <what> is put back
    Given a git repository
    And the plan file "plan.yaml":
      """
      task: plant
      steps:
        - name: plant
          options:
            - actions:
                - run: <command>
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 0
    When I run "agents plan decision 3"
    Then stdout contains "<said>"
    And the user's git runs nothing the command planted

    Examples:
      | what                                   | command                                                                                                                                                             | said                                                                                       |
      | names a common dir in the tree         | mkdir -p .evil && ln -s ../.git/objects .evil/objects && ln -s ../.git/refs .evil/refs && git config -f .evil/config core.fsmonitor 'touch ../canary' && echo ../.evil > .git/commondir | removed .git/commondir: new, git would take this repository's config and hooks from where it names |
      | links .git/hooks into the tree          | mkdir .h && cp -a .git/hooks/. .h/ && rm -rf .git/hooks && ln -s ../.h .git/hooks && printf '#!/bin/sh\ntouch ../canary\n' > .h/post-checkout && chmod +x .h/post-checkout | put back .git/hooks: replaced by a link by the command                                     |
      | links .git/config into the tree         | cp .git/config tools.cfg && git config -f tools.cfg core.fsmonitor 'touch ../canary' && rm .git/config && ln -s ../tools.cfg .git/config                          | put back .git/config: replaced by a link by the command                                    |
      | links a new config.worktree into the tree | git config -f cw.cfg core.fsmonitor 'touch ../canary' && git config extensions.worktreeConfig true && ln -s ../cw.cfg .git/config.worktree | removed .git/config.worktree: new, git would take this repository's config and hooks from where it names |
      | gives .git/config a name in the tree    | ln .git/config tools.cfg                                                                                                                                           | put back .git/config: given a second name by the command                                   |
      | makes .git/config a FIFO                | mv .git/config keep.cfg && mkfifo .git/config                                                                                                                      | put back .git/config: changed by the command                                               |
      | sets an alias that sets a program       | git config alias.st "-c core.fsmonitor='touch ../canary' status"                                                                                                    | put back git config alias.st: set by the command                                           |
      | sets an ssh key command                 | git config gpg.format ssh && git config gpg.ssh.defaultKeyCommand 'touch ../canary'                                                                                 | put back git config gpg.ssh.defaultkeycommand: set by the command                          |
      | sets a remote helper                    | git config remote.origin.url x && git config remote.origin.vcs evil                                                                                                 | put back git config remote.origin.vcs: set by the command                                  |
      | sets a git-lfs transfer program         | git config lfs.customtransfer.x.path 'touch ../canary'                                                                                                              | put back git config lfs.customtransfer.x.path: set by the command                          |
      | sets a send-email recipients command    | git config sendemail.toCmd 'touch ../canary'                                                                                                                         | put back git config sendemail.tocmd: set by the command                                    |
      | sets a send-email copies command        | git config sendemail.ccCmd 'touch ../canary'                                                                                                                         | put back git config sendemail.cccmd: set by the command                                    |
      | sets a send-email headers command       | git config sendemail.headerCmd 'touch ../canary'                                                                                                                     | put back git config sendemail.headercmd: set by the command                                |
      | sets a send-email server program        | git config sendemail.smtpServer ../canary.sh                                                                                                                         | put back git config sendemail.smtpserver: set by the command                               |
      | sets an identity's send-email server    | git config sendemail.work.smtpServer ../canary.sh                                                                                                                    | put back git config sendemail.work.smtpserver: set by the command                          |
      | names a remote helper in an address     | git remote add up 'evil::x'                                                                                                                                          | put back git config remote.up.url: set by the command                                      |
      | names a helper's scheme in a push address | git config remote.origin.pushurl 'evil://x'                                                                                                                        | put back git config remote.origin.pushurl: set by the command                              |
      | names a helper in a submodule's address | git config submodule.s.url 'ext::sh -c touch% ../canary'                                                                                                             | put back git config submodule.s.url: set by the command                                    |
      | sets an fsmonitor for a submodule       | git init -q --bare .git/modules/sub && git --git-dir=.git/modules/sub config core.fsmonitor 'touch ../canary'                                                      | put back git config core.fsmonitor in .git/modules/sub/config: set by the command          |
      | sets one for a nested submodule         | git init -q --bare .git/modules/a/b && git init -q --bare .git/modules/a/b/modules/c && git --git-dir=.git/modules/a/b/modules/c config core.pager 'touch ../canary' | put back git config core.pager in .git/modules/a/b/modules/c/config: set by the command    |
      | links a new submodule's hooks into the tree | git init -q --bare .git/modules/sub && rm -rf .git/modules/sub/hooks && mkdir .h && printf '#!/bin/sh\ntouch ../canary\n' > .h/post-checkout && chmod +x .h/post-checkout && ln -s ../../../.h .git/modules/sub/hooks | removed .git/modules/sub/hooks: new, git would run the hooks where it leads, outside the sandbox |
      | links a nested submodule's hooks into the tree | git init -q --bare .git/modules/a/b && git init -q --bare .git/modules/a/b/modules/c && rm -rf .git/modules/a/b/modules/c/hooks && mkdir .h && printf '#!/bin/sh\ntouch ../canary\n' > .h/post-checkout && chmod +x .h/post-checkout && ln -s ../../../../../../.h .git/modules/a/b/modules/c/hooks | removed .git/modules/a/b/modules/c/hooks: new, git would run the hooks where it leads, outside the sandbox |
      | sets one for another worktree           | mkdir -p .git/worktrees/w && git config -f .git/worktrees/w/config.worktree core.fsmonitor 'touch ../canary'                                                       | put back git config core.fsmonitor in .git/worktrees/w/config.worktree: set by the command |

  Scenario: The user's everyday settings a command changes stay as it left them, an alias goes
    Given a git repository
    And the plan file "plan.yaml":
      """
      task: settings
      steps:
        - name: settings
          options:
            - actions:
                - run: git config user.name Someone && git config branch.main.remote origin && git config remote.origin.url ../up.git && git config alias.lg 'log --oneline' && git config alias.co 'submodule foreach touch ../canary'
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 0
    When I run "agents plan decision 3"
    Then stdout contains "exit 0; put back git config alias.co: set by the command"
    And stdout does not contain "git config alias.lg:"
    And stdout does not contain "git config user.name:"
    And stdout does not contain "git config remote.origin.url:"
    And the git setting "user.name" is "Someone"
    And the git setting "remote.origin.url" is "../up.git"
    And the git setting "alias.lg" is "log --oneline"

  Scenario: A repository whose common dir lies in its working tree is refused
    Given a git repository
    And the git dir names the folder ".evil" of the working tree as its common dir
    When I run "agents plan list"
    Then the exit code is 3
    And stderr is one line containing "lies in the working tree"

  Scenario: The model's file actions under a common dir in the tree are refused
    Given a git repository
    And an untracked file ".git/commondir" containing "../.evil"
    When the workspace applies "write" to ".evil/config"
    Then the action is refused with "leads into the git directory"

  Scenario Outline: In a linked worktree, a command that <what> is put back
    Given a git repository
    And a linked worktree "wt" of it, where agents runs
    And the plan file "plan.yaml":
      """
      task: plant
      steps:
        - name: plant
          options:
            - actions:
                - run: <command>
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 0
    When I run "agents plan decision 3"
    Then stdout contains "<said>"
    And the user's git runs nothing the command planted

    Examples:
      | what                                   | command                                                                                                             | said                                                     |
      | rewrites the worktree's .git file      | mkdir -p .evil/worktrees/wt && printf 'gitdir:%s\n' ' .evil/worktrees/wt' > .git                               | put back .git: changed by the command                    |
      | changes the worktree's commondir       | cp -a ../repo/.git/worktrees/wt/commondir c && echo ../../../wt/.evil > ../repo/.git/worktrees/wt/commondir         | wt/commondir: changed by the command                     |
      | removes the worktree's commondir       | rm ../repo/.git/worktrees/wt/commondir                                                                              | wt/commondir: removed by the command                     |
      | links the common dir's hooks           | mkdir .h && printf '#!/bin/sh\ntouch ../canary\n' > .h/post-checkout && chmod +x .h/post-checkout && rm -rf ../repo/.git/hooks && ln -s ../../wt/.h ../repo/.git/hooks | .git/hooks: replaced by a link by the command |
      | plants a hook in the common dir        | printf '#!/bin/sh\ntouch ../canary\n' > ../repo/.git/hooks/post-checkout && chmod +x ../repo/.git/hooks/post-checkout | .git/hooks/post-checkout: new, git would run it outside the sandbox |
      | turns a sample into a hook there        | printf 'touch ../canary\n' >> ../repo/.git/hooks/pre-commit.sample && mv ../repo/.git/hooks/pre-commit.sample ../repo/.git/hooks/pre-commit | .git/hooks/pre-commit.sample: removed by the command |

  Scenario: A hooks link of the user's own, turned into the tree, is put back as it was
    Given a git repository
    And the repository's ".git/hooks" is a link to a folder outside the tree
    And the plan file "plan.yaml":
      """
      task: plant
      steps:
        - name: plant
          options:
            - actions:
                - run: mkdir .h && rm .git/hooks && ln -s ../.h .git/hooks
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 0
    When I run "agents plan decision 3"
    Then stdout contains "put back .git/hooks: changed by the command"
    And ".git/hooks" is the user's link outside the tree again

  Scenario: What cannot be put back stops the plan, said in one line
    Given a git repository
    And the repository's config holds a comment of over a MiB
    And the plan file "plan.yaml":
      """
      task: plant
      steps:
        - name: plant
          options:
            - actions:
                - run: mv .git/config big.cfg && ln -s ../big.cfg .git/config
      """
    When I run "agents plan run --script {tmp}/plan.yaml"
    Then the exit code is 3
    And stderr is one line containing "a command changed .git/config, which tells git where this repository's config and hooks are, and agents could not put it back"

  Scenario: The config is read again only after a command changed it, and put back then
    Given a git repository
    And the plan file "plan.yaml":
      """
      task: settings
      steps:
        - name: settings
          options:
            - actions:
                - run: echo one > one.txt
                - run: echo two > two.txt
                - run: git config alias.st "-c core.fsmonitor='touch ../canary' status"
                - run: echo four > four.txt
      """
    And the repository's git config has not changed for 2 seconds
    When I run "agents -v plan run --script {tmp}/plan.yaml"
    Then the exit code is 0
    # The fourth read is the put-back's own: what it wrote, read again (`config_writes.py`).
    And agents read the repository's git config at most 5 times
    When I run "agents plan decision 5"
    Then stdout contains "exit 0; put back git config alias.st: set by the command"
    And the user's git runs nothing the command planted
